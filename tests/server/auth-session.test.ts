import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { API_ACCOUNT, type AccessClaims } from '../../src/domain/account-contract';
import { LIMITS } from '../../src/domain/constants';
import { MSG } from '../../src/domain/messages';
import { accounts, loginAttempts, loginThrottles, organisations, refreshTokens } from '../../server/db/schema';
import { throttleKeys } from '../../server/modules/auth/throttle';
import { REFRESH_REPLAY_WINDOW_MS } from '../../server/modules/auth/refresh-tokens';
import { answerOf } from './call';
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
import { API_AUTH } from '../../src/domain/auth-contract';

const HOUR = 3_600_000;

describe('login, refresh and logout', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startDemoServer();
  });
  afterAll(() => s.close());

  const refresh = (cookie?: string, headers: Record<string, string> = {}) =>
    s.request(API_AUTH.refreshToken.path, { method: 'POST', cookie, headers });
  const setAccount = (email: string, values: Partial<typeof accounts.$inferInsert>) =>
    s.deps.db.update(accounts).set(values).where(eq(accounts.email, email));

  describe('POST login', () => {
    it('answers an access token with the seller claims and sets the refresh cookie', async () => {
      const res = await loginRequest(s, SELLER);
      expect(res.status).toBe(200);
      const data = await answerOf(API_AUTH.login, res);
      expect(data.mustChangePassword).toBe(false);
      const claims = decodeJwt(data.accessToken) as unknown as AccessClaims;
      expect(claims).toMatchObject({
        st: 'LITE',
        at: 'SELLER',
        scope: ['OWNER', 'SELLER'],
        role: 'OWNER',
        iss: 'dakiya',
      });
      expect(claims.sub).toMatch(/^\d+$/);
      expect(typeof claims.oid).toBe('number');
      expect(claims.pcr).toBeUndefined();
      expect(claims.exp - claims.iat).toBe(s.deps.config.accessTokenTtlS);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('dk_rt='))!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect(cookie).toMatch(/Path=\/api\/v1\/auth/);
      expect(cookie).toMatch(new RegExp(`Max-Age=${s.deps.config.refreshTokenTtlS}`));
      expect(cookie).not.toMatch(/Secure/); // only in production
    });

    it('gives staff the CORPORATE scope, PREMIUM and no organisation', async () => {
      const { claims } = await login(s, STAFF);
      expect(claims).toMatchObject({ st: 'PREMIUM', at: 'DAKIYA', oid: null, scope: ['CORPORATE'], role: 'DAKIYA' });
    });

    it("carries the organisation's plan", async () => {
      expect((await login(s, MEERA)).claims.st).toBe('PRO');
    });

    it('accepts the email in any letter case', async () => {
      expect((await loginRequest(s, { ...SELLER, email: 'Seller@Demo.Dakiya.in' })).status).toBe(200);
    });

    it.each([
      ['no header', {}, /Authorization header/],
      ['a bearer header', { authorization: 'Bearer abc' }, /Authorization header/],
      ['garbled base64', { authorization: 'Basic %%%' }, /not valid Basic credentials/],
      [
        'no colon',
        { authorization: `Basic ${Buffer.from('nocolon').toString('base64')}` },
        /not valid Basic credentials/,
      ],
      ['a malformed email', { authorization: basic('not-an-email', 'x') }, /Invalid email/],
      ['an empty password', { authorization: basic('seller@demo.dakiya.in', '') }, /required/],
    ])('refuses %s with 400 naming it', async (_label, headers, message) => {
      const e = await errorOf(
        await s.request(API_AUTH.login.path, { method: 'POST', headers: headers as Record<string, string> }),
      );
      expect(e.status).toBe(400);
      expect(e.message).toMatch(message);
      expect(e.header).toBe(e.message);
    });

    it('answers a wrong password and an unknown email alike', async () => {
      const wrong = await errorOf(await loginRequest(s, { ...SELLER, password: 'Wrong@123' }, freshIp()));
      const unknown = await errorOf(
        await loginRequest(s, { email: 'nobody@demo.dakiya.in', password: 'Wrong@123' }, freshIp()),
      );
      expect(wrong).toEqual({ status: 401, message: MSG.invalidLogin, header: MSG.invalidLogin });
      expect(unknown).toEqual(wrong);
    });

    it("answers 403 ending with 'is disabled' for an unverified account and 'is locked' for a locked one", async () => {
      await setAccount(MEERA.email, { enabled: false });
      const disabled = await errorOf(await loginRequest(s, MEERA));
      expect(disabled.status).toBe(403);
      expect(disabled.message).toMatch(/is disabled$/);
      await setAccount(MEERA.email, { enabled: true, locked: true });
      const locked = await errorOf(await loginRequest(s, MEERA));
      expect(locked.status).toBe(403);
      expect(locked.message).toMatch(/is locked$/);
      // a wrong password on a locked account still says nothing about the lock
      expect((await errorOf(await loginRequest(s, { ...MEERA, password: 'Nope@1234' }))).status).toBe(401);
      await setAccount(MEERA.email, { locked: false });
    });

    it('records every attempt with the caller IP', async () => {
      await loginRequest(s, { ...SELLER, password: 'Bad@12345' }, { 'x-forwarded-for': '192.0.2.55, 10.0.0.1' });
      const rows = await s.deps.db.select().from(loginAttempts).where(eq(loginAttempts.ip, '192.0.2.55'));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ accountKey: SELLER.email, success: false });
    });
  });

  describe('throttling', () => {
    it('stops one address guessing at one account after 10 failures, while the seller elsewhere still logs in', async () => {
      const ip = freshIp();
      for (let i = 0; i < LIMITS.loginFailuresPerAccountAndIpPerHour; i++)
        expect((await loginRequest(s, { ...MEERA, password: 'Wrong@123' }, ip)).status).toBe(401);
      const refused = await loginRequest(s, MEERA, ip);
      expect(refused.status).toBe(429);
      expect((await errorOf(refused)).message).toBe(MSG.tooManyAttempts);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await loginRequest(s, MEERA, freshIp())).status).toBe(200);
      s.clock.advance(HOUR);
      expect((await loginRequest(s, MEERA, ip)).status).toBe(200);
    });

    it('never locks an account out: after 100 failures from many addresses the right password gets in with an OTP', async () => {
      const victim = { email: 'meera@demo.dakiya.in', password: 'Wrong@123' };
      await s.deps.db.delete(loginThrottles);
      for (let batch = 0; batch < LIMITS.loginFailuresPerAccountPerHour / 10; batch++) {
        const results = await Promise.all(Array.from({ length: 10 }, () => loginRequest(s, victim, freshIp())));
        expect(results.every((r) => r.status === 401)).toBe(true);
      }
      // the right password alone now sends an OTP to the seller and asks for it
      const ip = freshIp();
      const askedRes = await loginRequest(s, MEERA, ip);
      expect(askedRes.headers.get('x-login-step')).toBe('otp');
      const asked = await errorOf(askedRes);
      expect(asked).toEqual({ status: 401, message: MSG.loginOtpRequired, header: MSG.loginOtpRequired });
      const { code, body } = await latestMessage(s, MEERA.email);
      expect(body).toContain('to log in to Dakiya');
      // a wrong password with any code still reads as a wrong password; a wrong code is refused
      const wrongPassword = await loginRequest(s, victim, { ...freshIp(), 'x-login-otp': code });
      expect(wrongPassword.status).toBe(401);
      expect(wrongPassword.headers.get('x-login-step')).toBeNull();
      const wrongCode = code === '000000' ? '111111' : '000000';
      expect(await errorOf(await loginRequest(s, MEERA, { ...ip, 'x-login-otp': wrongCode }))).toMatchObject({
        status: 400,
        message: MSG.incorrectOtp,
      });
      expect(await errorOf(await loginRequest(s, MEERA, { ...ip, 'x-login-otp': '12ab' }))).toMatchObject({
        status: 400,
      });
      const res = await loginRequest(s, MEERA, { ...ip, 'x-login-otp': code });
      expect(res.status).toBe(200);
      // the code is spent; other accounts never noticed
      expect((await loginRequest(s, MEERA, { ...ip, 'x-login-otp': code })).status).toBe(400);
      expect((await loginRequest(s, SELLER, freshIp())).status).toBe(200);
      s.clock.advance(HOUR);
      expect((await loginRequest(s, MEERA, freshIp())).status).toBe(200);
    });

    it('refuses an address after its hourly failure budget, for any account', async () => {
      const ip = freshIp();
      await s.deps.db.insert(loginThrottles).values({
        key: throttleKeys('x', ip['x-forwarded-for']).ip,
        attempts: LIMITS.loginFailuresPerIpPerHour,
        windowStartedAt: s.clock.now,
      });
      expect((await loginRequest(s, SELLER, ip)).status).toBe(429);
      expect((await loginRequest(s, SELLER, freshIp())).status).toBe(200);
      s.clock.advance(HOUR);
      expect((await loginRequest(s, SELLER, ip)).status).toBe(200);
    });
  });

  describe('sessions end when they should', () => {
    const info = (token: string) => s.request(API_ACCOUNT.accountInfo.path, { token });

    it('logout ends that session’s access token at once, and only that session', async () => {
      const here = await login(s, SELLER);
      const there = await login(s, SELLER);
      expect((await info(here.token)).status).toBe(200);
      expect((await s.request(API_AUTH.logout.path, { method: 'POST', cookie: here.cookie })).status).toBe(200);
      expect((await info(here.token)).status).toBe(401);
      expect((await info(there.token)).status).toBe(200);
    });

    it('logout everywhere ends every session: access tokens and refresh cookies', async () => {
      const a = await login(s, SELLER);
      const b = await login(s, SELLER);
      const res = await s.request(API_AUTH.logoutEverywhere.path, { method: 'POST', token: a.token, cookie: a.cookie });
      expect(res.status).toBe(200);
      expect(refreshCookieOf(res)).toBe('');
      for (const x of [a, b]) {
        expect((await info(x.token)).status).toBe(401);
        expect((await refresh(x.cookie)).status).toBe(401);
      }
      expect((await s.request(API_AUTH.logoutEverywhere.path, { method: 'POST' })).status).toBe(401);
      expect((await loginRequest(s, SELLER, freshIp())).status).toBe(200);
    });

    it('a password change ends every other session at once; the answer carries a working one', async () => {
      const other = await login(s, MEERA);
      const mine = await login(s, MEERA);
      const changed = await s.request(API_AUTH.updatePassword.path, {
        method: 'POST',
        token: mine.token,
        json: { currentPassword: MEERA.password, newPassword: 'Changed@12345' },
      });
      expect(changed.status).toBe(200);
      const fresh = await answerOf(API_AUTH.updatePassword, changed);
      expect((await info(other.token)).status).toBe(401);
      expect((await info(mine.token)).status).toBe(401);
      expect((await refresh(other.cookie)).status).toBe(401);
      expect((await info(fresh.accessToken)).status).toBe(200);
      const back = await s.request(API_AUTH.updatePassword.path, {
        method: 'POST',
        token: fresh.accessToken,
        json: { currentPassword: 'Changed@12345', newPassword: MEERA.password },
      });
      expect(back.status).toBe(200);
    });

    it('a staff deactivation ends every session of the seller at once; activation lets them log in again', async () => {
      const staff = await login(s, STAFF);
      const seller = await login(s, MEERA);
      const status = (activated: unknown, token = staff.token) =>
        s.request(`/api/v1/corporate/accounts/${seller.claims.sub}/status`, {
          method: 'PUT',
          token,
          json: { activated, reason: 'Seller asked us to close it' },
        });
      expect((await status(false, seller.token)).status).toBe(403);
      expect(await errorOf(await status('no'))).toMatchObject({
        status: 400,
        message: expect.stringContaining('Active must be true or false'),
      });
      expect((await status(false)).status).toBe(200);
      expect((await info(seller.token)).status).toBe(401);
      expect((await refresh(seller.cookie)).status).toBe(401);
      expect((await errorOf(await loginRequest(s, MEERA, freshIp()))).message).toMatch(/deactivated by Dakiya/);
      expect((await status(true)).status).toBe(200);
      expect((await loginRequest(s, MEERA, freshIp())).status).toBe(200);
      expect(
        (
          await s.request('/api/v1/corporate/accounts/999999/status', {
            method: 'PUT',
            token: staff.token,
            json: { activated: false, reason: 'No such seller here' },
          })
        ).status,
      ).toBe(404);
    });
  });

  describe('POST refresh-token', () => {
    it('rotates the cookie and answers a fresh access token', async () => {
      const first = await login(s, SELLER);
      const res = await refresh(first.cookie);
      expect(res.status).toBe(200);
      const next = refreshCookieOf(res)!;
      expect(next).toBeTruthy();
      expect(`dk_rt=${next}`).not.toBe(first.cookie);
      const data = await answerOf(API_AUTH.refreshToken, res);
      expect((decodeJwt(data.accessToken) as unknown as AccessClaims).sub).toBe(first.claims.sub);
      // the new cookie works in turn
      expect((await refresh(`dk_rt=${next}`)).status).toBe(200);
    });

    it('revokes the whole family when a spent token is presented again', async () => {
      const first = await login(s, SELLER);
      const second = `dk_rt=${refreshCookieOf(await refresh(first.cookie))}`;
      s.clock.advance(REFRESH_REPLAY_WINDOW_MS + 1000); // past the window a lost answer is retried in
      const reuse = await refresh(first.cookie);
      expect(reuse.status).toBe(401);
      expect((await errorOf(reuse)).message).toBe(MSG.sessionExpired);
      expect(refreshCookieOf(reuse)).toBe('');
      // the thief's copy and the rightful successor are both dead now
      expect((await refresh(second)).status).toBe(401);
      const hash = createHash('sha256').update(first.cookie.slice('dk_rt='.length)).digest('hex');
      const [spent] = await s.deps.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
      const family = await s.deps.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, spent.familyId));
      expect(family.length).toBeGreaterThanOrEqual(2);
      expect(family.every((t) => t.revokedAt)).toBe(true);
    });

    it('lets a few concurrent refreshes with one cookie succeed with the one same successor (two tabs waking together)', async () => {
      const first = await login(s, SELLER);
      const results = await Promise.all([refresh(first.cookie), refresh(first.cookie), refresh(first.cookie)]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      const cookies = results.map((r) => `dk_rt=${refreshCookieOf(r)}`);
      expect(new Set(cookies).size).toBe(1);
      expect((await refresh(cookies[0])).status).toBe(200);
    });

    it('answers 401 and clears the cookie without one, with an unknown one or an expired one', async () => {
      for (const cookie of [undefined, 'dk_rt=unknown-token']) {
        const res = await refresh(cookie);
        expect(res.status).toBe(401);
        expect((await errorOf(res)).message).toBe(MSG.sessionExpired);
        expect(refreshCookieOf(res)).toBe('');
      }
      const { cookie } = await login(s, SELLER);
      s.clock.advance(s.deps.config.refreshTokenTtlS * 1000 + 1000);
      expect((await refresh(cookie)).status).toBe(401);
    });

    it('reads the account again, so a plan change shows and a lock ends the session', async () => {
      const { cookie, claims } = await login(s, MEERA);
      await s.deps.db
        .update(organisations)
        .set({ subscriptionType: 'PREMIUM' })
        .where(eq(organisations.id, claims.oid!));
      const res = await refresh(cookie);
      const token = (await answerOf(API_AUTH.refreshToken, res)).accessToken;
      expect((decodeJwt(token) as unknown as AccessClaims).st).toBe('PREMIUM');
      await setAccount(MEERA.email, { locked: true });
      expect((await refresh(`dk_rt=${refreshCookieOf(res)}`)).status).toBe(401);
      await setAccount(MEERA.email, { locked: false });
    });
  });

  describe('POST logout', () => {
    it('revokes the session family and clears the cookie', async () => {
      const { cookie } = await login(s, SELLER);
      const res = await s.request(API_AUTH.logout.path, { method: 'POST', cookie });
      expect(res.status).toBe(200);
      expect(refreshCookieOf(res)).toBe('');
      expect((await refresh(cookie)).status).toBe(401);
    });

    it('answers 200 without a cookie too', async () => {
      expect((await s.request(API_AUTH.logout.path, { method: 'POST' })).status).toBe(200);
    });
  });
});
