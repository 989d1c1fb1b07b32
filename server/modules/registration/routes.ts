import type { Context } from 'hono';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { clientIp } from '../../http/client-ip';
import { API_REGISTRATION } from '../../../src/domain/registration-contract';
import { MSG } from '../../../src/domain/messages';
import * as registration from './service';

export function registerRegistrationRoutes(router: ApiRouter, deps: AppDeps) {
  const ip = (c: Context) => clientIp(c, deps.config);

  router.route(API_REGISTRATION.sendEmailOtp, {
    access: { kind: 'public' },
    handler: async ({ c, body }) => {
      await registration.sendSignupEmailOtp(deps, body, ip(c));
      return { message: MSG.emailOtpSent };
    },
  });
  router.route(API_REGISTRATION.sendPhoneOtp, {
    access: { kind: 'public' },
    handler: async ({ c, body }) => {
      await registration.sendSignupPhoneOtp(deps, body, ip(c));
      return { message: MSG.phoneOtpSent };
    },
  });
  router.route(API_REGISTRATION.verifyOtp, {
    access: { kind: 'public' },
    handler: async ({ body }) => {
      await registration.verifySignupOtp(deps, body);
      return { verified: true as const };
    },
  });
  router.route(API_REGISTRATION.register, {
    access: { kind: 'public' },
    handler: ({ body }) => registration.registerOwner(deps, body),
  });
  router.route(API_REGISTRATION.registerBasic, {
    access: { kind: 'public' },
    handler: ({ c, body }) => registration.registerBasic(deps, body, ip(c)),
  });
}
