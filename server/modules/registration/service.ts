import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import type {} from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { ApiError, badRequest, conflict } from '../../http/errors';
import type { OtpTargets } from '../../../src/domain/account-contract';
import { LIMITS } from '../../../src/domain/constants';
import { MSG } from '../../../src/domain/messages';
import type { RegistrationBody, RegisterBasicBody } from '../../../src/domain/schemas/account';
import { EMAIL, INDIAN_MOBILE, normalisePhone } from '../../../src/domain/schemas/fields';
import { accountByEmail } from '../auth/account-repository';
import { maskEmail, maskPhone } from '../auth/mask';
import { hashPassword } from '../auth/passwords';
import { checkOtp, consumeOtp, otpFailure, sendOtp, verifiedOtpId } from '../otp/service';
import { sendAccountOtps } from '../auth/service';
import { currentTerms, referralSourceExists } from '../reference/service';
import { createOrganisationWithOwner } from './create-owner';
import { alreadyRegisteredEmail, welcomeEmail } from './texts';

// Sign-up: prove the email and the phone by OTP, then create the organisation and its owner.

export async function sendSignupEmailOtp(deps: AppDeps, input: { firstName: string; email: string }, ip: string) {
  await sendOtp(deps, {
    purpose: 'SIGNUP_EMAIL',
    target: input.email,
    ip,
    name: input.firstName,
    deliveries: [{ channel: 'EMAIL', to: input.email }],
  });
}

export async function sendSignupPhoneOtp(deps: AppDeps, input: { firstName: string; phone: string }, ip: string) {
  await sendOtp(deps, {
    purpose: 'SIGNUP_PHONE',
    target: input.phone,
    ip,
    name: input.firstName,
    deliveries: [{ channel: 'SMS', to: input.phone }],
  });
}

/** The verify call names its target only: an email address or a mobile number. */
function signupTarget(raw: string): { purpose: 'SIGNUP_EMAIL' | 'SIGNUP_PHONE'; target: string; failed: string } {
  if (raw.includes('@')) {
    if (!EMAIL.test(raw)) throw badRequest('target: must be an email address or a 10-digit mobile number');
    return { purpose: 'SIGNUP_EMAIL', target: raw.toLowerCase(), failed: MSG.emailOtpFailed };
  }
  const phone = normalisePhone(raw);
  if (!INDIAN_MOBILE.test(phone)) throw badRequest('target: must be an email address or a 10-digit mobile number');
  return { purpose: 'SIGNUP_PHONE', target: phone, failed: MSG.phoneOtpFailed };
}

export async function verifySignupOtp(deps: AppDeps, input: { target: string; otp: string }): Promise<void> {
  const { purpose, target, failed } = signupTarget(input.target);
  const result = await checkOtp(deps, { purpose, target, code: input.otp, consume: false });
  if (result !== 'OK') throw otpFailure(result, failed);
}

type Registration = v.InferOutput<typeof RegistrationBody>;

/** The fields both register forms share with the new organisation and owner. */
function ownerContact(b: { companyName: string; firstName: string; lastName: string; email: string; phone: string }) {
  return { companyName: b.companyName, firstName: b.firstName, lastName: b.lastName, email: b.email, phone: b.phone };
}

/**
 * Registers an owner whose email and phone were verified by OTP in the last 30 minutes.
 * Checks run in the sign-up form's order; the duplicate-email answer comes only after the
 * caller proved they own the email, so it leaks nothing.
 */
export async function registerOwner(deps: AppDeps, body: Registration): Promise<{ accountId: number }> {
  const now = deps.now();
  if (body.password !== body.confirmPassword) throw badRequest(MSG.bothPasswordsNotSame);
  if (!(await referralSourceExists(deps.db, body.referralSourceId))) throw badRequest(MSG.selectReferral);
  const since = new Date(now.getTime() - LIMITS.signupOtpValidForRegistrationMs);
  const phoneOtp = await verifiedOtpId(deps.db, 'SIGNUP_PHONE', body.phone, since);
  if (!phoneOtp) throw badRequest(MSG.verifyPhone);
  const emailOtp = await verifiedOtpId(deps.db, 'SIGNUP_EMAIL', body.email, since);
  if (!emailOtp) throw badRequest(MSG.verifyEmail);
  if (await accountByEmail(deps.db, body.email)) throw conflict(MSG.emailTaken);
  const terms = await currentTerms(deps.db);
  const passwordHash = await hashPassword(body.password);
  let created: { accountId: number };
  try {
    created = await deps.db.transaction(async (db) => {
      // consumed inside the transaction: a second submit with the same proofs finds none
      if (!(await consumeOtp(db, phoneOtp, now))) throw badRequest(MSG.verifyPhone);
      if (!(await consumeOtp(db, emailOtp, now))) throw badRequest(MSG.verifyEmail);
      return createOrganisationWithOwner(db, {
        ...ownerContact(body),
        passwordHash,
        enabled: true,
        referralSourceId: body.referralSourceId,
        referralCode: body.referralCode,
        terms: terms && { tcVersionId: terms.tcVersionId, ipAddress: body.ipAddress },
        now,
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(MSG.emailTaken);
    throw e;
  }
  await deps.messenger.send(welcomeEmail(body.email, body.firstName, body.companyName));
  return { accountId: created.accountId };
}

type BasicRegistration = v.InferOutput<typeof RegisterBasicBody>;

/**
 * The older register screen: a disabled owner that proves email and phone with the account
 * OTP afterwards. An email that is already registered gets a notice instead of a code, and the
 * answer is the same either way, so the form cannot be used to probe for accounts.
 */
export async function registerBasic(deps: AppDeps, body: BasicRegistration, ip: string): Promise<OtpTargets> {
  const now = deps.now();
  const answer = { email: maskEmail(body.email), phoneNumber: maskPhone(body.phone) };
  const passwordHash = await hashPassword(body.password);
  const existing = await accountByEmail(deps.db, body.email);
  if (existing) {
    await deps.messenger.send(alreadyRegisteredEmail(existing.email, existing.firstName));
    return answer;
  }
  const terms = await currentTerms(deps.db);
  try {
    await deps.db.transaction(async (tx) =>
      createOrganisationWithOwner(tx, {
        ...ownerContact(body),
        passwordHash,
        enabled: false,
        terms: terms && { tcVersionId: terms.tcVersionId, ipAddress: ip },
        now,
      }),
    );
  } catch (e) {
    if (isUniqueViolation(e)) return answer; // a concurrent twin registered it: same answer
    throw e;
  }
  await sendAccountOtps(deps, body, ip, false).catch((e) => {
    // the account exists now; a throttled send is retried from the verify screen (generateOtp)
    if (!(e instanceof ApiError && e.status === 429)) throw e;
  });
  return answer;
}
