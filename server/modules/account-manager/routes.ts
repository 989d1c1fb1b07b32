import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { auditActorOf } from '../../http/staff-write';
import {
  API_ACCOUNT_MANAGER,
  AccountManagerSchema,
  SellerAccountManagerSchema,
} from '../../../src/domain/account-manager-contract';
import { AccountManagerBody } from '../../../src/domain/schemas/staff';
import { sellerAccountManager, setAccountManager } from './service';

const TAG = 'account-manager';

export function registerAccountManagerRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_ACCOUNT_MANAGER.mine,
    tag: TAG,
    access: { kind: 'user', accountTypes: ['SELLER'] },
    permission: 'self',
    summary:
      'Your key account manager (Pro and Premium): their name, email and phone once Dakiya has named one, and whether your plan includes one',
    response: SellerAccountManagerSchema,
    handler: ({ caller }) => sellerAccountManager(deps.db, caller.orgId!),
  });
  router.add({
    method: 'put',
    path: API_ACCOUNT_MANAGER.set(':accountId'),
    tag: TAG,
    access: { kind: 'user', accountTypes: ['DAKIYA'] },
    staffPermission: 'accounts.manage',
    params: v.object({ accountId: numericId('accountId') }),
    body: AccountManagerBody,
    summary:
      "Name a staff member who answers tickets as a Pro or Premium seller's key account manager (their new tickets go to them), or none with null",
    errors: {
      400: 'not a staff login, turned off, or a role that cannot answer tickets',
      404: 'no such seller account',
      409: "the seller's plan has no key account manager",
    },
    response: v.nullable(AccountManagerSchema),
    handler: ({ c, caller, params, body }) =>
      setAccountManager(deps, auditActorOf(c, caller).staffId, params.accountId, body),
  });
}
