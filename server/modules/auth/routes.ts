import type { Context } from 'hono';
import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { ApiError, badRequest } from '../../http/errors';
import { clientIp } from '../../http/client-ip';
import {
  API,
  AccountStatusAnswerSchema,
  CodeSentSchema,
  CodeVerifiedSchema,
  LoginAnswerSchema,
  MessageAnswerSchema,
  OtpTargetsSchema,
} from '../../../src/domain/account-contract';
import { MSG } from '../../../src/domain/messages';
import { emailField, otpField } from '../../../src/domain/schemas/fields';
import { parseOrThrow } from '../../http/validate';
import { numericId } from '../../../src/domain/params';
import { AccountStatusChangeBody } from '../../../src/domain/schemas/staff';
import { auditActorOf } from '../../http/staff-write';
import {
  ResetPasswordBody,
  SendCodeQuery,
  UpdatePasswordBody,
  VerifyCodeQuery,
} from '../../../src/domain/schemas/account';
import { sendCode, verifyCode } from './send-code';
import { basicCredentials } from './basic';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './cookie';
import * as auth from './service';
import { API_REGISTRATION } from '../../../src/domain/registration-contract';

const TAG = 'auth';

export function registerAuthRoutes(router: ApiRouter, deps: AppDeps) {
  const ip = (c: Context) => clientIp(c, deps.config);
  /** The body of a new session; the refresh token goes only into the cookie. */
  const answer = (c: Context, s: auth.Session) => {
    setRefreshCookie(c, deps.config, s.refreshToken);
    return { accessToken: s.accessToken, mustChangePassword: s.mustChangePassword };
  };

  router.add({
    method: 'post',
    path: API.login,
    tag: TAG,
    access: { kind: 'public' },
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
    handler: async ({ c }) => {
      const { email, password } = basicCredentials(c);
      const otp = c.req.header('x-login-otp') ?? null;
      return answer(
        c,
        await auth.login(
          deps,
          email,
          password,
          ip(c),
          otp === null ? null : parseOrThrow(otpField, otp, 'X-Login-OTP'),
        ),
      );
    },
  });

  router.add({
    method: 'post',
    path: API.refreshToken,
    tag: TAG,
    access: { kind: 'public' },
    summary: 'New access token from the refresh cookie; the cookie is rotated, a reused one revokes its family',
    errors: { 401: 'session expired, revoked or reused' },
    response: LoginAnswerSchema,
    handler: async ({ c }) => {
      try {
        return answer(c, await auth.refresh(deps, readRefreshCookie(c)));
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) clearRefreshCookie(c, deps.config);
        throw e;
      }
    },
  });

  router.add({
    method: 'post',
    path: API.logout,
    tag: TAG,
    access: { kind: 'public' },
    summary: 'Ends the session of the refresh cookie (its whole family) and clears the cookie',
    response: v.null(),
    handler: async ({ c }) => {
      await auth.logout(deps, readRefreshCookie(c));
      clearRefreshCookie(c, deps.config);
      return null;
    },
  });

  router.add({
    method: 'post',
    path: API.logoutEverywhere,
    tag: TAG,
    access: { kind: 'user', duringPasswordChange: true },
    permission: 'self',
    summary: 'Ends every session of the account at once: all refresh cookies and access tokens stop working',
    response: v.null(),
    handler: async ({ c, caller }) => {
      await auth.logoutEverywhere(deps, caller);
      clearRefreshCookie(c, deps.config);
      return null;
    },
  });

  router.add({
    method: 'put',
    path: '/api/v1/corporate/accounts/:accountId/status',
    tag: 'corporate',
    access: { kind: 'user', accountTypes: ['DAKIYA'] },
    staffPermission: 'accounts.manage',
    params: v.object({ accountId: numericId('accountId') }),
    body: AccountStatusChangeBody,
    summary:
      'Staff turn a seller login off (every session ends at once; login says it was deactivated) or on again, with a reason',
    errors: { 404: 'no such seller account' },
    response: AccountStatusAnswerSchema,
    handler: ({ c, caller, params, body }) =>
      auth.setAccountActive(deps, auditActorOf(c, caller), params.accountId, body),
  });

  router.add({
    method: 'put',
    path: API.resetPassword,
    tag: TAG,
    access: { kind: 'public' },
    body: ResetPasswordBody,
    summary:
      'Emails a temporary password (10 minutes, must be changed at login); the answer never says whether the email exists',
    returns: 'Sent, and when a new one may be asked for',
    errors: { 429: 'asked for this email within the last minute: the seconds to wait (also Retry-After)' },
    response: MessageAnswerSchema,
    handler: async ({ c, body }) => {
      const { resendAfterS } = await auth.resetPassword(deps, body.email, ip(c));
      return { message: MSG.passwordSentResendAfter(resendAfterS) };
    },
  });

  router.add({
    method: 'post',
    path: API.updatePassword,
    tag: TAG,
    body: UpdatePasswordBody,
    access: { kind: 'user', duringPasswordChange: true },
    permission: 'self',
    summary: 'Changes the password (current may be the temporary one); other sessions end',
    errors: { 400: 'current password wrong or new equals current' },
    response: LoginAnswerSchema,
    handler: async ({ c, body, caller }) => answer(c, await auth.updatePassword(deps, caller, body, ip(c))),
  });

  router.add({
    method: 'get',
    path: '/api/v1/auth/generateOtp/:email',
    tag: TAG,
    access: { kind: 'public' },
    params: v.object({ email: emailField }),
    summary:
      'Sends the account-verification OTPs: one to the email, another by SMS to the phone; needs the same Basic header as login',
    returns: 'The email and phone number the OTPs went to, masked',
    errors: { 401: 'Invalid Username/Password', 429: 'resend lockout or too many sends' },
    response: OtpTargetsSchema,
    handler: async ({ c, params }) => {
      const { email, password } = basicCredentials(c);
      if (email !== params.email) throw badRequest('email in the path must match the Authorization header');
      return auth.generateAccountOtp(deps, email, password, ip(c));
    },
  });

  router.route(API_REGISTRATION.verifyAccount, {
    access: { kind: 'public' },
    handler: async ({ body }) => {
      await auth.verifyAccount(deps, body.email, body.code, body.phoneCode);
      return { message: MSG.otpVerifiedLogin };
    },
  });

  router.add({
    method: 'get',
    path: API.sendCode,
    tag: TAG,
    access: { kind: 'public' },
    query: SendCodeQuery,
    summary:
      'Sends a verification code to an email or a mobile number (one of them) for the username it greets; the answer never says whether an account has the contact',
    returns: 'The masked contact the code went to',
    errors: { 400: 'neither or both contacts, or a field broke its rule', 429: 'resend lockout or too many sends' },
    response: CodeSentSchema,
    handler: ({ c, query }) => sendCode(deps, query, ip(c)),
  });

  router.add({
    method: 'get',
    path: API.verifyCode,
    tag: TAG,
    access: { kind: 'public' },
    query: VerifyCodeQuery,
    summary: 'Checks the code send-code sent to a contact (once; five wrong tries lock it; 10 minutes)',
    errors: { 400: 'Incorrect OTP entered / expired / too many wrong tries' },
    response: CodeVerifiedSchema,
    handler: ({ query }) => verifyCode(deps, query.contactInfo, query.code),
  });
}
