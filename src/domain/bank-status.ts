// A seller's bank account's verification states and their words: apart from the bank contract,
// so the one label table (display-labels.ts) reads them without the contract's schemas.

export const BANK_STATUSES = ['UNVERIFIED', 'VERIFIED', 'NAME_MISMATCH', 'INVALID'] as const;
export type BankStatus = (typeof BANK_STATUSES)[number];
export const BANK_STATUS_LABELS: Record<BankStatus, string> = {
  UNVERIFIED: 'Not verified',
  VERIFIED: 'Verified',
  NAME_MISMATCH: 'Name does not match',
  INVALID: 'Account not found',
};
