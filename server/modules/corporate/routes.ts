import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../http/params';
import { pagingEntries } from '../../http/paging';
import {
  API,
  AccessTokenAnswerSchema,
  CorporateAccountRowSchema,
  CorporateDashboardSchema,
  pagedSchema,
} from '../../../src/domain/account-contract';
import * as corporate from './service';

const TAG = 'corporate';
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

export function registerCorporateRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API.corporateAccounts,
    tag: TAG,
    access: STAFF,
    query: v.object(pagingEntries),
    summary: 'Seller logins across organisations, newest first, with search (email, name, phone, company)',
    response: pagedSchema(CorporateAccountRowSchema),
    handler: ({ query }) => corporate.listSellerAccounts(deps.db, query),
  });
  router.add({
    method: 'get',
    path: API.corporateDashboard,
    tag: TAG,
    access: STAFF,
    summary: 'Counts for the staff landing page',
    response: CorporateDashboardSchema,
    handler: () => corporate.dashboard(deps.db, deps.now()),
  });
  router.add({
    method: 'post',
    path: '/api/v1/corporate/accounts/:accountId/impersonate',
    tag: TAG,
    access: STAFF,
    params: v.object({ accountId: numericId('accountId') }),
    summary:
      'Admin session: a 30-minute access token acting as the seller (subject "<staffId>-<sellerId>"), never refreshable',
    errors: { 404: 'no such seller account' },
    response: AccessTokenAnswerSchema,
    handler: ({ caller, params }) => corporate.impersonate(deps, caller, params.accountId),
  });
}
