import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { clientIp } from '../../http/client-ip';
import { API_BANK } from '../../../src/domain/bank-contract';
import * as bank from './service';

// The bank accounts' operations (src/domain/bank-contract.ts): who may call each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
// Changing where COD money is paid is the OWNER's alone (no permission named: deny by default),
// with the owner's OTP for a verified account. docs/decisions/bank-and-profile.md.

export function registerBankRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_BANK.accounts, {
    access: SELLERS,
    permission: 'kyc.view',
    handler: ({ caller }) => bank.listAccounts(deps.db, caller),
  });
  router.route(API_BANK.ifsc, {
    access: SELLERS,
    permission: 'kyc.view',
    handler: ({ params }) => bank.ifscLookup(deps, params.ifsc),
  });
  router.route(API_BANK.details, {
    access: SELLERS,
    handler: ({ caller, body }) => bank.addAccount(deps, caller, body),
  });
  router.route(API_BANK.account, {
    access: SELLERS,
    handler: ({ caller, params, body }) => bank.editAccount(deps, caller, params.bankAccountId, body),
  });
  router.route(API_BANK.verify, {
    access: SELLERS,
    handler: ({ caller, body }) => bank.verifyAccount(deps, caller, body),
  });
  router.route(API_BANK.changeOtp, {
    access: SELLERS,
    handler: ({ c, caller }) => bank.sendChangeOtp(deps, caller, clientIp(c, deps.config)),
  });
  router.route(API_BANK.primary, {
    access: SELLERS,
    handler: ({ caller, params, body }) => bank.makePrimary(deps, caller, params.bankAccountId, body.otp),
  });
  router.route(API_BANK.remove, {
    access: SELLERS,
    handler: ({ caller, params, body }) => bank.removeAccount(deps, caller, params.bankAccountId, body.otp),
  });

  // staff
  router.route(API_BANK.staffChanges, {
    access: STAFF,
    staffPermission: 'kyc.review',
    handler: ({ query }) => bank.staffChanges(deps.db, query),
  });
}
