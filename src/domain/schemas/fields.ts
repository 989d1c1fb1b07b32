import * as v from 'valibot';
import { LIMITS } from '../constants';
import { MSG } from '../messages';

// Field rules of spec section 5, as reusable valibot pieces. Browser forms and server routes
// both build on these, so a message a seller sees in the form is the one the API answers with.

export const INDIAN_MOBILE = /^[6-9]\d{9}$/;
export const SIX_DIGITS = /^\d{6}$/;
export const DIGITS_ONLY = /^\d*$/;
/** Any syntactically ordinary address: local@domain.tld. */
export const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** The shared validation set's stricter rule: a 2 to 4 letter suffix. */
export const EMAIL_SHORT_SUFFIX = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;
export const LETTERS_AND_SPACES = /^[A-Za-z ]+$/;

/** Sign-up strength: a lowercase, an uppercase and a symbol. */
export function isStrongSignupPassword(p: string): boolean {
  return /[a-z]/.test(p) && /[A-Z]/.test(p) && /[^A-Za-z0-9]/.test(p);
}
/** Shared-set strength: an uppercase, a lowercase and a digit. */
export function isStrongSharedPassword(p: string): boolean {
  return /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p);
}

/** Strip a +91 / 0 prefix and spaces, so "+91 98765 43210" and "9876543210" are one number. */
export function normalisePhone(raw: string): string {
  const digits = raw.replace(/[\s-]/g, '');
  if (digits.startsWith('+91')) return digits.slice(3);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

export const emailField = v.pipe(
  v.string(MSG.required),
  v.trim(),
  v.nonEmpty(MSG.required),
  v.maxLength(254, MSG.invalidEmail),
  v.regex(EMAIL, MSG.invalidEmail),
  v.toLowerCase(),
);

export const phoneField = v.pipe(
  v.string(MSG.required),
  v.transform(normalisePhone),
  v.regex(INDIAN_MOBILE, MSG.enterValidPhone),
);

export const otpField = v.pipe(v.string(MSG.required), v.regex(SIX_DIGITS, MSG.otpNumeric));

export const signupPasswordField = v.pipe(
  v.string(MSG.required),
  v.minLength(LIMITS.signupPasswordMin, MSG.passwordTooShort),
  v.maxLength(LIMITS.signupPasswordMax, MSG.passwordTooLong),
  v.check(isStrongSignupPassword, MSG.passwordNotStrongSignup),
);

export const personNameField = (label: string) =>
  v.pipe(
    v.string(`${label} is required`),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(LIMITS.personNameMax, `${label} must be at most ${LIMITS.personNameMax} characters`),
  );

export const companyNameField = v.pipe(
  v.string(MSG.enterCompanyName),
  v.trim(),
  v.minLength(LIMITS.companyMin, MSG.nameTooShort),
  v.maxLength(LIMITS.companyNameMax, `companyName must be at most ${LIMITS.companyNameMax} characters`),
);

/** The older register form: 8 to 16 characters with an uppercase, a lowercase and a digit. */
export const olderPasswordField = v.pipe(
  v.string(MSG.required),
  v.minLength(LIMITS.olderPasswordMin, MSG.passwordMinShared),
  v.maxLength(LIMITS.olderPasswordMax, MSG.passwordMaxOlder),
  v.check(isStrongSharedPassword, MSG.passwordStrongShared),
);

// Builders every schema uses for numbers, ids and dates, so no value the database cannot hold
// (past int4, 1e308, 2026-02-31, year 0) gets past validation. `label` is the field's name as the
// seller knows it ("Product name"), and every message starts with it.

/** A number: an empty box says the field is required, "abc" (NaN) or text says it must be a number. */
export const numberSchema = (label: string) =>
  v.number((issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? `${label} is required`
      : `${label} must be a number`,
  );

/** The largest id or count a PostgreSQL integer column holds. */
export const INT4_MAX = 2_147_483_647;

/** A whole number from min to max (an id, a count, a rating); refuses 1.5, 1e308 and 2147483648. */
export const wholeNumberField = (label: string, min = 0, max = INT4_MAX) =>
  v.pipe(
    numberSchema(label),
    v.check((n: number) => Number.isFinite(n), `${label} must be a number`),
    v.integer(`${label} must be a whole number`),
    v.minValue(min, min === 0 ? `${label} cannot be negative` : `${label} must be at least ${min}`),
    v.maxValue(max, `${label} must be at most ${max}`),
  );

/** The id of a record in a JSON body: a whole number from 1 to the int4 limit. */
export const recordIdField = (label: string) =>
  v.pipe(
    numberSchema(label),
    v.check((n: number) => Number.isFinite(n), `${label} must be a number`),
    v.integer(`${label} must be a whole number`),
    v.minValue(1, `${label} must be a whole number`),
    v.maxValue(INT4_MAX, `${label} is not a known record`),
  );

/** A decimal number, finite, within bounds: dimensions, weights, money. */
export const decimalField = (label: string, opts: { min?: number; above?: number; max: number; unit?: string }) =>
  v.pipe(
    numberSchema(label),
    v.check((n: number) => Number.isFinite(n), `${label} must be a number`),
    v.check(
      (n) => (opts.above === undefined || n > opts.above) && (opts.min === undefined || n >= opts.min),
      opts.above === 0
        ? `${label} must be a positive number`
        : opts.min === 0
          ? `${label} cannot be negative`
          : `${label} must be at least ${opts.min ?? opts.above}`,
    ),
    v.maxValue(opts.max, `${label} must be at most ${opts.max}${opts.unit ? ` ${opts.unit}` : ''}`),
  );

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether yyyy-mm-dd is a day on the calendar (no 2026-02-31, no year 0). */
export function isRealDay(s: string): boolean {
  const m = ISO_DAY.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  return d <= days;
}

/** A calendar day as yyyy-mm-dd that exists. */
export const isoDayField = (label: string) =>
  v.pipe(
    v.string(`${label} is required`),
    v.regex(ISO_DAY, `${label} must be a date as yyyy-mm-dd`),
    v.check(isRealDay, `${label} is not a real date`),
  );

/** A from-day after its to-day (both yyyy-mm-dd, either may be empty): the sentence naming both, else null. */
export function dayRangeError(from: string | undefined, to: string | undefined, fromLabel: string, toLabel: string) {
  return from && to && from > to ? `${fromLabel} must be on or before ${toLabel}` : null;
}

/** Pairs of yyyy-mm-dd keys [from, to] of a filter: a from-date after its to-date is refused, naming both. */
export function dayRangesCheck<T extends object>(
  ranges: readonly (readonly [string, string])[],
  label: (key: string) => string,
) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const [from, to] of ranges) {
      const a = (dataset.value as Record<string, unknown>)[from];
      const b = (dataset.value as Record<string, unknown>)[to];
      const message =
        typeof a === 'string' && typeof b === 'string' ? dayRangeError(a, b, label(from), label(to)) : null;
      if (message) {
        addIssue({ message });
        return;
      }
    }
  });
}

/** NUL or half of a UTF-16 surrogate pair: text no database column or header can carry. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export function hasUnsafeText(s: string): boolean {
  return UNSAFE_TEXT.test(s);
}
