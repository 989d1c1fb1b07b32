import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_DASHBOARD } from '../../../src/domain/dashboard-contract';
import * as dashboard from './service';
import { homeChecklist } from './checklist';

// The dashboard's and the home page's operations (src/domain/dashboard-contract.ts): who may call
// each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerDashboardRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_DASHBOARD.summary, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, query }) => dashboard.summary(deps.db, caller.orgId, dashboard.spanOf(query, deps.now())),
  });
  router.route(API_DASHBOARD.money, {
    access: SELLERS,
    permission: 'wallet.view',
    handler: ({ caller, query }) => dashboard.money(deps.db, caller.orgId, dashboard.spanOf(query, deps.now())),
  });
  router.route(API_DASHBOARD.couriers, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, query }) => dashboard.couriers(deps.db, caller.orgId, dashboard.spanOf(query, deps.now())),
  });
  router.route(API_DASHBOARD.top, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, query }) => dashboard.top(deps.db, caller.orgId, dashboard.spanOf(query, deps.now())),
  });
  router.route(API_DASHBOARD.codVerification, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, query }) =>
      dashboard.codVerification(deps.db, caller.orgId, dashboard.spanOf(query, deps.now())),
  });
  router.route(API_DASHBOARD.home, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller }) => dashboard.homeStats(deps.db, caller.orgId, deps.now()),
  });
  router.route(API_DASHBOARD.checklist, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller }) => homeChecklist(deps, caller.orgId),
  });
}
