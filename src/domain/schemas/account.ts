import * as v from 'valibot';
import { MSG } from '../messages';
import { LIMITS } from '../constants';
import {
  companyNameField,
  LETTERS_AND_SPACES,
  emailField,
  INT4_MAX,
  olderPasswordField,
  otpField,
  personNameField,
  phoneField,
  recordIdField,
  signupPasswordField,
} from './fields';
import { addressText } from './address-text';
import { sharedUsername } from './shared-set';
import { oneOf } from './choice';

// Request bodies of the account area. The server validates with these; forms reuse them.

export const LoginCredentials = v.object({
  email: emailField,
  password: v.pipe(v.string(MSG.required), v.nonEmpty(MSG.required), v.maxLength(128, 'password is too long')),
});

export const ResetPasswordBody = v.object({ email: emailField });

/** code: the one sent to the email; phoneCode: the one sent by SMS. Each contact proves itself. */
export const VerifyAccountBody = v.object({ email: emailField, code: otpField, phoneCode: otpField });

/** Staff: turn a seller account on or off (off locks it and ends every session). */

export const UpdatePasswordBody = v.object({
  currentPassword: v.pipe(v.string(MSG.required), v.nonEmpty(MSG.required)),
  newPassword: signupPasswordField,
});

/** The first name an OTP greets: checked at the first step, so sign-up never takes a name it will refuse later. */
const signupFirstName = v.pipe(
  v.string(MSG.enterFirstName),
  v.trim(),
  v.nonEmpty(MSG.enterFirstName),
  v.maxLength(LIMITS.personNameMax, `firstName must be at most ${LIMITS.personNameMax} characters`),
);

export const SendEmailOtpBody = v.object({
  firstName: signupFirstName,
  email: emailField,
});

export const SendPhoneOtpBody = v.object({
  firstName: signupFirstName,
  phone: phoneField,
});

export const VerifyOtpBody = v.object({
  target: v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(254)),
  otp: otpField,
  firstName: signupFirstName,
});

/** Spec section 3 registration payload (OTP values are not sent: the server remembers verification). */
export const RegistrationBody = v.object({
  firstName: personNameField('firstName'),
  lastName: personNameField('lastName'),
  companyName: companyNameField,
  phone: phoneField,
  email: emailField,
  password: signupPasswordField,
  confirmPassword: v.string(MSG.required),
  tncAccepted: v.literal(true, MSG.acceptTerms),
  ipAddress: v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty('ipAddress is required'), v.maxLength(64)),
  referralSourceId: v.pipe(
    v.number(MSG.selectReferral),
    v.integer(MSG.selectReferral),
    v.minValue(1, MSG.selectReferral),
    v.maxValue(INT4_MAX, MSG.selectReferral),
  ),
  referralCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(32, 'referralCode is too long'))),
});
export type RegistrationPayload = v.InferInput<typeof RegistrationBody>;

/** The older register screen (/register): a disabled owner, verified afterwards by OTP. */
export const RegisterBasicBody = v.pipe(
  v.object({
    firstName: personNameField('firstName'),
    lastName: personNameField('lastName'),
    companyName: companyNameField,
    phone: phoneField,
    email: emailField,
    password: olderPasswordField,
    confirmPassword: v.string(MSG.required),
    tncAccepted: v.literal(true, MSG.acceptToProceed),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (i) => i.password === i.confirmPassword,
      MSG.passwordMismatchShared,
    ),
    ['confirmPassword'],
  ),
);
export type RegisterBasicPayload = v.InferInput<typeof RegisterBasicBody>;

/**
 * The profile's name (spec section 5, the shared set): letters and spaces, first name 3 to 30 and
 * last name 1 to 30, with the catalogue's messages (whose '3-20' and '1-20' the spec gives beside
 * the 30s; the bounds are kept, and the message texts too).
 */
export const ProfileBody = v.object({
  firstName: v.pipe(
    v.string('First name is required'),
    v.trim(),
    v.nonEmpty('First name is required'),
    v.regex(LETTERS_AND_SPACES, MSG.firstNameRule),
    v.minLength(3, MSG.firstNameRule),
    v.maxLength(30, MSG.firstNameRule),
  ),
  lastName: v.pipe(
    v.string('Last name is required'),
    v.trim(),
    v.nonEmpty('Last name is required'),
    v.regex(LETTERS_AND_SPACES, MSG.lastNameRule),
    v.maxLength(30, MSG.lastNameRule),
  ),
});
export type ProfileValues = v.InferInput<typeof ProfileBody>;

export const CompanyBody = v.object({
  companyName: companyNameField,
  addressLine1: v.pipe(
    v.nullable(v.string('addressLine1 must be text'), null),
    v.transform((x) => (x ?? '').trim() || null),
    v.check((x) => (x?.length ?? 0) <= 200, 'addressLine1 must be at most 200 characters'),
    addressText<string | null>('addressLine1'),
  ),
});

export const AcceptTermsBody = v.object({
  tcVersionId: recordIdField('tcVersionId'),
  status: oneOf(['ACCEPTED', 'DECLINED'], 'status'),
  ipAddress: v.pipe(v.string(), v.trim(), v.nonEmpty('ipAddress is required'), v.maxLength(64)),
});

/**
 * GET send-code (spec section 7: email or mobile, userName): a verification code to one contact.
 * Either the email or the mobile number, not both (`sendCodeContact` says which); userName is the
 * account form's username (letters and digits, 5-20), the name the message greets.
 */
export const SendCodeQuery = v.object({
  email: v.optional(emailField),
  mobile: v.optional(phoneField),
  userName: sharedUsername,
});
export type SendCodeInput = v.InferOutput<typeof SendCodeQuery>;

export const SEND_CODE_TEXT = {
  contactMissing: 'Email or Mobile number is required',
  bothContacts: 'Give either an Email or a Mobile number, not both',
} as const;

/** The one contact a send-code asks for, or the message that says what is wrong. */
export function sendCodeContact(
  q: Pick<SendCodeInput, 'email' | 'mobile'>,
): { channel: 'EMAIL' | 'SMS'; to: string } | { problem: string } {
  if (q.email && q.mobile) return { problem: SEND_CODE_TEXT.bothContacts };
  if (q.email) return { channel: 'EMAIL', to: q.email };
  if (q.mobile) return { channel: 'SMS', to: q.mobile };
  return { problem: SEND_CODE_TEXT.contactMissing };
}

/** GET verify (spec section 7: contactInfo, code): checks the code send-code sent to that contact. */
export const VerifyCodeQuery = v.object({
  contactInfo: v.pipe(
    v.string(MSG.required),
    v.trim(),
    v.nonEmpty(MSG.required),
    v.maxLength(254, 'Email or mobile number is too long'),
  ),
  code: otpField,
});
