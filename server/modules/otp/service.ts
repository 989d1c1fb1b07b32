import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNotNull, isNull, lt, min, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db, Executor } from '../../db/client';
import { otps } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { LIMITS, TIMING } from '../../../src/domain/constants';
import { MSG } from '../../../src/domain/messages';
import { otpEmail, otpSms } from './texts';
import type { OtpPurpose } from './purpose';

// One-time codes for sign-up, account verification and (later) pickup addresses. The code is
// only ever in the message; the database keeps an HMAC bound to purpose and target.

export type { OtpPurpose } from './purpose';

/** Where the code goes: an email address, or a 10-digit Indian mobile number for SMS. */
export interface OtpDelivery {
  channel: 'EMAIL' | 'SMS';
  to: string;
}

/** The account OTP screen counts 30 s before 'Resend OTP'; sign-up and pickup screens count 60 s. */
const RESEND_LOCKOUT_S: Record<OtpPurpose, number> = {
  SIGNUP_EMAIL: TIMING.otpResendLockoutS,
  SIGNUP_PHONE: TIMING.otpResendLockoutS,
  ACCOUNT_VERIFY: TIMING.accountOtpResendS,
  ACCOUNT_VERIFY_PHONE: TIMING.accountOtpResendS,
  LOGIN: TIMING.otpResendLockoutS,
  PICKUP_PHONE: TIMING.otpResendLockoutS,
  BANK_CHANGE: TIMING.otpResendLockoutS,
  CONTACT_VERIFY: TIMING.otpResendLockoutS,
};

const HOUR_MS = 3_600_000;

function codeHash(key: Uint8Array, purpose: OtpPurpose, target: string, code: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${target}\n${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

function tooMany(message: string, retryAfterS: number): ApiError {
  const s = Math.max(1, Math.ceil(retryAfterS));
  return new ApiError(429, message, { 'Retry-After': String(s) });
}

/**
 * Issues a fresh code for (purpose, target) and sends it to every delivery. Refuses with 429
 * inside the resend lockout, or when the caller's IP has asked for too many codes this hour.
 * A new code replaces any earlier one: only the latest row is ever checked.
 */
export async function sendOtp(
  deps: AppDeps,
  input: {
    purpose: OtpPurpose;
    target: string;
    ip: string;
    deliveries: OtpDelivery[];
    name?: string;
    /** inside the lockout, keep the code just sent (still valid) instead of refusing */
    keepRecent?: boolean;
  },
): Promise<'SENT' | 'RECENT'> {
  const { purpose, target, ip } = input;
  const now = deps.now();
  const code = String(randomInt(0, 1_000_000)).padStart(LIMITS.otpLength, '0');
  const outcome = await deps.db.transaction(async (tx): Promise<'SENT' | 'RECENT'> => {
    // serialise sends for one (purpose, target) so two quick clicks cannot both pass the lockout
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${purpose}:${target}`}))`);
    const [last] = await tx
      .select({ createdAt: otps.createdAt })
      .from(otps)
      .where(and(eq(otps.purpose, purpose), eq(otps.target, target)))
      .orderBy(desc(otps.createdAt))
      .limit(1);
    const lockoutMs = RESEND_LOCKOUT_S[purpose] * 1000;
    if (last && now.getTime() - last.createdAt.getTime() < lockoutMs) {
      if (input.keepRecent) return 'RECENT';
      const left = (last.createdAt.getTime() + lockoutMs - now.getTime()) / 1000;
      throw tooMany(MSG.otpResendWait(Math.ceil(left)), left);
    }
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const [perIp] = await tx
      .select({ n: count(), oldest: min(otps.createdAt) })
      .from(otps)
      .where(and(eq(otps.ip, ip), gt(otps.createdAt, hourAgo)));
    if (perIp.n >= LIMITS.otpSendsPerIpPerHour) {
      const oldest = perIp.oldest ? new Date(perIp.oldest).getTime() : now.getTime();
      throw tooMany(MSG.tooManyAttempts, (oldest + HOUR_MS - now.getTime()) / 1000);
    }
    await tx.insert(otps).values({
      purpose,
      target,
      ip,
      codeHash: codeHash(deps.otpKey, purpose, target, code),
      expiresAt: new Date(now.getTime() + LIMITS.otpTtlMs),
      createdAt: now,
    });
    return 'SENT';
  });
  if (outcome === 'RECENT') return outcome;
  for (const d of input.deliveries) {
    await deps.messenger.send(
      d.channel === 'EMAIL' ? otpEmail(d.to, code, purpose, input.name) : otpSms(d.to, code, purpose),
    );
  }
  return outcome;
}

export type OtpCheck = 'OK' | 'WRONG' | 'EXPIRED' | 'LOCKED';

/**
 * Checks a code against the latest one issued for (purpose, target). A right code is marked
 * verified, and consumed too when `consume` (nothing else will ask for it later). Every try
 * first claims one of the code's five attempts in a single conditional update, and only a
 * claimed try is compared: however many guesses arrive at once, at most five are checked, and
 * the fifth wrong one locks the code. A right code gives its attempt back.
 */
export async function checkOtp(
  deps: AppDeps,
  input: { purpose: OtpPurpose; target: string; code: string; consume: boolean },
  /** the transaction the check belongs to (a change it confirms in the same one); deps.db by default */
  db: Executor = deps.db,
): Promise<OtpCheck> {
  const now = deps.now();
  const [row] = await db
    .select()
    .from(otps)
    .where(and(eq(otps.purpose, input.purpose), eq(otps.target, input.target)))
    .orderBy(desc(otps.createdAt), desc(otps.id))
    .limit(1);
  // none issued, or the latest was already used: answer as a wrong code (nothing to reveal)
  if (!row || row.verifiedAt || row.consumedAt) return 'WRONG';
  if (row.wrongAttempts >= LIMITS.otpMaxWrongTries) return 'LOCKED';
  if (row.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  const open = and(eq(otps.id, row.id), isNull(otps.verifiedAt), isNull(otps.consumedAt));
  const [claimed] = await db
    .update(otps)
    .set({ wrongAttempts: sql`${otps.wrongAttempts} + 1` })
    .where(and(open, lt(otps.wrongAttempts, LIMITS.otpMaxWrongTries)))
    .returning({ wrongAttempts: otps.wrongAttempts });
  if (!claimed) {
    // another try took the last attempt, or a right answer used the code meanwhile
    const [again] = await db
      .select({ wrongAttempts: otps.wrongAttempts, verifiedAt: otps.verifiedAt })
      .from(otps)
      .where(eq(otps.id, row.id));
    return !again?.verifiedAt && again.wrongAttempts >= LIMITS.otpMaxWrongTries ? 'LOCKED' : 'WRONG';
  }
  if (!sameHash(row.codeHash, codeHash(deps.otpKey, input.purpose, input.target, input.code))) {
    return claimed.wrongAttempts >= LIMITS.otpMaxWrongTries ? 'LOCKED' : 'WRONG';
  }
  // conditional update: of two concurrent right answers only one wins
  const used = await db
    .update(otps)
    .set({ verifiedAt: now, consumedAt: input.consume ? now : null, wrongAttempts: sql`${otps.wrongAttempts} - 1` })
    .where(open)
    .returning({ id: otps.id });
  return used.length ? 'OK' : 'WRONG';
}

/** The 400 a failed check answers with: expiry and lockout have their own texts. */
export function otpFailure(result: Exclude<OtpCheck, 'OK'>, wrongMessage: string): ApiError {
  if (result === 'EXPIRED') return new ApiError(400, MSG.otpExpired);
  if (result === 'LOCKED') return new ApiError(400, MSG.otpLocked);
  return new ApiError(400, wrongMessage);
}

/** The latest verified, not yet consumed code for (purpose, target) verified after `since`. */
export async function verifiedOtpId(db: Db, purpose: OtpPurpose, target: string, since: Date): Promise<number | null> {
  const [row] = await db
    .select({ id: otps.id })
    .from(otps)
    .where(
      and(
        eq(otps.purpose, purpose),
        eq(otps.target, target),
        isNotNull(otps.verifiedAt),
        isNull(otps.consumedAt),
        gt(otps.verifiedAt, since),
      ),
    )
    .orderBy(desc(otps.verifiedAt))
    .limit(1);
  return row?.id ?? null;
}

/** Marks a verified code used; false when someone else consumed it first. */
export async function consumeOtp(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(otps)
    .set({ consumedAt: now })
    .where(and(eq(otps.id, id), isNull(otps.consumedAt)))
    .returning({ id: otps.id });
  return rows.length === 1;
}
