import { jwtVerify, SignJWT } from 'jose';
import { webcrypto } from 'node:crypto';
import type { Context } from 'hono';
import type { AccessClaims } from '../../../src/domain/account-contract';
import type { Caller } from '../../http/router';

const ALGORITHMS = ['HS256'];

// The signing secret as a WebCrypto key, made once per secret: given the raw bytes, jose imports
// them again on every call, a fortieth of a busy server's time spent on authenticated requests.
const cryptoKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();
function hmacKey(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = cryptoKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    cryptoKeys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(
  key: Uint8Array,
  claims: Omit<AccessClaims, 'exp' | 'iat'>,
  now: Date,
  ttlS: number,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlS)
    .setIssuer('dakiya')
    .sign(await hmacKey(key));
}

/** The session a token belongs to, checked against the account on every call (sessions.ts). */
export interface TokenSession {
  epoch: number;
  familyId: string | null;
  /** an admin session's id: the token stops when staff end the session */
  impersonationId?: number | null;
}

/** Verifies signature, algorithm (allow-list), issuer and expiry against our clock. */
export async function verifyAccessToken(
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<(Caller & { session: TokenSession }) | null> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(key), {
      algorithms: ALGORITHMS,
      issuer: 'dakiya',
      currentDate: now,
    });
    const p = payload as unknown as AccessClaims;
    const sub = String(p.sub);
    const isAdminSession = sub.includes('-');
    const accountId = Number(isAdminSession ? sub.split('-')[1] : sub);
    if (!Number.isInteger(accountId)) return null;
    return {
      sub,
      accountId,
      orgId: p.oid ?? null,
      accountType: p.at,
      role: p.role,
      scope: p.scope ?? [],
      subscriptionType: p.st,
      isAdminSession,
      mustChangePassword: !!p.pcr,
      session: {
        epoch: typeof p.se === 'number' ? p.se : 0,
        familyId: typeof p.sid === 'string' ? p.sid : null,
        impersonationId: isAdminSession && typeof p.imp === 'number' ? p.imp : null,
      },
    };
  } catch {
    return null;
  }
}

export function bearerToken(c: Context): string | null {
  const h = c.req.header('authorization');
  if (!h || !/^Bearer /i.test(h)) return null;
  return h.slice(7).trim() || null;
}
