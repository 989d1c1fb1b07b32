import * as v from 'valibot';
import { CARRIER_CODES } from '../shipping/carriers';
import {
  ALL_SUB_REASON_CODES,
  QC_CHECK_KINDS,
  QC_FILTERS,
  QC_NEEDS_EXPECTED,
  REFUND_DECISION_CODES,
  RETURN_REASON_CODES,
  RETURN_REQUEST_STATES,
  RETURN_TAB_CODES,
  RETURN_TO_KINDS,
  RETURN_WINDOW_MAX_DAYS,
  subReasonOf,
  type QcFilter,
  type ReturnRequestState,
} from '../returns';
import { AddressBody, buyerContactEntries, ORDER_NUMBER, OrderItemBody, ORDER_SOURCES } from './order';
import { ShipBody } from './shipping';
import { decimalField, isoDayField, recordIdField, wholeNumberField } from './fields';
import { SORT_ORDER_TEXT, oneOf } from './choice';

// Inputs of returns: a return of a delivered order, a standalone return (an order sold
// elsewhere), booking its reverse pickup, cancelling it, the exchange, the seller's settings, the
// buyer's request and the seller's word on it, and the returns list's filters. Messages start
// with the field's key; labels.ts turns it into the label the seller reads.

const text = (field: string, max: number) =>
  v.pipe(v.string(`${field} must be text`), v.trim(), v.maxLength(max, `${field} must be at most ${max} characters`));
const required = (field: string, min: number, max: number) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.minLength(min, `${field} must be ${min} to ${max} characters`),
    v.maxLength(max, `${field} must be ${min} to ${max} characters`),
  );

const fileIds = (field: string, max: number) =>
  v.pipe(
    v.array(
      v.pipe(v.string(`${field} must be file ids`), v.regex(/^[A-Za-z0-9_-]{10,40}$/, `${field} must be file ids`)),
      `${field} must be a list of file ids`,
    ),
    v.maxLength(max, `${field}: at most ${max} images`),
  );

export const reasonField = oneOf(RETURN_REASON_CODES, 'reason');
export const subReasonField = v.picklist(
  ALL_SUB_REASON_CODES as [string, ...string[]],
  'subReason must be one of the reason’s sub-reasons',
);
const SUB_REASON_MISMATCH = 'subReason is not one of the reason’s sub-reasons';
const subReasonFits = (o: { reason: string; subReason: string }) => subReasonOf(o.reason, o.subReason);

export const QcCheckBody = v.object({
  kind: oneOf(QC_CHECK_KINDS, 'kind'),
  /** what the courier compares against; required for colour, size and serial */
  expected: v.optional(text('expected', 100), ''),
});

export const QcBody = v.pipe(
  v.object({
    checks: v.pipe(
      v.array(QcCheckBody, 'qcChecks must be a list'),
      v.minLength(1, 'qcChecks: choose at least one check'),
      v.maxLength(QC_CHECK_KINDS.length, `qcChecks: at most ${QC_CHECK_KINDS.length} checks`),
    ),
  }),
  v.forward(
    v.check(
      (q) => new Set(q.checks.map((c) => c.kind)).size === q.checks.length,
      'qcChecks: each check may be chosen once',
    ),
    ['checks'],
  ),
  v.forward(
    v.check(
      (q) => q.checks.every((c) => !QC_NEEDS_EXPECTED.includes(c.kind) || c.expected !== ''),
      'qcChecks: colour, size and serial checks need the value the courier compares against',
    ),
    ['checks'],
  ),
);
export type QcInput = v.InferOutput<typeof QcBody>;

const commonEntries = {
  /** the client's key for this request; a repeat with it creates nothing new */
  idempotencyKey: ShipBody.entries.idempotencyKey,
  reason: reasonField,
  subReason: subReasonField,
  comment: v.optional(text('comment', 500), ''),
  photoFileIds: v.optional(fileIds('photoFileIds', 5), []),
  returnToKind: oneOf(RETURN_TO_KINDS, 'returnToKind'),
  returnToId: recordIdField('returnToId'),
  /** a doorstep quality check, charged; none when absent */
  qc: v.optional(v.nullable(QcBody), null),
  refundDecision: oneOf(REFUND_DECISION_CODES, 'refundDecision'),
};

const dimensionEntries = {
  lengthCm: decimalField('lengthCm', { above: 0, max: 300, unit: 'cm' }),
  breadthCm: decimalField('breadthCm', { above: 0, max: 300, unit: 'cm' }),
  heightCm: decimalField('heightCm', { above: 0, max: 300, unit: 'cm' }),
  deadWeightKg: decimalField('deadWeightKg', { above: 0, max: 100, unit: 'kg' }),
};

export const ReturnItemBody = v.object({
  orderItemId: recordIdField('orderItemId'),
  quantity: wholeNumberField('quantity', 1, 10_000),
});

/** A return of a delivered forward order: items and quantities out of that order. */
export const InitiateReturnBody = v.pipe(
  v.object({
    forwardOrderId: recordIdField('forwardOrderId'),
    items: v.pipe(
      v.array(ReturnItemBody, 'items must be a list'),
      v.minLength(1, 'items: choose at least one product to return'),
      v.maxLength(100, 'items: at most 100 lines'),
    ),
    ...commonEntries,
    /** the parcel coming back, when it differs from the forward one */
    lengthCm: v.optional(dimensionEntries.lengthCm),
    breadthCm: v.optional(dimensionEntries.breadthCm),
    heightCm: v.optional(dimensionEntries.heightCm),
    deadWeightKg: v.optional(dimensionEntries.deadWeightKg),
  }),
  v.forward(
    v.check((o) => subReasonFits(o), SUB_REASON_MISMATCH),
    ['subReason'],
  ),
  v.forward(
    v.check(
      (o) => new Set(o.items.map((i) => i.orderItemId)).size === o.items.length,
      'items: each product may be listed once',
    ),
    ['items'],
  ),
);
export type InitiateReturnInput = v.InferOutput<typeof InitiateReturnBody>;

const standaloneItem = v.object({
  name: OrderItemBody.entries.name,
  sku: OrderItemBody.entries.sku,
  quantity: OrderItemBody.entries.quantity,
  unitPrice: OrderItemBody.entries.unitPrice,
});

/** A return of an order sold elsewhere: the buyer, the products and the parcel given in full. */
export const StandaloneReturnBody = v.pipe(
  v.object({
    orderNumber: v.pipe(
      v.string('orderNumber is required'),
      v.trim(),
      v.regex(
        ORDER_NUMBER,
        'orderNumber may use letters, digits and - _ / # . (up to 40), starting with a letter or digit',
      ),
    ),
    channel: v.optional(oneOf(ORDER_SOURCES, 'channel', 'orderSource'), 'DAKIYA'),
    buyerName: required('buyerName', 2, 60),
    ...buyerContactEntries,
    buyerAddress: AddressBody,
    items: v.pipe(
      v.array(standaloneItem, 'items must be a list'),
      v.minLength(1, 'items: add at least one product'),
      v.maxLength(100, 'items: at most 100 lines'),
    ),
    ...commonEntries,
    ...dimensionEntries,
  }),
  v.forward(
    v.check((o) => subReasonFits(o), SUB_REASON_MISMATCH),
    ['subReason'],
  ),
);
export type StandaloneReturnInput = v.InferOutput<typeof StandaloneReturnBody>;

/** Book the reverse pickup (or move it to another courier): the forward ship's body. */
export const ReturnShipBody = ShipBody;
export type ReturnShipInput = v.InferOutput<typeof ReturnShipBody>;

export const CancelReturnBody = v.object({ reason: v.optional(text('reason', 300), '') });

/** The replacement: the forward order sent to the buyer, linked to the return as one case. */
export const ExchangeBody = v.object({
  /** the products to send; the returned ones when absent */
  items: v.optional(
    v.pipe(
      v.array(OrderItemBody, 'items must be a list'),
      v.minLength(1, 'items: add at least one product'),
      v.maxLength(100, 'items: at most 100 lines'),
    ),
  ),
  /** ship the replacement from here; the return-to address when absent */
  pickupAddressId: v.optional(recordIdField('pickupAddressId')),
});
export type ExchangeInput = v.InferOutput<typeof ExchangeBody>;

export const ReturnSettingsBody = v.object({
  returnWindowDays: wholeNumberField('returnWindowDays', 0, RETURN_WINDOW_MAX_DAYS),
  autoApprove: v.boolean('autoApprove must be true or false'),
  defaultReturnTo: v.optional(
    v.nullable(
      v.object({
        kind: oneOf(RETURN_TO_KINDS, 'returnToKind'),
        id: recordIdField('returnToId'),
      }),
    ),
    null,
  ),
});
export type ReturnSettingsInput = v.InferOutput<typeof ReturnSettingsBody>;

export const ApproveReturnRequestBody = v.object({
  /** where the parcel goes back to; the settings' default (else the first pickup address) when absent */
  returnToKind: v.optional(commonEntries.returnToKind),
  returnToId: v.optional(commonEntries.returnToId),
  qc: commonEntries.qc,
  refundDecision: v.optional(commonEntries.refundDecision, 'REFUND'),
});
export type ApproveReturnRequestInput = v.InferOutput<typeof ApproveReturnRequestBody>;

export const RejectReturnRequestBody = v.object({ note: required('note', 3, 300) });

/** The buyer's return request from the tracking page (public), with the link key. */
export const BuyerReturnRequestBody = v.pipe(
  v.object({
    key: v.pipe(
      v.string('key is required'),
      v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'key: use the link from your SMS or email'),
    ),
    items: v.pipe(
      v.array(ReturnItemBody, 'items must be a list'),
      v.minLength(1, 'items: choose at least one product to return'),
      v.maxLength(100, 'items: at most 100 lines'),
    ),
    reason: reasonField,
    subReason: subReasonField,
    comment: v.optional(text('comment', 500), ''),
    photoFileIds: v.optional(fileIds('photoFileIds', 5), []),
  }),
  v.forward(
    v.check((o) => subReasonFits(o), SUB_REASON_MISMATCH),
    ['subReason'],
  ),
);
export type BuyerReturnRequestInput = v.InferOutput<typeof BuyerReturnRequestBody>;

/** The link key as a query (?k=) on the buyer's GET and photo upload. */
export const BuyerKeyQuery = v.object({
  k: v.pipe(v.string('key is required'), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'key: use the link from your SMS or email')),
});

const keys = <T extends string>(o: Record<T, string>) => Object.keys(o) as [T, ...T[]];

/** The returns list's filters (query strings), shared by the list and its export. */
export const returnFilterEntries = {
  tab: v.optional(oneOf(RETURN_TAB_CODES, 'tab'), 'ALL'),
  fromDate: v.optional(isoDayField('fromDate')),
  toDate: v.optional(isoDayField('toDate')),
  carrierCode: v.optional(oneOf(CARRIER_CODES, 'carrierCode', 'courier')),
  reason: v.optional(reasonField),
  qc: v.optional(oneOf(keys<QcFilter>(QC_FILTERS), 'qc', QC_FILTERS)),
  refundDecision: v.optional(oneOf(REFUND_DECISION_CODES, 'refundDecision')),
  sortBy: v.optional(oneOf(['createdAt', 'returnNumber'], 'sortBy'), 'createdAt'),
  sortOrder: v.optional(oneOf(['ASC', 'DESC'], 'sortOrder', SORT_ORDER_TEXT), 'DESC'),
};

export const returnRequestFilterEntries = {
  requestState: v.optional(
    oneOf(keys<ReturnRequestState>(RETURN_REQUEST_STATES), 'requestState', RETURN_REQUEST_STATES),
    'PENDING',
  ),
};

/** GET list/export query (strings on the wire; dates yyyy-mm-dd, IST, on createdAt). */
export interface ReturnListQuery {
  tab?: (typeof RETURN_TAB_CODES)[number];
  fromDate?: string;
  toDate?: string;
  carrierCode?: string;
  reason?: (typeof RETURN_REASON_CODES)[number];
  qc?: QcFilter;
  refundDecision?: (typeof REFUND_DECISION_CODES)[number];
  /** return number, order number or AWB, exact; buyer name prefix */
  searchPattern?: string;
  sortBy?: 'createdAt' | 'returnNumber';
  sortOrder?: 'ASC' | 'DESC';
  pageNumber?: number;
  recordsPerPage?: number;
}

export interface ReturnRequestListQuery {
  requestState?: ReturnRequestState;
  searchPattern?: string;
  pageNumber?: number;
  recordsPerPage?: number;
}

/**
 * PUT a return's return-to address (spec section 7, addresses: "update by return order", the
 * return's twin of an order's sender address): a pickup address or warehouse of the seller's.
 */
export const ReturnAddressBody = v.object({
  returnToKind: commonEntries.returnToKind,
  returnToId: commonEntries.returnToId,
});
export type ReturnAddressInput = v.InferOutput<typeof ReturnAddressBody>;
