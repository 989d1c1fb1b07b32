import * as v from 'valibot';
import { ADJUSTMENT } from '../wallet-contract';
import { numberSchema } from './fields';
import { isWholePaise } from '../money';

// Staff requests on a seller's wallet: a hand adjustment and a postpaid credit limit, each with
// a reason. The staff form checks them with these schemas before sending; the server parses
// them again. Messages name the key; the router and the form word it by its label.

/** An amount in rupees: above zero, in whole paise. */
export const rupeesField = (field: string) =>
  v.pipe(
    numberSchema(field),
    v.check((n) => Number.isFinite(n) && n > 0, `${field} must be above zero`),
    v.check(isWholePaise, `${field} may have at most 2 decimals (paise)`),
  );

const reasonText = `reason must be ${ADJUSTMENT.reasonMin} to ${ADJUSTMENT.reasonMax} characters`;
const reason = v.pipe(
  v.string('reason is required'),
  v.trim(),
  v.minLength(ADJUSTMENT.reasonMin, reasonText),
  v.maxLength(ADJUSTMENT.reasonMax, reasonText),
);

/** The most a postpaid wallet may owe, in rupees. */
export const CREDIT_LIMIT_MAX_RUPEES = 10_000_000;

export const AdjustmentBody = v.object({
  direction: v.picklist(['DEBIT', 'CREDIT'], 'direction must be DEBIT or CREDIT'),
  amount: v.pipe(
    rupeesField('amount'),
    v.maxValue(ADJUSTMENT.maxRupees, `amount must be at most ${ADJUSTMENT.maxRupees} rupees`),
  ),
  reason,
  /** the form's key for this adjustment: a repeat with it (a double click, a retry) moves nothing more */
  idempotencyKey: v.pipe(
    v.string('idempotencyKey is required'),
    v.trim(),
    v.regex(/^[A-Za-z0-9:_-]{8,80}$/, 'idempotencyKey must be 8 to 80 letters, digits, :, _ or -'),
  ),
});
export type AdjustmentInput = v.InferOutput<typeof AdjustmentBody>;

export const CreditLimitBody = v.object({
  creditLimit: v.pipe(
    numberSchema('creditLimit'),
    v.minValue(0, 'creditLimit cannot be negative'),
    v.maxValue(CREDIT_LIMIT_MAX_RUPEES, `creditLimit must be at most ${CREDIT_LIMIT_MAX_RUPEES}`),
    v.check(isWholePaise, 'creditLimit may have at most 2 decimals (paise)'),
  ),
  reason,
});
export type CreditLimitInput = v.InferOutput<typeof CreditLimitBody>;
