import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { pdfAttachment } from '../../documents/pdf-buffer';
import { API_TEAM } from '../../../src/domain/team-contract';
import { upgradeOptions } from './upgrades';
import * as plans from './service';

// The plan in force, upgrades, downgrades and the subscription invoices, under the team's
// operations (src/domain/team-contract.ts). Routes with no `permission` are the OWNER's alone
// (deny by default).

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerPlanRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_TEAM.plan, {
    access: SELLERS,
    permission: 'billing.view',
    handler: ({ caller }) => plans.planState(deps.db, caller.orgId),
  });
  router.route(API_TEAM.upgrades, {
    access: SELLERS,
    permission: 'billing.view',
    handler: ({ caller }) => upgradeOptions(deps.db, caller.orgId),
  });
  router.route(API_TEAM.upgrade, {
    access: SELLERS,
    handler: ({ caller, body }) => plans.upgrade(deps, caller, body),
  });
  router.route(API_TEAM.subscriptions, {
    access: SELLERS,
    permission: 'billing.view',
    handler: ({ caller }) => plans.subscriptionHistory(deps.db, caller.orgId),
  });
  router.route(API_TEAM.invoices, {
    access: SELLERS,
    permission: 'billing.view',
    handler: ({ caller }) => plans.subscriptionHistory(deps.db, caller.orgId),
  });
  router.route(API_TEAM.invoicePdf, {
    access: SELLERS,
    permission: 'billing.view',
    handler: async ({ caller, params }) =>
      pdfAttachment(
        `dakiya-subscription-${params.subscriptionId}.pdf`,
        await plans.invoicePdfOf(deps, caller.orgId, params.subscriptionId),
      ),
  });
  router.route(API_TEAM.downgrades, {
    access: SELLERS,
    permission: 'billing.view',
    handler: ({ caller }) => plans.downgrades(deps.db, caller.orgId),
  });
  router.route(API_TEAM.requestDowngrade, {
    access: SELLERS,
    handler: ({ caller, body }) => plans.requestDowngrade(deps, caller, body),
  });
  router.route(API_TEAM.cancelDowngrade, {
    access: SELLERS,
    handler: ({ caller, params }) => plans.cancelDowngrade(deps, caller, params.downgradeId),
  });
}
