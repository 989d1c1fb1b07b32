import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { clientIp } from '../../http/client-ip';
import { API_REFERENCE } from '../../../src/domain/reference-contract';
import { decideTerms, listPlans, listReferralSources, termsInForce } from './service';

const PUBLIC = { kind: 'public' } as const;

export function registerReferenceRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_REFERENCE.plans, { access: PUBLIC, handler: () => listPlans(deps.db) });
  router.route(API_REFERENCE.referralSources, { access: PUBLIC, handler: () => listReferralSources(deps.db) });
  router.route(API_REFERENCE.terms, { access: PUBLIC, handler: () => termsInForce(deps.db) });
  router.route(API_REFERENCE.acceptTerms, {
    access: { kind: 'user' },
    permission: 'self',
    handler: ({ body, caller }) => decideTerms(deps.db, caller, body, deps.now()),
  });
  router.route(API_REFERENCE.ip, { access: PUBLIC, handler: ({ c }) => ({ ip: clientIp(c, deps.config) }) });
}
