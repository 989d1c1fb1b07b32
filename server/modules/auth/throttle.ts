import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts, loginThrottles } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { LIMITS } from '../../../src/domain/constants';
import { MSG } from '../../../src/domain/messages';

// Password guessing limits over an hour's window, counted per key in login_throttles:
// - one account from one client address: a hard limit (429), small, so a guesser is stopped
//   quickly while the seller, from their own address, is not;
// - one client address over all accounts: a hard limit (429);
// - one account over all addresses: never a lockout (that would be a switch anyone could flip);
//   beyond it the right password alone is not enough, a fresh OTP must come with it.
// Every attempt is counted and checked in the same statement before the password is hashed, so
// simultaneous guesses cannot all pass the check; a success gives its count back.

const HOUR_MS = 3_600_000;

type Counted = { key: string; attempts: number; windowStartedAt: Date };

/** Adds one attempt to a key's window (a fresh window when the old one is over an hour old). */
async function countAttempt(db: Db, key: string, now: Date): Promise<Counted> {
  const at = now.toISOString();
  const over = sql`${loginThrottles.windowStartedAt} <= ${new Date(now.getTime() - HOUR_MS).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(loginThrottles)
    .values({ key, attempts: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        attempts: sql`case when ${over} then 1 else ${loginThrottles.attempts} + 1 end`,
        windowStartedAt: sql`case when ${over} then ${at}::timestamptz else ${loginThrottles.windowStartedAt} end`,
      },
    })
    .returning();
  return { key, attempts: row.attempts, windowStartedAt: new Date(row.windowStartedAt) };
}

/** An attempt that was counted: settle it with its outcome. */
export interface LoginClaim {
  keys: { pair: string; ip: string; account: string };
  /** the account had more failures this hour than it may: the right password needs an OTP too */
  challenged: boolean;
}

export const throttleKeys = (accountKey: string, ip: string) => ({
  pair: `pair:${accountKey}|${ip}`,
  ip: `ip:${ip}`,
  account: `account:${accountKey}`,
});

function refuse(c: Counted, now: Date): never {
  const retryS = Math.max(1, Math.ceil((c.windowStartedAt.getTime() + HOUR_MS - now.getTime()) / 1000));
  throw new ApiError(429, MSG.tooManyAttempts, { 'Retry-After': String(retryS) });
}

/**
 * Counts one password attempt for the account (as asked for, known or not) from this address,
 * and refuses it with 429 when the account-and-address or the address limit is passed.
 */
export async function claimLoginAttempt(db: Db, accountKey: string, ip: string, now: Date): Promise<LoginClaim> {
  const keys = throttleKeys(accountKey, ip);
  const pair = await countAttempt(db, keys.pair, now);
  if (pair.attempts > LIMITS.loginFailuresPerAccountAndIpPerHour) refuse(pair, now);
  const byIp = await countAttempt(db, keys.ip, now);
  if (byIp.attempts > LIMITS.loginFailuresPerIpPerHour) {
    await giveBack(db, keys.pair);
    refuse(byIp, now);
  }
  const account = await countAttempt(db, keys.account, now);
  return { keys, challenged: account.attempts > LIMITS.loginFailuresPerAccountPerHour };
}

async function giveBack(db: Db, key: string): Promise<void> {
  await db
    .update(loginThrottles)
    .set({ attempts: sql`greatest(${loginThrottles.attempts} - 1, 0)` })
    .where(eq(loginThrottles.key, key));
}

/**
 * A right password gives its attempt back everywhere, and clears the account-and-address count
 * (the seller who mistyped a few times starts afresh); a wrong one stays counted.
 */
export async function settleLoginAttempt(db: Db, claim: LoginClaim, success: boolean): Promise<void> {
  if (!success) return;
  await db.delete(loginThrottles).where(eq(loginThrottles.key, claim.keys.pair));
  await giveBack(db, claim.keys.ip);
  await giveBack(db, claim.keys.account);
}

/** Every attempt, with its outcome and address, for the record (throttling counts in login_throttles). */
export async function recordLoginAttempt(
  db: Db,
  accountKey: string,
  ip: string,
  success: boolean,
  now: Date,
): Promise<void> {
  await db.insert(loginAttempts).values({ accountKey, ip, success, createdAt: now });
}
