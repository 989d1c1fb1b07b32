import { fieldLabel } from '../schemas/labels';
import { normaliseRegistration } from './cin';

// LLP identification number (LLPIN), given by the Registrar to a limited liability partnership:
// three letters, a hyphen and four digits (AAA-9999, for example AAB-1234). A missing hyphen is
// forgiven on entry ("AAB1234" reads as "AAB-1234").

/** An LLPIN as typed, in its printed form AAA-9999 (when it has that shape). */
export function normaliseLlpin(value: string): string {
  const v = normaliseRegistration(value);
  return /^[A-Z]{3}\d{4}$/.test(v) ? `${v.slice(0, 3)}-${v.slice(3)}` : v;
}

/** Why this is not an LLPIN, or null when it is one. */
export function llpinProblem(value: string, field = 'llpinNumber'): string | null {
  const label = fieldLabel(field);
  const v = normaliseLlpin(value);
  if (v === '') return `${label} is required`;
  if (!/^[A-Z]{3}-\d{4}$/.test(v)) return `${label} must be 3 letters, a hyphen and 4 digits (for example AAB-1234)`;
  return null;
}
