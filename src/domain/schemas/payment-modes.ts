import * as v from 'valibot';
import {
  ADVANCE_KINDS,
  ADVANCE_PERCENT,
  MAX_FIXED_ADVANCE_RUPEES,
  MAX_LABEL_NOTE,
  MAX_MODE_NAME,
  PAYMENT_MODE_CODE,
  RESERVED_MODE_CODES,
  type AdvanceKind,
} from '../payment-modes';
import { decimalField, wholeNumberField } from './fields';
import { issueText } from './labels';
import { isWholePaise } from '../money';
import { oneOf } from './choice';

// A payment mode as the seller's form and the server check it. A COD-basis mode names how its
// advance is worked out; a prepaid one has none (the buyer paid it all).

const KINDS = Object.keys(ADVANCE_KINDS) as AdvanceKind[];

export const PaymentModeCodeField = v.pipe(
  v.string('modeCode is required'),
  v.trim(),
  v.toUpperCase(),
  v.regex(PAYMENT_MODE_CODE, 'modeCode must be 2 to 8 capital letters or digits'),
  v.check(
    (c) => !(RESERVED_MODE_CODES as readonly string[]).includes(c),
    `modeCode cannot be ${RESERVED_MODE_CODES.join(', ')}: those are the standard payment methods`,
  ),
);

export const PaymentModeBody = v.pipe(
  v.object({
    modeName: v.pipe(
      v.string('modeName is required'),
      v.trim(),
      v.minLength(2, `modeName must be 2 to ${MAX_MODE_NAME} characters`),
      v.maxLength(MAX_MODE_NAME, `modeName must be 2 to ${MAX_MODE_NAME} characters`),
    ),
    modeCode: PaymentModeCodeField,
    modeBasis: oneOf(['COD', 'PPD'], 'modeBasis', 'paymentMethod'),
    advanceKind: v.optional(oneOf(KINDS, 'advanceKind'), 'NONE'),
    advancePercent: v.optional(
      v.nullable(wholeNumberField('advancePercent', ADVANCE_PERCENT.min, ADVANCE_PERCENT.max)),
      null,
    ),
    advanceAmount: v.optional(
      v.nullable(
        v.pipe(
          decimalField('advanceAmount', { above: 0, max: MAX_FIXED_ADVANCE_RUPEES, unit: 'rupees' }),
          v.check(isWholePaise, 'advanceAmount may have at most 2 decimals'),
        ),
      ),
      null,
    ),
    labelNote: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(MAX_LABEL_NOTE, `labelNote must be at most ${MAX_LABEL_NOTE} characters`),
      ),
      '',
    ),
  }),
  v.check((m) => m.modeBasis === 'COD' || m.advanceKind === 'NONE', 'advanceKind: a prepaid mode has no advance'),
  v.check((m) => m.advanceKind !== 'PERCENT' || m.advancePercent !== null, 'advancePercent is required'),
  v.check((m) => m.advanceKind !== 'FIXED' || m.advanceAmount !== null, 'advanceAmount is required'),
);
export type PaymentModeInput = v.InferOutput<typeof PaymentModeBody>;

/** The advance marked received by the seller (collected on their own store), with what they know of it. */
export const AdvanceReceivedBody = v.object({
  note: v.pipe(
    v.string('note is required'),
    v.trim(),
    v.minLength(3, 'note must be 3 to 200 characters'),
    v.maxLength(200, 'note must be 3 to 200 characters'),
  ),
});

/** The mode form as typed: numbers stay text until saved. */
export interface PaymentModeDraft {
  modeName: string;
  modeCode: string;
  modeBasis: 'COD' | 'PPD';
  advanceKind: AdvanceKind;
  advancePercent: string;
  advanceAmount: string;
  labelNote: string;
}

export const EMPTY_MODE_DRAFT: PaymentModeDraft = {
  modeName: '',
  modeCode: '',
  modeBasis: 'COD',
  advanceKind: 'PERCENT',
  advancePercent: '20',
  advanceAmount: '',
  labelNote: '',
};

const numberOrNull = (s: string) => (s.trim() === '' ? null : Number(s));

/** The request body of a draft: only the advance figure its kind uses. */
export function paymentModeBody(d: PaymentModeDraft) {
  const kind = d.modeBasis === 'PPD' ? 'NONE' : d.advanceKind;
  return {
    modeName: d.modeName,
    modeCode: d.modeCode,
    modeBasis: d.modeBasis,
    advanceKind: kind,
    advancePercent: kind === 'PERCENT' ? numberOrNull(d.advancePercent) : null,
    advanceAmount: kind === 'FIXED' ? numberOrNull(d.advanceAmount) : null,
    labelNote: d.labelNote,
  };
}

/** The first problem of a draft in the seller's words (the server's own sentence), or null. */
export function paymentModeProblem(d: PaymentModeDraft): string | null {
  const result = v.safeParse(PaymentModeBody, paymentModeBody(d), { abortPipeEarly: true });
  return result.success ? null : issueText(result.issues[0]);
}
