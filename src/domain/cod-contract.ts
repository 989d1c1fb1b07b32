import * as v from 'valibot';
import { pagedSchema } from './paging';
import { HOLD_CODES, PAYOUT_STATUSES } from './cod-remittance';
import { operation } from './operation';
import { STAFF_TAG, staffActionsOf } from './staff-action';
import { uploadOperations } from './uploads-contract';
import { numericId } from './params';
import { dayFilter, listQuerySchema, pagingEntries, sortEntries } from './paging';
import { EarlyCodBody, HoldBody, MarkPaidBody, PayoutMethodBody, PayoutStatusFilter } from './schemas/cod';

// COD remittance: couriers remit the cash they collected; the platform pays each seller on its
// payout days (the plan's D+N, or early COD for a fee), into the verified primary bank account
// (staff mark it paid with the bank's UTR) or into the wallet. Spec section 3: the seller's
// columns carrierPartner, amountToBeRemitted, amountRemitted, dateOfAmountRemitted; staff's
// unpaid (amountToBeRemitted, deliveredTs, remittanceExpiryTs) and paid (orderNumber,
// trackingNumber, sellerName, amountRemitted, remittanceTs, remittanceTransactionInfo,
// additionalComments, remittanceStatus). Section 7: pending, paid, history, mark paid.

const BASE = '/api/v1/cod-remittance';
const STAFF = '/api/v1/corporate/cod-remittance';

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

// The operations: each declared once, served by server/modules/cod/routes.ts, sent by the
// browser with call() (src/services/call.ts) and by the server's tests with the same typed call.

const TAG = 'cod-remittance';
const IdParam = v.object({ payoutId: numericId('payoutId') });
const payoutIdsText = `payoutIds must be 1 to ${BANK_FILE_MAX_PAYOUTS} payout numbers separated by commas`;
const payoutIdList = v.pipe(
  v.string(payoutIdsText),
  v.regex(/^\d{1,9}(,\d{1,9})*$/, payoutIdsText),
  v.transform((text) => [...new Set(text.split(',').map(Number))]),
  v.check((ids) => ids.length <= BANK_FILE_MAX_PAYOUTS, payoutIdsText),
);
const listQuery = v.object({ ...pagingEntries, status: PayoutStatusFilter });
const NO_PAYOUT = 'no such COD payout';
/** A staff decision on one payout. */
const payoutAction = staffActionsOf(`${STAFF}/payouts/:payoutId`, IdParam, PayoutDetailSchema, NO_PAYOUT);

export const API_COD = {
  // seller
  statement: operation({
    method: 'get',
    path: `${BASE}/payouts/export`,
    tag: TAG,
    query: listQuerySchema(
      {
        ...pagingEntries,
        ...sortEntries(['payoutDate'], 'payoutDate'),
        status: PayoutStatusFilter,
        fromDate: dayFilter('fromDate'),
        toDate: dayFilter('toDate'),
      },
      [['fromDate', 'toDate']],
    ),
    summary:
      "The seller's COD statement as CSV (the payouts list's export): every line of the payouts of the status and on days in the range",
    returns: 'text/csv attachment cod-remittance-statement.csv',
    response: { file: 'text/csv' },
  }),
  payouts: operation({
    method: 'get',
    path: `${BASE}/payouts`,
    tag: TAG,
    query: listQuery,
    summary:
      "The seller's COD payouts, newest payout day first, with what was remitted, waits for transfer and is held",
    response: SellerPayoutListSchema,
  }),
  payout: operation({
    method: 'get',
    path: `${BASE}/payouts/:payoutId`,
    tag: TAG,
    params: IdParam,
    summary: 'One COD payout with its lines: each shipment (carrier partner, amount), the early-COD fee and deductions',
    response: PayoutDetailSchema,
    errors: { 404: 'no such COD payout of yours' },
  }),
  forecast: operation({
    method: 'get',
    path: `${BASE}/forecast`,
    tag: TAG,
    summary:
      'The next payouts: which delivered COD shipments are expected on which payout day, with the early-COD fee and the negative wallet expected to be deducted',
    response: CodForecastSchema,
  }),
  settings: operation({
    method: 'get',
    path: `${BASE}/settings`,
    tag: TAG,
    summary: "The seller's COD cycle: the plan's days, early COD and its fee, where payouts go",
    response: CodSettingsSchema,
  }),
  earlyCod: operation({
    method: 'put',
    path: `${BASE}/settings/early-cod`,
    tag: TAG,
    body: EarlyCodBody,
    summary:
      'Opts in to early COD (D+2 or D+3 for the fee shown; shipments delivered from now on) with the terms accepted, or out with null',
    response: CodSettingsSchema,
  }),
  payoutMethod: operation({
    method: 'put',
    path: `${BASE}/settings/payout-method`,
    tag: TAG,
    body: PayoutMethodBody,
    summary: 'Pays COD into the wallet (at once, on each payout day) or into the verified primary bank account',
    response: CodSettingsSchema,
  }),
  // staff
  pending: operation({
    method: 'get',
    path: `${STAFF}/pending`,
    tag: STAFF_TAG,
    query: listQuery,
    summary:
      'COD payouts not paid yet (waiting for bank transfer, or on hold), oldest payout day first: amount to be remitted, oldest delivery, time left',
    response: StaffPendingListSchema,
  }),
  paid: operation({
    method: 'get',
    path: `${STAFF}/paid`,
    tag: STAFF_TAG,
    query: v.object({ ...pagingEntries }),
    summary: 'Paid COD shipments, newest payment first: order, tracking number, seller, amount, UTR, comments, status',
    response: StaffPaidListSchema,
  }),
  history: operation({
    method: 'get',
    path: `${STAFF}/history`,
    tag: STAFF_TAG,
    query: listQuery,
    summary: 'Every COD payout, newest payout day first',
    response: StaffPendingListSchema,
  }),
  staffPayout: operation({
    method: 'get',
    path: `${STAFF}/payouts/:payoutId`,
    tag: STAFF_TAG,
    params: IdParam,
    summary: 'One COD payout with its lines, for staff',
    response: PayoutDetailSchema,
    errors: { 404: NO_PAYOUT },
  }),
  markPaid: payoutAction(
    'paid',
    MarkPaidBody,
    "Marks a payout waiting for bank transfer paid with the bank's UTR (once; a UTR pays one payout)",
    'not waiting for transfer, or the UTR pays another payout',
  ),
  hold: payoutAction(
    'hold',
    HoldBody,
    'Holds a bank payout not paid yet, with a reason the seller reads',
    'paid, into the wallet, or held already',
  ),
  release: payoutAction(
    'release',
    undefined,
    "Releases a staff hold: the payout's KYC and bank account are checked again and it goes on",
    'not held by staff',
  ),
  runCycle: operation({
    method: 'post',
    path: `${STAFF}/cycle`,
    tag: STAFF_TAG,
    summary:
      'Runs the payout cycle of the latest payout day now (the job runs it on its beat): safe to repeat, a second run adds nothing',
    response: CycleResultSchema,
  }),
  bankDetails: operation({
    method: 'get',
    path: `${STAFF}/payouts/:payoutId/bank-details`,
    tag: STAFF_TAG,
    params: IdParam,
    summary:
      'The whole bank account a bank payout goes to (holder, number, IFSC, bank, branch), for the staff who pay it; each reveal is audited',
    response: PayoutBankDetailsSchema,
    errors: { 404: 'no such COD bank payout' },
  }),
  bankFile: operation({
    method: 'get',
    path: `${STAFF}/bank-file`,
    tag: STAFF_TAG,
    query: v.object({ payoutIds: payoutIdList }),
    summary:
      'A NEFT bulk-upload file of the chosen payouts waiting for bank transfer (docs/decisions/cod-remittance.md); audited',
    returns: 'text/csv attachment cod-neft-<date>.csv, no byte order mark',
    response: { file: 'text/csv' },
    errors: { 404: 'a payout that is not a COD bank payout', 409: 'a payout not waiting for bank transfer' },
  }),
} as const;

/** The UTR file upload's operations (served by the upload engine, server/modules/uploads/cod-utr.ts). */
export const COD_UTR_FILES = uploadOperations('/api/v1/corporate/cod-remittance-utr-files', 'corporate', {
  rowNoun: 'payout rows',
  fileStem: 'cod-remittance-utr',
});
