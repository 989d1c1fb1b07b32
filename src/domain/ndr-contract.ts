import type { Paged } from './account-contract';

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

/** GET list/export query (strings on the wire; dates yyyy-mm-dd, IST, on raisedAt). */
export interface NdrListQuery {
  tab?: NdrTab; // default ACTION_REQUIRED
  carrierCode?: string;
  reason?: NdrReason;
  attempt?: number;
  fromDate?: string;
  toDate?: string;
  paymentMethod?: 'PPD' | 'COD';
  /** order number or AWB, exact; buyer name prefix */
  searchPattern?: string;
  sortBy?: (typeof NDR_SORT_COLUMNS)[number]; // default raisedAt
  sortOrder?: 'ASC' | 'DESC'; // default DESC
  pageNumber?: number;
  recordsPerPage?: number;
}

export interface NdrRow {
  ndrId: number;
  orderId: number;
  orderNumber: string;
  /** spec column channelName */
  channelName: string;
  customerName: string;
  customerPhone: string;
  carrierCode: string;
  carrierName: string;
  awb: string;
  attempt: number;
  reason: NdrReason;
  reasonText: string;
  /** spec column exceptionInfo: the courier's own code and words */
  courierReasonCode: string;
  exceptionInfo: string;
  raisedAt: string;
  deadlineAt: string;
  status: NdrStatus;
  /** spec column action: what was done, null while action is required */
  action: NdrActionKind | null;
  actionSource: NdrActionSource | null;
  actionAt: string | null;
  paymentMethod: 'PPD' | 'COD';
  codAmountPaise: number;
  /** what the seller may do now (empty once acted on) */
  allowedActions: NdrActionKind[];
}

export interface NdrListAnswer extends Paged<NdrRow> {
  /** per tab, under the same filters, counted up to 10,000 (the orders list's cap) */
  counts: Record<NdrTab, number>;
  /** tabs with more than their count says (the UI shows "10,000+") */
  cappedTabs: NdrTab[];
}

export interface NdrActionPayload {
  reattemptDate?: string;
  addressLine1?: string;
  addressLine2?: string;
  landmark?: string;
  pincode?: string;
  phone?: string;
  remarks?: string;
  /** ids of images uploaded with API_NDR.evidence */
  evidenceFileIds?: string[];
  /** the buyer declined the parcel (source BUYER) */
  declined?: boolean;
}

export interface NdrActionRequest extends NdrActionPayload {
  action: NdrActionKind;
}

export interface NdrBulkRequest extends NdrActionRequest {
  ndrIds: number[];
}

/** Where one action stands after the call. */
export interface NdrActionOutcome {
  ndrId: number;
  status: NdrStatus;
  action: NdrActionKind;
  actionSource: NdrActionSource;
  /** the courier's reference for the request */
  courierRef: string | null;
  actionAt: string;
}

export interface NdrBulkAnswer {
  results: (
    { ndrId: number; ok: true; outcome: NdrActionOutcome } | { ndrId: number; ok: false; errorMessage: string }
  )[];
  applied: number;
  refused: number;
}

export interface NdrHistoryRow {
  at: string;
  action: NdrActionKind;
  source: NdrActionSource;
  /** APPLIED (sent to the courier) or NOT_APPLIED (note says why: someone acted first, …) */
  outcome: 'APPLIED' | 'NOT_APPLIED';
  note: string;
  payload: NdrActionPayload;
}

export interface NdrDetail extends NdrRow {
  shippingAddress: { line1: string; line2: string; pincode: string; city: string; state: string };
  customerEmail: string;
  /** every failed attempt of the parcel, first first */
  attempts: { attempt: number; reason: NdrReason; reasonText: string; exceptionInfo: string; raisedAt: string }[];
  history: NdrHistoryRow[];
  /** the re-attempt date window (yyyy-mm-dd, IST) */
  reattemptDates: { min: string; max: string };
  /** the reason asks for a date with a re-attempt */
  reattemptDateRequired: boolean;
}

/** The spec's v2 search: the list's filters in a body. */
export interface NdrSearchV2Request extends Omit<NdrListQuery, 'attempt' | 'pageNumber' | 'recordsPerPage'> {
  attempt?: number;
  pageNumber?: number;
  recordsPerPage?: number;
}
export type NdrSearchV2Answer = NdrListAnswer;
export type NdrActionV2Request = NdrBulkRequest;

// ---- the buyer's page ----

export const BUYER_NDR_ANSWERS = {
  REATTEMPT: 'I still want it',
  UPDATE_DETAILS: 'Correct my address or phone',
  DECLINE: 'I do not want it',
} as const;
export type BuyerNdrAnswerKind = keyof typeof BUYER_NDR_ANSWERS;

export interface BuyerNdrView {
  brandName: string;
  logoUrl: string | null;
  orderNumber: string;
  carrierName: string;
  /** the parcel's items, e.g. "2 items" with the first name */
  parcel: string;
  paymentMethod: 'PPD' | 'COD';
  codAmountPaise: number;
  attempt: number;
  reason: NdrReason;
  reasonText: string;
  /** a masked view of what the courier has, to correct */
  addressHint: string;
  phoneHint: string;
  /** answers the buyer may still give (empty once the NDR was acted on) */
  options: BuyerNdrAnswerKind[];
  dates: { min: string; max: string };
  /** what happened already: the buyer's own answer or the seller's action */
  answered: { by: 'BUYER' | 'SELLER'; answer: string; at: string } | null;
}

export interface BuyerNdrAnswer {
  answer: BuyerNdrAnswerKind;
  preferredDate?: string;
  addressLine1?: string;
  addressLine2?: string;
  landmark?: string;
  pincode?: string;
  phone?: string;
}

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

export interface RtoListQuery {
  tab?: RtoTab; // default INITIATED
  carrierCode?: string;
  fromDate?: string;
  toDate?: string;
  pageNumber?: number;
  recordsPerPage?: number;
}

export interface RtoRow {
  orderId: number;
  orderNumber: string;
  shipmentId: number;
  awb: string;
  carrierCode: string;
  carrierName: string;
  customerName: string;
  paymentMethod: 'PPD' | 'COD';
  stage: RtoStage;
  stageText: string;
  initiatedAt: string | null;
  deliveredAt: string | null;
  /** the RTO charge with GST, as debited */
  rtoChargePaise: number;
  /** the COD fee given back for a COD parcel that came back (0 for prepaid) */
  codFeeRefundPaise: number;
  ack: RtoAck | null;
  ackNote: string;
  ackAt: string | null;
}

export interface RtoListAnswer extends Paged<RtoRow> {
  counts: Record<RtoTab, number>;
}

export interface RtoAckRequest {
  outcome: RtoAck;
  note?: string;
}

// ---- staff ----

export interface UnknownCourierCode {
  carrierCode: string;
  kind: 'STATUS' | 'NDR_REASON';
  code: string;
  count: number;
  firstSeenAt: string;
  lastSeenAt: string;
  sampleAwb: string;
  sampleText: string;
}
