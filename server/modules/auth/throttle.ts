import { and, count, eq, gt, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { LIMITS } from '../../../src/domain/constants';
import { MSG } from '../../../src/domain/messages';

// Password guessing limits over a sliding hour: per account (the email asked for, known or
// not) and per IP. Checked before the password is hashed, so a flood costs us little.

const HOUR_MS = 3_600_000;

async function failuresSince(db: Db, column: typeof loginAttempts.accountKey | typeof loginAttempts.ip, value: string, since: Date) {
  const [row] = await db
    .select({ n: count(), oldest: min(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(eq(column, value), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, since)));
  return { n: row.n, oldest: row.oldest ? new Date(row.oldest) : null };
}

export async function assertLoginAllowed(db: Db, accountKey: string, ip: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - HOUR_MS);
  for (const [column, value, limit] of [
    [loginAttempts.accountKey, accountKey, LIMITS.loginFailuresPerAccountPerHour],
    [loginAttempts.ip, ip, LIMITS.loginFailuresPerIpPerHour],
  ] as const) {
    const { n, oldest } = await failuresSince(db, column, value, since);
    if (n >= limit) {
      const retryS = Math.max(1, Math.ceil(((oldest?.getTime() ?? now.getTime()) + HOUR_MS - now.getTime()) / 1000));
      throw new ApiError(429, MSG.tooManyAttempts, { 'Retry-After': String(retryS) });
    }
  }
}

export async function recordLoginAttempt(db: Db, accountKey: string, ip: string, success: boolean, now: Date): Promise<void> {
  await db.insert(loginAttempts).values({ accountKey, ip, success, createdAt: now });
}
