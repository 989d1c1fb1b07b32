import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { API_ACCOUNT, API, type AccessClaims } from '../../src/domain/account-contract';
import { API_CORPORATE } from '../../src/domain/corporate-contract';
import { answer, answerOf, send } from './call';
import { LIMITS } from '../../src/domain/constants';
import { accounts } from '../../server/db/schema';
import { errorOf, type TestServer } from './harness';
import { MEERA, SELLER, STAFF, login, refreshCookieOf, startDemoServer } from './helpers';
import { API_AUTH } from '../../src/domain/auth-contract';

describe('corporate (staff) routes', () => {
  let s: TestServer;
  let staff: string;
  let seller: string;
  let sellerId: number;
  beforeAll(async () => {
    s = await startDemoServer();
    staff = (await login(s, STAFF)).token;
    const l = await login(s, SELLER);
    seller = l.token;
    sellerId = Number(l.claims.sub);
  });
  afterAll(() => s.close());

  describe('GET corporate/accounts', () => {
    const list = (query = '', token = staff) => s.request(`${API_CORPORATE.accounts.path}${query}`, { token });

    it('lists seller logins with their company, paged', async () => {
      const page = await answerOf(API_CORPORATE.accounts, await list());
      expect(page).toMatchObject({ total: 3, pageNumber: 0, recordsPerPage: 10 });
      expect(page.items.map((r) => r.email).sort()).toEqual(['kavya@demo.dakiya.in', MEERA.email, SELLER.email]);
      expect(page.items.find((r) => r.email === SELLER.email)).toMatchObject({
        firstName: 'Aarav',
        lastName: 'Sharma',
        phone: '9876543210',
        role: 'OWNER',
        enabled: true,
        companyName: 'Aarav Traders',
      });
      const second = await answerOf(API_CORPORATE.accounts, await list('?pageNumber=1&recordsPerPage=1'));
      expect(second.items).toHaveLength(1);
      expect(second.total).toBe(3);
    });

    it('searches by company, name, email or phone', async () => {
      expect(
        (await answerOf(API_CORPORATE.accounts, await list('?searchPattern=crafts'))).items.map((r) => r.email),
      ).toEqual([MEERA.email]);
      expect(
        (await answerOf(API_CORPORATE.accounts, await list('?searchPattern=98765'))).items.map((r) => r.email),
      ).toEqual([SELLER.email]);
      expect((await answerOf(API_CORPORATE.accounts, await list('?searchPattern=%25'))).total).toBe(0);
    });

    it('names bad query values', async () => {
      expect((await errorOf(await list('?pageNumber=-1'))).message).toBe('Page must be a whole number');
      expect((await errorOf(await list('?recordsPerPage=500'))).message).toBe('Rows per page must be at most 100');
      expect((await errorOf(await list('?recordsPerPage=0'))).message).toBe('Rows per page must be at least 1');
    });

    it('refuses sellers (403) and anonymous callers (401)', async () => {
      expect((await list('', seller)).status).toBe(403);
      expect((await s.request(API_CORPORATE.accounts.path)).status).toBe(401);
    });
  });

  describe('GET corporate/dashboard', () => {
    it('counts organisations, logins, unverified logins and recent sign-ups', async () => {
      await s.deps.db
        .update(accounts)
        .set({ enabled: false, createdAt: new Date(s.clock.now.getTime() - 30 * 86_400_000) })
        .where(eq(accounts.email, MEERA.email));
      expect(await answer(s, API_CORPORATE.dashboard, { token: staff })).toEqual({
        organisations: 3,
        accounts: 3,
        unverifiedAccounts: 1,
        signupsLast7Days: 2,
      });
      await s.deps.db.update(accounts).set({ enabled: true }).where(eq(accounts.email, MEERA.email));
    });
    it('refuses sellers', async () => {
      expect((await send(s, API_CORPORATE.dashboard, { token: seller })).status).toBe(403);
    });
  });

  describe('POST corporate/accounts/:accountId/impersonate', () => {
    const impersonate = (id: number | string, token = staff) =>
      send(s, API_CORPORATE.impersonate, { params: { accountId: id }, token });

    it("answers a short admin token with the seller's claims, a hyphenated subject and no refresh cookie", async () => {
      const res = await impersonate(sellerId);
      expect(refreshCookieOf(res)).toBeNull();
      const { accessToken } = await answerOf(API_CORPORATE.impersonate, res);
      const claims = decodeJwt(accessToken) as unknown as AccessClaims;
      const staffId = (decodeJwt(staff) as unknown as AccessClaims).sub;
      expect(claims.sub).toBe(`${staffId}-${sellerId}`);
      expect(claims).toMatchObject({ at: 'SELLER', st: 'LITE', scope: ['OWNER', 'SELLER'], role: 'OWNER' });
      expect(claims.exp - claims.iat).toBe(LIMITS.adminSessionTtlS);
      // it acts as the seller
      expect((await answer(s, API_ACCOUNT.accountDetails, { token: accessToken })).email).toBe(SELLER.email);
      // but may not change their password or give their consent
      expect(
        (
          await s.request(API_AUTH.updatePassword.path, {
            method: 'POST',
            token: accessToken,
            json: { currentPassword: 'x', newPassword: 'Another#Pass1' },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await s.request(API.acceptTerms, {
            method: 'POST',
            token: accessToken,
            json: { tcVersionId: 1, status: 'ACCEPTED', ipAddress: '1.1.1.1' },
          })
        ).status,
      ).toBe(403);
      // nor reach staff routes
      expect((await send(s, API_CORPORATE.dashboard, { token: accessToken })).status).toBe(403);
      // it cannot refresh: there is no cookie to refresh with
      expect((await s.request(API_AUTH.refreshToken.path, { method: 'POST' })).status).toBe(401);
      // and it ends after 30 minutes
      s.clock.advance(LIMITS.adminSessionTtlS * 1000 + 1000);
      expect((await s.request(API_ACCOUNT.accountDetails.path, { token: accessToken })).status).toBe(401);
      staff = (await login(s, STAFF)).token;
      seller = (await login(s, SELLER)).token;
    });

    it('answers 404 for a missing account or a staff account, 400 for a bad id', async () => {
      const staffId = (decodeJwt(staff) as unknown as AccessClaims).sub;
      expect((await impersonate(999999)).status).toBe(404);
      expect((await impersonate(staffId)).status).toBe(404);
      expect((await errorOf(await impersonate('x'))).message).toBe('Account must be a number');
    });

    it('refuses sellers', async () => {
      expect((await impersonate(sellerId, seller)).status).toBe(403);
    });
  });
});
