import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { pagingEntries } from '../../../src/domain/paging';
import { clientIp } from '../../http/client-ip';
import {
  API_BANK,
  BankAccountChangePageSchema,
  BankAccountListSchema,
  BankAccountRowSchema,
  BankOtpAnswerSchema,
  BankVerificationSchema,
  IfscAnswerSchema,
} from '../../../src/domain/bank-contract';
import { AddBankAccountBody, BankChangeBody, VerifyBankAccountBody } from '../../../src/domain/schemas/bank';
import * as bank from './service';

const TAG = 'bank';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
const idParam = v.object({ bankAccountId: numericId('bankAccountId') });
const OWNER_ONLY = 'an admin session (staff acting as the seller)';
// Changing where COD money is paid is the OWNER's alone (no permission named: deny by default),
// with the owner's OTP for a verified account. docs/decisions/bank-and-profile.md.

export function registerBankRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_BANK.accounts,
    tag: TAG,
    access: SELLERS,
    permission: 'kyc.view',
    summary: "The seller's bank accounts for COD remittance (numbers masked), the primary one first",
    response: BankAccountListSchema,
    handler: ({ caller }) => bank.listAccounts(deps.db, caller),
  });
  router.add({
    method: 'get',
    path: API_BANK.ifsc(':ifsc'),
    tag: TAG,
    access: SELLERS,
    permission: 'kyc.view',
    params: v.object({ ifsc: v.pipe(v.string(), v.maxLength(20, 'ifsc is too long')) }),
    summary: "An IFSC's bank (offline directory) and branch (verification provider), as the seller types it",
    response: IfscAnswerSchema,
    errors: { 400: "'invalid Ifsc Code': not an IFSC, or not a known bank branch" },
    handler: ({ params }) => bank.ifscLookup(deps, params.ifsc),
  });
  router.add({
    method: 'post',
    path: API_BANK.details,
    tag: TAG,
    access: SELLERS,
    body: AddBankAccountBody,
    summary:
      'Adds a bank account (IFSC, account number typed twice, holder’s name), not yet verified; an account already added answers as it is',
    response: BankAccountRowSchema,
    errors: { 403: OWNER_ONLY, 409: 'too many accounts' },
    handler: ({ caller, body }) => bank.addAccount(deps, caller, body),
  });
  router.add({
    method: 'put',
    path: API_BANK.account(':bankAccountId'),
    tag: TAG,
    access: SELLERS,
    params: idParam,
    body: AddBankAccountBody,
    summary: 'Corrects an account that is not verified yet (a verified one is replaced: add, verify, make primary)',
    response: BankAccountRowSchema,
    errors: { 403: OWNER_ONLY, 404: 'no such bank account', 409: 'verified, or the same account is added already' },
    handler: ({ caller, params, body }) => bank.editAccount(deps, caller, params.bankAccountId, body),
  });
  router.add({
    method: 'post',
    path: API_BANK.verify,
    tag: TAG,
    access: SELLERS,
    body: VerifyBankAccountBody,
    summary:
      "Verifies an account by the provider's penny drop: the amount credited and the bank's name for the holder, compared by our name rule. A repeated requestKey answers the same result; no second penny drop",
    response: BankVerificationSchema,
    returns:
      'outcome VERIFIED, NAME_MISMATCH (invalid Customer Name), INVALID (no such account) or UNAVAILABLE (the provider did not answer; nothing decided)',
    errors: { 403: OWNER_ONLY, 404: 'no such bank account', 409: 'the request key was used for another account' },
    handler: ({ caller, body }) => bank.verifyAccount(deps, caller, body),
  });
  router.add({
    method: 'post',
    path: API_BANK.changeOtp,
    tag: TAG,
    access: SELLERS,
    summary: "Sends the owner's email and mobile the OTP that confirms a change to a verified bank account",
    response: BankOtpAnswerSchema,
    errors: { 403: OWNER_ONLY, 429: 'inside the 60-second resend lockout' },
    handler: ({ c, caller }) => bank.sendChangeOtp(deps, caller, clientIp(c, deps.config)),
  });
  router.add({
    method: 'post',
    path: API_BANK.primary(':bankAccountId'),
    tag: TAG,
    access: SELLERS,
    params: idParam,
    body: BankChangeBody,
    summary:
      'Makes a verified account the primary one for COD remittance; moving it away from a verified account needs the OTP and tells operations',
    response: BankAccountListSchema,
    errors: { 403: OWNER_ONLY, 404: 'no such bank account', 409: 'not verified' },
    handler: ({ caller, params, body }) => bank.makePrimary(deps, caller, params.bankAccountId, body.otp),
  });
  router.add({
    method: 'post',
    path: API_BANK.remove(':bankAccountId'),
    tag: TAG,
    access: SELLERS,
    params: idParam,
    body: BankChangeBody,
    summary: 'Removes an account that is not the primary one; a verified account needs the OTP and tells operations',
    response: BankAccountListSchema,
    errors: { 403: OWNER_ONLY, 404: 'no such bank account', 409: 'the primary account' },
    handler: ({ caller, params, body }) => bank.removeAccount(deps, caller, params.bankAccountId, body.otp),
  });

  // staff
  router.add({
    method: 'get',
    path: API_BANK.staffChanges,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'kyc.review',
    query: v.object(pagingEntries),
    summary:
      "Every change to sellers' bank accounts (masked numbers), newest first; search by company, IFSC, bank or last 4 digits",
    response: BankAccountChangePageSchema,
    handler: ({ query }) => bank.staffChanges(deps.db, query),
  });
}
