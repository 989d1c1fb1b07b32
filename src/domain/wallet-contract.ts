import * as v from 'valibot';

import { operation } from './operation';
import { SpendableWalletSchema } from './spendable-wallet';
import { listExportOf, listQuerySchema, pagingEntries } from './paging';
import { pagedSchema } from './paged';

import {
  ADJUSTMENT,
  AdjustmentBody,
  CouponBody,
  CreditLimitBody,
  GatewayParam,
  HISTORY_DAY_RANGES,
  historyFilters,
  MonthParam,
  PaymentBody,
  PaymentStatusBody,
  TxnParam,
} from './schemas/wallet';
import { numericId } from './params';

// The wallet and payments area (issue "Wallet and payments"): its operations and answer shapes.

export { ADJUSTMENT };

export const RECHARGE = {
  minRupees: 100,
  maxRupees: 500_000,
  quickPicks: [500, 1000, 2000, 5000, 10000],
} as const;

// Answer shapes: valibot schemas, each type derived from its schema.

/** The audit record of one staff adjustment. */
export const WalletAdjustmentRowSchema = v.object({
  id: v.number(),
  entryId: v.number(),
  direction: v.picklist(['DEBIT', 'CREDIT']),
  amountPaise: v.number(),
  reason: v.string(),
  staffAccountId: v.number(),
  staffEmail: v.string(),
  balanceBeforePaise: v.number(),
  balanceAfterPaise: v.number(),
  createdAt: v.string(),
});
export type WalletAdjustmentRow = v.InferOutput<typeof WalletAdjustmentRowSchema>;

/** A staff adjustment made: the entry, the balance after, and its audit record. */
export const WalletAdjustmentAnswerSchema = v.object({
  entryId: v.number(),
  balancePaise: v.number(),
  adjustment: WalletAdjustmentRowSchema,
  /** true when the request key was seen before: nothing moved this time */
  replayed: v.boolean(),
});
export type WalletAdjustmentAnswer = v.InferOutput<typeof WalletAdjustmentAnswerSchema>;

/** A seller's wallet as staff see it in the postpaid list. */
export const StaffWalletRowSchema = v.object({
  orgId: v.number(),
  companyName: v.string(),
  /** the organisation owner's login */
  email: v.string(),
  balancePaise: v.number(),
  heldPaise: v.number(),
  creditLimitPaise: v.number(),
  /** balance − held + credit limit: what bookings may still take */
  usablePaise: v.number(),
});
export type StaffWalletRow = v.InferOutput<typeof StaffWalletRowSchema>;

/** One change of a wallet's postpaid credit limit (the audit, append-only). */
export const CreditLimitChangeRowSchema = v.object({
  id: v.number(),
  oldLimitPaise: v.number(),
  newLimitPaise: v.number(),
  reason: v.string(),
  staffAccountId: v.number(),
  staffEmail: v.string(),
  createdAt: v.string(),
});
export type CreditLimitChangeRow = v.InferOutput<typeof CreditLimitChangeRowSchema>;

/** A credit limit set: the wallet now, and the audit record (null when the limit was already that). */
export const CreditLimitAnswerSchema = v.object({
  wallet: StaffWalletRowSchema,
  change: v.nullable(CreditLimitChangeRowSchema),
});
export type CreditLimitAnswer = v.InferOutput<typeof CreditLimitAnswerSchema>;

/** One wallet line of a monthly statement (signed: positive added to the wallet). */
export const StatementLineSchema = v.object({
  entryId: v.number(),
  kind: v.string(),
  label: v.string(),
  reference: v.string(),
  description: v.string(),
  amountPaise: v.number(),
  createdAt: v.string(),
});
export type StatementLine = v.InferOutput<typeof StatementLineSchema>;

/** The month's wallet statement: opening, each section with its lines and subtotal, closing. */
export const MonthStatementSchema = v.object({
  orgId: v.number(),
  companyName: v.string(),
  month: v.string(),
  /** the IST month's first moment and the next month's, as ISO instants */
  from: v.string(),
  to: v.string(),
  openingPaise: v.number(),
  sections: v.array(
    v.object({
      key: v.string(),
      title: v.string(),
      lines: v.array(StatementLineSchema),
      subtotalPaise: v.number(),
    }),
  ),
  closingPaise: v.number(),
  /** the wallet's balance at the month's end summed from its postings, apart from the sections */
  ledgerClosingPaise: v.number(),
  /** opening + every section = closing = the ledger's balance at the month's end */
  reconciled: v.boolean(),
  /** set aside by weight holds open at the month's end (not deducted from the balance) */
  heldAtEndPaise: v.number(),
  openHolds: v.number(),
});
export type MonthStatement = v.InferOutput<typeof MonthStatementSchema>;

export const WalletSummarySchema = v.object({
  ...SpendableWalletSchema.entries,
  postpaid: v.boolean(),
  limits: v.object({ minRupees: v.number(), maxRupees: v.number(), quickPicks: v.array(v.number()) }),
  gateways: v.array(v.object({ gateway: v.string(), label: v.string(), sandbox: v.boolean() })),
});
export type WalletSummary = v.InferOutput<typeof WalletSummarySchema>;

export const CouponRowSchema = v.object({
  couponCode: v.string(),
  description: v.string(),
  category: v.string(),
  minRecharge: v.number(),
  validUntil: v.string(),
});
export type CouponRow = v.InferOutput<typeof CouponRowSchema>;

export const CouponQuoteSchema = v.object({
  couponCode: v.string(),
  bonusPaise: v.number(),
  message: v.string(),
});
export type CouponQuote = v.InferOutput<typeof CouponQuoteSchema>;

export const PaymentStartSchema = v.object({
  paymentOrderId: v.string(),
  merchantTransactionId: v.string(),
  url: v.string(),
  gateway: v.string(),
  amountPaise: v.number(),
  bonusPaise: v.number(),
});
export type PaymentStart = v.InferOutput<typeof PaymentStartSchema>;

export const PAYMENT_STATES = ['PENDING', 'SUCCESS', 'FAILED', 'CANCELLED'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PaymentRowSchema = v.object({
  merchantTransactionId: v.string(),
  gateway: v.string(),
  amountPaise: v.number(),
  bonusPaise: v.number(),
  couponCode: v.nullable(v.string()),
  status: v.picklist(PAYMENT_STATES),
  detail: v.string(),
  createdAt: v.string(),
  settledAt: v.nullable(v.string()),
});
export type PaymentRow = v.InferOutput<typeof PaymentRowSchema>;

/** Spec section 3, "Payment status response data": success, amount (rupees), source DAKIYA. */
export const PaymentResultSchema = v.object({
  success: v.boolean(),
  status: v.picklist(PAYMENT_STATES),
  amount: v.number(),
  source: v.literal('DAKIYA'),
  date: v.string(),
});
export type PaymentResult = v.InferOutput<typeof PaymentResultSchema>;

export const WalletEntryRowSchema = v.object({
  entryId: v.number(),
  kind: v.string(),
  label: v.string(),
  reference: v.string(),
  description: v.string(),
  /** signed: positive added to the wallet */
  amountPaise: v.number(),
  balanceAfterPaise: v.number(),
  createdAt: v.string(),
});
export type WalletEntryRow = v.InferOutput<typeof WalletEntryRowSchema>;

export const GatewayHealthSchema = v.object({
  gateway: v.string(),
  configured: v.boolean(),
  sandbox: v.boolean(),
  healthy: v.boolean(),
  latencyMs: v.nullable(v.number()),
});
export type GatewayHealth = v.InferOutput<typeof GatewayHealthSchema>;

/** One shipment's charges from the wallet (paise). */
export const ShipmentChargesRowSchema = v.object({
  awb: v.string(),
  freightPaise: v.number(),
  codPaise: v.number(),
  rtoPaise: v.number(),
  weightPaise: v.number(),
  refundsPaise: v.number(),
  netPaise: v.number(),
  lastChargedAt: v.string(),
});
export type ShipmentChargesRow = v.InferOutput<typeof ShipmentChargesRowSchema>;

export const MonthInvoiceRowSchema = v.object({
  month: v.string(),
  invoiceNumber: v.string(),
  rechargesPaise: v.number(),
  chargesPaise: v.number(),
  refundsPaise: v.number(),
});
export type MonthInvoiceRow = v.InferOutput<typeof MonthInvoiceRowSchema>;

/** A gateway's server-to-server call taken. */
export const GatewayCallbackAnswerSchema = v.object({ accepted: v.boolean() });

// The operations: each declared once, served by server/modules/wallet/routes.ts, sent by the
// browser with call() (src/services/call.ts) and by the server's tests with the same typed call.

const TAG = 'wallet';
const OrgParam = v.object({ orgId: numericId('orgId') });
const StaffMonthParams = v.object({ orgId: numericId('orgId'), month: MonthParam.entries.month });
const monthErrors = { 400: 'a month not yet begun' } as const;
const history = operation({
  method: 'get',
  path: '/api/v1/wallet/history',
  tag: TAG,
  query: listQuerySchema({ ...pagingEntries, ...historyFilters }, HISTORY_DAY_RANGES),
  summary: 'Wallet statement, newest first, with the balance after each entry; filter by IST dates, type, or reference',
  response: pagedSchema(WalletEntryRowSchema),
});
const shippingCharges = operation({
  method: 'get',
  path: '/api/v1/wallet/shipping-charges',
  tag: TAG,
  query: v.object({ ...pagingEntries }),
  summary: 'What each shipment cost (freight, COD, RTO, weight, refunds), by AWB, newest first',
  response: pagedSchema(ShipmentChargesRowSchema),
});
const statementFile = (kind: 'pdf' | 'csv') =>
  operation({
    method: 'get',
    path: `/api/v1/wallet/statements/:month/statement.${kind}`,
    tag: TAG,
    params: MonthParam,
    summary: `The month's wallet statement as ${kind.toUpperCase()}`,
    errors: monthErrors,
    response: { file: kind === 'pdf' ? 'application/pdf' : 'text/csv' },
  });
const staffStatementFile = (kind: 'pdf' | 'csv') =>
  operation({
    method: 'get',
    path: `/api/v1/corporate/wallets/:orgId/statements/:month/statement.${kind}`,
    tag: TAG,
    params: StaffMonthParams,
    summary: `A seller's wallet statement of a month as ${kind.toUpperCase()}`,
    errors: { ...monthErrors, 404: 'no such seller' },
    response: { file: kind === 'pdf' ? 'application/pdf' : 'text/csv' },
  });

export const API_WALLET = {
  wallet: operation({
    method: 'get',
    path: '/api/v1/wallet',
    tag: TAG,
    summary: 'Wallet balance, credit limit, recharge limits and the gateways to pay with',
    response: WalletSummarySchema,
  }),
  history,
  historyExport: listExportOf(history, 'wallet-statement', historyFilters, HISTORY_DAY_RANGES),
  coupons: operation({
    method: 'get',
    path: '/api/v1/wallet/coupons',
    tag: TAG,
    summary: 'Recharge coupons on offer now',
    response: v.array(CouponRowSchema),
  }),
  couponValidate: operation({
    method: 'post',
    path: '/api/v1/wallet/coupons/validate',
    tag: TAG,
    body: CouponBody,
    summary: 'Check a coupon against a recharge amount: the bonus it adds, or why not',
    response: CouponQuoteSchema,
  }),
  couponApply: operation({
    method: 'put',
    path: '/api/v1/wallet/coupons/apply',
    tag: TAG,
    body: CouponBody,
    summary: 'Apply a coupon to a recharge amount (the same check; the bonus is credited with the recharge)',
    response: CouponQuoteSchema,
  }),
  startPayment: operation({
    method: 'post',
    path: '/api/v1/wallet/payments',
    tag: TAG,
    body: PaymentBody,
    summary: 'Start a wallet recharge: answers the gateway page the payment popup opens',
    response: PaymentStartSchema,
  }),
  gatewaysHealth: operation({
    method: 'get',
    path: '/api/v1/wallet/gateways/health',
    tag: TAG,
    summary: 'Whether each payment gateway answers now',
    response: v.array(GatewayHealthSchema),
  }),
  shippingCharges,
  shippingChargesExport: listExportOf(shippingCharges, 'shipping-charges', {}),
  invoices: operation({
    method: 'get',
    path: '/api/v1/wallet/invoices',
    tag: TAG,
    summary: 'Months with wallet activity: recharges, charges and refunds, and the invoice number',
    response: v.array(MonthInvoiceRowSchema),
  }),
  invoicePdf: operation({
    method: 'get',
    path: '/api/v1/wallet/invoices/:month/invoice.pdf',
    tag: TAG,
    params: MonthParam,
    summary: "The month's tax invoice (PDF): charges by kind with GST, and the recharges received",
    errors: { 404: 'no wallet activity that month' },
    response: { file: 'application/pdf' },
  }),
  itemisedSheet: operation({
    method: 'get',
    path: '/api/v1/wallet/invoices/:month/itemised.csv',
    tag: TAG,
    params: MonthParam,
    summary: "Every wallet line of the month as CSV (the invoice's itemised sheet)",
    response: { file: 'text/csv' },
  }),
  payment: operation({
    method: 'get',
    path: '/api/v1/wallet/payments/:merchantTransactionId',
    tag: TAG,
    params: TxnParam,
    summary: 'One of your payments',
    errors: { 404: 'no such payment of yours' },
    response: PaymentRowSchema,
  }),
  cancelPayment: operation({
    method: 'delete',
    path: '/api/v1/wallet/payments/:merchantTransactionId',
    tag: TAG,
    params: TxnParam,
    summary: 'Cancel a pending payment (the popup was closed); a late success from the gateway still credits',
    errors: { 404: 'no such payment of yours' },
    response: PaymentRowSchema,
  }),
  // public: the payment-result page (the spec's public base) and the gateways' server-to-server calls
  paymentStatus: operation({
    method: 'put',
    path: '/rest/v1/payments/:gateway/status',
    tag: TAG,
    params: GatewayParam,
    body: PaymentStatusBody,
    summary: 'The payment-result page: verify a payment with its gateway now; answers success, amount and date only',
    errors: { 404: 'no such payment' },
    response: PaymentResultSchema,
  }),
  paymentCallback: operation({
    method: 'post',
    path: '/api/v1/payments/:gateway/callback',
    tag: TAG,
    params: GatewayParam,
    summary: "A gateway's server-to-server result; the signature is checked on the raw body, then the gateway is asked",
    errors: { 400: 'the signature does not match' },
    response: GatewayCallbackAnswerSchema,
  }),
  // staff: adjustments and postpaid limits
  adjust: operation({
    method: 'post',
    path: '/api/v1/corporate/wallets/:orgId/adjustments',
    tag: TAG,
    params: OrgParam,
    body: AdjustmentBody,
    summary: `Debit or credit a seller's wallet by hand (at most ₹${ADJUSTMENT.maxRupees} at once), with a reason; audited with the staff login and the balance before and after`,
    errors: { 404: 'no such seller', 422: 'the debit would pass the wallet balance' },
    response: WalletAdjustmentAnswerSchema,
  }),
  adjustments: operation({
    method: 'get',
    path: '/api/v1/corporate/wallets/:orgId/adjustments',
    tag: TAG,
    params: OrgParam,
    summary: "The audit of a seller's wallet adjustments, newest first (who, when, why, balance before and after)",
    errors: { 404: 'no such seller' },
    response: v.array(WalletAdjustmentRowSchema),
  }),
  setCreditLimit: operation({
    method: 'put',
    path: '/api/v1/corporate/wallets/:orgId/credit-limit',
    tag: TAG,
    params: OrgParam,
    body: CreditLimitBody,
    summary:
      'Make a wallet postpaid with a credit limit in rupees (0 makes it prepaid), with a reason; audited with the staff login and the limit before and after. The limit it already has changes nothing',
    errors: { 404: 'no such seller', 400: 'the wallet already owes more than that limit' },
    response: CreditLimitAnswerSchema,
  }),
  creditLimitChanges: operation({
    method: 'get',
    path: '/api/v1/corporate/wallets/:orgId/credit-limit',
    tag: TAG,
    params: OrgParam,
    summary: "The audit of a seller's credit-limit changes, newest first (who, when, old, new, why)",
    errors: { 404: 'no such seller' },
    response: v.array(CreditLimitChangeRowSchema),
  }),
  wallets: operation({
    method: 'get',
    path: '/api/v1/corporate/wallets',
    tag: TAG,
    query: v.object({ ...pagingEntries }),
    summary:
      "Sellers' wallets: balance, held, credit limit and usable balance, postpaid first; search by company, owner email or seller id",
    response: pagedSchema(StaffWalletRowSchema),
  }),
  sellerWallet: operation({
    method: 'get',
    path: '/api/v1/corporate/wallets/:orgId',
    tag: TAG,
    params: OrgParam,
    summary: "One seller's wallet: balance, held, credit limit and usable balance",
    errors: { 404: 'no such seller' },
    response: StaffWalletRowSchema,
  }),
  // the monthly statement (IST month yyyy-mm): the seller's own, and staff's for any seller
  statement: operation({
    method: 'get',
    path: '/api/v1/wallet/statements/:month',
    tag: TAG,
    params: MonthParam,
    summary:
      "The month's wallet statement (IST): opening balance, freight, COD fees, RTO, weight charges, refunds, remittances, recharges and adjustments with their lines and subtotals, the closing balance, reconciled to the ledger",
    errors: monthErrors,
    response: MonthStatementSchema,
  }),
  statementPdf: statementFile('pdf'),
  statementCsv: statementFile('csv'),
  staffStatement: operation({
    method: 'get',
    path: '/api/v1/corporate/wallets/:orgId/statements/:month',
    tag: TAG,
    params: StaffMonthParams,
    summary: "A seller's wallet statement of a month (IST), as the seller sees it",
    errors: { ...monthErrors, 404: 'no such seller' },
    response: MonthStatementSchema,
  }),
  staffStatementPdf: staffStatementFile('pdf'),
  staffStatementCsv: staffStatementFile('csv'),
} as const;

/** What the payment-result page (in the gateway's popup) posts to the window that opened it. */
export const PAYMENT_MESSAGE = 'dakiya-payment-result';
export interface PaymentMessage {
  type: typeof PAYMENT_MESSAGE;
  merchantTransactionId: string;
  result: PaymentResult;
}
