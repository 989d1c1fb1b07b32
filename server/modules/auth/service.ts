import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { accounts, loginAttempts } from '../../db/schema';
import { ApiError, badRequest, forbidden, notFound, unauthorized } from '../../http/errors';
import type { Caller } from '../../http/router';
import type { LoginAnswer, OtpTargets } from '../../../src/domain/account-contract';
import { LIMITS } from '../../../src/domain/constants';
import { MSG } from '../../../src/domain/messages';
import { accountByEmail, accountWithOrg, type AccountRow } from './account-repository';
import { checkOtp, consumeOtp, otpFailure, sendOtp, verifiedOtpId } from '../otp/service';
import type { Db } from '../../db/client';
import { accessTokenFor } from './claims';
import { maskEmail, maskPhone } from './mask';
import { burnPasswordCheck, hashPassword, temporaryPassword, verifyPassword } from './passwords';
import { endEverySession, issueRefreshToken, revokeFamily, rotateRefreshToken, sessionOfToken } from './refresh-tokens';
import { temporaryPasswordEmail } from './texts';
import { forgetSessionStanding } from './sessions';
import { auditChange, type AuditActor } from '../audit/service';
import { claimLoginAttempt, recordLoginAttempt, settleLoginAttempt } from './throttle';

/** A session to hand out: the access token for the body, the refresh token for the cookie. */
export interface Session extends LoginAnswer {
  refreshToken: string;
}

// The login error texts end exactly as the browser matches them ('is disabled', 'is locked').
export const ACCOUNT_DISABLED = 'User account is disabled';
export const ACCOUNT_LOCKED = 'User account is locked';
/** A seller login Dakiya staff turned off: said plainly, with where to go. */
export const ACCOUNT_DEACTIVATED =
  'This account has been deactivated by Dakiya. Write to support@dakiya.in to have it reactivated.';
/** A staff login a Dakiya admin turned off (someone who left, or whose access is under review). */
export const STAFF_DEACTIVATED = 'This staff login has been deactivated. Ask a Dakiya admin to reactivate it.';

function temporaryPasswordValid(account: AccountRow, now: Date): boolean {
  return (
    !!account.temporaryPasswordHash && !!account.temporaryPasswordExpiresAt && account.temporaryPasswordExpiresAt > now
  );
}

/**
 * The password check behind login and generateOtp: throttled, the same cost for unknown
 * emails, every outcome recorded. A temporary password counts once (until it is changed).
 */
async function checkPassword(deps: AppDeps, email: string, password: string, ip: string) {
  const now = deps.now();
  const key = email.toLowerCase();
  const claim = await claimLoginAttempt(deps.db, key, ip, now);
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
  await settleLoginAttempt(deps.db, claim, ok);
  await recordLoginAttempt(deps.db, key, ip, ok, now);
  if (!account || !ok) throw unauthorized(MSG.invalidLogin);
  return { account, usedTemporary, challenged: claim.challenged };
}

/**
 * An account past its hourly failures (from any number of addresses) is not locked: the right
 * password still gets in with a fresh OTP sent to the account's email and mobile.
 */
async function passLoginChallenge(deps: AppDeps, account: AccountRow, ip: string, otp: string | null): Promise<void> {
  const target = account.email.toLowerCase();
  if (otp) {
    const result = await checkOtp(deps, { purpose: 'LOGIN', target, code: otp, consume: true });
    if (result !== 'OK') throw otpFailure(result, MSG.incorrectOtp);
    return;
  }
  await sendOtp(deps, {
    purpose: 'LOGIN',
    target,
    ip,
    name: account.firstName,
    keepRecent: true,
    deliveries: [
      { channel: 'EMAIL', to: account.email },
      { channel: 'SMS', to: account.phone },
    ],
  });
  // the header tells the client to ask for the code, whatever the wording of the message
  throw new ApiError(401, MSG.loginOtpRequired, { 'X-Login-Step': 'otp' });
}

async function startSession(
  deps: AppDeps,
  accountId: number,
  refreshToken?: { token: string; familyId: string },
): Promise<Session> {
  const found = await accountWithOrg(deps.db, accountId);
  if (!found) throw unauthorized(MSG.sessionExpired);
  const session =
    refreshToken ??
    (await issueRefreshToken(deps.db, { accountId, now: deps.now(), ttlS: deps.config.refreshTokenTtlS }));
  const accessToken = await accessTokenFor(deps, found.account, found.org, session.familyId);
  return { accessToken, mustChangePassword: found.account.mustChangePassword, refreshToken: session.token };
}

/** `otp`: the code sent when the account needs one besides the password (see passLoginChallenge). */
export async function login(
  deps: AppDeps,
  email: string,
  password: string,
  ip: string,
  otp: string | null = null,
): Promise<Session> {
  const { account, usedTemporary, challenged } = await checkPassword(deps, email, password, ip);
  if (account.staffDeactivatedAt)
    throw forbidden(account.accountType === 'DAKIYA' ? STAFF_DEACTIVATED : ACCOUNT_DEACTIVATED);
  if (account.locked) throw forbidden(ACCOUNT_LOCKED);
  if (!account.enabled) throw forbidden(ACCOUNT_DISABLED);
  if (challenged) await passLoginChallenge(deps, account, ip, otp);
  const now = deps.now();
  if (usedTemporary) {
    // used up: no second login with it; the pcr session gets as long as its token to change it
    await deps.db
      .update(accounts)
      .set({
        mustChangePassword: true,
        temporaryPasswordExpiresAt: new Date(now.getTime() + deps.config.accessTokenTtlS * 1000),
      })
      .where(eq(accounts.id, account.id));
  } else if (account.mustChangePassword) {
    // the seller remembered the real password after spending the temporary one: no change is forced.
    // A temporary password not used yet stays valid until it expires (the email said 10 minutes).
    await deps.db
      .update(accounts)
      .set({ temporaryPasswordHash: null, temporaryPasswordExpiresAt: null, mustChangePassword: false })
      .where(eq(accounts.id, account.id));
  }
  // the team list shows each login's last login
  await deps.db.update(accounts).set({ lastLoginAt: now }).where(eq(accounts.id, account.id));
  return startSession(deps, account.id);
}

export async function refresh(deps: AppDeps, raw: string | null): Promise<Session> {
  if (!raw) throw unauthorized(MSG.sessionExpired);
  const now = deps.now();
  const spent = await rotateRefreshToken(deps.db, raw, now, deps.config.refreshTokenTtlS, deps.jwtKey);
  if (!spent.ok) throw unauthorized(MSG.sessionExpired);
  const found = await accountWithOrg(deps.db, spent.accountId);
  if (!found || found.account.locked || !found.account.enabled) {
    await revokeFamily(deps.db, spent.accountId, spent.familyId, now);
    throw unauthorized(MSG.sessionExpired);
  }
  return startSession(deps, spent.accountId, { token: spent.token, familyId: spent.familyId });
}

/** Ends the session of the refresh cookie: its refresh family and its access tokens. */
export async function logout(deps: AppDeps, raw: string | null): Promise<void> {
  const session = raw ? await sessionOfToken(deps.db, raw) : null;
  if (session) await revokeFamily(deps.db, session.accountId, session.familyId, deps.now());
}

/** Every session of the caller's account ends now, this one included. */
export async function logoutEverywhere(deps: AppDeps, caller: Caller): Promise<void> {
  if (caller.isAdminSession) throw forbidden('An admin session cannot end the seller’s sessions');
  await endEverySession(deps.db, caller.accountId, deps.now());
}

/** Whose login a status change turns off or on: a seller's (accounts.manage) or a staff member's (the ADMIN). */
const STATUS_TARGETS = {
  SELLER: { action: 'account', missing: 'Account not found' },
  DAKIYA: { action: 'staff', missing: 'Staff member not found' },
} as const;

/**
 * Staff turn a login off (locked and marked deactivated; every session ends at once: refresh
 * tokens revoked, the session epoch raised, so access tokens fail on their next call) or on again:
 * a seller's, or (the ADMIN) a staff member's. The change and its before and after land in the
 * audit log in the same transaction.
 */
export async function setAccountActive(
  deps: AppDeps,
  actor: AuditActor,
  accountId: number,
  input: { activated: boolean; reason: string },
  accountType: keyof typeof STATUS_TARGETS = 'SELLER',
): Promise<{ accountId: number; activated: boolean }> {
  const target = STATUS_TARGETS[accountType];
  const found = await accountWithOrg(deps.db, accountId);
  if (!found || found.account.accountType !== accountType) throw notFound(target.missing);
  const now = deps.now();
  const before = { active: !found.account.staffDeactivatedAt, locked: found.account.locked };
  const change = async (tx: Db) => {
    await tx
      .update(accounts)
      .set(input.activated ? { locked: false, staffDeactivatedAt: null } : { locked: true, staffDeactivatedAt: now })
      .where(eq(accounts.id, accountId));
    await auditChange(
      tx,
      actor,
      {
        action: `${target.action}.${input.activated ? 'activate' : 'deactivate'}`,
        entityType: 'account',
        entityId: accountId,
        before,
        after: { active: input.activated, locked: !input.activated },
        reason: input.reason,
      },
      now,
    );
  };
  if (input.activated) {
    await deps.db.transaction((tx) => change(tx));
    forgetSessionStanding(deps.db, { accountId });
  } else {
    await endEverySession(deps.db, accountId, now, change);
  }
  return { accountId, activated: input.activated };
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
  const claim = await claimLoginAttempt(deps.db, key, ip, now);
  const ok =
    (await verifyPassword(account.passwordHash, input.currentPassword)) ||
    (temporaryPasswordValid(account, now) &&
      (await verifyPassword(account.temporaryPasswordHash, input.currentPassword)));
  await settleLoginAttempt(deps.db, claim, ok);
  if (!ok) {
    await recordLoginAttempt(deps.db, key, ip, false, now);
    throw badRequest(MSG.currentPasswordWrong);
  }
  if (input.newPassword === input.currentPassword) throw badRequest(MSG.samePassword);
  const passwordHash = await hashPassword(input.newPassword);
  // every session ends, this one too: the answer carries a new one
  await endEverySession(deps.db, account.id, now, (tx) =>
    tx
      .update(accounts)
      .set({ passwordHash, temporaryPasswordHash: null, temporaryPasswordExpiresAt: null, mustChangePassword: false })
      .where(eq(accounts.id, account.id)),
  );
  return startSession(deps, account.id);
}

/**
 * Sends the account-verification OTPs of a not yet verified account: one code to the email, its
 * own code by SMS to the mobile, so each contact is proven by what only it received. Codes sent
 * moments ago (by the older register form, or a quick second login) stay the ones to enter.
 */
export async function sendAccountOtps(
  deps: AppDeps,
  account: { email: string; phone: string; firstName: string },
  ip: string,
  keepRecent: boolean,
): Promise<void> {
  const target = account.email.toLowerCase();
  await sendOtp(deps, {
    purpose: 'ACCOUNT_VERIFY',
    target,
    ip,
    name: account.firstName,
    keepRecent,
    deliveries: [{ channel: 'EMAIL', to: account.email }],
  });
  await sendOtp(deps, {
    purpose: 'ACCOUNT_VERIFY_PHONE',
    target,
    ip,
    name: account.firstName,
    keepRecent,
    deliveries: [{ channel: 'SMS', to: account.phone }],
  });
}

export async function generateAccountOtp(
  deps: AppDeps,
  email: string,
  password: string,
  ip: string,
): Promise<OtpTargets> {
  const { account } = await checkPassword(deps, email, password, ip);
  if (account.locked) throw forbidden(ACCOUNT_LOCKED);
  if (account.enabled) throw badRequest('This account is already verified. Please log in.');
  await sendAccountOtps(deps, account, ip, true);
  return { email: maskEmail(account.email), phoneNumber: maskPhone(account.phone) };
}

/**
 * Enables the account when both codes are right: the email's and the mobile's. A right code
 * stays proven while the other is retried; both are used up by the enabling. Every failure
 * reads the same for known and unknown emails.
 */
export async function verifyAccount(deps: AppDeps, email: string, code: string, phoneCode: string): Promise<void> {
  const account = await accountByEmail(deps.db, email);
  if (!account || account.enabled) throw badRequest(MSG.incorrectOtp);
  const target = email.toLowerCase();
  const since = new Date(deps.now().getTime() - LIMITS.otpTtlMs);
  const proven = async (purpose: 'ACCOUNT_VERIFY' | 'ACCOUNT_VERIFY_PHONE', given: string, failed: string) => {
    const earlier = await verifiedOtpId(deps.db, purpose, target, since);
    if (earlier) return earlier;
    const result = await checkOtp(deps, { purpose, target, code: given, consume: false });
    if (result !== 'OK') throw otpFailure(result, failed);
    return (await verifiedOtpId(deps.db, purpose, target, since))!;
  };
  const emailOtp = await proven('ACCOUNT_VERIFY', code, MSG.incorrectOtp);
  const phoneOtp = await proven('ACCOUNT_VERIFY_PHONE', phoneCode, MSG.phoneOtpFailed);
  const now = deps.now();
  await deps.db.transaction(async (db) => {
    if (!(await consumeOtp(db, emailOtp, now))) throw badRequest(MSG.incorrectOtp);
    if (!(await consumeOtp(db, phoneOtp, now))) throw badRequest(MSG.phoneOtpFailed);
    await db.update(accounts).set({ enabled: true }).where(eq(accounts.id, account.id));
  });
}
