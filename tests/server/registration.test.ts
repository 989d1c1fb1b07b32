import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_REFERENCE } from '../../src/domain/reference-contract';
import { LIMITS } from '../../src/domain/constants';
import { MSG } from '../../src/domain/messages';
import { accounts, organisations, otps, termsAcceptances } from '../../server/db/schema';
import { errorOf, type TestServer } from './harness';
import { freshIp, latestMessage, loginRequest, startDemoServer } from './helpers';
import { answer, answerOf } from './call';
import { API_REGISTRATION } from '../../src/domain/registration-contract';

describe('sign-up', () => {
  let s: TestServer;
  let referralSourceId: number;
  beforeAll(async () => {
    s = await startDemoServer();
    referralSourceId = (await answer(s, API_REFERENCE.referralSources, {}))[0].referralSourceId;
  });
  afterAll(() => s.close());

  const post = (path: string, json: unknown, headers: Record<string, string> = freshIp()) =>
    s.request(path, { method: 'POST', json, headers });
  const sendEmail = (email: string, headers?: Record<string, string>) =>
    post(API_REGISTRATION.sendEmailOtp.path, { firstName: 'Neha', email }, headers);
  const sendPhone = (phone: string, headers?: Record<string, string>) =>
    post(API_REGISTRATION.sendPhoneOtp.path, { firstName: 'Neha', phone }, headers);
  const verify = (target: string, otp: string) =>
    post(API_REGISTRATION.verifyOtp.path, { target, otp, firstName: 'Neha' });
  const emailCode = async (email: string) => (await latestMessage(s, email)).code;
  const phoneCode = async (phone: string) => (await latestMessage(s, `+91${phone}`)).code;

  /** Sends and verifies both contacts, as the sign-up form does. */
  async function proveContacts(email: string, phone: string) {
    await answerOf(API_REGISTRATION.sendEmailOtp, await sendEmail(email));
    await answerOf(API_REGISTRATION.verifyOtp, await verify(email, await emailCode(email)));
    await answerOf(API_REGISTRATION.sendPhoneOtp, await sendPhone(phone));
    await answerOf(API_REGISTRATION.verifyOtp, await verify(`+91 ${phone}`, await phoneCode(phone)));
  }

  const registration = (over: Record<string, unknown> = {}) => ({
    firstName: 'Neha',
    lastName: 'Gupta',
    companyName: 'Neha Handlooms',
    phone: '9811000001',
    email: 'neha@handlooms.in',
    password: 'Handloom#1',
    confirmPassword: 'Handloom#1',
    tncAccepted: true as const,
    ipAddress: '49.36.12.7',
    referralSourceId,
    ...over,
  });

  describe('GET referral-sources', () => {
    it('lists the seeded sources', async () => {
      const list = await answer(s, API_REFERENCE.referralSources, {});
      expect(list.length).toBeGreaterThanOrEqual(5);
      expect(list[0]).toEqual({ referralSourceId: expect.any(Number), sourceName: 'Google search' });
    });
  });

  describe('POST otp/email and otp/phone', () => {
    it('sends codes and answers the catalogue texts', async () => {
      expect(await answerOf(API_REGISTRATION.sendEmailOtp, await sendEmail('first@handlooms.in'))).toEqual({
        message: MSG.emailOtpSent,
      });
      expect(await answerOf(API_REGISTRATION.sendPhoneOtp, await sendPhone('9811000002'))).toEqual({
        message: MSG.phoneOtpSent,
      });
      const sms = await latestMessage(s, '+919811000002');
      expect(sms.channel).toBe('SMS');
      expect(sms.body).toMatch(/^\d{6} is your Dakiya OTP .* Valid for 10 minutes/);
      const mail = await latestMessage(s, 'first@handlooms.in');
      expect(mail.body).toContain('Hello Neha');
    });

    it('refuses a resend within 60 seconds with 429, Retry-After and the seconds left', async () => {
      await sendEmail('lockout@handlooms.in');
      s.clock.advance(20_000);
      const res = await sendEmail('lockout@handlooms.in');
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('40');
      expect((await errorOf(res)).message).toBe(MSG.otpResendWait(40));
      s.clock.advance(40_000);
      expect((await sendEmail('lockout@handlooms.in')).status).toBe(200);
    });

    it('caps the codes one IP address may ask for in an hour', async () => {
      const ip = { 'x-forwarded-for': '192.0.2.99' };
      for (let i = 0; i < LIMITS.otpSendsPerIpPerHour; i++)
        expect((await sendEmail(`cap${i}@handlooms.in`, ip)).status).toBe(200);
      const refused = await sendEmail('one-more@handlooms.in', ip);
      expect(refused.status).toBe(429);
      expect((await errorOf(refused)).message).toBe(MSG.tooManyAttempts);
      s.clock.advance(3_600_000);
      expect((await sendEmail('one-more@handlooms.in', ip)).status).toBe(200);
    });

    it('names each invalid field', async () => {
      expect((await errorOf(await post(API_REGISTRATION.sendEmailOtp.path, { email: 'a@b.in' }))).message).toBe(
        'First name is required',
      );
      expect(
        (await errorOf(await post(API_REGISTRATION.sendEmailOtp.path, { firstName: ' ', email: 'a@b.in' }))).message,
      ).toContain(MSG.enterFirstName);
      expect(
        (await errorOf(await post(API_REGISTRATION.sendEmailOtp.path, { firstName: 'N', email: 'nope' }))).message,
      ).toBe(MSG.invalidEmail);
      expect(
        (await errorOf(await post(API_REGISTRATION.sendPhoneOtp.path, { firstName: 'N', phone: '12345' }))).message,
      ).toContain(MSG.enterValidPhone);
    });
  });

  describe('POST otp/verify', () => {
    it('verifies an email and a phone code', async () => {
      await sendEmail('verify@handlooms.in');
      expect(
        await answerOf(
          API_REGISTRATION.verifyOtp,
          await verify('Verify@Handlooms.in', await emailCode('verify@handlooms.in')),
        ),
      ).toEqual({
        verified: true,
      });
      await sendPhone('9811000003');
      expect(
        await answerOf(API_REGISTRATION.verifyOtp, await verify('9811000003', await phoneCode('9811000003'))),
      ).toEqual({ verified: true });
    });

    it('answers a wrong code with the message of its kind', async () => {
      await sendEmail('wrong@handlooms.in');
      await sendPhone('9811000004');
      const bad = (c: string) => (c === '000000' ? '111111' : '000000');
      expect(
        await errorOf(await verify('wrong@handlooms.in', bad(await emailCode('wrong@handlooms.in')))),
      ).toMatchObject({ status: 400, message: MSG.emailOtpFailed });
      expect(await errorOf(await verify('9811000004', bad(await phoneCode('9811000004'))))).toMatchObject({
        status: 400,
        message: MSG.phoneOtpFailed,
      });
      expect((await errorOf(await verify('never-sent@handlooms.in', '123456'))).message).toBe(MSG.emailOtpFailed);
    });

    it('expires codes after 10 minutes and locks them after 5 wrong tries', async () => {
      await sendEmail('expire@handlooms.in');
      const code = await emailCode('expire@handlooms.in');
      s.clock.advance(LIMITS.otpTtlMs);
      expect((await errorOf(await verify('expire@handlooms.in', code))).message).toBe(MSG.otpExpired);
      await sendEmail('expire@handlooms.in');
      const fresh = await emailCode('expire@handlooms.in');
      const wrong = fresh === '000000' ? '111111' : '000000';
      for (let i = 1; i < LIMITS.otpMaxWrongTries; i++)
        expect((await errorOf(await verify('expire@handlooms.in', wrong))).message).toBe(MSG.emailOtpFailed);
      expect((await errorOf(await verify('expire@handlooms.in', wrong))).message).toBe(MSG.otpLocked);
      expect((await errorOf(await verify('expire@handlooms.in', fresh))).message).toBe(MSG.otpLocked);
    });

    it('names a bad target and a non-numeric code', async () => {
      expect((await errorOf(await verify('not a target', '123456'))).message).toMatch(/^Email or phone:/);
      expect((await errorOf(await verify('a@b.in', '12345x'))).message).toContain(MSG.otpNumeric);
    });
  });

  describe('POST owner/register', () => {
    it('refuses contacts that were not verified', async () => {
      expect(
        await errorOf(
          await post(
            API_REGISTRATION.register.path,
            registration({ email: 'unproven@handlooms.in', phone: '9811000005' }),
          ),
        ),
      ).toMatchObject({ status: 400, message: MSG.verifyPhone });
      await sendPhone('9811000005');
      await verify('9811000005', await phoneCode('9811000005'));
      expect(
        await errorOf(
          await post(
            API_REGISTRATION.register.path,
            registration({ email: 'unproven@handlooms.in', phone: '9811000005' }),
          ),
        ),
      ).toMatchObject({ status: 400, message: MSG.verifyEmail });
    });

    it('refuses verifications older than 30 minutes', async () => {
      await proveContacts('stale@handlooms.in', '9811000006');
      s.clock.advance(LIMITS.signupOtpValidForRegistrationMs + 1000);
      expect(
        (
          await errorOf(
            await post(
              API_REGISTRATION.register.path,
              registration({ email: 'stale@handlooms.in', phone: '9811000006' }),
            ),
          )
        ).message,
      ).toBe(MSG.verifyPhone);
    });

    it('checks the passwords match, the referral source exists and each field', async () => {
      expect(
        (await errorOf(await post(API_REGISTRATION.register.path, registration({ confirmPassword: 'Other#123' }))))
          .message,
      ).toBe(MSG.bothPasswordsNotSame);
      expect(
        (await errorOf(await post(API_REGISTRATION.register.path, registration({ referralSourceId: 9999 })))).message,
      ).toBe(MSG.selectReferral);
      expect(
        (await errorOf(await post(API_REGISTRATION.register.path, registration({ tncAccepted: false })))).message,
      ).toContain(MSG.acceptTerms);
      expect(
        (await errorOf(await post(API_REGISTRATION.register.path, registration({ companyName: 'AB' })))).message,
      ).toContain(MSG.nameTooShort);
      expect(
        (
          await errorOf(
            await post(
              API_REGISTRATION.register.path,
              registration({ password: 'weakpassword', confirmPassword: 'weakpassword' }),
            ),
          )
        ).message,
      ).toContain(MSG.passwordNotStrongSignup);
      expect(
        (await errorOf(await post(API_REGISTRATION.register.path, registration({ ipAddress: undefined })))).message,
      ).toBe('IP address is required');
    });

    it('creates the LITE organisation, the enabled OWNER and the terms acceptance with the IP, once', async () => {
      await proveContacts('neha@handlooms.in', '9811000001');
      const { accountId } = await answer(s, API_REGISTRATION.register, { body: registration(), headers: freshIp() });
      const [acc] = await s.deps.db.select().from(accounts).where(eq(accounts.id, accountId));
      expect(acc).toMatchObject({
        role: 'OWNER',
        accountType: 'SELLER',
        enabled: true,
        email: 'neha@handlooms.in',
        phone: '9811000001',
        referralSourceId,
      });
      const [org] = await s.deps.db.select().from(organisations).where(eq(organisations.id, acc.orgId!));
      expect(org).toMatchObject({ companyName: 'Neha Handlooms', subscriptionType: 'LITE' });
      const [tc] = await s.deps.db.select().from(termsAcceptances).where(eq(termsAcceptances.accountId, accountId));
      expect(tc).toMatchObject({ status: 'ACCEPTED', ipAddress: '49.36.12.7', tcVersionId: expect.any(Number) });
      const used = await s.deps.db.select().from(otps).where(eq(otps.target, 'neha@handlooms.in'));
      expect(used.every((o) => o.consumedAt)).toBe(true);
      expect((await latestMessage(s, 'neha@handlooms.in')).subject).toBe('Welcome to Dakiya');
      expect((await loginRequest(s, { email: 'neha@handlooms.in', password: 'Handloom#1' })).status).toBe(200);
      // the proofs were used up
      expect((await errorOf(await post(API_REGISTRATION.register.path, registration()))).message).toBe(MSG.verifyPhone);
    });

    it('answers 409 for an email that already has an account, after the email is proven', async () => {
      await proveContacts('seller@demo.dakiya.in', '9811000007');
      expect(
        await errorOf(
          await post(
            API_REGISTRATION.register.path,
            registration({ email: 'seller@demo.dakiya.in', phone: '9811000007' }),
          ),
        ),
      ).toMatchObject({ status: 409, message: MSG.emailTaken });
    });
  });

  describe('POST owner/register/basic', () => {
    const basicBody = (over: Record<string, unknown> = {}) => ({
      firstName: 'Imran',
      lastName: 'Shaikh',
      companyName: 'Shaikh Leather',
      phone: '9811000010',
      email: 'imran@leather.in',
      password: 'Leather12',
      confirmPassword: 'Leather12',
      tncAccepted: true,
      ...over,
    });

    it('creates a disabled owner and sends one account OTP to the email and another to the phone', async () => {
      const data = await answerOf(
        API_REGISTRATION.registerBasic,
        await post(API_REGISTRATION.registerBasic.path, basicBody(), { 'x-forwarded-for': '49.36.1.1' }),
      );
      expect(data).toEqual({ email: 'im****@leather.in', phoneNumber: '+91 ******0010' });
      expect(
        (await errorOf(await loginRequest(s, { email: 'imran@leather.in', password: 'Leather12' }))).message,
      ).toMatch(/is disabled$/);
      const code = await emailCode('imran@leather.in');
      const smsCode = await phoneCode('9811000010');
      expect(smsCode).toMatch(/^\d{6}$/);
      const [acc] = await s.deps.db.select().from(accounts).where(eq(accounts.email, 'imran@leather.in'));
      const [tc] = await s.deps.db.select().from(termsAcceptances).where(eq(termsAcceptances.accountId, acc.id));
      expect(tc.ipAddress).toBe('49.36.1.1');
      // the code read from the phone does not prove the email
      if (smsCode !== code)
        expect(
          (
            await errorOf(
              await post(API_REGISTRATION.verifyAccount.path, {
                email: 'imran@leather.in',
                code: smsCode,
                phoneCode: smsCode,
              }),
            )
          ).status,
        ).toBe(400);
      await answerOf(
        API_REGISTRATION.verifyAccount,
        await post(API_REGISTRATION.verifyAccount.path, { email: 'imran@leather.in', code, phoneCode: smsCode }),
      );
      expect((await loginRequest(s, { email: 'imran@leather.in', password: 'Leather12' })).status).toBe(200);
    });

    it('answers the same for a registered email and sends a notice instead of a code', async () => {
      const data = await answerOf(
        API_REGISTRATION.registerBasic,
        await post(API_REGISTRATION.registerBasic.path, basicBody({ email: 'meera@demo.dakiya.in' })),
      );
      expect(data).toEqual({ email: 'me****@demo.dakiya.in', phoneNumber: '+91 ******0010' });
      const notice = await latestMessage(s, 'meera@demo.dakiya.in');
      expect(notice.subject).toMatch(/tried to register/);
      expect(notice.code).toBe('');
    });

    it('applies the older form rules', async () => {
      const msg = async (over: Record<string, unknown>) =>
        (await errorOf(await post(API_REGISTRATION.registerBasic.path, basicBody(over)))).message;
      expect(await msg({ password: 'Short1', confirmPassword: 'Short1' })).toContain(MSG.passwordMinShared);
      expect(await msg({ password: 'Waytoolongpassword1', confirmPassword: 'Waytoolongpassword1' })).toContain(
        MSG.passwordMaxOlder,
      );
      expect(await msg({ password: 'nouppercase1', confirmPassword: 'nouppercase1' })).toContain(
        MSG.passwordStrongShared,
      );
      expect(await msg({ confirmPassword: 'Leather13' })).toContain(MSG.passwordMismatchShared);
      expect(await msg({ tncAccepted: false })).toContain(MSG.acceptToProceed);
      expect(await msg({ companyName: 'AB' })).toContain(MSG.nameTooShort);
      expect(await msg({ phone: '5811000010' })).toContain(MSG.enterValidPhone);
    });
  });
});
