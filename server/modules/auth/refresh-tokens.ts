import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx, Executor } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import { endAllSessions, forgetSessionStanding } from './sessions';

// Refresh tokens: random, stored as SHA-256 (they carry 256 bits, so no slow hash is needed),
// rotated on every use. A login starts a family; every rotation adds to it. Presenting a token
// that was already rotated means it was copied: the whole family is revoked, with one exception
// for the browser that simply did not keep the answer (see rotateRefreshToken).
// Every change to an account's sessions (a rotation, a revocation, ending them all) runs under
// one advisory lock per account, so a rotation cannot slip a live successor past a revocation.

/**
 * How long after a rotation the token just spent is still answered, with its one successor,
 * while that successor has never been used: tabs sharing the cookie refreshing together, a
 * refresh answer lost on the way, a slow network. After it, or once the successor was used,
 * the spent token is reuse.
 */
export const REFRESH_REPLAY_WINDOW_MS = 120_000;

const digest = (raw: string) => createHash('sha256').update(raw).digest('hex');

/**
 * A token's one successor, derived from it with a server key: whoever presents the spent token
 * again inside the window is handed the very same successor (not a second one), so the family
 * never forks and the browser's cookie is right whichever answer it keeps last.
 */
const successorOf = (key: Uint8Array, raw: string) =>
  createHmac('sha256', key).update(`refresh-successor:${raw}`).digest('base64url');

/** Runs fn in a transaction holding the account's session lock. */
function underAccountLock<T>(db: Db, accountId: number, fn: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx: Tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sessions:${accountId}`}))`);
    return fn(tx);
  });
}

async function insertToken(
  db: Db,
  input: { accountId: number; familyId?: string; now: Date; ttlS: number; token?: string },
): Promise<{ token: string; familyId: string }> {
  const token = input.token ?? randomBytes(32).toString('base64url');
  const familyId = input.familyId ?? randomUUID();
  await db.insert(refreshTokens).values({
    accountId: input.accountId,
    familyId,
    tokenHash: digest(token),
    expiresAt: new Date(input.now.getTime() + input.ttlS * 1000),
    createdAt: input.now,
  });
  return { token, familyId };
}

/** The first token of a new session (a login). */
export function issueRefreshToken(
  db: Db,
  input: { accountId: number; now: Date; ttlS: number },
): Promise<{ token: string; familyId: string }> {
  return insertToken(db, input);
}

export type RotateOutcome =
  | { ok: true; accountId: number; familyId: string; token: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Spends the presented token and issues its successor in the same family, in one locked step.
 * A token already spent is answered again, with the same successor, only while that successor
 * was never used and within REFRESH_REPLAY_WINDOW_MS of the rotation; otherwise the family is
 * revoked (reuse detection).
 */
export async function rotateRefreshToken(
  db: Db,
  raw: string,
  now: Date,
  ttlS: number,
  key: Uint8Array,
): Promise<RotateOutcome> {
  const hash = digest(raw);
  const [found] = await db
    .select({ accountId: refreshTokens.accountId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hash))
    .limit(1);
  if (!found) return { ok: false, reason: 'unknown' };
  const successor = successorOf(key, raw);
  const outcome = await underAccountLock(db, found.accountId, async (tx): Promise<RotateOutcome> => {
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
    if (row.revokedAt) return { ok: false, reason: 'revoked' };
    if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    const same = { ok: true, accountId: row.accountId, familyId: row.familyId, token: successor } as const;
    if (!row.usedAt) {
      await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
      await insertToken(tx, { accountId: row.accountId, familyId: row.familyId, now, ttlS, token: successor });
      return same;
    }
    const [next] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, digest(successor)));
    const replay =
      next &&
      !next.usedAt &&
      !next.revokedAt &&
      next.expiresAt.getTime() > now.getTime() &&
      now.getTime() - row.usedAt.getTime() <= REFRESH_REPLAY_WINDOW_MS;
    if (replay) return same;
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
    return { ok: false, reason: 'reused' };
  });
  if (!outcome.ok && outcome.reason === 'reused') forgetSessionStanding(db, { accountId: found.accountId });
  return outcome;
}

export async function revokeFamily(db: Db, accountId: number, familyId: string, now: Date): Promise<void> {
  await underAccountLock(db, accountId, (tx) =>
    tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt))),
  );
  forgetSessionStanding(db, { familyId });
}

/**
 * Ends every session of an account: every refresh family revoked and the session epoch raised,
 * so refresh cookies and access tokens alike stop working now. `change` runs in the same
 * locked transaction (a new password, a lock).
 */
export async function endEverySession(
  db: Db,
  accountId: number,
  now: Date,
  change?: (tx: Db) => Promise<unknown>,
): Promise<void> {
  await underAccountLock(db, accountId, async (tx) => {
    if (change) await change(tx);
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.accountId, accountId), isNull(refreshTokens.revokedAt)));
    await endAllSessions(tx, accountId);
  });
  forgetSessionStanding(db, { accountId });
}

export async function sessionOfToken(db: Db, raw: string): Promise<{ accountId: number; familyId: string } | null> {
  const [row] = await db
    .select({ accountId: refreshTokens.accountId, familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, digest(raw)))
    .limit(1);
  return row ?? null;
}
