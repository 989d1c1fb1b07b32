import { fieldLabel } from '../schemas/labels';
import { verhoeffValid } from './verhoeff';

// Aadhaar: 12 digits; UIDAI never issues one starting with 0 or 1, and the last digit is the
// Verhoeff check digit of the first eleven. Spaces and hyphens as printed on the card
// ("2345 6789 0124") are forgiven. The full number is checked here and never kept: see mask.ts.

/** An Aadhaar number as typed, without the spaces and hyphens of the printed card. */
export function normaliseAadhaar(value: string): string {
  return value.replace(/[\s-]+/g, '');
}

/** Why this is not an Aadhaar number, or null when it can be one. */
export function aadhaarProblem(value: string, field = 'aadharNumber'): string | null {
  const label = fieldLabel(field);
  const n = normaliseAadhaar(value);
  if (n === '') return `${label} is required`;
  if (!/^\d{12}$/.test(n)) return `${label} must be 12 digits`;
  if (n[0] === '0' || n[0] === '1') return `${label} cannot start with 0 or 1`;
  if (!verhoeffValid(n)) return `${label} fails its check digit (the last one); check it for a typing mistake`;
  return null;
}
