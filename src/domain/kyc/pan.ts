import { fieldLabel } from '../schemas/labels';
import { BUSINESS_TYPE_NAMES, PAN_HOLDER_LETTER, panHolderStatus, type BusinessType } from './business-type';

// PAN: ten characters, AAAAA9999A — five letters (the fourth is the holder's status), four digits,
// a letter. Spaces and lower case are forgiven on entry: `normalisePan` first.

const PAN_SHAPE = /^[A-Z]{5}\d{4}[A-Z]$/;

/** A PAN as typed, in the form it is checked and kept in: upper case, no spaces. */
export function normalisePan(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Whether a value has the PAN's shape (AAAAA9999A), whoever holds it. */
export function isPanShape(pan: string): boolean {
  return PAN_SHAPE.test(pan);
}

/**
 * Why this PAN cannot be the PAN of this business type, or null when it can. `field` is the form's
 * key for the PAN (the business PAN, or the authorised signatory's), which names it by its label.
 */
export function panProblem(value: string, businessType: BusinessType, field = 'panNumber'): string | null {
  const label = fieldLabel(field);
  const pan = normalisePan(value);
  if (pan === '') return `${label} is required`;
  if (!PAN_SHAPE.test(pan))
    return `${label} must be 10 characters: 5 letters, 4 digits and a letter (for example ABCPK1234F)`;
  const want = PAN_HOLDER_LETTER[businessType];
  if (pan[3] !== want) {
    const holder = panHolderStatus(pan[3]);
    const is = holder ? ` (${pan[3]} is for ${holder})` : '';
    return `${label}: the fourth letter must be ${want} for ${BUSINESS_TYPE_NAMES[businessType]}${is}`;
  }
  return null;
}
