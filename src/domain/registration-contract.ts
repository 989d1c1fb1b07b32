import { operation } from './operation';
import {
  MessageAnswerSchema,
  OtpTargetsSchema,
  RegistrationAnswerSchema,
  VerifiedAnswerSchema,
} from './account-contract';
import {
  RegisterBasicBody,
  RegistrationBody,
  SendEmailOtpBody,
  SendPhoneOtpBody,
  VerifyAccountBody,
  VerifyOtpBody,
} from './schemas/account';

// Sign-up (all public): the OTPs that prove an email and a mobile number, the registration that
// creates the organisation and its owner, and the older /register screen's owner and account check.

const TAG = 'registration';
const RESEND = { 429: 'resend lockout (Retry-After) or too many OTPs from this address' };

export const API_REGISTRATION = {
  sendEmailOtp: operation({
    method: 'post',
    path: '/api/v1/otp/email',
    tag: TAG,
    body: SendEmailOtpBody,
    summary: 'Sends a sign-up OTP to an email address (60-second resend lockout)',
    errors: RESEND,
    response: MessageAnswerSchema,
  }),
  sendPhoneOtp: operation({
    method: 'post',
    path: '/api/v1/otp/phone',
    tag: TAG,
    body: SendPhoneOtpBody,
    summary: 'Sends a sign-up OTP by SMS to a +91 mobile number (60-second resend lockout)',
    errors: RESEND,
    response: MessageAnswerSchema,
  }),
  verifyOtp: operation({
    method: 'post',
    path: '/api/v1/otp/verify',
    tag: TAG,
    body: VerifyOtpBody,
    summary: 'Verifies a sign-up OTP for an email or phone target; registration then accepts that contact',
    errors: { 400: 'Email OTP verification failed. / Phone number OTP verfication failed / expired / locked' },
    response: VerifiedAnswerSchema,
  }),
  register: operation({
    method: 'post',
    path: '/api/v1/owner/register',
    tag: TAG,
    body: RegistrationBody,
    summary: 'Creates the organisation (LITE) and its OWNER; email and phone must be OTP-verified first',
    errors: { 400: 'unverified contact, passwords differ', 409: 'email already registered' },
    response: RegistrationAnswerSchema,
  }),
  registerBasic: operation({
    method: 'post',
    path: '/api/v1/owner/register/basic',
    tag: TAG,
    body: RegisterBasicBody,
    summary:
      'Older register screen: creates a not yet verified owner and sends the account OTPs, one to the email and another to the phone',
    returns: 'The email and phone number the OTPs went to, masked',
    response: OtpTargetsSchema,
  }),
  /** the older screen's second step, served by the logins' module (server/modules/auth) */
  verifyAccount: operation({
    method: 'post',
    path: '/api/v1/auth/verify-account',
    tag: 'auth',
    body: VerifyAccountBody,
    summary: 'Verifies (enables) the account with both OTPs sent by generateOtp: code (email) and phoneCode (SMS)',
    errors: {
      400: 'Incorrect OTP entered (the email code) / Phone number OTP verfication failed / expired / too many wrong tries',
    },
    response: MessageAnswerSchema,
  }),
} as const;
