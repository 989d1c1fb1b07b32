import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_TERMS } from '../../../src/domain/terms-contract';
import { listVersions, publishTerms } from './service';

const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

export function registerTermsRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_TERMS.versions, {
    access: STAFF,
    staffPermission: 'notices.manage',
    handler: () => listVersions(deps.db),
  });
  router.route(API_TERMS.publish, {
    access: STAFF,
    staffPermission: 'notices.manage',
    handler: ({ body }) => publishTerms(deps.db, body, deps.now()),
  });
}
