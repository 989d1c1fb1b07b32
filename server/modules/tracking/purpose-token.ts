import { createHmac, timingSafeEqual } from 'node:crypto';

// A buyer's link token: a record's id and a MAC with a server secret under a purpose of its own
// ("cod-verification", "advance"), so one kind of link never passes as another. Unguessable
// without the secret.

const MAC_LENGTH = 22;

function mac(secret: Uint8Array, purpose: string, id: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${id}`).digest('base64url').slice(0, MAC_LENGTH);
}

export function purposeToken(secret: Uint8Array, purpose: string, recordId: number): string {
  const id = recordId.toString(36);
  return `${id}.${mac(secret, purpose, id)}`;
}

/** The record a token stands for under this purpose, or null when it is not one of ours. */
export function idOfPurposeToken(secret: Uint8Array, purpose: string, token: string): number | null {
  const m = /^([0-9a-z]{1,8})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return null;
  const want = Buffer.from(mac(secret, purpose, m[1]));
  const got = Buffer.from(m[2]);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  const id = parseInt(m[1], 36);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
