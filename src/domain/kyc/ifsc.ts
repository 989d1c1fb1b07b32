import { fieldLabel } from '../schemas/labels';

// IFSC: 11 characters — the bank's 4 letters, a 0 (kept for future use) and the branch's 6
// letters or digits. This is the shape only, checked in the browser; whether the code exists,
// and whose it is, is asked of the offline directory on the server
// (server/verification/ifsc-directory.ts, from razorpay's `ifsc` data set), which is too big
// for the browser bundle.

/** An IFSC as typed: upper case, no spaces. */
export function normaliseIfsc(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Why this cannot be an IFSC, or null when it has the shape of one. */
export function ifscProblem(value: string, field = 'ifsc'): string | null {
  const label = fieldLabel(field);
  const v = normaliseIfsc(value);
  if (v === '') return `${label} is required`;
  if (v.length !== 11) return `${label} must be 11 characters (for example HDFC0001234)`;
  if (!/^[A-Z]{4}/.test(v)) return `${label} must start with the bank's 4 letters`;
  if (v[4] !== '0') return `${label}: the fifth character must be 0 (zero)`;
  if (!/^[A-Z0-9]{6}$/.test(v.slice(5))) return `${label} must end in the branch's 6 letters or digits`;
  return null;
}
