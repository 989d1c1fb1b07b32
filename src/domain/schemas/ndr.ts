import * as v from 'valibot';
import { CARRIER_CODES } from '../shipping/carriers';
import {
  BUYER_NDR_ANSWERS,
  NDR_ACTIONS,
  NDR_REASONS,
  NDR_SORT_COLUMNS,
  NDR_TABS,
  RTO_ACKS,
  RTO_TABS,
  type BuyerNdrAnswerKind,
  type NdrActionKind,
  type NdrReason,
  type NdrTab,
  type RtoAck,
  type RtoTab,
} from '../ndr-codes';
import { isoDayField, phoneField, recordIdField } from './fields';
import { addressText } from './address-text';
import { REMARKS_MAX } from '../remarks';
import { SORT_ORDER_TEXT, oneOf } from './choice';

// Inputs of failed deliveries: a seller's NDR action (one or many), the buyer's answer on the NDR
// page, the NDR and RTO lists' filters, and the seller's word on a returned parcel.

const keys = <T extends string>(o: Record<T, string>) => Object.keys(o) as [T, ...T[]];
const text = (field: string, max: number) =>
  v.pipe(v.string(`${field} must be text`), v.trim(), v.maxLength(max, `${field} must be at most ${max} characters`));
const pincode = (field: string) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.regex(/^[1-9]\d{5}$/, `${field} must be 6 digits and not start with 0`),
  );

const actionFields = {
  reattemptDate: v.optional(isoDayField('reattemptDate')),
  addressLine1: v.optional(v.pipe(text('addressLine1', 200), addressText('addressLine1'))),
  addressLine2: v.optional(v.pipe(text('addressLine2', 200), addressText('addressLine2'))),
  landmark: v.optional(v.pipe(text('landmark', 100), addressText('landmark'))),
  pincode: v.optional(pincode('pincode')),
  phone: v.optional(phoneField),
  remarks: v.optional(text('remarks', REMARKS_MAX)),
  evidenceFileIds: v.optional(
    v.pipe(
      v.array(
        v.pipe(
          v.string('evidenceFileIds must be file ids'),
          v.regex(/^[A-Za-z0-9_-]{10,40}$/, 'evidenceFileIds must be file ids'),
        ),
        'evidenceFileIds must be a list of file ids',
      ),
      v.maxLength(5, 'evidenceFileIds: at most 5 images'),
    ),
  ),
};

export const NdrActionBody = v.object({
  action: oneOf(keys<NdrActionKind>(NDR_ACTIONS), 'action', NDR_ACTIONS),
  ...actionFields,
});
export type NdrActionInput = v.InferOutput<typeof NdrActionBody>;

export const NdrBulkBody = v.object({
  ...NdrActionBody.entries,
  ndrIds: v.pipe(
    v.array(recordIdField('ndrIds'), 'ndrIds must be a list of NDR ids'),
    v.minLength(1, 'ndrIds: choose at least one NDR'),
    v.maxLength(200, 'ndrIds: at most 200 at a time'),
  ),
});

export const BuyerNdrAnswerBody = v.object({
  answer: oneOf(keys<BuyerNdrAnswerKind>(BUYER_NDR_ANSWERS), 'answer', BUYER_NDR_ANSWERS),
  preferredDate: v.optional(isoDayField('preferredDate')),
  addressLine1: actionFields.addressLine1,
  addressLine2: actionFields.addressLine2,
  landmark: actionFields.landmark,
  pincode: actionFields.pincode,
  phone: actionFields.phone,
});
export type BuyerNdrAnswerInput = v.InferOutput<typeof BuyerNdrAnswerBody>;

/** The list's filters (query strings), shared by the list, its export and the v2 search. */
export const ndrFilterEntries = {
  tab: v.optional(oneOf(keys<NdrTab>(NDR_TABS), 'tab', NDR_TABS), 'ACTION_REQUIRED'),
  carrierCode: v.optional(oneOf(CARRIER_CODES, 'carrierCode', 'courier')),
  reason: v.optional(oneOf(keys<NdrReason>(NDR_REASONS), 'reason', NDR_REASONS)),
  attempt: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]$/, 'attempt must be a whole number from 1 to 9'), v.transform(Number)),
  ),
  fromDate: v.optional(isoDayField('fromDate')),
  toDate: v.optional(isoDayField('toDate')),
  paymentMethod: v.optional(oneOf(['PPD', 'COD'], 'paymentMethod', 'paymentMethod')),
  sortBy: v.optional(oneOf(NDR_SORT_COLUMNS, 'sortBy'), 'raisedAt'),
  sortOrder: v.optional(oneOf(['ASC', 'DESC'], 'sortOrder', SORT_ORDER_TEXT), 'DESC'),
};

/** The v2 search: the list's filters in a JSON body (attempt and paging as numbers). */
export const NdrSearchV2Body = v.object({
  ...(Object.fromEntries(Object.entries(ndrFilterEntries).filter(([k]) => k !== 'attempt')) as Omit<
    typeof ndrFilterEntries,
    'attempt'
  >),
  attempt: v.optional(
    v.pipe(
      v.number('attempt must be a number'),
      v.integer('attempt must be a whole number'),
      v.minValue(1, 'attempt must be at least 1'),
      v.maxValue(9, 'attempt must be at most 9'),
    ),
  ),
  searchPattern: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'searchPattern is too long'))),
  pageNumber: v.optional(
    v.pipe(
      v.number('pageNumber must be a number'),
      v.integer('pageNumber must be a whole number'),
      v.minValue(0, 'pageNumber cannot be negative'),
      v.maxValue(100_000, 'pageNumber must be at most 100000'),
    ),
    0,
  ),
  recordsPerPage: v.optional(
    v.pipe(
      v.number('recordsPerPage must be a number'),
      v.integer('recordsPerPage must be a whole number'),
      v.minValue(1, 'recordsPerPage must be at least 1'),
      v.maxValue(100, 'recordsPerPage must be at most 100'),
    ),
    10,
  ),
});

export const RtoAckBody = v.object({
  outcome: oneOf(keys<RtoAck>(RTO_ACKS), 'outcome', RTO_ACKS),
  note: v.optional(text('note', 500), ''),
});

export const rtoFilterEntries = {
  tab: v.optional(oneOf(keys<RtoTab>(RTO_TABS), 'tab', RTO_TABS), 'INITIATED'),
  carrierCode: ndrFilterEntries.carrierCode,
  fromDate: ndrFilterEntries.fromDate,
  toDate: ndrFilterEntries.toDate,
};

export const NdrAutoActionBody = v.object({
  ndrAutoAction: oneOf(['REATTEMPT', 'RTO'], 'ndrAutoAction'),
});

// what the browser sends (the answers' shapes are in ndr-contract.ts)
export type NdrActionRequest = v.InferInput<typeof NdrActionBody>;
export type NdrBulkRequest = v.InferInput<typeof NdrBulkBody>;
export type BuyerNdrAnswer = v.InferInput<typeof BuyerNdrAnswerBody>;
export type RtoAckRequest = v.InferInput<typeof RtoAckBody>;
