import type { Context } from 'hono';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { ApiError, badRequest } from '../../http/errors';
import { clientIp } from '../../http/client-ip';
import { API_AUTH } from '../../../src/domain/auth-contract';
import { MSG } from '../../../src/domain/messages';
import { otpField } from '../../../src/domain/schemas/fields';
import { parseOrThrow } from '../../http/validate';
import { auditActorOf } from '../../http/staff-write';
import { sendCode, verifyCode } from './send-code';
import { basicCredentials } from './basic';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './cookie';
import * as auth from './service';
import { API_REGISTRATION } from '../../../src/domain/registration-contract';

// The auth area's operations (src/domain/auth-contract.ts): who may call each, and its handler.

export function registerAuthRoutes(router: ApiRouter, deps: AppDeps) {
  const ip = (c: Context) => clientIp(c, deps.config);
  /** The body of a new session; the refresh token goes only into the cookie. */
  const answer = (c: Context, s: auth.Session) => {
    setRefreshCookie(c, deps.config, s.refreshToken);
    return { accessToken: s.accessToken, mustChangePassword: s.mustChangePassword };
  };

  router.route(API_AUTH.login, {
    access: { kind: 'public' },
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

  router.route(API_AUTH.refreshToken, {
    access: { kind: 'public' },
    handler: async ({ c }) => {
      try {
        return answer(c, await auth.refresh(deps, readRefreshCookie(c)));
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) clearRefreshCookie(c, deps.config);
        throw e;
      }
    },
  });

  router.route(API_AUTH.logout, {
    access: { kind: 'public' },
    handler: async ({ c }) => {
      await auth.logout(deps, readRefreshCookie(c));
      clearRefreshCookie(c, deps.config);
      return null;
    },
  });

  router.route(API_AUTH.logoutEverywhere, {
    access: { kind: 'user', duringPasswordChange: true },
    permission: 'self',
    handler: async ({ c, caller }) => {
      await auth.logoutEverywhere(deps, caller);
      clearRefreshCookie(c, deps.config);
      return null;
    },
  });

  router.route(API_AUTH.accountStatus, {
    access: { kind: 'user', accountTypes: ['DAKIYA'] },
    staffPermission: 'accounts.manage',
    handler: ({ c, caller, params, body }) =>
      auth.setAccountActive(deps, auditActorOf(c, caller), params.accountId, body),
  });

  router.route(API_AUTH.resetPassword, {
    access: { kind: 'public' },
    handler: async ({ c, body }) => {
      const { resendAfterS } = await auth.resetPassword(deps, body.email, ip(c));
      return { message: MSG.passwordSentResendAfter(resendAfterS) };
    },
  });

  router.route(API_AUTH.updatePassword, {
    access: { kind: 'user', duringPasswordChange: true },
    permission: 'self',
    handler: async ({ c, body, caller }) => answer(c, await auth.updatePassword(deps, caller, body, ip(c))),
  });

  router.route(API_AUTH.generateOtp, {
    access: { kind: 'public' },
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

  router.route(API_AUTH.sendCode, {
    access: { kind: 'public' },
    handler: ({ c, query }) => sendCode(deps, query, ip(c)),
  });

  router.route(API_AUTH.verifyCode, {
    access: { kind: 'public' },
    handler: ({ query }) => verifyCode(deps, query.contactInfo, query.code),
  });
}
