import * as v from 'valibot';
import { EARLY_COD_OPTIONS, PAYOUT_STATUSES, UTR_PATTERN } from '../cod-remittance';
import { oneOf } from './choice';

// Inputs of COD remittance: the seller's early-COD choice and payout method; staff's mark-paid,
// hold and the status filter.

const UTR_TEXT = 'utr must be 12 to 22 letters and digits';
export const utrField = v.pipe(
  v.string('utr is required'),
  v.trim(),
  v.nonEmpty('utr is required'),
  v.regex(UTR_PATTERN, UTR_TEXT),
);
const COMMENTS_MAX = 500;
export const commentsField = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(COMMENTS_MAX, `comments must be at most ${COMMENTS_MAX} characters`)),
  '',
);

const DAYS = EARLY_COD_OPTIONS.map((o) => o.days);
export const EarlyCodBody = v.pipe(
  v.object({
    earlyCodDays: v.nullable(
      v.picklist(DAYS, `earlyCodDays must be one of ${DAYS.join(', ')}, or null to stop early COD`),
    ),
    acceptTerms: v.optional(v.boolean('acceptTerms must be true or false'), false),
  }),
  v.check((b) => b.earlyCodDays === null || b.acceptTerms, 'acceptTerms: accept the early COD terms and fee to opt in'),
);
export type EarlyCodInput = v.InferOutput<typeof EarlyCodBody>;

export const PayoutMethodBody = v.object({ payToWallet: v.boolean('payToWallet must be true or false') });

export const MarkPaidBody = v.object({ utr: utrField, comments: commentsField });
export type MarkPaidInput = v.InferOutput<typeof MarkPaidBody>;

const REASON_TEXT = 'holdReason must be 5 to 300 characters';
export const HoldBody = v.object({
  holdReason: v.pipe(
    v.string('holdReason is required'),
    v.trim(),
    v.minLength(5, REASON_TEXT),
    v.maxLength(300, REASON_TEXT),
  ),
});

export const PayoutStatusFilter = v.optional(oneOf(PAYOUT_STATUSES, 'status', 'payoutStatus'));
