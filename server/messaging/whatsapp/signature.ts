import { createHmac, timingSafeEqual } from 'node:crypto';

// Meta signs every webhook POST: X-Hub-Signature-256 is `sha256=` and the hex HMAC-SHA256 of the
// raw body with the app secret. Checked on the bytes as received, before the body is parsed.

export function webhookSignatureValid(
  appSecret: string,
  rawBody: Uint8Array | string,
  header: string | undefined,
): boolean {
  if (!appSecret || !header) return false;
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!m) return false;
  const want = createHmac('sha256', appSecret)
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest();
  const got = Buffer.from(m[1], 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}

/** The webhook handshake: Meta's challenge when the mode and token are right, else null (answered 403). */
export function handshakeChallenge(
  verifyToken: string,
  query: { mode?: string; token?: string; challenge?: string },
): string | null {
  if (!verifyToken || query.mode !== 'subscribe' || query.challenge === undefined || query.token === undefined)
    return null;
  const want = Buffer.from(verifyToken);
  const got = Buffer.from(query.token);
  return got.length === want.length && timingSafeEqual(got, want) ? query.challenge : null;
}
