import { MSG } from './messages';
import { DIGITS_ONLY, EMAIL, INDIAN_MOBILE, isStrongSignupPassword, normalisePhone } from './schemas/fields';
import { LIMITS } from './constants';

export interface SignupForm {
  firstName: string;
  lastName: string;
  companyName: string;
  referralSourceId: number | null;
  referralCode: string;
  phone: string;
  phoneOtp: string;
  email: string;
  emailOtp: string;
  password: string;
  confirmPassword: string;
  tncAccepted: boolean;
  ipAddress: string;
}

export interface VerificationFlags {
  phoneVerified: boolean;
  emailVerified: boolean;
}

export const EMPTY_SIGNUP_FORM: SignupForm = {
  firstName: '',
  lastName: '',
  companyName: '',
  referralSourceId: null,
  referralCode: '',
  phone: '',
  phoneOtp: '',
  email: '',
  emailOtp: '',
  password: '',
  confirmPassword: '',
  tncAccepted: false,
  ipAddress: '',
};

/**
 * The sign-up submit checks of spec section 5, in their order; the first failing one wins.
 * Check 2 covers what no later check names: a missing IP address or confirmation, or an
 * over-long referral code. Checks 4-14 name the field that is wrong.
 */
export function signupSubmitError(f: SignupForm, flags: VerificationFlags): string | null {
  const tooLong = signupNameLengthError(f);
  if (tooLong) return tooLong;
  if (!f.tncAccepted) return MSG.acceptTerms;
  if (!f.ipAddress.trim() || !f.confirmPassword || f.referralCode.length > 32) return MSG.checkInformation;
  if (f.password !== f.confirmPassword) return MSG.bothPasswordsNotSame;
  if (!f.firstName.trim()) return MSG.enterFirstName;
  if (!f.lastName.trim()) return MSG.enterLastName;
  if (f.companyName.trim().length < LIMITS.companyMin) return MSG.enterCompanyName;
  if (!f.referralSourceId) return MSG.selectReferral;
  if (!INDIAN_MOBILE.test(normalisePhone(f.phone))) return MSG.enterValidPhone;
  if (!DIGITS_ONLY.test(f.phoneOtp)) return MSG.otpNumeric;
  if (!flags.phoneVerified) return MSG.verifyPhone;
  if (!EMAIL.test(f.email.trim())) return MSG.enterValidEmail;
  if (!DIGITS_ONLY.test(f.emailOtp)) return MSG.otpNumeric;
  if (!flags.emailVerified) return MSG.verifyEmail;
  if (
    f.password.length < LIMITS.signupPasswordMin ||
    f.password.length > LIMITS.signupPasswordMax ||
    !isStrongSignupPassword(f.password)
  ) {
    return MSG.enterValidPassword;
  }
  return null;
}

/** Names longer than an account keeps: refused before any OTP is sent, not after both are verified. */
export function signupNameLengthError(f: Pick<SignupForm, 'firstName' | 'lastName' | 'companyName'>): string | null {
  if (f.firstName.trim().length > LIMITS.personNameMax)
    return `First name must be at most ${LIMITS.personNameMax} characters`;
  if (f.lastName.trim().length > LIMITS.personNameMax)
    return `Last name must be at most ${LIMITS.personNameMax} characters`;
  if (f.companyName.trim().length > LIMITS.companyNameMax)
    return `Company name must be at most ${LIMITS.companyNameMax} characters`;
  return null;
}

export type SignupFieldErrors = Partial<Record<keyof SignupForm, string>>;

/** Field messages of spec section 5 for the sign-up form (shown once a field is touched). */
export function signupFieldErrors(f: SignupForm): SignupFieldErrors {
  const e: SignupFieldErrors = {};
  if (!f.firstName.trim()) e.firstName = MSG.required;
  else if (f.firstName.trim().length > LIMITS.personNameMax)
    e.firstName = `First name must be at most ${LIMITS.personNameMax} characters`;
  if (!f.lastName.trim()) e.lastName = MSG.required;
  else if (f.lastName.trim().length > LIMITS.personNameMax)
    e.lastName = `Last name must be at most ${LIMITS.personNameMax} characters`;
  if (!f.companyName.trim()) e.companyName = MSG.required;
  else if (f.companyName.trim().length > LIMITS.companyNameMax)
    e.companyName = `Company name must be at most ${LIMITS.companyNameMax} characters`;
  else if (f.companyName.trim().length < LIMITS.companyMin) e.companyName = MSG.nameTooShort;
  if (!f.referralSourceId) e.referralSourceId = MSG.required;
  if (!f.phone.trim()) e.phone = MSG.required;
  else if (!INDIAN_MOBILE.test(normalisePhone(f.phone))) e.phone = MSG.enterValidPhone;
  if (!f.phoneOtp) e.phoneOtp = MSG.required;
  else if (!/^\d{6}$/.test(f.phoneOtp)) e.phoneOtp = MSG.otpNumeric;
  if (!f.email.trim()) e.email = MSG.required;
  else if (!EMAIL.test(f.email.trim())) e.email = MSG.invalidEmail;
  if (!f.emailOtp) e.emailOtp = MSG.required;
  else if (!/^\d{6}$/.test(f.emailOtp)) e.emailOtp = MSG.otpNumeric;
  if (!f.password) e.password = MSG.required;
  else if (f.password.length < LIMITS.signupPasswordMin) e.password = MSG.passwordTooShort;
  else if (f.password.length > LIMITS.signupPasswordMax) e.password = MSG.passwordTooLong;
  else if (!isStrongSignupPassword(f.password)) e.password = MSG.passwordNotStrongSignup;
  if (!f.confirmPassword) e.confirmPassword = MSG.required;
  else if (f.confirmPassword !== f.password) e.confirmPassword = MSG.passwordsDontMatch;
  if (!f.tncAccepted) e.tncAccepted = MSG.acceptToProceed;
  return e;
}

/** Login form 1 and forgot-password form 2 (spec section 5). */
export function loginFieldErrors(email: string, password: string): { email?: string; password?: string } {
  return { ...(email.trim() ? {} : { email: MSG.required }), ...(password ? {} : { password: MSG.required }) };
}

export function forgotFieldErrors(email: string): { email?: string } {
  if (!email.trim()) return { email: MSG.required };
  return EMAIL.test(email.trim()) ? {} : { email: MSG.invalidEmail };
}
