// Buyer contact details for a login whose role lacks "see buyer contact details" (buyers.contact):
// enough is left to tell two buyers apart and to match a buyer on the phone, not enough to call
// or write to them. docs/decisions/team-and-plans.md.

const MASK = 'x';

/** `9876543210` or `+91 98765 43210` → `+91 98xxxxxx10`; anything shorter than 5 digits is hidden whole. */
export function maskPhone(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  if (digits === '') return '';
  if (digits.length < 5) return MASK.repeat(digits.length);
  const shown = `${digits.slice(0, 2)}${MASK.repeat(digits.length - 4)}${digits.slice(-2)}`;
  // a mobile number reads as one (+91); anything else as it was written, masked
  return digits.length === 10 && /^[6-9]/.test(digits) ? `+91 ${shown}` : shown;
}

/** `asha.k@gmail.com` → `a***@gmail.com`; text without an `@` is hidden whole. */
export function maskEmail(raw: string): string {
  const email = raw.trim();
  if (email === '') return '';
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

type ContactFields = { buyerPhone?: string; buyerEmail?: string; customerPhone?: string; customerEmail?: string };

/**
 * The answer as a login may read it: whole with `buyers.contact` (and for the OWNER), else with
 * every buyer phone and email field masked. Other fields are left as they are.
 */
export function withBuyerContact<T extends ContactFields>(row: T, seesContact: boolean): T {
  if (seesContact) return row;
  const out: T = { ...row };
  if (typeof row.buyerPhone === 'string') out.buyerPhone = maskPhone(row.buyerPhone);
  if (typeof row.customerPhone === 'string') out.customerPhone = maskPhone(row.customerPhone);
  if (typeof row.buyerEmail === 'string') out.buyerEmail = maskEmail(row.buyerEmail);
  if (typeof row.customerEmail === 'string') out.customerEmail = maskEmail(row.customerEmail);
  return out;
}
