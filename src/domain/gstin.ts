import { INDIAN_STATES } from './indian-states';

// GSTIN: 15 characters — the GST state code (2 digits), the holder's PAN (5 letters, 4 digits,
// 1 letter), the registration number within that PAN (1-9 or A-Z), 'Z', and a check character
// (the GSTN's base-36 checksum over the first 14).

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** GSTIN's shape: state code, PAN, entity number, Z, check character (the check itself not checked). */
export const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of the first 14 characters of a GSTIN. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36];
}

/** The GST state code of a state or union territory, by its name ("Karnataka" → "29"). */
export function gstStateCode(stateName: string): string | null {
  return INDIAN_STATES.find((s) => s.name.toLowerCase() === stateName.trim().toLowerCase())?.gstCode ?? null;
}

/** Why a GSTIN cannot be the supplier's in this state, or null when it can. */
export function gstinProblem(gstin: string, stateName: string): string | null {
  if (!GSTIN_SHAPE.test(gstin))
    return 'must be 15 characters: state code, PAN, entity number, Z and a check character (for example 29AAACD1234K1Z…)';
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14])
    return 'has a wrong check character (the last one); check it for a typing mistake';
  const code = gstStateCode(stateName);
  if (!code)
    return `cannot be checked against the state '${stateName}', which is not an Indian state or union territory`;
  if (gstin.slice(0, 2) !== code)
    return `starts with state code ${gstin.slice(0, 2)}, but ${stateName}'s code is ${code}`;
  return null;
}

/** A well-formed GSTIN for demonstrations (PAN AAACD1234K, a placeholder), in the given state. */
export function demoGstin(stateName: string): string {
  const first14 = `${gstStateCode(stateName) ?? '29'}AAACD1234K1Z`;
  return first14 + gstinCheckChar(first14);
}
