import type { ApiRouter } from '../../http/router';
import { pdfAttachment } from '../../documents/pdf-buffer';
import type { AppDeps } from '../../deps';
import { serveListExport, type ExportColumn } from '../../http/list-export';
import { WALLET_EXPORT_COLUMNS } from './export-columns';
import { API_WALLET, type MonthStatement, type ShipmentChargesRow } from '../../../src/domain/wallet-contract';
import { csvAttachment } from '../../http/csv';
import { invoiceData, invoicePdf, itemisedCsv, monthSummaries } from './invoices';
import { shippingCharges } from './shipping-charges-report';
import { formatDateTime } from '../../../src/domain/format';
import { listCoupons } from './coupons';
import { walletHistory } from './history';
import * as payments from './payments';
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
import { rupeesOf } from '../../../src/domain/money';

// The wallet's operations (src/domain/wallet-contract.ts): who may call each, and its handler.

const SHIPPING_CHARGES_COLUMNS: ExportColumn<ShipmentChargesRow>[] = [
  { header: 'awb', value: (r) => r.awb },
  { header: 'freight', value: (r) => rupeesOf(r.freightPaise).toFixed(2) },
  { header: 'cod', value: (r) => rupeesOf(r.codPaise).toFixed(2) },
  { header: 'rto', value: (r) => rupeesOf(r.rtoPaise).toFixed(2) },
  { header: 'weightDiscrepancy', value: (r) => rupeesOf(r.weightPaise).toFixed(2) },
  { header: 'refunds', value: (r) => rupeesOf(r.refundsPaise).toFixed(2) },
  { header: 'net', value: (r) => rupeesOf(r.netPaise).toFixed(2) },
  { header: 'lastChargedOn', value: (r) => formatDateTime(r.lastChargedAt) },
];

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

export function registerWalletRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_WALLET.wallet, {
    access: SELLERS,
    permission: 'wallet.view',
    handler: ({ caller }) => walletSummary(deps, caller.orgId),
  });
  router.route(API_WALLET.history, {
    access: SELLERS,
    permission: 'wallet.view',
    handler: async ({ caller, query }) => walletHistory(await deps.readDb(), caller.orgId, query),
  });
  serveListExport(router, API_WALLET.historyExport, {
    access: SELLERS,
    name: 'wallet-statement',
    now: deps.now,
    columns: WALLET_EXPORT_COLUMNS,
    list: async (caller, q) => walletHistory(await deps.readDb(), caller.orgId, q),
  });
  router.route(API_WALLET.coupons, {
    access: SELLERS,
    permission: 'wallet.recharge',
    handler: () => listCoupons(deps.db, deps.now()),
  });
  for (const op of [API_WALLET.couponValidate, API_WALLET.couponApply]) {
    router.route(op, {
      access: SELLERS,
      permission: 'wallet.recharge',
      handler: ({ caller, body }) => couponQuote(deps, caller.orgId, body.couponCode, body.rechargeAmount),
    });
  }
  router.route(API_WALLET.startPayment, {
    access: SELLERS,
    permission: 'wallet.recharge',
    handler: ({ caller, body }) =>
      payments.startPayment(
        deps,
        { orgId: caller.orgId, accountId: caller.accountId },
        { ...body, couponCode: body.couponCode || undefined },
      ),
  });
  router.route(API_WALLET.gatewaysHealth, {
    access: SELLERS,
    permission: 'wallet.recharge',
    handler: () => gatewaysHealth(deps),
  });
  router.route(API_WALLET.shippingCharges, {
    access: SELLERS,
    permission: 'wallet.view',
    handler: async ({ caller, query }) => shippingCharges(await deps.readDb(), caller.orgId, query),
  });
  serveListExport(router, API_WALLET.shippingChargesExport, {
    access: SELLERS,
    name: 'shipping-charges',
    now: deps.now,
    columns: SHIPPING_CHARGES_COLUMNS,
    list: async (caller, q) => shippingCharges(await deps.readDb(), caller.orgId, q),
  });
  router.route(API_WALLET.invoices, {
    access: SELLERS,
    permission: 'billing.view',
    handler: ({ caller }) => monthSummaries(deps.db, caller.orgId),
  });
  router.route(API_WALLET.invoicePdf, {
    access: SELLERS,
    permission: 'billing.view',
    handler: async ({ caller, params }) => {
      const pdf = await invoicePdf(
        await invoiceData(deps.db, deps.config, caller.orgId, params.month),
        deps.config.company,
      );
      return pdfAttachment(`dakiya-invoice-${params.month}.pdf`, pdf);
    },
  });
  router.route(API_WALLET.itemisedSheet, {
    access: SELLERS,
    permission: 'billing.view',
    handler: async ({ caller, params }) =>
      csvAttachment(`dakiya-itemised-${params.month}.csv`, await itemisedCsv(deps.db, caller.orgId, params.month)),
  });
  router.route(API_WALLET.payment, {
    access: SELLERS,
    permission: 'wallet.recharge',
    handler: ({ caller, params }) => payments.getPayment(deps, caller.orgId, params.merchantTransactionId),
  });
  router.route(API_WALLET.cancelPayment, {
    access: SELLERS,
    permission: 'wallet.recharge',
    handler: ({ caller, params }) => payments.cancelPayment(deps, caller.orgId, params.merchantTransactionId),
  });

  // public: the payment-result page (anonymous per spec) and the gateways
  router.route(API_WALLET.paymentStatus, {
    access: { kind: 'public' },
    handler: ({ params, body }) => payments.paymentResult(deps, params.gateway, body.merchantTransactionId),
  });
  router.route(API_WALLET.paymentCallback, {
    access: { kind: 'public' },
    handler: async ({ c, params }) =>
      payments.gatewayCallback(deps, params.gateway, c.req.raw.headers, await c.req.text()),
  });

  // staff: adjustments and postpaid limits
  router.route(API_WALLET.adjust, {
    access: STAFF,
    staffPermission: 'wallets.manage',
    handler: ({ caller, params, body }) => staffAdjustment(deps, caller, params.orgId, body),
  });
  router.route(API_WALLET.adjustments, {
    access: STAFF,
    staffPermission: 'wallets.manage',
    handler: ({ params }) => staffAdjustments(deps, params.orgId),
  });
  router.route(API_WALLET.setCreditLimit, {
    access: STAFF,
    staffPermission: 'wallets.manage',
    handler: ({ caller, params, body }) => staffCreditLimit(deps, caller, params.orgId, body),
  });
  router.route(API_WALLET.creditLimitChanges, {
    access: STAFF,
    staffPermission: 'wallets.manage',
    handler: ({ params }) => staffCreditLimitChanges(deps, params.orgId),
  });
  router.route(API_WALLET.wallets, {
    access: STAFF,
    staffPermission: 'wallets.manage',
    handler: ({ query }) => staffWallets(deps.db, query),
  });
  router.route(API_WALLET.sellerWallet, {
    access: STAFF,
    staffPermission: 'wallets.manage',
    handler: ({ params }) => staffWallet(deps.db, params.orgId),
  });

  // the monthly statement: the seller's own, and staff's for any seller
  const statementFiles = (s: MonthStatement, kind: 'pdf' | 'csv') =>
    kind === 'pdf'
      ? statementPdf(s).then((pdf) => pdfAttachment(`dakiya-statement-${s.month}.pdf`, pdf))
      : csvAttachment(`dakiya-statement-${s.month}.csv`, statementCsv(s));
  router.route(API_WALLET.statement, {
    access: SELLERS,
    permission: 'wallet.view',
    handler: ({ caller, params }) => monthStatement(deps.db, caller.orgId, params.month, deps.now()),
  });
  for (const [kind, op] of [
    ['pdf', API_WALLET.statementPdf],
    ['csv', API_WALLET.statementCsv],
  ] as const) {
    router.route(op, {
      access: SELLERS,
      permission: 'wallet.view',
      handler: async ({ caller, params }) =>
        statementFiles(await monthStatement(deps.db, caller.orgId, params.month, deps.now()), kind),
    });
  }
  router.route(API_WALLET.staffStatement, {
    access: STAFF,
    staffPermission: 'wallets.manage',
    handler: ({ params }) => monthStatement(deps.db, params.orgId, params.month, deps.now()),
  });
  for (const [kind, op] of [
    ['pdf', API_WALLET.staffStatementPdf],
    ['csv', API_WALLET.staffStatementCsv],
  ] as const) {
    router.route(op, {
      access: STAFF,
      staffPermission: 'wallets.manage',
      handler: async ({ params }) =>
        statementFiles(await monthStatement(deps.db, params.orgId, params.month, deps.now()), kind),
    });
  }
}
