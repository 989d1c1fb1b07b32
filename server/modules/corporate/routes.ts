import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { pagingEntries } from '../../../src/domain/paging';
import { API, CorporateAccountRowSchema, CorporateDashboardSchema } from '../../../src/domain/account-contract';
import { pagedSchema } from '../../../src/domain/paging';
import * as corporate from './service';
import { API_STAFF, ImpersonationAnswerSchema } from '../../../src/domain/staff-contract';
import { setBetaFeatures } from './beta-features';
import { auditActorOf } from '../../http/staff-write';
import { accountOverview } from './overview';
import { endImpersonation } from './impersonations';
import { API_COURIER_HEALTH, CourierHealthSchema } from '../../../src/domain/courier-health-contract';
import { courierHealth } from './couriers';

const TAG = 'corporate';
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

export function registerCorporateRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API.corporateAccounts,
    tag: TAG,
    access: STAFF,
    staffPermission: 'accounts.view',
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
    staffPermission: 'accounts.view',
    summary: 'Counts for the staff landing page',
    response: CorporateDashboardSchema,
    handler: () => corporate.dashboard(deps.db, deps.now()),
  });
  router.add({
    method: 'post',
    path: '/api/v1/corporate/accounts/:accountId/impersonate',
    tag: TAG,
    access: STAFF,
    staffPermission: 'accounts.manage',
    params: v.object({ accountId: numericId('accountId') }),
    summary:
      'Admin session: a 30-minute access token acting as the seller (subject "<staffId>-<sellerId>"), never refreshable',
    errors: { 404: 'no such seller account' },
    returns: "The token, and the admin session's id (its start, end or expiry is kept in the audit log)",
    response: ImpersonationAnswerSchema,
    handler: ({ c, caller, params }) => corporate.impersonate(deps, auditActorOf(c, caller), params.accountId),
  });
  router.route(API_STAFF.impersonationEnd, {
    access: STAFF,
    staffPermission: 'accounts.manage',
    handler: async ({ c, caller, params }) => {
      await endImpersonation(deps.db, auditActorOf(c, caller), params.impersonationId, deps.now());
      return null;
    },
  });
  router.route(API_STAFF.accountOverview, {
    access: STAFF,
    staffPermission: 'accounts.view',
    handler: ({ params }) => accountOverview(deps.db, params.accountId),
  });
  router.route(API_STAFF.betaFeatures, {
    access: STAFF,
    staffPermission: 'accounts.manage',
    handler: ({ c, caller, params, body }) => setBetaFeatures(deps, auditActorOf(c, caller), params.accountId, body),
  });
  router.add({
    method: 'get',
    path: API_COURIER_HEALTH.couriers,
    tag: TAG,
    access: STAFF,
    // the courier network's people: those who see its unknown codes and run its sandbox
    staffPermission: 'orders.simulate',
    summary:
      'Every courier and hyperlocal partner: live or sandbox and why, calls and errors over the last hour and 24 hours, rate-limit headroom, the webhook authentication scheme (never its secret) and unknown codes',
    returns: 'CourierHealth[]',
    response: v.array(CourierHealthSchema),
    handler: () => courierHealth(deps),
  });
}
