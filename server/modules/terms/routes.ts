import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_TERMS, TermsVersionRowSchema } from '../../../src/domain/terms-contract';
import { PublishTermsBody } from '../../../src/domain/schemas/terms';
import { listVersions, publishTerms } from './service';

const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

export function registerTermsRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_TERMS.staffVersions,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'notices.manage',
    summary: 'Every published terms version, newest (in force) first, with how many logins accepted or declined it',
    response: v.array(TermsVersionRowSchema),
    handler: () => listVersions(deps.db),
  });
  router.add({
    method: 'post',
    path: API_TERMS.staffVersions,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'notices.manage',
    body: PublishTermsBody,
    summary:
      'Publishes a new terms version, in force at once: every seller login made before it must accept it before going on',
    response: TermsVersionRowSchema,
    errors: { 409: 'the same text is in force already' },
    handler: ({ body }) => publishTerms(deps.db, body, deps.now()),
  });
}
