import * as v from 'valibot';

// Paths and shapes of the wallet and payments area (issue "Wallet and payments").

export const API_WALLET = {
  wallet: '/api/v1/wallet', // GET → WalletSummary
  history: '/api/v1/wallet/history', // GET paged: fromDate, toDate (yyyy-mm-dd, IST), type, searchPattern → Paged<WalletEntryRow>; /export for CSV
  coupons: '/api/v1/wallet/coupons', // GET → CouponRow[] (active)
  couponValidate: '/api/v1/wallet/coupons/validate', // POST { couponCode, rechargeAmount } → CouponQuote
  couponApply: '/api/v1/wallet/coupons/apply', // PUT { couponCode, rechargeAmount } → CouponQuote
  payments: '/api/v1/wallet/payments', // POST { rechargeAmount, couponCode?, gateway? } → PaymentStart
  payment: (txn: string) => `/api/v1/wallet/payments/${txn}`, // GET → PaymentRow; DELETE cancels a pending payment
  gatewaysHealth: '/api/v1/wallet/gateways/health', // GET → GatewayHealth[]
  shippingCharges: '/api/v1/wallet/shipping-charges', // GET paged by shipment (AWB) → Paged<ShipmentChargesRow>; /export for CSV
  invoices: '/api/v1/wallet/invoices', // GET → MonthInvoiceRow[] (months with wallet activity, newest first)
  invoicePdf: (month: string) => `/api/v1/wallet/invoices/${month}/invoice.pdf`, // GET tax invoice of the month's charges
  itemisedSheet: (month: string) => `/api/v1/wallet/invoices/${month}/itemised.csv`, // GET every wallet line of the month
  // public: the payment-result page (the spec's public base) and the gateways' server-to-server calls
  paymentStatus: (gateway: string) => `/rest/v1/payments/${gateway}/status`, // PUT { merchantTransactionId } → PaymentResult
  paymentCallback: (gateway: string) => `/api/v1/payments/${gateway}/callback`, // POST from the gateway
  // staff
  wallets: '/api/v1/corporate/wallets', // GET paged: searchPattern (company, email, seller id) → Paged<StaffWalletRow>
  sellerWallet: (orgId: number | string) => `/api/v1/corporate/wallets/${orgId}`, // GET → StaffWalletRow
  adjust: (orgId: number | string) => `/api/v1/corporate/wallets/${orgId}/adjustments`, // POST { direction, amount, reason, idempotencyKey } → { entryId, balancePaise, adjustment, replayed }; GET → WalletAdjustmentRow[]
  creditLimit: (orgId: number | string) => `/api/v1/corporate/wallets/${orgId}/credit-limit`, // PUT { creditLimit, reason } (rupees; 0 = prepaid) → CreditLimitAnswer; GET → CreditLimitChangeRow[]
  staffStatement: (orgId: number | string, month: string) => `/api/v1/corporate/wallets/${orgId}/statements/${month}`, // GET → MonthStatement
  staffStatementPdf: (orgId: number | string, month: string) =>
    `/api/v1/corporate/wallets/${orgId}/statements/${month}/statement.pdf`,
  staffStatementCsv: (orgId: number | string, month: string) =>
    `/api/v1/corporate/wallets/${orgId}/statements/${month}/statement.csv`,
  // the seller's monthly statement (IST month yyyy-mm)
  statement: (month: string) => `/api/v1/wallet/statements/${month}`, // GET → MonthStatement
  statementPdf: (month: string) => `/api/v1/wallet/statements/${month}/statement.pdf`,
  statementCsv: (month: string) => `/api/v1/wallet/statements/${month}/statement.csv`,
} as const;

export const RECHARGE = {
  minRupees: 100,
  maxRupees: 500_000,
  quickPicks: [500, 1000, 2000, 5000, 10000],
} as const;

/** A staff hand adjustment: at most this many rupees at once, always with a reason. */
export const ADJUSTMENT = { maxRupees: 500_000, reasonMin: 5, reasonMax: 200 } as const;

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

export const WalletStateSchema = v.object({
  balancePaise: v.number(),
  creditLimitPaise: v.number(),
  /** set aside for weight discrepancies not yet settled: not usable for bookings */
  heldPaise: v.number(),
});

export type WalletStateAnswer = v.InferOutput<typeof WalletStateSchema>;

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

/** One purpose money is held for: its open holds and their sum. */
export const HeldForSchema = v.object({
  purpose: v.picklist(['WEIGHT_DISPUTE', 'OTHER']),
  count: v.number(),
  amountPaise: v.number(),
});

/**
 * What a seller can spend, as the server read it from the ledger: the balance, what is held (and
 * for what), the credit limit, and spendable = balance − held + credit limit (src/domain/spendable.ts).
 */
export const SpendableWalletSchema = v.object({
  ...WalletStateSchema.entries,
  spendablePaise: v.number(),
  heldFor: v.array(HeldForSchema),
});
export type SpendableWalletAnswer = v.InferOutput<typeof SpendableWalletSchema>;

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
