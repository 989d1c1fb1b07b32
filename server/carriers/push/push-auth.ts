import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PushAuth } from '../settings';

// Whether a webhook call comes from the courier it names, by that courier's configured scheme.
// Secrets are compared in constant time; a courier with no scheme configured accepts no push.

export interface PushCall {
  header(name: string): string | undefined;
  rawBody: string;
  /** the caller's address (http/client-ip.ts) */
  ip: string;
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** An IPv4-mapped IPv6 address (::ffff:1.2.3.4) is its IPv4 address. */
const plainIp = (ip: string) => (ip.startsWith('::ffff:') ? ip.slice(7) : ip);

/** The HMAC-SHA256 of the raw body, as hex or base64, optionally written "sha256=…". */
function signatureMatches(secret: string, body: string, given: string): boolean {
  const mac = createHmac('sha256', secret).update(body, 'utf8').digest();
  const value = given.trim().replace(/^sha256=/i, '');
  const hex = mac.toString('hex');
  if (/^[0-9a-f]+$/i.test(value) && value.length === hex.length) return sameText(hex, value.toLowerCase());
  return sameText(mac.toString('base64'), value);
}

export function pushAuthentic(auth: PushAuth | undefined, call: PushCall): boolean {
  if (!auth) return false;
  switch (auth.scheme) {
    case 'token': {
      const given = call.header(auth.header);
      return !!given && sameText(given, auth.token);
    }
    case 'hmac': {
      const given = call.header(auth.header);
      return !!given && signatureMatches(auth.secret, call.rawBody, given);
    }
    case 'ip':
      return auth.allow.map(plainIp).includes(plainIp(call.ip));
  }
}
