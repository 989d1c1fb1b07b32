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
  v.pipe(v.string(`${label} is required`), v.trim(), v.nonEmpty(`${label} is required`), v.maxLength(50, `${label} is too long`));

export const companyNameField = v.pipe(
  v.string(MSG.enterCompanyName),
  v.trim(),
  v.minLength(LIMITS.companyMin, MSG.nameTooShort),
  v.maxLength(100, 'companyName is too long'),
);

/** The older register form: 8 to 16 characters with an uppercase, a lowercase and a digit. */
export const olderPasswordField = v.pipe(
  v.string(MSG.required),
  v.minLength(LIMITS.olderPasswordMin, MSG.passwordMinShared),
  v.maxLength(LIMITS.olderPasswordMax, MSG.passwordMaxOlder),
  v.check(isStrongSharedPassword, MSG.passwordStrongShared),
);
