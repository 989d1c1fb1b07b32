// Masking a number we may not keep (Aadhaar above all; also a bank account shown back to the
// seller): only its last four characters survive. UIDAI's rule for a stored Aadhaar is the same
// (a masked Aadhaar shows XXXX XXXX and the last four digits); the full number goes to the
// verification provider and is never written to the database, a log or an answer.

/** The last four characters of a number, the rest as X ("XXXXXXXX1234"); spaces and hyphens dropped. */
export function maskNumber(value: string): string {
  const n = value.replace(/[\s-]+/g, '');
  if (n.length <= 4) return 'X'.repeat(n.length);
  return 'X'.repeat(n.length - 4) + n.slice(-4);
}

/** A masked Aadhaar as UIDAI prints it: "XXXX XXXX 1234". */
export function maskAadhaar(value: string): string {
  const last4 = value.replace(/[\s-]+/g, '').slice(-4);
  return `XXXX XXXX ${last4}`;
}

/** The last four characters only, for a reference kept beside a masked number. */
export function lastFour(value: string): string {
  return value.replace(/[\s-]+/g, '').slice(-4);
}
