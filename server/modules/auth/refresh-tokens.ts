import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';

// Refresh tokens: random, stored as SHA-256 (they carry 256 bits, so no slow hash is needed),
// rotated on every use. A login starts a family; every rotation adds to it. Presenting a token
// that was already rotated means it was copied: the whole family is revoked.

/**
 * Two tabs that wake up together present the same token within moments of each other. Inside
 * this window the second one gets its own successor instead of tripping reuse detection.
 */
export const REUSE_LEEWAY_MS = 10_000;

const digest = (raw: string) => createHash('sha256').update(raw).digest('hex');

export async function issueRefreshToken(
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

export type RotateOutcome =
  | { ok: true; accountId: number; familyId: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Marks the presented token used, if it may be. The caller then issues the successor in the
 * same family. A reuse outside the leeway revokes the family before answering.
 */
export async function spendRefreshToken(db: Db, raw: string, now: Date): Promise<RotateOutcome> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, digest(raw))).limit(1);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  // only one request can flip used_at from null: the conditional update decides the race
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length) return { ok: true, accountId: row.accountId, familyId: row.familyId };
  const [again] = await db.select({ usedAt: refreshTokens.usedAt }).from(refreshTokens).where(eq(refreshTokens.id, row.id));
  if (again?.usedAt && now.getTime() - again.usedAt.getTime() <= REUSE_LEEWAY_MS) {
    return { ok: true, accountId: row.accountId, familyId: row.familyId };
  }
  await revokeFamily(db, row.familyId, now);
  return { ok: false, reason: 'reused' };
}

export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllFamilies(db: Db, accountId: number, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.accountId, accountId), isNull(refreshTokens.revokedAt)));
}

export async function familyOfToken(db: Db, raw: string): Promise<string | null> {
  const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, digest(raw))).limit(1);
  return row?.familyId ?? null;
}
