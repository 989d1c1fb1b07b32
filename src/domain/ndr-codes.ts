// Failed deliveries' reasons, actions, statuses and tabs, the buyer's answers and the returns'
// stages and acknowledgements: read by the NDR contract, the request schemas
// (src/domain/schemas/ndr.ts) and the screens.

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

export const BUYER_NDR_ANSWERS = {
  REATTEMPT: 'I still want it',
  UPDATE_DETAILS: 'Correct my address or phone',
  DECLINE: 'I do not want it',
} as const;
export type BuyerNdrAnswerKind = keyof typeof BUYER_NDR_ANSWERS;

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
