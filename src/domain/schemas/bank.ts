import * as v from 'valibot';
import { accountNumberProblem, confirmAccountNumberProblem, normaliseAccountNumber } from '../kyc/bank-account';
import { ifscProblem, normaliseIfsc } from '../kyc/ifsc';
import { otpField, recordIdField } from './fields';

/** A holder's name's length, and how many accounts a seller may keep. */
export const BANK_RULES = {
  holderNameMin: 3,
  holderNameMax: 100,
  /** accounts a seller may keep at once */
  maxAccounts: 10,
} as const;

// Inputs of a seller's bank accounts. The form checks the same rules before it sends, so the
// message under a field and the server's 400 are one text (the IFSC's shape and the account
// number's come from src/domain/kyc).

const holderNameText = `accountHolderName must be ${BANK_RULES.holderNameMin} to ${BANK_RULES.holderNameMax} letters (spaces, dots, hyphens, apostrophes and & allowed)`;
export const HOLDER_NAME = /^[\p{L}][\p{L} .'&-]*$/u;

/** Why a holder's name cannot be used, or null. */
export function holderNameProblem(value: string): string | null {
  const name = value.trim().replace(/\s+/g, ' ');
  if (name === '') return "Account holder's name is required";
  if (name.length < BANK_RULES.holderNameMin || name.length > BANK_RULES.holderNameMax || !HOLDER_NAME.test(name))
    return holderNameText.replace('accountHolderName', "Account holder's name");
  return null;
}

const fromProblem = (problem: (value: string) => string | null) =>
  v.rawCheck<string>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const message = problem(dataset.value);
    if (message) addIssue({ message });
  });

export const ifscField = v.pipe(
  v.string('ifsc is required'),
  fromProblem((x) => ifscProblem(x)),
  v.transform(normaliseIfsc),
);

export const AddBankAccountBody = v.pipe(
  v.object({
    ifsc: ifscField,
    accountNumber: v.pipe(
      v.string('accountNumber is required'),
      fromProblem((x) => accountNumberProblem(x)),
      v.transform(normaliseAccountNumber),
    ),
    confirmAccountNumber: v.pipe(v.string('confirmAccountNumber is required'), v.transform(normaliseAccountNumber)),
    accountHolderName: v.pipe(
      v.string('accountHolderName is required'),
      fromProblem(holderNameProblem),
      v.transform((x) => x.trim().replace(/\s+/g, ' ')),
    ),
  }),
  v.forward(
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const message = confirmAccountNumberProblem(dataset.value.accountNumber, dataset.value.confirmAccountNumber);
      if (message) addIssue({ message });
    }),
    ['confirmAccountNumber'],
  ),
);
export type AddBankAccountInput = v.InferOutput<typeof AddBankAccountBody>;
export type BankAccountForm = v.InferInput<typeof AddBankAccountBody>;

export const requestKeyField = v.pipe(
  v.string('requestKey is required'),
  v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestKey must be 8 to 64 letters, digits, - or _'),
);

export const VerifyBankAccountBody = v.object({
  bankAccountId: recordIdField('bankAccountId'),
  requestKey: requestKeyField,
});

/** A change the owner may have to confirm with the OTP sent to them (changeNeedsOtp). */
export const BankChangeBody = v.object({ otp: v.optional(otpField) });

/** Every problem of the bank account form, by field, as the server would word it. */
export function bankFormErrors(form: BankAccountForm): Partial<Record<keyof BankAccountForm, string>> {
  const errors: Partial<Record<keyof BankAccountForm, string>> = {};
  const ifsc = ifscProblem(form.ifsc);
  if (ifsc) errors.ifsc = ifsc;
  const account = accountNumberProblem(form.accountNumber);
  if (account) errors.accountNumber = account;
  const again = confirmAccountNumberProblem(form.accountNumber, form.confirmAccountNumber);
  if (again) errors.confirmAccountNumber = again;
  const name = holderNameProblem(form.accountHolderName);
  if (name) errors.accountHolderName = name;
  return errors;
}
