import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { csvAttachment } from '../../http/csv';
import { API_COD } from '../../../src/domain/cod-contract';
import * as cod from './service';
import { bankFileCsv, revealBankDetails } from './bank-transfer';
import { auditActorOf } from '../../http/staff-write';
import { istDate } from '../../../src/domain/cod-remittance';
import { runCodCycle } from './cycle';

// COD remittance's operations (src/domain/cod-contract.ts): who may call each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

export function registerCodRoutes(router: ApiRouter, deps: AppDeps) {
  // seller
  // before /payouts/:payoutId
  router.route(API_COD.statement, {
    access: SELLERS,
    permission: 'wallet.view',
    handler: async ({ caller, query }) =>
      csvAttachment('cod-remittance-statement.csv', await cod.statementCsv(deps.db, caller.orgId, query)),
  });

  router.route(API_COD.payouts, {
    access: SELLERS,
    permission: 'wallet.view',
    handler: ({ caller, query }) => cod.sellerPayouts(deps.db, caller.orgId, query),
  });
  router.route(API_COD.payout, {
    access: SELLERS,
    permission: 'wallet.view',
    handler: ({ caller, params }) => cod.sellerPayout(deps.db, caller.orgId, params.payoutId),
  });
  router.route(API_COD.forecast, {
    access: SELLERS,
    permission: 'wallet.view',
    handler: ({ caller }) => cod.forecast(deps, caller.orgId),
  });
  router.route(API_COD.settings, {
    access: SELLERS,
    permission: 'wallet.view',
    handler: ({ caller }) => cod.codSettings(deps.db, caller.orgId),
  });
  router.route(API_COD.earlyCod, {
    access: SELLERS,
    permission: 'billing.manage',
    handler: ({ caller, body }) => cod.setEarlyCod(deps, caller.orgId, body),
  });
  router.route(API_COD.payoutMethod, {
    access: SELLERS,
    permission: 'billing.manage',
    handler: ({ caller, body }) => cod.setPayoutMethod(deps, caller.orgId, body.payToWallet),
  });
  // staff
  router.route(API_COD.pending, {
    access: STAFF,
    staffPermission: 'cod.manage',
    handler: ({ query }) => cod.staffPending(deps.db, query),
  });
  router.route(API_COD.paid, {
    access: STAFF,
    staffPermission: 'cod.manage',
    handler: ({ query }) => cod.staffPaid(deps.db, query),
  });
  router.route(API_COD.history, {
    access: STAFF,
    staffPermission: 'cod.manage',
    handler: ({ query }) => cod.staffHistory(deps.db, query),
  });
  router.route(API_COD.staffPayout, {
    access: STAFF,
    staffPermission: 'cod.manage',
    handler: ({ params }) => cod.staffPayout(deps.db, params.payoutId),
  });
  router.route(API_COD.markPaid, {
    access: STAFF,
    staffPermission: 'cod.manage',
    handler: ({ caller, params, body }) => cod.markPaid(deps, caller.accountId, params.payoutId, body),
  });
  router.route(API_COD.hold, {
    access: STAFF,
    staffPermission: 'cod.manage',
    handler: ({ params, body }) => cod.holdPayout(deps, params.payoutId, body.holdReason),
  });
  router.route(API_COD.release, {
    access: STAFF,
    staffPermission: 'cod.manage',
    handler: ({ params }) => cod.releasePayout(deps, params.payoutId),
  });
  router.route(API_COD.runCycle, {
    access: STAFF,
    staffPermission: 'cod.manage',
    handler: () => runCodCycle(deps),
  });
  router.route(API_COD.bankDetails, {
    access: STAFF,
    staffPermission: 'cod.manage',
    handler: ({ c, caller, params }) => revealBankDetails(deps, auditActorOf(c, caller), params.payoutId),
  });
  router.route(API_COD.bankFile, {
    access: STAFF,
    staffPermission: 'cod.manage',
    handler: async ({ c, caller, query }) =>
      csvAttachment(
        `cod-neft-${istDate(deps.now())}.csv`,
        await bankFileCsv(deps, auditActorOf(c, caller), query.payoutIds),
        { bom: false },
      ),
  });
}
