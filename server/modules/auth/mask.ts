import { PHONE_PREFIX } from '../../../src/domain/constants';

// Enough of a contact to recognise it, not enough to learn it: 'se****@demo.dakiya.in'.

export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 0) return '****';
  return `${email.slice(0, Math.min(2, at))}****${email.slice(at)}`;
}

/** '+91 ******3210' */
export function maskPhone(phone: string): string {
  return `${PHONE_PREFIX} ******${phone.slice(-4)}`;
}
