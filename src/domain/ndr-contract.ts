import * as v from 'valibot';
import { countsSchema } from './account-contract';
import { pagedSchema } from './paging';

// Paths and shapes of failed deliveries (NDR), the buyer's NDR page and returns to origin (RTO).
// Seller calls under /api/v1 (and the spec's "NDR search and action v2" under /api/v2); the
// buyer's page calls under /rest/v1 with the signed token of its SMS link, never the AWB.

export const API_NDR = {
  list: '/api/v1/ndr', // GET NdrListQuery → NdrListAnswer (a page of one tab, with every tab's count)
  export: '/api/v1/ndr/export', // GET NdrListQuery → text/csv (spec columns)
  one: (ndrId: number | string) => `/api/v1/ndr/${ndrId}`, // GET → NdrDetail
  action: (ndrId: number | string) => `/api/v1/ndr/${ndrId}/action`, // POST NdrActionRequest → NdrActionOutcome
  bulkAction: '/api/v1/ndr/bulk-action', // POST NdrBulkRequest → NdrBulkAnswer (per-item outcomes)
  evidence: '/api/v1/ndr/evidence', // POST multipart 'file' (PNG, JPEG or WEBP up to 1 MB) → { fileId, url } for a fake-attempt report
  rto: '/api/v1/rto', // GET RtoListQuery → RtoListAnswer
  rtoAcknowledge: (orderId: number | string) => `/api/v1/rto/${orderId}/acknowledge`, // POST RtoAckRequest → RtoRow
  /** staff: courier codes no mapping table knew, with how often they came */
  unknownCodes: '/api/v1/corporate/courier-codes/unknown', // GET → UnknownCourierCode[]
  /** the spec's "NDR search and action v2" (seller token; the v1 calls above are the app's) */
  searchV2: '/api/v2/ndr/search', // POST NdrSearchV2Request → NdrSearchV2Answer
  actionV2: '/api/v2/ndr/action', // POST NdrActionV2Request → NdrBulkAnswer
  /** the buyer's page (public, by the token of the SMS/email link) */
  buyer: (token: string) => `/rest/v1/ndr/${token}`, // GET → BuyerNdrView; POST BuyerNdrAnswer → BuyerNdrView
} as const;

/** The buyer page's address in the SMS/email link (the browser route the ui serves). */
export const NDR_BUYER_PAGE = (token: string) => `/ndr/${token}`;

/** Our reasons a delivery failed; each courier's codes map onto these (server/carriers/courier-codes.ts). */
export const NDR_REASONS = {
  CONSIGNEE_UNAVAILABLE: 'Consignee unavailable',
  REFUSED: 'Refused by the buyer',
  ADDRESS_ISSUE: 'Address incomplete or wrong',
  NOT_CONTACTABLE: 'Buyer not contactable',
  FUTURE_DELIVERY: 'Buyer asked for a later date',
  COD_NOT_READY: 'COD amount not ready',
  AREA_NOT_REACHABLE: 'Area not reachable',
  COURIER_FAILURE: "Courier's own failure or suspected fake attempt",
  OTHER: 'Other',
} as const;
export type NdrReason = keyof typeof NDR_REASONS;
export const NDR_REASON_CODES = Object.keys(NDR_REASONS) as NdrReason[];

/** What can be done about a failed attempt. */
export const NDR_ACTIONS = {
  REATTEMPT: 'Re-attempt delivery',
  CHANGE_ADDRESS: 'Change address',
  CHANGE_PHONE: 'Change phone',
  RTO: 'Return to origin',
  FAKE_ATTEMPT: 'Report a fake attempt',
} as const;
export type NdrActionKind = keyof typeof NDR_ACTIONS;
export const NDR_ACTION_KINDS = Object.keys(NDR_ACTIONS) as NdrActionKind[];

/** Each action's fields: required ones must be given; optional ones may be (the form shows both). */
export const NDR_ACTION_FIELDS: Record<
  NdrActionKind,
  { required: readonly NdrField[]; optional: readonly NdrField[] }
> = {
  // a date is required when the buyer asked for a later one (ndr-rules: reattemptDateRequired)
  REATTEMPT: { required: [], optional: ['reattemptDate', 'remarks'] },
  CHANGE_ADDRESS: {
    required: ['addressLine1', 'landmark', 'pincode'],
    optional: ['addressLine2', 'reattemptDate', 'remarks'],
  },
  CHANGE_PHONE: { required: ['phone'], optional: ['reattemptDate', 'remarks'] },
  RTO: { required: [], optional: ['remarks'] },
  // the courier is told the attempt was not real and tries again
  FAKE_ATTEMPT: { required: ['remarks'], optional: ['evidenceFileIds', 'reattemptDate'] },
};
export type NdrField =
  'reattemptDate' | 'addressLine1' | 'addressLine2' | 'landmark' | 'pincode' | 'phone' | 'remarks' | 'evidenceFileIds';

/** Who acted on an NDR. */
export const NDR_ACTION_SOURCES = ['SELLER', 'BUYER', 'AUTO', 'STAFF'] as const;
export type NdrActionSource = (typeof NDR_ACTION_SOURCES)[number];

/** A record's state; SUPERSEDED is an earlier attempt of a parcel that failed again (in no tab). */
export const NDR_STATUSES = ['ACTION_REQUIRED', 'ACTION_TAKEN', 'DELIVERED', 'RTO', 'SUPERSEDED'] as const;
export type NdrStatus = (typeof NDR_STATUSES)[number];

/** The NDR screen's tabs (each is one NdrStatus). */
export const NDR_TABS = {
  ACTION_REQUIRED: 'Action required',
  ACTION_TAKEN: 'Action taken',
  DELIVERED: 'Delivered after NDR',
  RTO: 'RTO',
} as const;
export type NdrTab = keyof typeof NDR_TABS;
export const NDR_TAB_CODES = Object.keys(NDR_TABS) as NdrTab[];

export const NDR_SORT_COLUMNS = ['raisedAt', 'deadlineAt', 'attempt'] as const;

const nullableString = v.nullable(v.string());
const picklistOf = <T extends string>(o: Record<T, string>) => v.picklist(Object.keys(o) as [T, ...T[]]);
const PaymentMethodSchema = v.picklist(['PPD', 'COD']);
const NdrReasonSchema = picklistOf(NDR_REASONS);
const NdrActionKindSchema = picklistOf(NDR_ACTIONS);
const NdrActionSourceSchema = v.picklist(NDR_ACTION_SOURCES);
const NdrStatusSchema = v.picklist(NDR_STATUSES);

/** Where the courier takes the parcel: the order's shipping address as it stands. */
export const DeliveryAddressSchema = v.object({
  line1: v.string(),
  line2: v.string(),
  pincode: v.string(),
  city: v.string(),
  state: v.string(),
});
export type DeliveryAddress = v.InferOutput<typeof DeliveryAddressSchema>;

export const NdrRowSchema = v.object({
  ndrId: v.number(),
  orderId: v.number(),
  orderNumber: v.string(),
  /** spec column channelName */
  channelName: v.string(),
  customerName: v.string(),
  customerPhone: v.string(),
  carrierCode: v.string(),
  carrierName: v.string(),
  awb: v.string(),
  attempt: v.number(),
  reason: NdrReasonSchema,
  reasonText: v.string(),
  /** spec column exceptionInfo: the courier's own code and words */
  courierReasonCode: v.string(),
  exceptionInfo: v.string(),
  raisedAt: v.string(),
  deadlineAt: v.string(),
  status: NdrStatusSchema,
  /** spec column action: what was done, null while action is required */
  action: v.nullable(NdrActionKindSchema),
  actionSource: v.nullable(NdrActionSourceSchema),
  actionAt: nullableString,
  paymentMethod: PaymentMethodSchema,
  codAmountPaise: v.number(),
  /** what the seller may do now (empty once acted on) */
  allowedActions: v.array(NdrActionKindSchema),
  /** the courier's answer to the action: "Re-attempt requested; courier confirmed 02:02 pm", or null before one */
  courierAnswer: nullableString,
  /** the address the courier has: a change of address starts from it */
  shippingAddress: DeliveryAddressSchema,
});
export type NdrRow = v.InferOutput<typeof NdrRowSchema>;

/** A page of one tab (the list and the spec's v2 search), with every tab's count under the same filters. */
export const NdrListAnswerSchema = v.object({
  ...pagedSchema(NdrRowSchema).entries,
  /** per tab, under the same filters, counted up to 10,000 (the orders list's cap) */
  counts: countsSchema(NDR_TAB_CODES),
  /** tabs with more than their count says (the UI shows "10,000+") */
  cappedTabs: v.array(picklistOf(NDR_TABS)),
  /** the seller's setting for an NDR nobody answers in time (the page states the rule from it) */
  noAnswerAction: v.picklist(['REATTEMPT', 'RTO']),
});
export type NdrListAnswer = v.InferOutput<typeof NdrListAnswerSchema>;

/** What was asked of the courier with an action (stored with each history row). */
export const NdrActionPayloadSchema = v.object({
  reattemptDate: v.optional(v.string()),
  addressLine1: v.optional(v.string()),
  addressLine2: v.optional(v.string()),
  landmark: v.optional(v.string()),
  pincode: v.optional(v.string()),
  phone: v.optional(v.string()),
  remarks: v.optional(v.string()),
  /** ids of images uploaded with API_NDR.evidence */
  evidenceFileIds: v.optional(v.array(v.string())),
  /** the buyer declined the parcel (source BUYER) */
  declined: v.optional(v.boolean()),
});
export type NdrActionPayload = v.InferOutput<typeof NdrActionPayloadSchema>;

/** Where one action stands after the call. */
export const NdrActionOutcomeSchema = v.object({
  ndrId: v.number(),
  status: NdrStatusSchema,
  action: NdrActionKindSchema,
  actionSource: NdrActionSourceSchema,
  /** the courier's reference for the request */
  courierRef: nullableString,
  actionAt: v.string(),
});
export type NdrActionOutcome = v.InferOutput<typeof NdrActionOutcomeSchema>;

/** Each NDR's outcome of an action on many (the app's bulk call and the spec's v2 action). */
export const NdrBulkAnswerSchema = v.object({
  results: v.array(
    v.variant('ok', [
      v.object({ ndrId: v.number(), ok: v.literal(true), outcome: NdrActionOutcomeSchema }),
      v.object({ ndrId: v.number(), ok: v.literal(false), errorMessage: v.string() }),
    ]),
  ),
  applied: v.number(),
  refused: v.number(),
});
export type NdrBulkAnswer = v.InferOutput<typeof NdrBulkAnswerSchema>;

/** An uploaded image for a fake-attempt report. */
export const NdrEvidenceSchema = v.object({ fileId: v.string(), url: v.string() });

export const NdrHistoryRowSchema = v.object({
  at: v.string(),
  action: NdrActionKindSchema,
  source: NdrActionSourceSchema,
  /** APPLIED (sent to the courier) or NOT_APPLIED (note says why: someone acted first, …) */
  outcome: v.picklist(['APPLIED', 'NOT_APPLIED']),
  note: v.string(),
  payload: NdrActionPayloadSchema,
});
export type NdrHistoryRow = v.InferOutput<typeof NdrHistoryRowSchema>;

export const NdrDetailSchema = v.object({
  ...NdrRowSchema.entries,
  customerEmail: v.string(),
  /** every failed attempt of the parcel, first first */
  attempts: v.array(
    v.object({
      attempt: v.number(),
      reason: NdrReasonSchema,
      reasonText: v.string(),
      exceptionInfo: v.string(),
      raisedAt: v.string(),
    }),
  ),
  history: v.array(NdrHistoryRowSchema),
  /** the re-attempt date window (yyyy-mm-dd, IST) */
  reattemptDates: v.object({ min: v.string(), max: v.string() }),
  /** the reason asks for a date with a re-attempt */
  reattemptDateRequired: v.boolean(),
});
export type NdrDetail = v.InferOutput<typeof NdrDetailSchema>;

// ---- the buyer's page ----

export const BUYER_NDR_ANSWERS = {
  REATTEMPT: 'I still want it',
  UPDATE_DETAILS: 'Correct my address or phone',
  DECLINE: 'I do not want it',
} as const;
export type BuyerNdrAnswerKind = keyof typeof BUYER_NDR_ANSWERS;

/** A buyer's answer after the NDR was settled (by the seller, or by the buyer's earlier answer): noted, not applied (409). */
export const buyerAnswerTooLate = (settledBy: 'BUYER' | 'SELLER') =>
  settledBy === 'BUYER'
    ? 'You answered this failed delivery already: your new answer was noted but not applied'
    : 'The seller acted on this failed delivery first: your answer was noted but not applied';

export const BuyerNdrViewSchema = v.object({
  brandName: v.string(),
  logoUrl: nullableString,
  orderNumber: v.string(),
  carrierName: v.string(),
  /** the parcel's items, e.g. "2 items" with the first name */
  parcel: v.string(),
  paymentMethod: PaymentMethodSchema,
  codAmountPaise: v.number(),
  attempt: v.number(),
  reason: NdrReasonSchema,
  reasonText: v.string(),
  /** a masked view of what the courier has, to correct */
  addressHint: v.string(),
  /**
   * The delivery address in full: the buyer opened their own link, and corrects it from what the
   * courier has (the phone stays masked). docs/decisions/ndr-answers.md.
   */
  address: DeliveryAddressSchema,
  phoneHint: v.string(),
  /** the seller's setting for an NDR nobody answers (the page states what happens) */
  noAnswerAction: v.picklist(['REATTEMPT', 'RTO']),
  /** answers the buyer may still give (empty once the NDR was acted on) */
  options: v.array(picklistOf(BUYER_NDR_ANSWERS)),
  dates: v.object({ min: v.string(), max: v.string() }),
  /** what happened already: the buyer's own answer or the seller's action */
  answered: v.nullable(v.object({ by: v.picklist(['BUYER', 'SELLER']), answer: v.string(), at: v.string() })),
});
export type BuyerNdrView = v.InferOutput<typeof BuyerNdrViewSchema>;

// ---- returns to origin ----

export const RTO_STAGES = {
  INITIATED: 'RTO initiated',
  IN_TRANSIT: 'RTO in transit',
  UNDELIVERED: 'Return delivery failed',
  HELD: 'Held at the courier',
  DELIVERED: 'RTO delivered',
} as const;
export type RtoStage = keyof typeof RTO_STAGES;

/** The RTO view's tabs: in transit holds the failed and held returns too. */
export const RTO_TABS = {
  INITIATED: 'RTO initiated',
  IN_TRANSIT: 'RTO in transit',
  DELIVERED: 'RTO delivered',
} as const;
export type RtoTab = keyof typeof RTO_TABS;

export const RTO_ACKS = {
  RECEIVED: 'Received in good condition',
  DAMAGED: 'Received damaged',
  NOT_RECEIVED: 'Not received',
} as const;
export type RtoAck = keyof typeof RTO_ACKS;

export const RtoRowSchema = v.object({
  orderId: v.number(),
  orderNumber: v.string(),
  shipmentId: v.number(),
  awb: v.string(),
  carrierCode: v.string(),
  carrierName: v.string(),
  customerName: v.string(),
  paymentMethod: PaymentMethodSchema,
  stage: picklistOf(RTO_STAGES),
  stageText: v.string(),
  initiatedAt: nullableString,
  deliveredAt: nullableString,
  /** the RTO charge with GST, as debited */
  rtoChargePaise: v.number(),
  /** the COD fee given back for a COD parcel that came back (0 for prepaid) */
  codFeeRefundPaise: v.number(),
  ack: v.nullable(picklistOf(RTO_ACKS)),
  ackNote: v.string(),
  ackAt: nullableString,
});
export type RtoRow = v.InferOutput<typeof RtoRowSchema>;

export const RtoListAnswerSchema = v.object({
  ...pagedSchema(RtoRowSchema).entries,
  counts: countsSchema(Object.keys(RTO_TABS) as RtoTab[]),
});
export type RtoListAnswer = v.InferOutput<typeof RtoListAnswerSchema>;

// ---- staff ----

export const UnknownCourierCodeSchema = v.object({
  carrierCode: v.string(),
  kind: v.picklist(['STATUS', 'NDR_REASON']),
  code: v.string(),
  count: v.number(),
  firstSeenAt: v.string(),
  lastSeenAt: v.string(),
  sampleAwb: v.string(),
  sampleText: v.string(),
});
export type UnknownCourierCode = v.InferOutput<typeof UnknownCourierCodeSchema>;
