import * as v from 'valibot';
import {
  DISCREPANCY_STATUSES,
  EVIDENCE_SLOTS,
  OUTCOMES,
  PRODUCT_CATEGORIES,
  FREEZE_STATUSES,
  WEIGHT_RULES,
  type EvidenceSlot,
} from '../weight-rules';
import { decimalField, isoDayField, wholeNumberField } from './fields';
import { MAX_PACKAGES } from '../split-shipments';
import { oneOf } from './choice';

// Inputs of weight discrepancies and weight freezes: the seller's dispute and escalation, the
// staff's decisions, the freeze request.

const FILE_ID = /^[A-Za-z0-9_-]{8,64}$/;
const photo = (key: string) =>
  v.pipe(v.string(`${key} is required: add the photo`), v.regex(FILE_ID, `${key}: not an uploaded image`));

const noteText = `note must be ${WEIGHT_RULES.noteMin} to ${WEIGHT_RULES.noteMax} characters`;
const note = v.pipe(
  v.string('note is required'),
  v.trim(),
  v.minLength(WEIGHT_RULES.noteMin, noteText),
  v.maxLength(WEIGHT_RULES.noteMax, noteText),
);

export const DisputeDiscrepancyBody = v.object({
  productCategory: oneOf(PRODUCT_CATEGORIES, 'productCategory'),
  /** on an order split by box: the box the courier weighed wrong (one of the parcel's packages) */
  packageNo: v.optional(v.nullable(wholeNumberField('packageNo', 1, MAX_PACKAGES)), null),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(WEIGHT_RULES.noteMax, noteText)), ''),
  evidence: v.object(
    Object.fromEntries(EVIDENCE_SLOTS.map((s) => [s, photo(s)])) as Record<EvidenceSlot, ReturnType<typeof photo>>,
  ),
});
export type DisputeDiscrepancyInput = v.InferOutput<typeof DisputeDiscrepancyBody>;

export const EscalateBody = v.object({ note });
export const DecisionBody = v.object({
  outcome: oneOf(OUTCOMES, 'outcome'),
  note,
});
export const RejectFreezeBody = v.object({ note });

export const FreezeBody = v.object({
  weightKg: decimalField('weightKg', { above: 0, max: 100 }),
  lengthCm: decimalField('lengthCm', { above: 0, max: 300 }),
  breadthCm: decimalField('breadthCm', { above: 0, max: 300 }),
  heightCm: decimalField('heightCm', { above: 0, max: 300 }),
  photos: v.pipe(
    v.array(photo('photos'), 'photos must be a list of uploaded images'),
    v.minLength(WEIGHT_RULES.freezePhotosMin, `photos: add at least ${WEIGHT_RULES.freezePhotosMin} photo`),
    v.maxLength(WEIGHT_RULES.freezePhotosMax, `photos: at most ${WEIGHT_RULES.freezePhotosMax} photos`),
  ),
});
export type FreezeInput = v.InferOutput<typeof FreezeBody>;

export const SellerDiscrepancyQuery = {
  status: v.optional(oneOf(DISCREPANCY_STATUSES, 'status', 'discrepancyStatus')),
  carrierCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, 'carrierCode is too long'))),
  // a real day only: 2026-02-30 would pass a pattern and fail in the database
  fromDate: v.optional(isoDayField('fromDate')),
  toDate: v.optional(isoDayField('toDate')),
};
export const FreezeStatusFilter = v.optional(oneOf(FREEZE_STATUSES, 'status'));
export const PlatformBorneFilter = v.optional(
  v.pipe(
    v.picklist(['true', 'false'], 'platformBorne must be true or false'),
    v.transform((s) => s === 'true'),
  ),
);
