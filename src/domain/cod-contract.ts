import * as v from 'valibot';
import { pagedSchema } from './paging';
import { HOLD_CODES, PAYOUT_STATUSES } from './cod-remittance';

// COD remittance: couriers remit the cash they collected; the platform pays each seller on its
// payout days (the plan's D+N, or early COD for a fee), into the verified primary bank account
// (staff mark it paid with the bank's UTR) or into the wallet. Spec section 3: the seller's
// columns carrierPartner, amountToBeRemitted, amountRemitted, dateOfAmountRemitted; staff's
// unpaid (amountToBeRemitted, deliveredTs, remittanceExpiryTs) and paid (orderNumber,
// trackingNumber, sellerName, amountRemitted, remittanceTs, remittanceTransactionInfo,
// additionalComments, remittanceStatus). Section 7: pending, paid, history, mark paid.

const BASE = '/api/v1/cod-remittance';
const STAFF = '/api/v1/corporate/cod-remittance';

export const API_COD = {
  payouts: `${BASE}/payouts`, // GET paged → SellerPayoutList
  payout: (id: number | string) => `${BASE}/payouts/${id}`, // GET → PayoutDetail
  forecast: `${BASE}/forecast`, // GET → CodForecast
  settings: `${BASE}/settings`, // GET → CodSettings
  earlyCod: `${BASE}/settings/early-cod`, // PUT EarlyCodBody → CodSettings
  payoutMethod: `${BASE}/settings/payout-method`, // PUT PayoutMethodBody → CodSettings
  statement: `${BASE}/payouts/export`, // GET ?status=&fromDate=&toDate= → text/csv (the list's export)
  // staff
  pending: `${STAFF}/pending`, // GET paged ?status= → StaffPendingList
  paid: `${STAFF}/paid`, // GET paged → StaffPaidList
  history: `${STAFF}/history`, // GET paged → StaffHistoryList
  staffPayout: (id: number | string) => `${STAFF}/payouts/${id}`, // GET → PayoutDetail
  markPaid: (id: number | string) => `${STAFF}/payouts/${id}/paid`, // POST MarkPaidBody → PayoutDetail
  hold: (id: number | string) => `${STAFF}/payouts/${id}/hold`, // POST HoldBody → PayoutDetail
  release: (id: number | string) => `${STAFF}/payouts/${id}/release`, // POST → PayoutDetail
  runCycle: `${STAFF}/cycle`, // POST → CycleResult
  bankDetails: (id: number | string) => `${STAFF}/payouts/${id}/bank-details`, // GET → PayoutBankDetails (cod.manage; each reveal audited)
  bankFile: `${STAFF}/bank-file`, // GET ?payoutIds=1,2 → text/csv NEFT bulk-upload file (cod.manage; audited)
  utrFiles: '/api/v1/corporate/cod-remittance-utr-files', // the upload engine's routes
} as const;

const payoutStatus = v.picklist(PAYOUT_STATUSES);

export const PayoutRowSchema = v.object({
  payoutId: v.number(),
  orgId: v.number(),
  sellerName: v.string(),
  payoutDate: v.string(),
  method: v.picklist(['BANK', 'WALLET']),
  status: payoutStatus,
  statusText: v.string(),
  holdCode: v.nullable(v.picklist(HOLD_CODES)),
  holdReason: v.nullable(v.string()),
  grossPaise: v.number(),
  feePaise: v.number(),
  deductionPaise: v.number(),
  /** amountToBeRemitted while unpaid, amountRemitted once paid */
  netPaise: v.number(),
  shipmentCount: v.number(),
  bankLabel: v.nullable(v.string()),
  /** the bank's UTR (remittanceTransactionInfo) */
  utr: v.nullable(v.string()),
  comments: v.string(),
  paidAt: v.nullable(v.string()),
  /** the oldest delivery in the payout (deliveredTs) */
  deliveredTs: v.nullable(v.string()),
  /** the end of the payout day in India (remittanceExpiryTs, shown as time left) */
  remittanceExpiryTs: v.string(),
});
export type PayoutRow = v.InferOutput<typeof PayoutRowSchema>;

export const PayoutLineSchema = v.object({
  lineId: v.number(),
  kind: v.picklist(['SHIPMENT', 'EARLY_COD_FEE', 'WALLET_DEDUCTION']),
  label: v.string(),
  orderNumber: v.nullable(v.string()),
  trackingNumber: v.nullable(v.string()),
  carrierPartner: v.nullable(v.string()),
  deliveredTs: v.nullable(v.string()),
  /** signed: a shipment's COD (+), the fee or a deduction (−) */
  amountPaise: v.number(),
  feePaise: v.number(),
  /** paid before the courier remitted it (early COD) */
  advance: v.boolean(),
  description: v.string(),
  /** the order's own payment mode (Premium), the advance its buyer paid before shipping, and the gateway's id of that payment */
  paymentModeCode: v.nullable(v.string()),
  buyerAdvancePaise: v.number(),
  advancePaymentId: v.nullable(v.string()),
});
export type PayoutLine = v.InferOutput<typeof PayoutLineSchema>;

/** The whole account a bank payout goes to, for the staff who make the transfer (each reveal audited). */
export const PayoutBankDetailsSchema = v.object({
  payoutId: v.number(),
  holderName: v.string(),
  accountNumber: v.string(),
  ifsc: v.string(),
  bankName: v.string(),
  branch: v.nullable(v.string()),
});
export type PayoutBankDetails = v.InferOutput<typeof PayoutBankDetailsSchema>;

/** The most payouts one bank file carries. */
export const BANK_FILE_MAX_PAYOUTS = 500;

export const PayoutDetailSchema = v.object({ payout: PayoutRowSchema, lines: v.array(PayoutLineSchema) });
export type PayoutDetail = v.InferOutput<typeof PayoutDetailSchema>;

export const SellerPayoutListSchema = v.object({
  ...pagedSchema(PayoutRowSchema).entries,
  remittedPaise: v.number(),
  awaitingPaise: v.number(),
  onHoldPaise: v.number(),
});
export type SellerPayoutList = v.InferOutput<typeof SellerPayoutListSchema>;

export const ForecastShipmentSchema = v.object({
  orderNumber: v.string(),
  trackingNumber: v.string(),
  carrierPartner: v.string(),
  deliveredTs: v.string(),
  amountToBeRemitted: v.number(),
  feePaise: v.number(),
  courierRemitted: v.boolean(),
  early: v.boolean(),
});
export type ForecastShipment = v.InferOutput<typeof ForecastShipmentSchema>;

export const ForecastDaySchema = v.object({
  payoutDate: v.string(),
  shipments: v.array(ForecastShipmentSchema),
  grossPaise: v.number(),
  feePaise: v.number(),
  expectedDeductionPaise: v.number(),
  netPaise: v.number(),
});
export type ForecastDay = v.InferOutput<typeof ForecastDaySchema>;

export const CodForecastSchema = v.object({
  days: v.array(ForecastDaySchema),
  /** the wallet's usable balance now; a negative one is deducted from the next payout */
  walletUsablePaise: v.number(),
  /** what would hold the next payout (KYC, the bank account), or null */
  holdReason: v.nullable(v.string()),
});
export type CodForecast = v.InferOutput<typeof CodForecastSchema>;

export const EarlyCodOptionSchema = v.object({ days: v.number(), feeBps: v.number(), feeText: v.string() });

export const CodSettingsSchema = v.object({
  planDays: v.number(),
  earlyCodDays: v.nullable(v.number()),
  earlyCodFeeBps: v.number(),
  earlyCodSince: v.nullable(v.string()),
  payToWallet: v.boolean(),
  options: v.array(EarlyCodOptionSchema),
  payoutDays: v.string(),
  kycVerified: v.boolean(),
  bankLabel: v.nullable(v.string()),
});
export type CodSettings = v.InferOutput<typeof CodSettingsSchema>;

export const StaffPendingListSchema = pagedSchema(PayoutRowSchema);
export type StaffPendingList = v.InferOutput<typeof StaffPendingListSchema>;

export const StaffPaidRowSchema = v.object({
  payoutId: v.number(),
  orderNumber: v.string(),
  trackingNumber: v.string(),
  sellerName: v.string(),
  amountRemitted: v.number(),
  remittanceTs: v.string(),
  remittanceTransactionInfo: v.string(),
  additionalComments: v.string(),
  remittanceStatus: v.string(),
});
export type StaffPaidRow = v.InferOutput<typeof StaffPaidRowSchema>;
export const StaffPaidListSchema = pagedSchema(StaffPaidRowSchema);
export type StaffPaidList = v.InferOutput<typeof StaffPaidListSchema>;

export const CycleResultSchema = v.object({
  payoutDate: v.string(),
  payouts: v.number(),
  shipments: v.number(),
  released: v.number(),
});
export type CycleResult = v.InferOutput<typeof CycleResultSchema>;
