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
  firstName: '', lastName: '', companyName: '', referralSourceId: null, referralCode: '',
  phone: '', phoneOtp: '', email: '', emailOtp: '', password: '', confirmPassword: '',
  tncAccepted: false, ipAddress: '',
};

/**
 * The sign-up submit checks of spec section 5, in their order; the first failing one wins.
 * Check 2 covers what no later check names: a missing IP address or confirmation, or an
 * over-long referral code. Checks 4-14 name the field that is wrong.
 */
export function signupSubmitError(f: SignupForm, flags: VerificationFlags): string | null {
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
