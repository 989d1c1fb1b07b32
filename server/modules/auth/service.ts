import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { accounts, loginAttempts } from '../../db/schema';
import { ApiError, badRequest, forbidden, unauthorized } from '../../http/errors';
import type { Caller } from '../../http/router';
import type { LoginAnswer, OtpTargets } from '../../../src/domain/api';
import { LIMITS } from '../../../src/domain/constants';
import { MSG } from '../../../src/domain/messages';
import { accountByEmail, accountWithOrg, type AccountRow } from '../account/repository';
import { checkOtp, otpFailure, sendOtp } from '../otp/service';
import { accessTokenFor } from './claims';
import { maskEmail, maskPhone } from './mask';
import { burnPasswordCheck, hashPassword, temporaryPassword, verifyPassword } from './passwords';
import { familyOfToken, issueRefreshToken, revokeAllFamilies, revokeFamily, spendRefreshToken } from './refresh-tokens';
import { temporaryPasswordEmail } from './texts';
import { assertLoginAllowed, recordLoginAttempt } from './throttle';

/** A session to hand out: the access token for the body, the refresh token for the cookie. */
export interface Session extends LoginAnswer {
  refreshToken: string;
}

// The login error texts end exactly as the browser matches them ('is disabled', 'is locked').
export const ACCOUNT_DISABLED = 'User account is disabled';
export const ACCOUNT_LOCKED = 'User account is locked';

function temporaryPasswordValid(account: AccountRow, now: Date): boolean {
  return !!account.temporaryPasswordHash && !!account.temporaryPasswordExpiresAt && account.temporaryPasswordExpiresAt > now;
}

/**
 * The password check behind login and generateOtp: throttled, the same cost for unknown
 * emails, every outcome recorded. A temporary password counts once (until it is changed).
 */
async function checkPassword(deps: AppDeps, email: string, password: string, ip: string) {
  const now = deps.now();
  await assertLoginAllowed(deps.db, email, ip, now);
  const account = await accountByEmail(deps.db, email);
  let usedTemporary = false;
  let ok = false;
  if (!account) {
    await burnPasswordCheck(password);
  } else {
    ok = await verifyPassword(account.passwordHash, password);
    if (!ok && !account.mustChangePassword && temporaryPasswordValid(account, now)) {
      ok = usedTemporary = await verifyPassword(account.temporaryPasswordHash, password);
    }
  }
  await recordLoginAttempt(deps.db, email, ip, ok, now);
  if (!account || !ok) throw unauthorized(MSG.invalidLogin);
  return { account, usedTemporary };
}

async function startSession(deps: AppDeps, accountId: number, familyId?: string): Promise<Session> {
  const found = await accountWithOrg(deps.db, accountId);
  if (!found) throw unauthorized(MSG.sessionExpired);
  const accessToken = await accessTokenFor(deps, found.account, found.org);
  const { token } = await issueRefreshToken(deps.db, { accountId, familyId, now: deps.now(), ttlS: deps.config.refreshTokenTtlS });
  return { accessToken, mustChangePassword: found.account.mustChangePassword, refreshToken: token };
}

export async function login(deps: AppDeps, email: string, password: string, ip: string): Promise<Session> {
  const { account, usedTemporary } = await checkPassword(deps, email, password, ip);
  if (account.locked) throw forbidden(ACCOUNT_LOCKED);
  if (!account.enabled) throw forbidden(ACCOUNT_DISABLED);
  const now = deps.now();
  if (usedTemporary) {
    // used up: no second login with it; the pcr session gets as long as its token to change it
    await deps.db
      .update(accounts)
      .set({ mustChangePassword: true, temporaryPasswordExpiresAt: new Date(now.getTime() + deps.config.accessTokenTtlS * 1000) })
      .where(eq(accounts.id, account.id));
  } else if (account.mustChangePassword) {
    // the seller remembered the real password after spending the temporary one: no change is forced.
    // A temporary password not used yet stays valid until it expires (the email said 10 minutes).
    await deps.db
      .update(accounts)
      .set({ temporaryPasswordHash: null, temporaryPasswordExpiresAt: null, mustChangePassword: false })
      .where(eq(accounts.id, account.id));
  }
  return startSession(deps, account.id);
}

export async function refresh(deps: AppDeps, raw: string | null): Promise<Session> {
  if (!raw) throw unauthorized(MSG.sessionExpired);
  const now = deps.now();
  const spent = await spendRefreshToken(deps.db, raw, now);
  if (!spent.ok) throw unauthorized(MSG.sessionExpired);
  const found = await accountWithOrg(deps.db, spent.accountId);
  if (!found || found.account.locked || !found.account.enabled) {
    await revokeFamily(deps.db, spent.familyId, now);
    throw unauthorized(MSG.sessionExpired);
  }
  return startSession(deps, spent.accountId, spent.familyId);
}

export async function logout(deps: AppDeps, raw: string | null): Promise<void> {
  const familyId = raw ? await familyOfToken(deps.db, raw) : null;
  if (familyId) await revokeFamily(deps.db, familyId, deps.now());
}

/**
 * Emails a temporary password when the email belongs to an enabled account; otherwise does
 * the same amount of work and nothing else. The real password keeps working meanwhile.
 * One request per email a minute, known or not (kept as login_attempts rows under
 * 'password-reset:<email>'): a repeat inside the minute is refused with the seconds to wait, so
 * the answer never claims a send that did not happen and never tells whether the email exists.
 * Concurrent repeats serialise on the email and send once.
 */
export async function resetPassword(deps: AppDeps, email: string, ip: string): Promise<{ resendAfterS: number }> {
  const now = deps.now();
  const key = `password-reset:${email.trim().toLowerCase()}`;
  const gapMs = LIMITS.passwordResetGapS * 1000;
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const [last] = await tx
      .select({ at: loginAttempts.createdAt })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.accountKey, key), gt(loginAttempts.createdAt, new Date(now.getTime() - gapMs))))
      .orderBy(desc(loginAttempts.createdAt))
      .limit(1);
    if (last) {
      const waitS = Math.max(1, Math.ceil((new Date(last.at).getTime() + gapMs - now.getTime()) / 1000));
      throw new ApiError(429, MSG.passwordResendWait(waitS), { 'Retry-After': String(waitS) });
    }
    // success: true, so the row never counts as a failed login of this IP
    await tx.insert(loginAttempts).values({ accountKey: key, ip, success: true, createdAt: now });
  });
  const account = await accountByEmail(deps.db, email);
  if (!account || !account.enabled || account.locked) {
    await burnPasswordCheck(email);
    return { resendAfterS: LIMITS.passwordResetGapS };
  }
  const password = temporaryPassword();
  await deps.db
    .update(accounts)
    .set({
      temporaryPasswordHash: await hashPassword(password),
      temporaryPasswordExpiresAt: new Date(now.getTime() + LIMITS.temporaryPasswordTtlMs),
      mustChangePassword: false,
    })
    .where(eq(accounts.id, account.id));
  await deps.messenger.send(temporaryPasswordEmail(account.email, account.firstName, password));
  return { resendAfterS: LIMITS.passwordResetGapS };
}

export async function updatePassword(
  deps: AppDeps,
  caller: Caller,
  input: { currentPassword: string; newPassword: string },
  ip: string,
): Promise<Session> {
  if (caller.isAdminSession) throw forbidden('An admin session cannot change the seller’s password');
  const now = deps.now();
  const found = await accountWithOrg(deps.db, caller.accountId);
  if (!found) throw unauthorized(MSG.notLoggedIn);
  const { account } = found;
  const key = account.email.toLowerCase();
  await assertLoginAllowed(deps.db, key, ip, now);
  const ok =
    (await verifyPassword(account.passwordHash, input.currentPassword)) ||
    (temporaryPasswordValid(account, now) && (await verifyPassword(account.temporaryPasswordHash, input.currentPassword)));
  if (!ok) {
    await recordLoginAttempt(deps.db, key, ip, false, now);
    throw badRequest(MSG.currentPasswordWrong);
  }
  if (input.newPassword === input.currentPassword) throw badRequest(MSG.samePassword);
  await deps.db
    .update(accounts)
    .set({ passwordHash: await hashPassword(input.newPassword), temporaryPasswordHash: null, temporaryPasswordExpiresAt: null, mustChangePassword: false })
    .where(eq(accounts.id, account.id));
  // every other device must log in again with the new password
  await revokeAllFamilies(deps.db, account.id, now);
  return startSession(deps, account.id);
}

/**
 * Sends the account-verification OTP to both contacts of a not yet verified account. A code sent
 * moments ago (by the older register form, or a quick second login) stays the one to enter.
 */
export async function generateAccountOtp(deps: AppDeps, email: string, password: string, ip: string): Promise<OtpTargets> {
  const { account } = await checkPassword(deps, email, password, ip);
  if (account.locked) throw forbidden(ACCOUNT_LOCKED);
  if (account.enabled) throw badRequest('This account is already verified. Please log in.');
  await sendOtp(deps, {
    purpose: 'ACCOUNT_VERIFY',
    target: account.email.toLowerCase(),
    ip,
    name: account.firstName,
    keepRecent: true,
    deliveries: [
      { channel: 'EMAIL', to: account.email },
      { channel: 'SMS', to: account.phone },
    ],
  });
  return { email: maskEmail(account.email), phoneNumber: maskPhone(account.phone) };
}

/** Enables the account on the right code; every failure reads the same for known and unknown emails. */
export async function verifyAccount(deps: AppDeps, email: string, code: string): Promise<void> {
  const account = await accountByEmail(deps.db, email);
  if (!account || account.enabled) throw badRequest(MSG.incorrectOtp);
  const result = await checkOtp(deps, { purpose: 'ACCOUNT_VERIFY', target: email.toLowerCase(), code, consume: true });
  if (result !== 'OK') throw otpFailure(result, MSG.incorrectOtp);
  await deps.db.update(accounts).set({ enabled: true }).where(eq(accounts.id, account.id));
}

