import type { Context } from 'hono';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { clientIp } from '../../http/client-ip';
import {
  API,
  MessageAnswerSchema,
  OtpTargetsSchema,
  RegistrationAnswerSchema,
  VerifiedAnswerSchema,
} from '../../../src/domain/account-contract';
import { MSG } from '../../../src/domain/messages';
import {
  RegisterBasicBody,
  RegistrationBody,
  SendEmailOtpBody,
  SendPhoneOtpBody,
  VerifyOtpBody,
} from '../../../src/domain/schemas/account';
import * as registration from './service';

const TAG = 'registration';
const RESEND = { 429: 'resend lockout (Retry-After) or too many OTPs from this address' };

export function registerRegistrationRoutes(router: ApiRouter, deps: AppDeps) {
  const ip = (c: Context) => clientIp(c, deps.config);

  router.add({
    method: 'post',
    path: API.sendEmailOtp,
    tag: TAG,
    access: { kind: 'public' },
    body: SendEmailOtpBody,
    summary: 'Sends a sign-up OTP to an email address (60-second resend lockout)',
    errors: RESEND,
    response: MessageAnswerSchema,
    handler: async ({ c, body }) => {
      await registration.sendSignupEmailOtp(deps, body, ip(c));
      return { message: MSG.emailOtpSent };
    },
  });
  router.add({
    method: 'post',
    path: API.sendPhoneOtp,
    tag: TAG,
    access: { kind: 'public' },
    body: SendPhoneOtpBody,
    summary: 'Sends a sign-up OTP by SMS to a +91 mobile number (60-second resend lockout)',
    errors: RESEND,
    response: MessageAnswerSchema,
    handler: async ({ c, body }) => {
      await registration.sendSignupPhoneOtp(deps, body, ip(c));
      return { message: MSG.phoneOtpSent };
    },
  });
  router.add({
    method: 'post',
    path: API.verifyOtp,
    tag: TAG,
    access: { kind: 'public' },
    body: VerifyOtpBody,
    summary: 'Verifies a sign-up OTP for an email or phone target; registration then accepts that contact',
    errors: { 400: 'Email OTP verification failed. / Phone number OTP verfication failed / expired / locked' },
    response: VerifiedAnswerSchema,
    handler: async ({ body }) => {
      await registration.verifySignupOtp(deps, body);
      return { verified: true as const };
    },
  });
  router.add({
    method: 'post',
    path: API.register,
    tag: TAG,
    access: { kind: 'public' },
    body: RegistrationBody,
    summary: 'Creates the organisation (LITE) and its OWNER; email and phone must be OTP-verified first',
    errors: { 400: 'unverified contact, passwords differ', 409: 'email already registered' },
    response: RegistrationAnswerSchema,
    handler: ({ body }) => registration.registerOwner(deps, body),
  });
  router.add({
    method: 'post',
    path: API.registerBasic,
    tag: TAG,
    access: { kind: 'public' },
    body: RegisterBasicBody,
    summary:
      'Older register screen: creates a not yet verified owner and sends the account OTPs, one to the email and another to the phone',
    returns: 'The email and phone number the OTPs went to, masked',
    response: OtpTargetsSchema,
    handler: ({ c, body }) => registration.registerBasic(deps, body, ip(c)),
  });
}
