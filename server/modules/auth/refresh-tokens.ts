import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import { LIMITS } from '../../../src/domain/constants';
import { endAllSessions, forgetSessionStanding } from './sessions';

// Refresh tokens: random, stored as SHA-256 (they carry 256 bits, so no slow hash is needed),
// rotated on every use. A login starts a family; every rotation adds to it. Presenting a token
// that was already rotated means it was copied: the whole family is revoked.
// Every change to an account's sessions (a rotation, a revocation, ending them all) runs under
// one advisory lock per account, so a rotation cannot slip a live successor past a revocation.

/**
 * Two tabs that wake up together present the same token within moments of each other. Inside
 * this window a few more uses (LIMITS.refreshGraceUses) get their own successors instead of
 * tripping reuse detection; one more than that is reuse.
 */
export const REUSE_LEEWAY_MS = 5_000;

const digest = (raw: string) => createHash('sha256').update(raw).digest('hex');

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Runs fn in a transaction holding the account's session lock. */
function underAccountLock<T>(db: Db, accountId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx: Tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sessions:${accountId}`}))`);
    return fn(tx as unknown as Db);
  });
}

async function insertToken(
  db: Db,
  input: { accountId: number; familyId?: string; now: Date; ttlS: number },
): Promise<{ token: string; familyId: string }> {
  const token = randomBytes(32).toString('base64url');
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
 * A token already spent is answered again only inside the grace (REUSE_LEEWAY_MS, at most
 * LIMITS.refreshGraceUses more times); beyond it the family is revoked.
 */
export async function rotateRefreshToken(db: Db, raw: string, now: Date, ttlS: number): Promise<RotateOutcome> {
  const hash = digest(raw);
  const [found] = await db
    .select({ accountId: refreshTokens.accountId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hash))
    .limit(1);
  if (!found) return { ok: false, reason: 'unknown' };
  const outcome = await underAccountLock(db, found.accountId, async (tx): Promise<RotateOutcome> => {
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
    if (row.revokedAt) return { ok: false, reason: 'revoked' };
    if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    if (row.usedAt) {
      const inGrace =
        now.getTime() - row.usedAt.getTime() <= REUSE_LEEWAY_MS && row.graceUses < LIMITS.refreshGraceUses;
      if (!inGrace) {
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
        return { ok: false, reason: 'reused' };
      }
      await tx
        .update(refreshTokens)
        .set({ graceUses: row.graceUses + 1 })
        .where(eq(refreshTokens.id, row.id));
    } else {
      await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
    }
    const next = await insertToken(tx, { accountId: row.accountId, familyId: row.familyId, now, ttlS });
    return { ok: true, accountId: row.accountId, familyId: row.familyId, token: next.token };
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
