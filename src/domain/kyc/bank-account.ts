import { fieldLabel } from '../schemas/labels';

// A bank account number as the seller types it twice: Indian banks issue 9 to 18 digits (no
// letters; spaces as printed on a passbook are forgiven), and the second entry must be the same.

/** An account number as typed, without spaces. */
export function normaliseAccountNumber(value: string): string {
  return value.replace(/\s+/g, '');
}

/** Why this cannot be a bank account number, or null when it can. */
export function accountNumberProblem(value: string, field = 'accountNumber'): string | null {
  const label = fieldLabel(field);
  const n = normaliseAccountNumber(value);
  if (n === '') return `${label} is required`;
  if (!/^\d+$/.test(n)) return `${label} must be digits only`;
  if (n.length < 9 || n.length > 18) return `${label} must be 9 to 18 digits`;
  if (/^0+$/.test(n)) return `${label} cannot be all zeros`;
  return null;
}

/** Why the account number typed again is not the first one, or null when it is. */
export function confirmAccountNumberProblem(
  first: string,
  again: string,
  field = 'confirmAccountNumber',
): string | null {
  if (normaliseAccountNumber(again) === '') return `${fieldLabel(field)} is required`;
  if (normaliseAccountNumber(first) !== normaliseAccountNumber(again))
    return `${fieldLabel(field)} is not the same as the ${fieldLabel('accountNumber').toLowerCase()}`;
  return null;
}
