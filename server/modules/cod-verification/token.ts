import { createHmac, timingSafeEqual } from 'node:crypto';

// The buyer's link: the verification's id and a MAC with a server secret, under a purpose of its
// own (a tracking or NDR token never passes as this one). Unguessable without the secret.

const MAC_LENGTH = 22;

function mac(secret: Uint8Array, id: string): string {
  return createHmac('sha256', secret).update(`cod-verification:${id}`).digest('base64url').slice(0, MAC_LENGTH);
}

export function verificationToken(secret: Uint8Array, verificationId: number): string {
  const id = verificationId.toString(36);
  return `${id}.${mac(secret, id)}`;
}

/** The verification a token stands for, or null when it is not one of ours. */
export function verificationIdOfToken(secret: Uint8Array, token: string): number | null {
  const m = /^([0-9a-z]{1,8})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return null;
  const want = Buffer.from(mac(secret, m[1]));
  const got = Buffer.from(m[2]);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  const id = parseInt(m[1], 36);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
