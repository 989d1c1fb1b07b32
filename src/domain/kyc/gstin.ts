import { gstinCheckChar } from '../gstin';
import { INDIAN_STATES } from '../indian-states';
import { fieldLabel } from '../schemas/labels';
import { normalisePan } from './pan';

// GSTIN at KYC: 15 characters —
//   1–2   the GST state code of the registration (01–38 as in indian-states.ts, or 97 for
//         "Other Territory")
//   3–12  the holder's PAN, which must be the PAN the seller gave
//   13    the registration number within that PAN and state (1–9, then A–Z)
//   14    'Z' by default (other letters are kept for special registrations, such as TDS or
//         non-resident ones, which a seller's KYC does not take)
//   15    the check character: GSTN's mod-36 checksum over the first 14 (src/domain/gstin.ts)

const STATE_CODES = new Set([...INDIAN_STATES.map((s) => s.gstCode), '97']);

/** A GSTIN as typed: upper case, no spaces. */
export function normaliseGstin(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export interface GstinOptions {
  /** the form's key of the GSTIN, naming it by its label */
  field?: string;
  /** a 14th character other than 'Z' is accepted (special registrations) */
  allowNonDefault14th?: boolean;
}

/** Why this GSTIN cannot be this seller's (with this PAN), or null when it can. */
export function gstinKycProblem(value: string, panValue: string, options: GstinOptions = {}): string | null {
  const label = fieldLabel(options.field ?? 'gstNumber');
  const g = normaliseGstin(value);
  if (g === '') return `${label} is required`;
  if (!/^[0-9A-Z]{15}$/.test(g)) return `${label} must be 15 letters and digits`;
  if (!/^\d{2}$/.test(g.slice(0, 2)) || !STATE_CODES.has(g.slice(0, 2)))
    return `${label} must start with a valid state code (01 to 38, for example 29 for Karnataka); ${g.slice(0, 2)} is not one`;
  const inner = g.slice(2, 12);
  if (!/^[A-Z]{5}\d{4}[A-Z]$/.test(inner))
    return `${label}: characters 3 to 12 must be a PAN (5 letters, 4 digits, a letter)`;
  const pan = normalisePan(panValue);
  if (inner !== pan) return `${label} must contain your PAN ${pan} in characters 3 to 12, but it has ${inner}`;
  if (!/^[1-9A-Z]$/.test(g[12])) return `${label}: the 13th character must be 1 to 9 or a letter`;
  if (g[13] !== 'Z' && !options.allowNonDefault14th) return `${label}: the 14th character must be Z`;
  if (gstinCheckChar(g.slice(0, 14)) !== g[14])
    return `${label} has a wrong check character (the last one); check it for a typing mistake`;
  return null;
}

/** The state or union territory a GSTIN is registered in, by its first two digits. */
export function gstinStateName(gstin: string): string | null {
  const code = normaliseGstin(gstin).slice(0, 2);
  if (code === '97') return 'Other Territory';
  return INDIAN_STATES.find((s) => s.gstCode === code)?.name ?? null;
}
