import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import { pdfAttachment } from '../../documents/pdf-buffer';
import type { AppDeps } from '../../deps';
import { numericId } from '../../http/params';
import { dayFilter, listQuerySchema, pagingEntries } from '../../http/paging';
import { registerListExport } from '../../http/list-export';
import {
  ADJUSTMENT,
  API_WALLET,
  RECHARGE,
  type GatewayHealth,
  type ShipmentChargesRow,
  type WalletEntryRow,
  type WalletSummary,
} from '../../../src/domain/wallet-contract';
import { csvAttachment } from '../../http/csv';
import { numberSchema } from '../../../src/domain/schemas/fields';
import { invoiceData, invoicePdf, itemisedCsv, monthSummaries, MONTH } from './invoices';
import { shippingCharges } from './shipping-charges-report';
import { formatDateTime } from '../../../src/domain/format';
import { listCoupons, quoteCoupon } from './coupons';
import { ENTRY_TYPES, walletHistory } from './history';
import { assertSellerOrg, setCreditLimit, walletState } from './ledger';
import { adjustWallet, listAdjustments } from './adjustments';
import * as payments from './payments';

const TAG = 'wallet';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

const rupees = (field: string) =>
  v.pipe(
    numberSchema(field),
    v.check((n) => Number.isFinite(n) && n > 0, `${field} must be above zero`),
    v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${field} may have at most 2 decimals (paise)`),
  );
const couponBody = v.object({
  couponCode: v.pipe(
    v.string('couponCode is required'),
    v.trim(),
    v.minLength(3, 'couponCode must be 3 to 20 characters'),
    v.maxLength(20, 'couponCode must be 3 to 20 characters'),
  ),
  rechargeAmount: rupees('rechargeAmount'),
});
const txnParam = v.object({
  merchantTransactionId: v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9_-]{1,34}$/, 'merchantTransactionId must be letters, digits, _ or -, under 35 characters'),
  ),
});
const isoDay = dayFilter;
const DAY_RANGES = [['fromDate', 'toDate']] as const;
const historyFilters = {
  fromDate: isoDay('fromDate'),
  toDate: isoDay('toDate'),
  type: v.optional(v.picklist(ENTRY_TYPES, `type must be one of ${ENTRY_TYPES.join(', ')}`)),
};
const GATEWAY_LABEL: Record<string, string> = { phonepe: 'PhonePe', razorpay: 'Razorpay' };

export function registerWalletRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_WALLET.wallet,
    tag: TAG,
    access: SELLERS,
    summary: 'Wallet balance, credit limit, recharge limits and the gateways to pay with',
    returns: 'WalletSummary',
    handler: async ({ caller }): Promise<WalletSummary> => {
      const state = await walletState(deps.db, caller.orgId);
      return {
        ...state,
        postpaid: state.creditLimitPaise > 0,
        limits: { minRupees: RECHARGE.minRupees, maxRupees: RECHARGE.maxRupees, quickPicks: RECHARGE.quickPicks },
        gateways: Object.values(deps.payments.gateways).map((g) => ({
          gateway: g.name,
          label: GATEWAY_LABEL[g.name],
          sandbox: g.sandbox,
        })),
      };
    },
  });
  const historyQuery = listQuerySchema({ ...pagingEntries, ...historyFilters }, DAY_RANGES);
  router.add({
    method: 'get',
    path: API_WALLET.history,
    tag: TAG,
    access: SELLERS,
    query: historyQuery,
    summary:
      'Wallet statement, newest first, with the balance after each entry; filter by IST dates, type, or reference',
    returns: '{ items: WalletEntryRow[], total, pageNumber, recordsPerPage }',
    handler: ({ caller, query }) => walletHistory(deps.db, caller.orgId, query),
  });
  registerListExport<WalletEntryRow, typeof historyFilters>(router, {
    listPath: API_WALLET.history,
    tag: TAG,
    access: SELLERS,
    filters: historyFilters,
    dayRanges: DAY_RANGES,
    name: 'wallet-statement',
    now: deps.now,
    columns: [
      { header: 'date', value: (r) => formatDateTime(r.createdAt) },
      { header: 'type', value: (r) => r.label },
      { header: 'reference', value: (r) => r.reference },
      { header: 'description', value: (r) => r.description },
      { header: 'credit', value: (r) => (r.amountPaise > 0 ? (r.amountPaise / 100).toFixed(2) : '') },
      { header: 'debit', value: (r) => (r.amountPaise < 0 ? (-r.amountPaise / 100).toFixed(2) : '') },
      { header: 'balance', value: (r) => (r.balanceAfterPaise / 100).toFixed(2) },
    ],
    list: (caller, q) => walletHistory(deps.db, caller.orgId, q),
  });
  router.add({
    method: 'get',
    path: API_WALLET.coupons,
    tag: TAG,
    access: SELLERS,
    summary: 'Recharge coupons on offer now',
    handler: () => listCoupons(deps.db, deps.now()),
  });
  for (const [method, path, summary] of [
    ['post', API_WALLET.couponValidate, 'Check a coupon against a recharge amount: the bonus it adds, or why not'],
    [
      'put',
      API_WALLET.couponApply,
      'Apply a coupon to a recharge amount (the same check; the bonus is credited with the recharge)',
    ],
  ] as const) {
    router.add({
      method,
      path,
      tag: TAG,
      access: SELLERS,
      body: couponBody,
      summary,
      returns: 'CouponQuote',
      handler: ({ caller, body }) =>
        quoteCoupon(deps.db, caller.orgId, body.couponCode, Math.round(body.rechargeAmount * 100), deps.now()),
    });
  }
  router.add({
    method: 'post',
    path: API_WALLET.payments,
    tag: TAG,
    access: SELLERS,
    body: v.object({
      rechargeAmount: rupees('rechargeAmount'),
      couponCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20, 'couponCode must be 3 to 20 characters'))),
      gateway: v.optional(v.picklist(['phonepe', 'razorpay'], 'gateway must be phonepe or razorpay')),
    }),
    summary: 'Start a wallet recharge: answers the gateway page the payment popup opens',
    returns: 'PaymentStart',
    handler: ({ caller, body }) =>
      payments.startPayment(
        deps,
        { orgId: caller.orgId, accountId: caller.accountId },
        { ...body, couponCode: body.couponCode || undefined },
      ),
  });
  router.add({
    method: 'get',
    path: API_WALLET.gatewaysHealth,
    tag: TAG,
    access: SELLERS,
    summary: 'Whether each payment gateway answers now',
    handler: async (): Promise<GatewayHealth[]> =>
      Promise.all(
        (['phonepe', 'razorpay'] as const).map(async (name) => {
          const g = deps.payments.gateways[name];
          if (!g) return { gateway: name, configured: false, sandbox: false, healthy: false, latencyMs: null };
          const t = performance.now();
          const healthy = await g.health();
          return {
            gateway: name,
            configured: true,
            sandbox: g.sandbox,
            healthy,
            latencyMs: Math.round(performance.now() - t),
          };
        }),
      ),
  });
  router.add({
    method: 'get',
    path: API_WALLET.shippingCharges,
    tag: TAG,
    access: SELLERS,
    query: v.object({ ...pagingEntries }),
    summary: 'What each shipment cost (freight, COD, RTO, weight, refunds), by AWB, newest first',
    returns: '{ items: ShipmentChargesRow[], total, pageNumber, recordsPerPage }',
    handler: ({ caller, query }) => shippingCharges(deps.db, caller.orgId, query),
  });
  registerListExport<ShipmentChargesRow, Record<string, never>>(router, {
    listPath: API_WALLET.shippingCharges,
    tag: TAG,
    access: SELLERS,
    filters: {},
    name: 'shipping-charges',
    now: deps.now,
    columns: [
      { header: 'awb', value: (r) => r.awb },
      { header: 'freight', value: (r) => (r.freightPaise / 100).toFixed(2) },
      { header: 'cod', value: (r) => (r.codPaise / 100).toFixed(2) },
      { header: 'rto', value: (r) => (r.rtoPaise / 100).toFixed(2) },
      { header: 'weightDiscrepancy', value: (r) => (r.weightPaise / 100).toFixed(2) },
      { header: 'refunds', value: (r) => (r.refundsPaise / 100).toFixed(2) },
      { header: 'net', value: (r) => (r.netPaise / 100).toFixed(2) },
      { header: 'lastChargedOn', value: (r) => formatDateTime(r.lastChargedAt) },
    ],
    list: (caller, q) => shippingCharges(deps.db, caller.orgId, q),
  });
  const monthParam = v.object({ month: v.pipe(v.string(), v.regex(MONTH, 'month must be yyyy-mm')) });
  router.add({
    method: 'get',
    path: API_WALLET.invoices,
    tag: TAG,
    access: SELLERS,
    summary: 'Months with wallet activity: recharges, charges and refunds, and the invoice number',
    returns: 'MonthInvoiceRow[]',
    handler: ({ caller }) => monthSummaries(deps.db, caller.orgId),
  });
  router.add({
    method: 'get',
    path: API_WALLET.invoicePdf(':month'),
    tag: TAG,
    access: SELLERS,
    params: monthParam,
    summary: "The month's tax invoice (PDF): charges by kind with GST, and the recharges received",
    errors: { 404: 'no wallet activity that month' },
    returns: 'application/pdf',
    handler: async ({ caller, params }) => {
      const pdf = await invoicePdf(
        await invoiceData(deps.db, deps.config, caller.orgId, params.month),
        deps.config.company,
      );
      return pdfAttachment(`dakiya-invoice-${params.month}.pdf`, pdf);
    },
  });
  router.add({
    method: 'get',
    path: API_WALLET.itemisedSheet(':month'),
    tag: TAG,
    access: SELLERS,
    params: monthParam,
    summary: "Every wallet line of the month as CSV (the invoice's itemised sheet)",
    returns: 'text/csv attachment',
    handler: async ({ caller, params }) =>
      csvAttachment(`dakiya-itemised-${params.month}.csv`, await itemisedCsv(deps.db, caller.orgId, params.month)),
  });
  router.add({
    method: 'get',
    path: API_WALLET.payment(':merchantTransactionId'),
    tag: TAG,
    access: SELLERS,
    params: txnParam,
    summary: 'One of your payments',
    errors: { 404: 'no such payment of yours' },
    handler: ({ caller, params }) => payments.getPayment(deps, caller.orgId, params.merchantTransactionId),
  });
  router.add({
    method: 'delete',
    path: API_WALLET.payment(':merchantTransactionId'),
    tag: TAG,
    access: SELLERS,
    params: txnParam,
    summary: 'Cancel a pending payment (the popup was closed); a late success from the gateway still credits',
    errors: { 404: 'no such payment of yours' },
    handler: ({ caller, params }) => payments.cancelPayment(deps, caller.orgId, params.merchantTransactionId),
  });

  // public: the payment-result page (anonymous per spec) and the gateways
  const gatewayParam = v.object({
    gateway: v.picklist(['phonepe', 'razorpay'], 'gateway must be phonepe or razorpay'),
  });
  router.add({
    method: 'put',
    path: API_WALLET.paymentStatus(':gateway'),
    tag: TAG,
    access: { kind: 'public' },
    params: gatewayParam,
    body: v.object({ merchantTransactionId: txnParam.entries.merchantTransactionId }),
    summary: 'The payment-result page: verify a payment with its gateway now; answers success, amount and date only',
    errors: { 404: 'no such payment' },
    returns: 'PaymentResult',
    handler: ({ params, body }) => payments.paymentResult(deps, params.gateway, body.merchantTransactionId),
  });
  router.add({
    method: 'post',
    path: API_WALLET.paymentCallback(':gateway'),
    tag: TAG,
    access: { kind: 'public' },
    params: gatewayParam,
    summary: "A gateway's server-to-server result; the signature is checked on the raw body, then the gateway is asked",
    errors: { 400: 'the signature does not match' },
    handler: async ({ c, params }) =>
      payments.gatewayCallback(deps, params.gateway, c.req.raw.headers, await c.req.text()),
  });

  // staff: adjustments and postpaid limits
  const orgParam = v.object({ orgId: numericId('orgId') });
  const reasonText = `reason must be ${ADJUSTMENT.reasonMin} to ${ADJUSTMENT.reasonMax} characters`;
  router.add({
    method: 'post',
    path: API_WALLET.adjust(':orgId'),
    tag: TAG,
    access: STAFF,
    params: orgParam,
    body: v.object({
      direction: v.picklist(['DEBIT', 'CREDIT'], 'direction must be DEBIT or CREDIT'),
      amount: v.pipe(
        rupees('amount'),
        v.maxValue(ADJUSTMENT.maxRupees, `amount must be at most ${ADJUSTMENT.maxRupees} rupees`),
      ),
      reason: v.pipe(
        v.string('reason is required'),
        v.trim(),
        v.minLength(ADJUSTMENT.reasonMin, reasonText),
        v.maxLength(ADJUSTMENT.reasonMax, reasonText),
      ),
    }),
    summary: `Debit or credit a seller's wallet by hand (at most ₹${ADJUSTMENT.maxRupees} at once), with a reason; audited with the staff login and the balance before and after`,
    errors: { 404: 'no such seller', 422: 'the debit would pass the wallet balance' },
    returns: '{ entryId, balancePaise, adjustment: WalletAdjustmentRow }',
    handler: async ({ caller, params, body }) => {
      await assertSellerOrg(deps.db, params.orgId);
      return adjustWallet(deps.db, {
        orgId: params.orgId,
        direction: body.direction,
        amountPaise: Math.round(body.amount * 100),
        reason: body.reason,
        staffAccountId: caller.accountId,
        at: deps.now(),
      });
    },
  });
  router.add({
    method: 'get',
    path: API_WALLET.adjust(':orgId'),
    tag: TAG,
    access: STAFF,
    params: orgParam,
    summary: "The audit of a seller's wallet adjustments, newest first (who, when, why, balance before and after)",
    errors: { 404: 'no such seller' },
    returns: 'WalletAdjustmentRow[]',
    handler: async ({ params }) => {
      await assertSellerOrg(deps.db, params.orgId);
      return listAdjustments(deps.db, params.orgId);
    },
  });
  router.add({
    method: 'put',
    path: API_WALLET.creditLimit(':orgId'),
    tag: TAG,
    access: STAFF,
    params: orgParam,
    body: v.object({
      creditLimit: v.pipe(
        numberSchema('creditLimit'),
        v.minValue(0, 'creditLimit cannot be negative'),
        v.maxValue(10_000_000, 'creditLimit must be at most 10000000'),
      ),
    }),
    summary: 'Make a wallet postpaid with a credit limit in rupees (0 makes it prepaid)',
    errors: { 404: 'no such seller' },
    handler: async ({ params, body }) => {
      await assertSellerOrg(deps.db, params.orgId);
      await setCreditLimit(deps.db, params.orgId, Math.round(body.creditLimit * 100));
      return walletState(deps.db, params.orgId);
    },
  });
}
