import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { auditActorOf } from '../../http/staff-write';
import { API_ACCOUNT_MANAGER } from '../../../src/domain/account-manager-contract';
import { sellerAccountManager, setAccountManager } from './service';

// The key account manager's operations (src/domain/account-manager-contract.ts): who may call
// each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

export function registerAccountManagerRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_ACCOUNT_MANAGER.mine, {
    access: SELLERS,
    permission: 'self',
    handler: ({ caller }) => sellerAccountManager(deps.db, caller.orgId),
  });
  router.route(API_ACCOUNT_MANAGER.set, {
    access: STAFF,
    staffPermission: 'accounts.manage',
    handler: ({ c, caller, params, body }) =>
      setAccountManager(deps, auditActorOf(c, caller).staffId, params.accountId, body),
  });
}
