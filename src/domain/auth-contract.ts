import * as v from 'valibot';
import { LOGOUT, LoginAnswerSchema, OtpTargetsSchema, REFRESH_TOKEN } from './account-session';
import { AccountStatusAnswerSchema, CodeSentSchema, CodeVerifiedSchema, MessageAnswerSchema } from './account-contract';
import { operation } from './operation';
import { numericId } from './params';
import { ResetPasswordBody, SendCodeQuery, UpdatePasswordBody, VerifyCodeQuery } from './schemas/account';
import { emailField, otpField } from './schemas/fields';
import { AccountStatusChangeBody } from './schemas/staff';

// Logging in and out, passwords and verification codes: the auth area's operations, served by
// server/modules/auth/routes.ts. The session's own (refresh, logout) are in account-session.ts,
// which the seller app's first chunk reads.

const TAG = 'auth';

export const API_AUTH = {
  login: operation({
    method: 'post',
    path: '/api/v1/auth/login',
    tag: TAG,
    summary: 'Log in with Authorization: Basic base64(email:password); sets the refresh cookie dk_rt',
    errors: {
      400: 'the X-Login-OTP code is wrong, expired or locked',
      401: 'Invalid Username/Password, or (after many failed sign-ins on the account) an OTP was sent and must come in X-Login-OTP: that answer alone carries the header X-Login-Step: otp',
      403: "'… is disabled' (not verified) or '… is locked'",
      429: 'too many failed attempts from this address',
    },
    credentials: 'basic',
    headers: {
      'X-Login-OTP': {
        description: 'The six-digit code sent after many failed sign-ins, when the last answer asked for it',
        schema: otpField,
      },
    },
    answerHeaders: {
      401: {
        'X-Login-Step': {
          description: "'otp' when an OTP was sent and the login must come again with it in X-Login-OTP",
          schema: v.picklist(['otp']),
        },
      },
    },
    response: LoginAnswerSchema,
  }),
  refreshToken: REFRESH_TOKEN,
  logout: LOGOUT,
  logoutEverywhere: operation({
    method: 'post',
    path: '/api/v1/auth/logout-everywhere',
    tag: TAG,
    summary: 'Ends every session of the account at once: all refresh cookies and access tokens stop working',
    response: v.null(),
  }),
  accountStatus: operation({
    method: 'put',
    path: '/api/v1/corporate/accounts/:accountId/status',
    tag: 'corporate',
    params: v.object({ accountId: numericId('accountId') }),
    body: AccountStatusChangeBody,
    summary:
      'Staff turn a seller login off (every session ends at once; login says it was deactivated) or on again, with a reason',
    errors: { 404: 'no such seller account' },
    response: AccountStatusAnswerSchema,
  }),
  resetPassword: operation({
    method: 'put',
    path: '/api/v1/auth/reset-password',
    tag: TAG,
    body: ResetPasswordBody,
    summary:
      'Emails a temporary password (10 minutes, must be changed at login); the answer never says whether the email exists',
    returns: 'Sent, and when a new one may be asked for',
    errors: { 429: 'asked for this email within the last minute: the seconds to wait (also Retry-After)' },
    response: MessageAnswerSchema,
  }),
  updatePassword: operation({
    method: 'post',
    path: '/api/v1/auth/update-password',
    tag: TAG,
    body: UpdatePasswordBody,
    summary: 'Changes the password (current may be the temporary one); other sessions end',
    errors: { 400: 'current password wrong or new equals current' },
    response: LoginAnswerSchema,
  }),
  generateOtp: operation({
    method: 'get',
    path: '/api/v1/auth/generateOtp/:email',
    tag: TAG,
    params: v.object({ email: emailField }),
    summary:
      'Sends the account-verification OTPs: one to the email, another by SMS to the phone; needs the same Basic header as login',
    returns: 'The email and phone number the OTPs went to, masked',
    errors: { 401: 'Invalid Username/Password', 429: 'resend lockout or too many sends' },
    response: OtpTargetsSchema,
  }),
  sendCode: operation({
    method: 'get',
    path: '/api/v1/auth/send-code',
    tag: TAG,
    query: SendCodeQuery,
    summary:
      'Sends a verification code to an email or a mobile number (one of them) for the username it greets; the answer never says whether an account has the contact',
    returns: 'The masked contact the code went to',
    errors: { 400: 'neither or both contacts, or a field broke its rule', 429: 'resend lockout or too many sends' },
    response: CodeSentSchema,
  }),
  verifyCode: operation({
    method: 'get',
    path: '/api/v1/auth/verify',
    tag: TAG,
    query: VerifyCodeQuery,
    summary: 'Checks the code send-code sent to a contact (once; five wrong tries lock it; 10 minutes)',
    errors: { 400: 'Incorrect OTP entered / expired / too many wrong tries' },
    response: CodeVerifiedSchema,
  }),
};
