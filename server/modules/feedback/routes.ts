import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { clientIp } from '../../http/client-ip';
import { API_SIGNUP_FEEDBACK } from '../../../src/domain/signup-feedback';
import { giveSignupFeedback } from './service';

export function registerFeedbackRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_SIGNUP_FEEDBACK.send, {
    access: { kind: 'public' },
    handler: ({ c, body }) => giveSignupFeedback(deps.db, body, clientIp(c, deps.config), deps.now()),
  });
}
