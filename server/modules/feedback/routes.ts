import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { clientIp } from '../../http/client-ip';
import { API_SIGNUP_FEEDBACK, SIGNUP_FEEDBACK, SignupFeedbackBody } from '../../../src/domain/signup-feedback';
import { giveSignupFeedback } from './service';
import { ReceivedAnswerSchema } from '../../../src/domain/account-contract';

export function registerFeedbackRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'post',
    path: API_SIGNUP_FEEDBACK,
    tag: 'feedback',
    access: { kind: 'public' },
    body: SignupFeedbackBody,
    summary:
      'A visitor tells us how sign-up went: a rating 1 to 10 and a message (a repeat of one submission id is stored once)',
    errors: {
      429: `more than ${SIGNUP_FEEDBACK.perIpPerHour} feedback submissions from this address in an hour (Retry-After)`,
    },
    response: ReceivedAnswerSchema,
    handler: ({ c, body }) => giveSignupFeedback(deps.db, body, clientIp(c, deps.config), deps.now()),
  });
}
