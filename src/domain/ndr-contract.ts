import * as v from 'valibot';
import { countsSchema } from './account-contract';
import { pagedSchema } from './paged';
import { operation } from './operation';
import { numericId } from './params';
import { listExportOf, listQuerySchema, pagingEntries } from './paging';
import {
  BuyerNdrAnswerBody,
  NdrActionBody,
  NdrBulkBody,
  NdrSearchV2Body,
  ndrFilterEntries,
  RtoAckBody,
  rtoFilterEntries,
} from './schemas/ndr';
import {
  BUYER_NDR_ANSWERS,
  NDR_ACTION_SOURCES,
  NDR_ACTIONS,
  NDR_REASONS,
  NDR_STATUSES,
  NDR_TAB_CODES,
  NDR_TABS,
  RTO_ACKS,
  RTO_STAGES,
  RTO_TABS,
  type RtoTab,
} from './ndr-codes';

// Paths and shapes of failed deliveries (NDR), the buyer's NDR page and returns to origin (RTO).
// Seller calls under /api/v1 (and the spec's "NDR search and action v2" under /api/v2); the
// buyer's page calls under /rest/v1 with the signed token of its SMS link, never the AWB.

export * from './ndr-codes';

/** The buyer page's address in the SMS/email link (the browser route the ui serves). */
export const NDR_BUYER_PAGE = (token: string) => `/ndr/${token}`;

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

// The operations: each declared once, served by server/modules/ndr/routes.ts, sent by the browser
// with call() and by the server's tests with the same typed call. The seller's calls under
// /api/v1 (and the spec's "NDR search and action v2" under /api/v2); the buyer's page under
// /rest/v1 with the signed token of its SMS link, never the AWB.

const TAG = 'ndr';
const DAY_RANGES = [['fromDate', 'toDate']] as const;
const NdrParam = v.object({ ndrId: numericId('ndrId') });
const OrderParam = v.object({ orderId: numericId('orderId') });
const TokenParam = v.object({ token: v.pipe(v.string(), v.maxLength(64, 'token is too long')) });
/** The 413 of an image over 1 MB (server/modules/files/service.ts IMAGE_TOO_LARGE) */
const IMAGE_TOO_LARGE = 'Image must be at most 1 MB';
const NOT_THEIRS = 'no such NDR of this seller';
const NOT_A_LINK = 'not a valid link';
const list = operation({
  method: 'get',
  path: '/api/v1/ndr',
  tag: TAG,
  query: listQuerySchema({ ...pagingEntries, ...ndrFilterEntries }, DAY_RANGES),
  summary: 'A page of one NDR tab (action required, action taken, delivered after NDR, RTO) with every tab’s count',
  returns: 'NdrListAnswer',
  response: NdrListAnswerSchema,
});

export const API_NDR = {
  list,
  export: listExportOf(list, 'ndr', ndrFilterEntries, DAY_RANGES),
  bulkAction: operation({
    method: 'post',
    path: '/api/v1/ndr/bulk-action',
    tag: TAG,
    body: NdrBulkBody,
    summary: 'One action on many NDRs; each answers for itself (applied, or why not)',
    returns: 'NdrBulkAnswer',
    response: NdrBulkAnswerSchema,
  }),
  evidence: operation({
    method: 'post',
    path: '/api/v1/ndr/evidence',
    tag: TAG,
    multipart: true,
    summary: 'Upload an image as evidence of a fake delivery attempt (field "file"; PNG, JPEG or WEBP up to 1 MB)',
    errors: { 413: IMAGE_TOO_LARGE, 415: 'not a PNG, JPEG or WEBP image' },
    returns: '{ fileId, url }',
    response: NdrEvidenceSchema,
  }),
  one: operation({
    method: 'get',
    path: '/api/v1/ndr/:ndrId',
    tag: TAG,
    params: NdrParam,
    summary: 'One NDR with every failed attempt of its parcel and the actions asked for',
    errors: { 404: NOT_THEIRS },
    returns: 'NdrDetail',
    response: NdrDetailSchema,
  }),
  action: operation({
    method: 'post',
    path: '/api/v1/ndr/:ndrId/action',
    tag: TAG,
    params: NdrParam,
    body: NdrActionBody,
    summary: 'Act on an NDR: re-attempt, change address or phone, return to origin, or report a fake attempt',
    errors: {
      404: NOT_THEIRS,
      409: 'acted on already, not possible for its reason, or the courier refused',
    },
    returns: 'NdrActionOutcome',
    response: NdrActionOutcomeSchema,
  }),
  rto: operation({
    method: 'get',
    path: '/api/v1/rto',
    tag: TAG,
    query: listQuerySchema({ ...pagingEntries, ...rtoFilterEntries }, DAY_RANGES),
    summary: 'Returns to origin by stage (initiated, in transit, delivered) with their charges',
    returns: 'RtoListAnswer',
    response: RtoListAnswerSchema,
  }),
  rtoAcknowledge: operation({
    method: 'post',
    path: '/api/v1/rto/:orderId/acknowledge',
    tag: TAG,
    params: OrderParam,
    body: RtoAckBody,
    summary: 'The seller’s word on a returned parcel: received fine, damaged, or not received',
    errors: { 404: 'no return to origin for this order', 409: 'acknowledged already with another word' },
    returns: 'RtoRow',
    response: RtoRowSchema,
  }),
  /** staff: courier codes no mapping table knew, with how often they came */
  unknownCodes: operation({
    method: 'get',
    path: '/api/v1/corporate/courier-codes/unknown',
    tag: TAG,
    summary: 'Courier status and NDR reason codes no mapping table knew, most frequent first',
    returns: 'UnknownCourierCode[]',
    response: v.array(UnknownCourierCodeSchema),
  }),
  /** the spec's "NDR search and action v2" (seller token; the v1 calls above are the app's) */
  searchV2: operation({
    method: 'post',
    path: '/api/v2/ndr/search',
    tag: TAG,
    body: NdrSearchV2Body,
    summary: 'NDR search (v2): the list’s filters in the body',
    returns: 'NdrListAnswer',
    response: NdrListAnswerSchema,
  }),
  actionV2: operation({
    method: 'post',
    path: '/api/v2/ndr/action',
    tag: TAG,
    body: NdrBulkBody,
    summary: 'NDR action (v2): one action on one or more NDRs, with per-item outcomes',
    returns: 'NdrBulkAnswer',
    response: NdrBulkAnswerSchema,
  }),
  /** the buyer's page (public, by the token of the SMS/email link) */
  buyer: operation({
    method: 'get',
    path: '/rest/v1/ndr/:token',
    tag: TAG,
    params: TokenParam,
    summary: 'The buyer’s NDR page by the token of its SMS/email link',
    errors: { 404: NOT_A_LINK },
    returns: 'BuyerNdrView',
    response: BuyerNdrViewSchema,
  }),
  buyerAnswer: operation({
    method: 'post',
    path: '/rest/v1/ndr/:token',
    tag: TAG,
    params: TokenParam,
    body: BuyerNdrAnswerBody,
    summary: 'The buyer’s answer: still wants it (a date), corrected address or phone, or declines it',
    errors: {
      404: NOT_A_LINK,
      409: 'answered already (by the seller or an earlier answer: noted, not applied), or the courier refused',
      429: 'too many answers from this link',
    },
    returns: 'BuyerNdrView',
    response: BuyerNdrViewSchema,
  }),
};
