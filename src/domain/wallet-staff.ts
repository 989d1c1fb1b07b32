import { formatRupees } from './format';
import { AdjustmentBody, CreditLimitBody } from './schemas/wallet';
import { checkForm, numberOrUndefined, type FormCheck } from './schemas/form-check';
import type { CreditLimitAnswer, WalletAdjustmentAnswer } from './wallet-contract';

// The staff wallet forms' rules: what each form sends (checked with the server's own schema, so
// the form and the 400 say the same sentence), and what is said once the server has answered.

export type StaffWalletFormMode = 'LIMIT' | 'ADJUST';

export interface StaffWalletDraft {
  creditLimit: string;
  direction: '' | 'DEBIT' | 'CREDIT';
  amount: string;
  reason: string;
}

export const EMPTY_STAFF_WALLET_DRAFT: StaffWalletDraft = { creditLimit: '', direction: '', amount: '', reason: '' };

export type StaffWalletBody =
  | { creditLimit: number; reason: string }
  | { direction: 'DEBIT' | 'CREDIT'; amount: number; reason: string; idempotencyKey: string };

/** The request a form's draft makes, or every field's error in the API's words. */
export function checkStaffWalletDraft(
  mode: StaffWalletFormMode,
  draft: StaffWalletDraft,
  idempotencyKey: string,
): FormCheck<StaffWalletBody> {
  if (mode === 'LIMIT')
    return checkForm(CreditLimitBody, { creditLimit: numberOrUndefined(draft.creditLimit), reason: draft.reason });
  return checkForm(AdjustmentBody, {
    direction: draft.direction || undefined,
    amount: numberOrUndefined(draft.amount),
    reason: draft.reason,
    idempotencyKey,
  });
}

export type StaffWalletAnswer = CreditLimitAnswer | WalletAdjustmentAnswer;

/** What the form says once the server has answered. */
export function staffWalletSavedText(answer: StaffWalletAnswer): string {
  if ('wallet' in answer) {
    const limit = formatRupees(answer.wallet.creditLimitPaise);
    if (!answer.change) return `The credit limit is already ${limit}: nothing changed`;
    return answer.wallet.creditLimitPaise === 0
      ? 'The wallet is prepaid again (credit limit ₹0.00)'
      : `Credit limit set to ${limit}`;
  }
  const a = answer.adjustment;
  const verb = a.direction === 'CREDIT' ? 'credited to' : 'debited from';
  return `${formatRupees(a.amountPaise)} ${verb} the wallet; balance ${formatRupees(a.balanceAfterPaise)}${answer.replayed ? ' (already done: not repeated)' : ''}`;
}
