import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, refreshTokens } from '../../db/schema';
import type { Caller } from '../../http/router';

// Whether an access token's session still stands, asked on every authenticated call. A token
// carries its account's session epoch (se) and its refresh family (sid). It stops working as
// soon as the epoch moves on (logout everywhere, a password change, a lock or deactivation),
// its family is revoked (logout, reuse of a refresh token), or the account is locked or disabled.
// The answer is cached in the process for a few seconds, and dropped here whenever this process
// changes it, so one process ends a session at once and others within SESSION_CACHE_MS.

export const SESSION_CACHE_MS = 5_000;

interface Standing {
  epoch: number;
  usable: boolean;
  familyLive: boolean;
  fetchedAt: number;
}

class SessionCache {
  private readonly byKey = new Map<string, Standing>();

  get(key: string, nowMs: number): Standing | undefined {
    const hit = this.byKey.get(key);
    if (hit && nowMs - hit.fetchedAt < SESSION_CACHE_MS) return hit;
    if (hit) this.byKey.delete(key);
    return undefined;
  }

  set(key: string, standing: Standing): void {
    if (this.byKey.size > 50_000) this.byKey.clear();
    this.byKey.set(key, standing);
  }

  forgetAccount(accountId: number): void {
    const prefix = `${accountId}:`;
    for (const key of this.byKey.keys()) if (key.startsWith(prefix)) this.byKey.delete(key);
  }

  forgetFamily(familyId: string): void {
    const suffix = `:${familyId}`;
    for (const key of this.byKey.keys()) if (key.endsWith(suffix)) this.byKey.delete(key);
  }
}

const caches = new WeakMap<Db, SessionCache>();

/** The cache of one database (tests run many apps in one process). */
function sessionCache(db: Db): SessionCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionCache()));
  return cache;
}

async function standingOf(db: Db, accountId: number, familyId: string | null, nowMs: number): Promise<Standing | null> {
  const [row] = await db
    .select({
      epoch: accounts.sessionEpoch,
      usable: sql<boolean>`${accounts.enabled} and not ${accounts.locked}`,
      familyLive: familyId
        ? sql<boolean>`exists (select 1 from ${refreshTokens} where ${and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.accountId, accountId), isNull(refreshTokens.revokedAt))})`
        : sql<boolean>`true`,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row
    ? { epoch: Number(row.epoch), usable: !!row.usable, familyLive: !!row.familyLive, fetchedAt: nowMs }
    : null;
}

/** True when the session of a verified access token still stands. */
export async function sessionStands(
  db: Db,
  caller: Caller,
  token: { epoch: number; familyId: string | null },
  now: Date,
): Promise<boolean> {
  const cache = sessionCache(db);
  const key = `${caller.accountId}:${token.familyId ?? ''}`;
  const nowMs = now.getTime();
  let standing = cache.get(key, nowMs);
  if (!standing) {
    const fresh = await standingOf(db, caller.accountId, token.familyId, nowMs);
    if (!fresh) return false;
    cache.set(key, (standing = fresh));
  }
  return standing.usable && standing.familyLive && standing.epoch === token.epoch;
}

/** Ends every session of an account at once: its access tokens stop working on the next call. */
export async function endAllSessions(db: Db, accountId: number): Promise<number> {
  const [row] = await db
    .update(accounts)
    .set({ sessionEpoch: sql`${accounts.sessionEpoch} + 1` })
    .where(eq(accounts.id, accountId))
    .returning({ epoch: accounts.sessionEpoch });
  sessionCache(db).forgetAccount(accountId);
  return row?.epoch ?? 0;
}

/** After this process changed an account's standing (lock, enable) or revoked a family. */
export function forgetSessionStanding(db: Db, what: { accountId?: number; familyId?: string }): void {
  if (what.accountId !== undefined) sessionCache(db).forgetAccount(what.accountId);
  if (what.familyId !== undefined) sessionCache(db).forgetFamily(what.familyId);
}
