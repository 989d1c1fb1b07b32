import * as v from 'valibot';
import { pagedSchema } from './paging';
import { formatRupees } from './format';
import { operation } from './operation';
import { numericId } from './params';
import { pagingEntries } from './paging';
import { BANK_STATUSES, BANK_STATUS_LABELS, type BankStatus } from './bank-status';
import { AddBankAccountBody, BANK_RULES, BankChangeBody, VerifyBankAccountBody } from './schemas/bank';

export { BANK_STATUSES, BANK_STATUS_LABELS, type BankStatus };

// Paths, shapes and rules of a seller's bank accounts for COD remittance (spec: "Bank: GET, POST
// details, POST verify"; "bank verification by ifsc and account number"). An account is added
// (IFSC, the number typed twice, the holder's name), verified by the provider's penny drop (what
// it credited and the name the bank holds; our name rule decides), and one verified account is
// the primary one that COD remittance pays. The full number is never answered: every answer
// carries it masked (last 4 digits). Switching the primary account away from a verified one, and
// removing a verified account, need an OTP sent to the owner; staff read every change.

export const VERIFICATION_OUTCOMES = ['VERIFIED', 'NAME_MISMATCH', 'INVALID', 'UNAVAILABLE'] as const;
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];

export const BANK_CHANGE_ACTIONS = [
  'ADDED',
  'EDITED',
  'VERIFIED',
  'PRIMARY_SET',
  'PRIMARY_CHANGED',
  'REMOVED',
] as const;
export type BankChangeAction = (typeof BANK_CHANGE_ACTIONS)[number];
export const BANK_CHANGE_LABELS: Record<BankChangeAction, string> = {
  ADDED: 'Account added',
  EDITED: 'Details changed',
  VERIFIED: 'Verified',
  PRIMARY_SET: 'Primary account chosen',
  PRIMARY_CHANGED: 'Primary account changed',
  REMOVED: 'Account removed',
};

export const BANK_TEXT = {
  unknownIfsc: (ifsc: string) => `IFSC: invalid Ifsc Code (${ifsc} is not a known bank branch code)`,
  nameMismatch: (given: string, atBank: string) =>
    `Account holder's name: invalid Customer Name. The bank holds '${atBank}' for this account, not '${given}'`,
  verified: (creditedPaise: number | null, atBank: string) =>
    creditedPaise === null
      ? `Verified: the bank holds the name '${atBank}' for this account`
      : `Verified: ${formatRupees(creditedPaise)} was credited to the account and the bank holds the name '${atBank}'`,
  invalid: 'Account number: the bank says this account does not exist at this IFSC',
  unavailable: 'The bank could not be reached to verify this account; nothing was decided. Try again in a few minutes',
  verifyFirst: 'Only a verified account can be the primary account for COD remittance',
  primaryCannotGo: 'Make another account primary before removing this one',
  verifiedCannotChange:
    'A verified account cannot be changed: add the new account, verify it and make it primary, then remove this one',
  otpNeeded: 'OTP: enter the OTP sent to your email and mobile to confirm this change',
  otpWrong: 'OTP: the OTP is not correct',
  tooMany: `You can keep at most ${BANK_RULES.maxAccounts} bank accounts`,
  ownerOnly: 'Only the account owner can change bank accounts',
} as const;

/** Which changes an OTP to the owner must confirm (the server checks the same rule). */
export type BankChange = 'PRIMARY' | 'REMOVE';

/** Whether this change needs the owner's OTP: moving the primary away from a verified account, or removing a verified one. */
export function changeNeedsOtp(
  change: BankChange,
  target: { status: BankStatus },
  accounts: readonly { isPrimary: boolean; status: BankStatus }[],
): boolean {
  if (change === 'REMOVE') return target.status === 'VERIFIED';
  return accounts.some((a) => a.isPrimary && a.status === 'VERIFIED');
}

const nullableString = v.nullable(v.string());

export const BankAccountRowSchema = v.object({
  bankAccountId: v.number(),
  ifsc: v.string(),
  bankName: v.string(),
  branch: nullableString,
  /** XXXXXXXXXX6789: the full number is never answered */
  accountNumberMasked: v.string(),
  last4: v.string(),
  holderName: v.string(),
  status: v.picklist(BANK_STATUSES),
  statusText: v.string(),
  nameAtBank: nullableString,
  nameScore: v.nullable(v.number()),
  verificationMode: nullableString,
  /** what the penny drop credited, in paise */
  creditedPaise: v.nullable(v.number()),
  utr: nullableString,
  verifiedAt: nullableString,
  isPrimary: v.boolean(),
  createdAt: v.string(),
});
export type BankAccountRow = v.InferOutput<typeof BankAccountRowSchema>;

export const BankAccountListSchema = v.object({
  accounts: v.array(BankAccountRowSchema),
  primaryId: v.nullable(v.number()),
  /** whether the caller may change the accounts (the owner) */
  canChange: v.boolean(),
});
export type BankAccountList = v.InferOutput<typeof BankAccountListSchema>;

export const BankVerificationSchema = v.object({
  outcome: v.picklist(VERIFICATION_OUTCOMES),
  message: v.string(),
  account: BankAccountRowSchema,
});
export type BankVerification = v.InferOutput<typeof BankVerificationSchema>;

export const IfscAnswerSchema = v.object({
  ifsc: v.string(),
  bankName: v.string(),
  branch: nullableString,
});
export type IfscAnswer = v.InferOutput<typeof IfscAnswerSchema>;

export const BankOtpAnswerSchema = v.object({ message: v.string(), sentTo: v.string() });
export type BankOtpAnswer = v.InferOutput<typeof BankOtpAnswerSchema>;

export const BankAccountChangeRowSchema = v.object({
  changeId: v.number(),
  orgId: v.number(),
  companyName: v.string(),
  bankAccountId: v.number(),
  accountNumberMasked: v.string(),
  ifsc: v.string(),
  bankName: v.string(),
  action: v.picklist(BANK_CHANGE_ACTIONS),
  actionText: v.string(),
  detail: v.string(),
  otpConfirmed: v.boolean(),
  actorEmail: v.string(),
  createdAt: v.string(),
});
export type BankAccountChangeRow = v.InferOutput<typeof BankAccountChangeRowSchema>;
export const BankAccountChangePageSchema = pagedSchema(BankAccountChangeRowSchema);

// The operations: each declared once, served by server/modules/bank/routes.ts, sent by the
// browser with call() (src/services/call.ts) and by the server's tests with the same typed call.

const TAG = 'bank';
const IdParam = v.object({ bankAccountId: numericId('bankAccountId') });
const OWNER_ONLY = 'an admin session (staff acting as the seller)';

export const API_BANK = {
  accounts: operation({
    method: 'get',
    path: '/api/v1/bank',
    tag: TAG,
    summary: "The seller's bank accounts for COD remittance (numbers masked), the primary one first",
    response: BankAccountListSchema,
  }),
  ifsc: operation({
    method: 'get',
    path: '/api/v1/bank/ifsc/:ifsc',
    tag: TAG,
    params: v.object({ ifsc: v.pipe(v.string(), v.maxLength(20, 'ifsc is too long')) }),
    summary: "An IFSC's bank (offline directory) and branch (verification provider), as the seller types it",
    response: IfscAnswerSchema,
    errors: { 400: "'invalid Ifsc Code': not an IFSC, or not a known bank branch" },
  }),
  details: operation({
    method: 'post',
    path: '/api/v1/bank/details',
    tag: TAG,
    body: AddBankAccountBody,
    summary:
      'Adds a bank account (IFSC, account number typed twice, holder’s name), not yet verified; an account already added answers as it is',
    response: BankAccountRowSchema,
    errors: { 403: OWNER_ONLY, 409: 'too many accounts' },
  }),
  account: operation({
    method: 'put',
    path: '/api/v1/bank/accounts/:bankAccountId',
    tag: TAG,
    params: IdParam,
    body: AddBankAccountBody,
    summary: 'Corrects an account that is not verified yet (a verified one is replaced: add, verify, make primary)',
    response: BankAccountRowSchema,
    errors: { 403: OWNER_ONLY, 404: 'no such bank account', 409: 'verified, or the same account is added already' },
  }),
  verify: operation({
    method: 'post',
    path: '/api/v1/bank/verify',
    tag: TAG,
    body: VerifyBankAccountBody,
    summary:
      "Verifies an account by the provider's penny drop: the amount credited and the bank's name for the holder, compared by our name rule. A repeated requestKey answers the same result; no second penny drop",
    response: BankVerificationSchema,
    returns:
      'outcome VERIFIED, NAME_MISMATCH (invalid Customer Name), INVALID (no such account) or UNAVAILABLE (the provider did not answer; nothing decided)',
    errors: { 403: OWNER_ONLY, 404: 'no such bank account', 409: 'the request key was used for another account' },
  }),
  changeOtp: operation({
    method: 'post',
    path: '/api/v1/bank/change-otp',
    tag: TAG,
    summary: "Sends the owner's email and mobile the OTP that confirms a change to a verified bank account",
    response: BankOtpAnswerSchema,
    errors: { 403: OWNER_ONLY, 429: 'inside the 60-second resend lockout' },
  }),
  primary: operation({
    method: 'post',
    path: '/api/v1/bank/accounts/:bankAccountId/primary',
    tag: TAG,
    params: IdParam,
    body: BankChangeBody,
    summary:
      'Makes a verified account the primary one for COD remittance; moving it away from a verified account needs the OTP and tells operations',
    response: BankAccountListSchema,
    errors: { 403: OWNER_ONLY, 404: 'no such bank account', 409: 'not verified' },
  }),
  remove: operation({
    method: 'post',
    path: '/api/v1/bank/accounts/:bankAccountId/remove',
    tag: TAG,
    params: IdParam,
    body: BankChangeBody,
    summary: 'Removes an account that is not the primary one; a verified account needs the OTP and tells operations',
    response: BankAccountListSchema,
    errors: { 403: OWNER_ONLY, 404: 'no such bank account', 409: 'the primary account' },
  }),
  // staff: listed among the corporate operations
  staffChanges: operation({
    method: 'get',
    path: '/api/v1/corporate/bank-account-changes',
    tag: 'corporate',
    query: v.object(pagingEntries),
    summary:
      "Every change to sellers' bank accounts (masked numbers), newest first; search by company, IFSC, bank or last 4 digits",
    response: BankAccountChangePageSchema,
  }),
} as const;
