import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_CORPORATE } from '../../../src/domain/corporate-contract';
import * as corporate from './service';
import { API_STAFF } from '../../../src/domain/staff-contract';
import { setBetaFeatures } from './beta-features';
import { auditActorOf } from '../../http/staff-write';
import { accountOverview } from './overview';
import { endImpersonation } from './impersonations';
import { API_COURIER_HEALTH } from '../../../src/domain/courier-health-contract';
import { courierHealth } from './couriers';

// The staff landing, a seller's whole picture and admin sessions, and the courier network's health
// (src/domain/corporate-contract.ts, staff-contract.ts, courier-health-contract.ts).

const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

export function registerCorporateRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_CORPORATE.accounts, {
    access: STAFF,
    staffPermission: 'accounts.view',
    handler: ({ query }) => corporate.listSellerAccounts(deps.db, query),
  });
  router.route(API_CORPORATE.dashboard, {
    access: STAFF,
    staffPermission: 'accounts.view',
    handler: () => corporate.dashboard(deps.db, deps.now()),
  });
  router.route(API_CORPORATE.impersonate, {
    access: STAFF,
    staffPermission: 'accounts.manage',
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
  router.route(API_COURIER_HEALTH.couriers, {
    access: STAFF,
    // the courier network's people: those who see its unknown codes and run its sandbox
    staffPermission: 'orders.simulate',
    handler: () => courierHealth(deps),
  });
}
