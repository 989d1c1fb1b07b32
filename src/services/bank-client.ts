import {
  API_BANK,
  type BankAccountList,
  type BankAccountRow,
  type BankChange,
  type BankOtpAnswer,
  type BankVerification,
  type IfscAnswer,
} from '../domain/bank-contract';
import type { BankAccountForm } from '../domain/schemas/bank';
import { dataOf } from './answer';
import type { Http } from './types';

// A seller's bank accounts' calls (src/domain/bank-contract.ts).

export const fetchBankAccounts = (http: Http): Promise<BankAccountList> => dataOf(http.get(API_BANK.accounts));
export const lookupIfsc = (http: Http, ifsc: string): Promise<IfscAnswer> =>
  dataOf(http.get(API_BANK.ifsc(ifsc.replace(/[^A-Za-z0-9]/g, ''))));
export const saveBankAccount = (
  http: Http,
  bankAccountId: number | null,
  form: BankAccountForm,
): Promise<BankAccountRow> =>
  dataOf(bankAccountId === null ? http.post(API_BANK.details, form) : http.put(API_BANK.account(bankAccountId), form));
export const verifyBankAccount = (
  http: Http,
  input: { bankAccountId: number; requestKey: string },
): Promise<BankVerification> => dataOf(http.post(API_BANK.verify, input));
export const sendBankChangeOtp = (http: Http): Promise<BankOtpAnswer> => dataOf(http.post(API_BANK.changeOtp, {}));
export const applyBankChange = (
  http: Http,
  input: { change: BankChange; bankAccountId: number; otp?: string },
): Promise<BankAccountList> =>
  dataOf(
    http.post(
      input.change === 'PRIMARY' ? API_BANK.primary(input.bankAccountId) : API_BANK.remove(input.bankAccountId),
      input.otp ? { otp: input.otp } : {},
    ),
  );
