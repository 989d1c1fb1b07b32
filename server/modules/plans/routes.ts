import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { pdfAttachment } from '../../documents/pdf-buffer';
import { PlanSchema } from '../../../src/domain/account-contract';
import {
  API_TEAM,
  DowngradeRowSchema,
  PlanStateSchema,
  SubscriptionRowSchema,
  UpgradeAnswerSchema,
} from '../../../src/domain/team-contract';
import { DowngradeBody, UpgradeBody } from '../../../src/domain/schemas/team';
import { upgradeOptions } from './upgrades';
import * as plans from './service';

// The plan in force, upgrades, downgrades and the subscription invoices, under the team's
// addresses. Routes with no `permission` are the OWNER's alone (deny by default).

const TAG = 'team';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerPlanRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_TEAM.plan,
    tag: TAG,
    access: SELLERS,
    permission: 'billing.view',
    summary: 'The plan in force, its period, a pending downgrade, logins used and allowed, and the prices',
    response: PlanStateSchema,
    handler: ({ caller }) => plans.planState(deps.db, caller.orgId),
  });
  router.add({
    method: 'get',
    path: API_TEAM.upgrades,
    tag: TAG,
    access: SELLERS,
    permission: 'billing.view',
    summary:
      'The plans above the caller’s, with their features and monthly price (the upgrade path); refused on Premium, the top plan',
    errors: { 403: 'the account is on Premium, the top plan' },
    response: v.array(PlanSchema),
    handler: ({ caller }) => upgradeOptions(deps.db, caller.orgId),
  });
  router.add({
    method: 'put',
    path: API_TEAM.upgrade,
    tag: TAG,
    access: SELLERS,
    body: UpgradeBody,
    summary:
      'Upgrade (plan PRO or PREMIUM, billingFrequency MONTHLY or YEARLY): paid now from the wallet, in force at once, with a GST invoice; a repeat of the same requestKey acts once',
    errors: { 409: 'not an upgrade', 422: 'the wallet cannot pay' },
    response: UpgradeAnswerSchema,
    handler: ({ caller, body }) => plans.upgrade(deps, caller, body),
  });
  router.add({
    method: 'get',
    path: API_TEAM.subscriptions,
    tag: TAG,
    access: SELLERS,
    permission: 'billing.view',
    summary: 'The subscriptions history, newest first',
    response: v.array(SubscriptionRowSchema),
    handler: ({ caller }) => plans.subscriptionHistory(deps.db, caller.orgId),
  });
  router.add({
    method: 'get',
    path: API_TEAM.invoices,
    tag: TAG,
    access: SELLERS,
    permission: 'billing.view',
    summary: 'Subscription invoices (one per paid period), newest first',
    response: v.array(SubscriptionRowSchema),
    handler: ({ caller }) => plans.subscriptionHistory(deps.db, caller.orgId),
  });
  router.add({
    method: 'get',
    path: API_TEAM.invoicePdf(':subscriptionId'),
    tag: TAG,
    access: SELLERS,
    permission: 'billing.view',
    params: v.object({ subscriptionId: numericId('subscriptionId') }),
    summary: "A subscription's GST tax invoice as PDF",
    errors: { 404: 'no such invoice of yours' },
    response: { file: 'application/pdf' },
    handler: async ({ caller, params }) =>
      pdfAttachment(
        `dakiya-subscription-${params.subscriptionId}.pdf`,
        await plans.invoicePdfOf(deps, caller.orgId, params.subscriptionId),
      ),
  });
  router.add({
    method: 'get',
    path: API_TEAM.downgrades,
    tag: TAG,
    access: SELLERS,
    permission: 'billing.view',
    summary: 'Downgrade requests, newest first',
    response: v.array(DowngradeRowSchema),
    handler: ({ caller }) => plans.downgrades(deps.db, caller.orgId),
  });
  router.add({
    method: 'post',
    path: API_TEAM.downgrades,
    tag: TAG,
    access: SELLERS,
    body: DowngradeBody,
    summary: 'Request a downgrade: it takes effect at the end of the paid period and can be cancelled until then',
    errors: { 409: 'not a downgrade, or one is pending' },
    response: DowngradeRowSchema,
    handler: ({ caller, body }) => plans.requestDowngrade(deps, caller, body),
  });
  router.add({
    method: 'delete',
    path: API_TEAM.downgrade(':downgradeId'),
    tag: TAG,
    access: SELLERS,
    params: v.object({ downgradeId: numericId('downgradeId') }),
    summary: 'Cancel a pending downgrade request',
    errors: { 404: 'no such downgrade request of yours', 409: 'it is not pending' },
    response: DowngradeRowSchema,
    handler: ({ caller, params }) => plans.cancelDowngrade(deps, caller, params.downgradeId),
  });
}
