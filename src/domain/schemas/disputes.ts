import * as v from 'valibot';
import { DISPUTE_CATEGORIES, DISPUTE_RULES, DISPUTE_STATUSES } from '../dispute-kinds';
import { decimalField, recordIdField, wholeNumberField } from './fields';
import { MAX_PACKAGES } from '../split-shipments';
import { isWholePaise } from '../money';
import { oneOf } from './choice';

// Inputs of delivery disputes: the seller's claim, and the staff's accept and reject.

const FILE_ID = /^[A-Za-z0-9_-]{8,64}$/;
const descriptionText = `description must be ${DISPUTE_RULES.descriptionMin} to ${DISPUTE_RULES.descriptionMax} characters`;
const noteText = `note must be ${DISPUTE_RULES.noteMin} to ${DISPUTE_RULES.noteMax} characters`;

export const RaiseDisputeBody = v.object({
  orderId: recordIdField('orderId'),
  /** on an order split by item: the package disputed (each is its own shipment); null: the order's shipment */
  packageNo: v.optional(v.nullable(wholeNumberField('packageNo', 1, MAX_PACKAGES)), null),
  category: oneOf(DISPUTE_CATEGORIES, 'category', 'disputeCategory'),
  description: v.pipe(
    v.string('description is required'),
    v.trim(),
    v.minLength(DISPUTE_RULES.descriptionMin, descriptionText),
    v.maxLength(DISPUTE_RULES.descriptionMax, descriptionText),
  ),
  evidence: v.optional(
    v.pipe(
      v.array(
        v.pipe(
          v.string('evidence must be a list of uploaded images'),
          v.regex(FILE_ID, 'evidence: not an uploaded image'),
        ),
        'evidence must be a list of uploaded images',
      ),
      v.maxLength(DISPUTE_RULES.evidenceMax, `evidence: at most ${DISPUTE_RULES.evidenceMax} images`),
    ),
    [],
  ),
});
export type RaiseDisputeInput = v.InferOutput<typeof RaiseDisputeBody>;

const note = v.pipe(
  v.string('note is required'),
  v.trim(),
  v.minLength(DISPUTE_RULES.noteMin, noteText),
  v.maxLength(DISPUTE_RULES.noteMax, noteText),
);

export const AcceptDisputeBody = v.object({
  amount: v.pipe(
    decimalField('amount', { above: 0, max: 10_000_000 }),
    v.check(isWholePaise, 'amount may have at most 2 decimals (paise)'),
  ),
  note,
});

export const RejectDisputeBody = v.object({ note });

export const DisputeStatusFilter = v.optional(oneOf(DISPUTE_STATUSES, 'status', 'disputeStatus'));
export const DisputeCategoryFilter = v.optional(oneOf(DISPUTE_CATEGORIES, 'category', 'disputeCategory'));
