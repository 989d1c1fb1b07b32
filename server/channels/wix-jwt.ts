import { createHash, createSign, createVerify } from 'node:crypto';

// Wix sends each webhook as a JSON Web Token signed RS256 with the app's key pair: the whole
// request body is the token, checked with the app's public key before anything in it is read.

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact RS256 JWT of the claims (the stand-in Wix signs its webhooks with it). */
export function signRs256(privateKey: string, claims: Record<string, unknown>): string {
  const head = `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}`;
  const signature = createSign('RSA-SHA256').update(head).sign(privateKey).toString('base64url');
  return `${head}.${signature}`;
}

/** The claims of a token signed RS256 with the key, unexpired at `now`; null for anything else. */
export function verifyRs256(publicKey: string, token: string, now: Date): Record<string, unknown> | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts;
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
    // the algorithm is pinned: a token naming "none" or an HMAC is never tried
    if (header.alg !== 'RS256') return null;
    const valid = createVerify('RSA-SHA256')
      .update(`${head}.${body}`)
      .verify(publicKey, Buffer.from(signature, 'base64url'));
    if (!valid) return null;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (!claims || typeof claims !== 'object' || Array.isArray(claims)) return null;
    if (typeof claims.exp === 'number' && claims.exp * 1000 < now.getTime()) return null;
    return claims;
  } catch {
    return null;
  }
}

/** A webhook's event once verified: Wix's envelope holds the event as JSON text inside JSON text. */
export interface WixEvent {
  /** the event's own id: Wix sends it again with the same id, so it dedupes deliveries */
  id: string;
  eventType: string;
  instanceId: string;
  entityId: string;
  /** the event's data: createdEvent, updatedEvent or actionEvent with the order */
  body: Record<string, unknown>;
}

/**
 * The event inside verified claims ({ data: "{eventType, instanceId, data: "{…}"}" }), or null.
 * Wix's legacy events (App Removed) carry no event id: the token's own digest stands in for it.
 */
export function wixEventOf(claims: Record<string, unknown>, token: string): WixEvent | null {
  try {
    const outer = JSON.parse(String(claims.data)) as { eventType?: string; instanceId?: string; data?: unknown };
    const inner = (typeof outer.data === 'string' ? JSON.parse(outer.data) : (outer.data ?? {})) as Record<
      string,
      unknown
    >;
    if (!outer.eventType || !outer.instanceId || !inner || typeof inner !== 'object') return null;
    return {
      id: typeof inner.id === 'string' && inner.id ? inner.id : createHash('sha256').update(token).digest('hex'),
      eventType: outer.eventType,
      instanceId: outer.instanceId,
      entityId: String(inner.entityId ?? ''),
      body: inner,
    };
  } catch {
    return null;
  }
}
