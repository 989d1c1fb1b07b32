import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_ACCOUNT } from '../../src/domain/account-contract';
import { LIMITS } from '../../src/domain/constants';
import { MSG } from '../../src/domain/messages';
import { accounts, otps } from '../../server/db/schema';
import { errorOf, type TestServer } from './harness';
import {
  MEERA,
  SELLER,
  STAFF,
  basic,
  freshIp,
  latestMessage,
  login,
  loginRequest,
  refreshCookieOf,
  startDemoServer,
} from './helpers';
import { API_REGISTRATION } from '../../src/domain/registration-contract';
import { API_AUTH } from '../../src/domain/auth-contract';
import { pathOf } from '../../src/domain/operation';
import { answer, answerOf, send } from './call';

describe('passwords and account verification', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startDemoServer();
  });
  afterAll(() => s.close());

  const reset = (json: unknown) => s.request(API_AUTH.resetPassword.path, { method: 'PUT', json, headers: freshIp() });
  const update = (token: string | undefined, json: unknown, cookie?: string) =>
    s.request(API_AUTH.updatePassword.path, { method: 'POST', json, token, cookie });
  const temporaryFrom = async (email: string) =>
    /temporary password is: (\S+)/.exec((await latestMessage(s, email)).body)![1];

  describe('PUT reset-password', () => {
    it('answers the same for a known and an unknown email', async () => {
      const known = await answerOf(API_AUTH.resetPassword, await reset({ email: SELLER.email }));
      const unknown = await answerOf(API_AUTH.resetPassword, await reset({ email: 'nobody@demo.dakiya.in' }));
      expect(known).toEqual({ message: MSG.passwordSentResendAfter(LIMITS.passwordResetGapS) });
      expect(unknown).toEqual(known);
      expect((await s.deps.messenger.recent()).some((m) => m.recipient === 'nobody@demo.dakiya.in')).toBe(false);
    });

    it('refuses a repeat within the minute with the seconds to wait, for a known and an unknown email alike', async () => {
      s.clock.advance(61_000);
      const mails = async () => (await s.deps.messenger.recent()).filter((m) => m.recipient === SELLER.email).length;
      const before = await mails();
      expect((await reset({ email: SELLER.email })).status).toBe(200);
      expect((await reset({ email: 'nobody2@demo.dakiya.in' })).status).toBe(200);
      s.clock.advance(20_000);
      for (const email of [SELLER.email, 'nobody2@demo.dakiya.in']) {
        const res = await reset({ email });
        expect(res.headers.get('retry-after')).toBe('40');
        expect(await errorOf(res)).toMatchObject({ status: 429, message: MSG.passwordResendWait(40) });
      }
      expect(await mails()).toBe(before + 1);
    });

    it('concurrent requests for one email send one password', async () => {
      s.clock.advance(61_000);
      const mails = async () => (await s.deps.messenger.recent()).filter((m) => m.recipient === SELLER.email).length;
      const before = await mails();
      const statuses = (await Promise.all([1, 2, 3].map(() => reset({ email: SELLER.email }))))
        .map((r) => r.status)
        .sort();
      expect(statuses).toEqual([200, 429, 429]);
      expect(await mails()).toBe(before + 1);
    });

    it('names a missing or malformed email', async () => {
      expect(await errorOf(await reset({}))).toMatchObject({ status: 400, message: 'Email is required' });
      expect(await errorOf(await reset({ email: 'x@' }))).toMatchObject({ status: 400, message: MSG.invalidEmail });
    });

    it('keeps the old password working and emails a strong temporary one', async () => {
      const temp = await temporaryFrom(SELLER.email);
      expect(temp).toMatch(/[A-Z]/);
      expect(temp).toMatch(/[a-z]/);
      expect(temp).toMatch(/\d/);
      expect(temp.length).toBeGreaterThanOrEqual(8);
      const [row] = await s.deps.db.select().from(accounts).where(eq(accounts.email, SELLER.email));
      expect(row.temporaryPasswordHash).toMatch(/^\$argon2id\$/);
      expect(row.temporaryPasswordHash).not.toContain(temp);
      expect((await loginRequest(s, SELLER)).status).toBe(200);
    });
  });

  describe('temporary password, end to end', () => {
    it('logs in with pcr, is refused elsewhere, and update-password clears it', async () => {
      await reset({ email: MEERA.email });
      const temp = await temporaryFrom(MEERA.email);
      const other = await login(s, MEERA); // a session elsewhere with the real password
      // the real-password login does not cancel the emailed password: it still works once
      const first = await login(s, { email: MEERA.email, password: temp });
      expect(first.mustChangePassword).toBe(true);
      // spent; a new one can be asked for a minute after the last request (not minutes later)
      expect((await loginRequest(s, { email: MEERA.email, password: temp })).status).toBe(401);
      s.clock.advance(61_000);
      expect((await reset({ email: MEERA.email })).status).toBe(200);
      const temp2 = await temporaryFrom(MEERA.email);
      expect(temp2).not.toBe(temp);
      const t = await login(s, { email: MEERA.email, password: temp2 });
      expect(t.mustChangePassword).toBe(true);
      expect(t.claims.pcr).toBe(true);
      // single use
      expect((await loginRequest(s, { email: MEERA.email, password: temp2 })).status).toBe(401);
      // the pcr token opens nothing else
      expect(await errorOf(await s.request(API_ACCOUNT.accountInfo.path, { token: t.token }))).toMatchObject({
        status: 403,
        message: MSG.passwordChangeRequired,
      });
      // and refreshing keeps pcr
      const refreshed = await answer(s, API_AUTH.refreshToken, { cookie: t.cookie });
      expect(refreshed.mustChangePassword).toBe(true);

      const res = await update(t.token, { currentPassword: temp2, newPassword: 'Fresh#Pass9' });
      const fresh = await answerOf(API_AUTH.updatePassword, res);
      expect(fresh.mustChangePassword).toBe(false);
      expect(refreshCookieOf(res)).toBeTruthy();
      expect((await s.request(API_ACCOUNT.accountInfo.path, { token: fresh.accessToken })).status).toBe(200);
      // other sessions end; old and temporary passwords are gone
      expect((await s.request(API_AUTH.refreshToken.path, { method: 'POST', cookie: other.cookie })).status).toBe(401);
      expect((await loginRequest(s, MEERA, freshIp())).status).toBe(401);
      expect((await loginRequest(s, { email: MEERA.email, password: 'Fresh#Pass9' })).status).toBe(200);
    });

    it('expires the temporary password after 10 minutes', async () => {
      s.clock.advance(61_000);
      await reset({ email: SELLER.email });
      const temp = await temporaryFrom(SELLER.email);
      s.clock.advance(LIMITS.temporaryPasswordTtlMs + 1000);
      expect((await loginRequest(s, { email: SELLER.email, password: temp })).status).toBe(401);
    });
  });

  describe('POST update-password', () => {
    it('changes the password of a staff login too', async () => {
      const { token } = await login(s, STAFF);
      expect((await update(token, { currentPassword: STAFF.password, newPassword: 'Staff#2027x' })).status).toBe(200);
      expect((await loginRequest(s, { email: STAFF.email, password: 'Staff#2027x' })).status).toBe(200);
    });

    it('refuses a wrong current password and an unchanged one', async () => {
      const { token } = await login(s, SELLER);
      expect(
        await errorOf(await update(token, { currentPassword: 'Nope@1234', newPassword: 'Other#Pass1' })),
      ).toMatchObject({ status: 400, message: MSG.currentPasswordWrong });
      expect(
        await errorOf(await update(token, { currentPassword: SELLER.password, newPassword: SELLER.password })),
      ).toMatchObject({ status: 400, message: MSG.samePassword });
    });

    it('names each invalid field', async () => {
      const { token } = await login(s, SELLER);
      expect(await errorOf(await update(token, { newPassword: 'Other#Pass1' }))).toMatchObject({
        status: 400,
        message: 'Current password is required',
      });
      expect((await errorOf(await update(token, { currentPassword: 'x', newPassword: 'short' }))).message).toBe(
        `New password: ${MSG.passwordTooShort}`,
      );
      expect((await errorOf(await update(token, { currentPassword: 'x', newPassword: 'alllowercase1' }))).message).toBe(
        `New password: ${MSG.passwordNotStrongSignup}`,
      );
    });

    it('needs a login', async () => {
      expect((await update(undefined, { currentPassword: 'a', newPassword: 'Other#Pass1' })).status).toBe(401);
    });
  });

  describe('GET generateOtp and POST verify-account', () => {
    const NEW = { email: 'fresh@demo.dakiya.in', password: 'Fresh@123' };
    const generate = (
      who: { email: string; password: string },
      pathEmail = who.email,
      headers: Record<string, string> = {},
    ) =>
      send(s, API_AUTH.generateOtp, {
        params: { email: pathEmail },
        headers: { authorization: basic(who.email, who.password), ...headers },
      });
    const verify = (json: unknown) => s.request(API_REGISTRATION.verifyAccount.path, { method: 'POST', json });

    beforeAll(async () => {
      // an unverified owner from the older register screen
      await answer(s, API_REGISTRATION.registerBasic, {
        body: {
          firstName: 'Farhan',
          lastName: 'Ali',
          companyName: 'Fresh Foods',
          phone: '9988776655',
          email: NEW.email,
          password: NEW.password,
          confirmPassword: NEW.password,
          tncAccepted: true,
        },
        headers: freshIp(),
      });
    });

    it('sends one code to the email and its own code by SMS, and answers both masked', async () => {
      s.clock.advance(31_000);
      const res = await generate(NEW);
      expect(await answerOf(API_AUTH.generateOtp, res)).toEqual({
        email: 'fr****@demo.dakiya.in',
        phoneNumber: '+91 ******6655',
      });
      const mail = await latestMessage(s, NEW.email);
      const sms = await latestMessage(s, '+919988776655');
      expect(mail.code).toMatch(/^\d{6}$/);
      expect(sms.code).toMatch(/^\d{6}$/);
      expect(sms.body).toContain('mobile number of your Dakiya account');
      expect(mail.body).toContain('email of your Dakiya account');
      expect(mail.body).toMatch(/Dakiya/);
      expect(mail.body).toMatch(/10 minutes/);
      const [row] = await s.deps.db.select().from(otps).where(eq(otps.target, NEW.email));
      expect(row.codeHash).not.toContain(mail.code);
    });

    it('keeps the 30-second resend lockout: inside it the code just sent stays the one to enter', async () => {
      const sentTo = async () => (await s.deps.messenger.recent()).filter((m) => m.recipient === NEW.email).length;
      const countBefore = await sentTo();
      const again = await generate(NEW);
      expect(again.status).toBe(200);
      expect(await answerOf(API_AUTH.generateOtp, again)).toEqual({
        email: 'fr****@demo.dakiya.in',
        phoneNumber: '+91 ******6655',
      });
      expect(await sentTo()).toBe(countBefore);
      s.clock.advance(31_000);
      expect((await generate(NEW)).status).toBe(200);
      expect(await sentTo()).toBe(countBefore + 1);
    });

    it('needs the right password, a matching email and an unverified account', async () => {
      s.clock.advance(31_000);
      expect(await errorOf(await generate({ ...NEW, password: 'Wrong@123' }))).toMatchObject({
        status: 401,
        message: MSG.invalidLogin,
      });
      expect((await errorOf(await generate(NEW, 'other@demo.dakiya.in'))).status).toBe(400);
      expect((await errorOf(await s.request(pathOf(API_AUTH.generateOtp, { email: NEW.email })))).message).toMatch(
        /Authorization header/,
      );
      expect((await errorOf(await generate(SELLER))).status).toBe(400); // already verified
    });

    it('locks the code after 5 wrong tries; a new code is needed', async () => {
      s.clock.advance(31_000);
      await generate(NEW);
      const { code } = await latestMessage(s, NEW.email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 1; i < LIMITS.otpMaxWrongTries; i++) {
        expect(await errorOf(await verify({ email: NEW.email, code: wrong, phoneCode: wrong }))).toMatchObject({
          status: 400,
          message: MSG.incorrectOtp,
        });
      }
      expect((await errorOf(await verify({ email: NEW.email, code: wrong, phoneCode: wrong }))).message).toBe(
        MSG.otpLocked,
      );
      expect((await errorOf(await verify({ email: NEW.email, code, phoneCode: wrong }))).message).toBe(MSG.otpLocked);
    });

    it('expires a code after 10 minutes', async () => {
      s.clock.advance(31_000);
      await generate(NEW);
      const { code } = await latestMessage(s, NEW.email);
      s.clock.advance(LIMITS.otpTtlMs);
      expect((await errorOf(await verify({ email: NEW.email, code, phoneCode: code }))).message).toBe(MSG.otpExpired);
    });

    it('answers an unknown email like a wrong code and names bad fields', async () => {
      expect(
        await errorOf(await verify({ email: 'ghost@demo.dakiya.in', code: '123456', phoneCode: '123456' })),
      ).toMatchObject({ status: 400, message: MSG.incorrectOtp });
      expect((await errorOf(await verify({ email: NEW.email, code: '12ab56', phoneCode: '123456' }))).message).toBe(
        MSG.otpNumeric,
      );
      expect((await errorOf(await verify({ email: NEW.email, code: '123456', phoneCode: '12ab56' }))).message).toBe(
        `Mobile OTP: ${MSG.otpNumeric}`,
      );
      expect((await errorOf(await verify({ email: NEW.email, code: '123456' }))).message).toBe(
        'Mobile OTP is required',
      );
      expect((await errorOf(await verify({ code: '123456', phoneCode: '123456' }))).message).toBe('Email is required');
    });

    it('enables the account only with both codes: the SMS code cannot prove the email', async () => {
      expect((await errorOf(await loginRequest(s, NEW))).message).toMatch(/is disabled$/);
      s.clock.advance(31_000);
      await generate(NEW);
      const { code } = await latestMessage(s, NEW.email);
      const { code: phoneCode } = await latestMessage(s, '+919988776655');
      // someone holding only the phone (or only the mailbox) gets nowhere
      if (phoneCode !== code) {
        expect(await errorOf(await verify({ email: NEW.email, code: phoneCode, phoneCode }))).toMatchObject({
          status: 400,
          message: MSG.incorrectOtp,
        });
        expect(await errorOf(await verify({ email: NEW.email, code, phoneCode: code }))).toMatchObject({
          status: 400,
          message: MSG.phoneOtpFailed,
        });
      }
      expect((await errorOf(await loginRequest(s, NEW))).message).toMatch(/is disabled$/);
      // the email's code stays proven while the mobile's is retried
      expect(
        await answerOf(API_REGISTRATION.verifyAccount, await verify({ email: NEW.email, code, phoneCode })),
      ).toEqual({
        message: MSG.otpVerifiedLogin,
      });
      expect((await loginRequest(s, NEW)).status).toBe(200);
      expect((await errorOf(await verify({ email: NEW.email, code, phoneCode }))).message).toBe(MSG.incorrectOtp);
    });
  });
});
