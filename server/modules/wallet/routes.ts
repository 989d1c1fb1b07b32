import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import { pdfAttachment } from '../../documents/pdf-buffer';
import type { AppDeps } from '../../deps';
import { numericId } from '../../http/params';
import { listQuerySchema, pagingEntries } from '../../http/paging';
import { registerListExport } from '../../http/list-export';
import { WALLET_EXPORT_COLUMNS } from './export-columns';
import {
  ADJUSTMENT,
  API_WALLET,
  type ShipmentChargesRow,
  type WalletEntryRow,
  CouponQuoteSchema,
  CreditLimitAnswerSchema,
  CreditLimitChangeRowSchema,
  MonthStatementSchema,
  type MonthStatement,
  StaffWalletRowSchema,
  CouponRowSchema,
  GatewayCallbackAnswerSchema,
  GatewayHealthSchema,
  MonthInvoiceRowSchema,
  PaymentResultSchema,
  PaymentRowSchema,
  PaymentStartSchema,
  ShipmentChargesRowSchema,
  WalletAdjustmentAnswerSchema,
  WalletAdjustmentRowSchema,
  WalletEntryRowSchema,
  WalletSummarySchema,
} from '../../../src/domain/wallet-contract';
import { csvAttachment } from '../../http/csv';
import { invoiceData, invoicePdf, itemisedCsv, monthSummaries } from './invoices';
import { shippingCharges } from './shipping-charges-report';
import { formatDateTime } from '../../../src/domain/format';
import { listCoupons } from './coupons';
import { walletHistory } from './history';
import * as payments from './payments';
import {
  AdjustmentBody,
  CouponBody,
  CreditLimitBody,
  DAY_RANGES,
  GatewayParam,
  historyFilters,
  MonthParam,
  PaymentBody,
  PaymentStatusBody,
  TxnParam,
} from './schemas';
import {
  couponQuote,
  gatewaysHealth,
  staffAdjustment,
  staffAdjustments,
  staffCreditLimit,
  staffCreditLimitChanges,
  walletSummary,
} from './service';
import { staffWallet, staffWallets } from './postpaid';
import { monthStatement, statementCsv, statementPdf } from './statement';
import { pagedSchema } from '../../../src/domain/account-contract';

const TAG = 'wallet';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

export function registerWalletRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_WALLET.wallet,
    tag: TAG,
    access: SELLERS,
    permission: 'wallet.view',
    summary: 'Wallet balance, credit limit, recharge limits and the gateways to pay with',
    response: WalletSummarySchema,
    handler: ({ caller }) => walletSummary(deps, caller.orgId),
  });
  const historyQuery = listQuerySchema({ ...pagingEntries, ...historyFilters }, DAY_RANGES);
  router.add({
    method: 'get',
    path: API_WALLET.history,
    tag: TAG,
    access: SELLERS,
    permission: 'wallet.view',
    query: historyQuery,
    summary:
      'Wallet statement, newest first, with the balance after each entry; filter by IST dates, type, or reference',
    response: pagedSchema(WalletEntryRowSchema),
    handler: async ({ caller, query }) => walletHistory(await deps.readDb(), caller.orgId, query),
  });
  registerListExport<WalletEntryRow, typeof historyFilters>(router, {
    listPath: API_WALLET.history,
    tag: TAG,
    access: SELLERS,
    filters: historyFilters,
    dayRanges: DAY_RANGES,
    name: 'wallet-statement',
    now: deps.now,
    columns: WALLET_EXPORT_COLUMNS,
    list: async (caller, q) => walletHistory(await deps.readDb(), caller.orgId, q),
  });
  router.add({
    method: 'get',
    path: API_WALLET.coupons,
    tag: TAG,
    access: SELLERS,
    permission: 'wallet.recharge',
    summary: 'Recharge coupons on offer now',
    response: v.array(CouponRowSchema),
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
      permission: 'wallet.recharge',
      body: CouponBody,
      summary,
      response: CouponQuoteSchema,
      handler: ({ caller, body }) => couponQuote(deps, caller.orgId, body.couponCode, body.rechargeAmount),
    });
  }
  router.add({
    method: 'post',
    path: API_WALLET.payments,
    tag: TAG,
    access: SELLERS,
    permission: 'wallet.recharge',
    body: PaymentBody,
    summary: 'Start a wallet recharge: answers the gateway page the payment popup opens',
    response: PaymentStartSchema,
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
    permission: 'wallet.recharge',
    summary: 'Whether each payment gateway answers now',
    response: v.array(GatewayHealthSchema),
    handler: () => gatewaysHealth(deps),
  });
  router.add({
    method: 'get',
    path: API_WALLET.shippingCharges,
    tag: TAG,
    access: SELLERS,
    permission: 'wallet.view',
    query: v.object({ ...pagingEntries }),
    summary: 'What each shipment cost (freight, COD, RTO, weight, refunds), by AWB, newest first',
    response: pagedSchema(ShipmentChargesRowSchema),
    handler: async ({ caller, query }) => shippingCharges(await deps.readDb(), caller.orgId, query),
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
    list: async (caller, q) => shippingCharges(await deps.readDb(), caller.orgId, q),
  });
  router.add({
    method: 'get',
    path: API_WALLET.invoices,
    tag: TAG,
    access: SELLERS,
    permission: 'billing.view',
    summary: 'Months with wallet activity: recharges, charges and refunds, and the invoice number',
    response: v.array(MonthInvoiceRowSchema),
    handler: ({ caller }) => monthSummaries(deps.db, caller.orgId),
  });
  router.add({
    method: 'get',
    path: API_WALLET.invoicePdf(':month'),
    tag: TAG,
    access: SELLERS,
    permission: 'billing.view',
    params: MonthParam,
    summary: "The month's tax invoice (PDF): charges by kind with GST, and the recharges received",
    errors: { 404: 'no wallet activity that month' },
    response: { file: 'application/pdf' },
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
    permission: 'billing.view',
    params: MonthParam,
    summary: "Every wallet line of the month as CSV (the invoice's itemised sheet)",
    response: { file: 'text/csv' },
    handler: async ({ caller, params }) =>
      csvAttachment(`dakiya-itemised-${params.month}.csv`, await itemisedCsv(deps.db, caller.orgId, params.month)),
  });
  router.add({
    method: 'get',
    path: API_WALLET.payment(':merchantTransactionId'),
    tag: TAG,
    access: SELLERS,
    permission: 'wallet.recharge',
    params: TxnParam,
    summary: 'One of your payments',
    errors: { 404: 'no such payment of yours' },
    response: PaymentRowSchema,
    handler: ({ caller, params }) => payments.getPayment(deps, caller.orgId, params.merchantTransactionId),
  });
  router.add({
    method: 'delete',
    path: API_WALLET.payment(':merchantTransactionId'),
    tag: TAG,
    access: SELLERS,
    permission: 'wallet.recharge',
    params: TxnParam,
    summary: 'Cancel a pending payment (the popup was closed); a late success from the gateway still credits',
    errors: { 404: 'no such payment of yours' },
    response: PaymentRowSchema,
    handler: ({ caller, params }) => payments.cancelPayment(deps, caller.orgId, params.merchantTransactionId),
  });

  // public: the payment-result page (anonymous per spec) and the gateways
  router.add({
    method: 'put',
    path: API_WALLET.paymentStatus(':gateway'),
    tag: TAG,
    access: { kind: 'public' },
    params: GatewayParam,
    body: PaymentStatusBody,
    summary: 'The payment-result page: verify a payment with its gateway now; answers success, amount and date only',
    errors: { 404: 'no such payment' },
    response: PaymentResultSchema,
    handler: ({ params, body }) => payments.paymentResult(deps, params.gateway, body.merchantTransactionId),
  });
  router.add({
    method: 'post',
    path: API_WALLET.paymentCallback(':gateway'),
    tag: TAG,
    access: { kind: 'public' },
    params: GatewayParam,
    summary: "A gateway's server-to-server result; the signature is checked on the raw body, then the gateway is asked",
    errors: { 400: 'the signature does not match' },
    response: GatewayCallbackAnswerSchema,
    handler: async ({ c, params }) =>
      payments.gatewayCallback(deps, params.gateway, c.req.raw.headers, await c.req.text()),
  });

  // staff: adjustments and postpaid limits
  const orgParam = v.object({ orgId: numericId('orgId') });
  router.add({
    method: 'post',
    path: API_WALLET.adjust(':orgId'),
    tag: TAG,
    access: STAFF,
    staffPermission: 'wallets.manage',
    params: orgParam,
    body: AdjustmentBody,
    summary: `Debit or credit a seller's wallet by hand (at most ₹${ADJUSTMENT.maxRupees} at once), with a reason; audited with the staff login and the balance before and after`,
    errors: { 404: 'no such seller', 422: 'the debit would pass the wallet balance' },
    response: WalletAdjustmentAnswerSchema,
    handler: ({ caller, params, body }) => staffAdjustment(deps, caller, params.orgId, body),
  });
  router.add({
    method: 'get',
    path: API_WALLET.adjust(':orgId'),
    tag: TAG,
    access: STAFF,
    staffPermission: 'wallets.manage',
    params: orgParam,
    summary: "The audit of a seller's wallet adjustments, newest first (who, when, why, balance before and after)",
    errors: { 404: 'no such seller' },
    response: v.array(WalletAdjustmentRowSchema),
    handler: ({ params }) => staffAdjustments(deps, params.orgId),
  });
  router.add({
    method: 'put',
    path: API_WALLET.creditLimit(':orgId'),
    tag: TAG,
    access: STAFF,
    staffPermission: 'wallets.manage',
    params: orgParam,
    body: CreditLimitBody,
    summary:
      'Make a wallet postpaid with a credit limit in rupees (0 makes it prepaid), with a reason; audited with the staff login and the limit before and after. The limit it already has changes nothing',
    errors: { 404: 'no such seller', 400: 'the wallet already owes more than that limit' },
    response: CreditLimitAnswerSchema,
    handler: ({ caller, params, body }) => staffCreditLimit(deps, caller, params.orgId, body),
  });
  router.add({
    method: 'get',
    path: API_WALLET.creditLimit(':orgId'),
    tag: TAG,
    access: STAFF,
    staffPermission: 'wallets.manage',
    params: orgParam,
    summary: "The audit of a seller's credit-limit changes, newest first (who, when, old, new, why)",
    errors: { 404: 'no such seller' },
    response: v.array(CreditLimitChangeRowSchema),
    handler: ({ params }) => staffCreditLimitChanges(deps, params.orgId),
  });
  router.add({
    method: 'get',
    path: API_WALLET.wallets,
    tag: TAG,
    access: STAFF,
    staffPermission: 'wallets.manage',
    query: v.object({ ...pagingEntries }),
    summary:
      "Sellers' wallets: balance, held, credit limit and usable balance, postpaid first; search by company, owner email or seller id",
    response: pagedSchema(StaffWalletRowSchema),
    handler: ({ query }) => staffWallets(deps.db, query),
  });
  router.add({
    method: 'get',
    path: API_WALLET.sellerWallet(':orgId'),
    tag: TAG,
    access: STAFF,
    staffPermission: 'wallets.manage',
    params: orgParam,
    summary: "One seller's wallet: balance, held, credit limit and usable balance",
    errors: { 404: 'no such seller' },
    response: StaffWalletRowSchema,
    handler: ({ params }) => staffWallet(deps.db, params.orgId),
  });

  // the monthly statement: the seller's own, and staff's for any seller
  const statementFiles = (s: MonthStatement, kind: 'pdf' | 'csv') =>
    kind === 'pdf'
      ? statementPdf(s).then((pdf) => pdfAttachment(`dakiya-statement-${s.month}.pdf`, pdf))
      : csvAttachment(`dakiya-statement-${s.month}.csv`, statementCsv(s));
  const staffMonthParams = v.object({ orgId: numericId('orgId'), month: MonthParam.entries.month });
  const monthErrors = { 400: 'a month not yet begun' };
  router.add({
    method: 'get',
    path: API_WALLET.statement(':month'),
    tag: TAG,
    access: SELLERS,
    permission: 'wallet.view',
    params: MonthParam,
    summary:
      "The month's wallet statement (IST): opening balance, freight, COD fees, RTO, weight charges, refunds, remittances, recharges and adjustments with their lines and subtotals, the closing balance, reconciled to the ledger",
    errors: monthErrors,
    response: MonthStatementSchema,
    handler: ({ caller, params }) => monthStatement(deps.db, caller.orgId, params.month, deps.now()),
  });
  for (const kind of ['pdf', 'csv'] as const) {
    router.add({
      method: 'get',
      path: (kind === 'pdf' ? API_WALLET.statementPdf : API_WALLET.statementCsv)(':month'),
      tag: TAG,
      access: SELLERS,
      permission: 'wallet.view',
      params: MonthParam,
      summary: `The month's wallet statement as ${kind.toUpperCase()}`,
      errors: monthErrors,
      response: { file: kind === 'pdf' ? 'application/pdf' : 'text/csv' },
      handler: async ({ caller, params }) =>
        statementFiles(await monthStatement(deps.db, caller.orgId, params.month, deps.now()), kind),
    });
  }
  router.add({
    method: 'get',
    path: API_WALLET.staffStatement(':orgId', ':month'),
    tag: TAG,
    access: STAFF,
    staffPermission: 'wallets.manage',
    params: staffMonthParams,
    summary: "A seller's wallet statement of a month (IST), as the seller sees it",
    errors: { ...monthErrors, 404: 'no such seller' },
    response: MonthStatementSchema,
    handler: ({ params }) => monthStatement(deps.db, params.orgId, params.month, deps.now()),
  });
  for (const kind of ['pdf', 'csv'] as const) {
    router.add({
      method: 'get',
      path: (kind === 'pdf' ? API_WALLET.staffStatementPdf : API_WALLET.staffStatementCsv)(':orgId', ':month'),
      tag: TAG,
      access: STAFF,
      staffPermission: 'wallets.manage',
      params: staffMonthParams,
      summary: `A seller's wallet statement of a month as ${kind.toUpperCase()}`,
      errors: { ...monthErrors, 404: 'no such seller' },
      response: { file: kind === 'pdf' ? 'application/pdf' : 'text/csv' },
      handler: async ({ params }) =>
        statementFiles(await monthStatement(deps.db, params.orgId, params.month, deps.now()), kind),
    });
  }
}
