import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCOUNT_MANAGER } from '../../src/domain/account-manager-contract';
import { API_STAFF } from '../../src/domain/staff-contract';
import { API_TICKETS } from '../../src/domain/tickets-contract';
import { accounts, organisations, staffAudit } from '../../server/db/schema';
import { answer, answerOf, send } from './call';
import { pathOf } from '../../src/domain/operation';
import { errorOf, type TestServer } from './harness';
import { demoTokens, login, MEERA, SELLER, startDemoServer } from './helpers';

// Key account managers: staff name one (Pro and Premium only), the seller sees them under Help,
// and the seller's new tickets go to them; every refusal says what is wrong in the staff's words.

describe('key account manager', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  let support: string;
  let finance: string;
  let meeraLogin: number;
  let sellerLogin: number;
  let supportId: number;
  let financeId: number;
  let meeraOrg: number;
  let adminId: number;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
    support = (await login(s, { email: 'support@dakiya.in', password: 'Staff@123' })).token;
    finance = (await login(s, { email: 'finance@dakiya.in', password: 'Staff@123' })).token;
    const idOf = async (email: string) => {
      const [a] = await s.deps.db
        .select({ id: accounts.id, orgId: accounts.orgId })
        .from(accounts)
        .where(eq(accounts.email, email));
      return a!;
    };
    const m = await idOf(MEERA.email);
    meeraLogin = m.id;
    meeraOrg = m.orgId!;
    sellerLogin = (await idOf(SELLER.email)).id;
    supportId = (await idOf('support@dakiya.in')).id;
    financeId = (await idOf('finance@dakiya.in')).id;
    adminId = (await idOf('ops@dakiya.in')).id;
  });
  afterAll(() => s.close());

  const put = (accountId: number, json: unknown, token = staff) =>
    s.request(pathOf(API_ACCOUNT_MANAGER.set, { accountId }), { method: 'PUT', json, token });
  const mine = (token: string) => answer(s, API_ACCOUNT_MANAGER.mine, { token });
  const raise = (token: string) =>
    answer(s, API_TICKETS.raise, {
      token,
      body: { category: 'OTHER', subject: 'Invoice copy', description: 'Please send a copy of last month’s invoice.' },
    });
  const reason = 'Onboarding call done';

  it('names a manager for a Pro seller; the seller sees them; their new tickets go to them', async () => {
    expect(await mine(meera)).toEqual({ included: true, manager: null });
    const named = await answerOf(API_ACCOUNT_MANAGER.set, await put(meeraLogin, { managerId: supportId, reason }));
    expect(named).toMatchObject({ managerId: supportId, name: 'Ritu Das', email: 'support@dakiya.in' });
    expect((await mine(meera)).manager).toMatchObject({ name: 'Ritu Das', phone: '9000012346' });
    const overview = await answer(s, API_STAFF.accountOverview, { params: { accountId: meeraLogin }, token: support });
    expect(overview.accountManager?.managerId).toBe(supportId);
    expect(overview.accountManagerIncluded).toBe(true);
    const t = await raise(meera);
    expect(t.ticketHandledBy).toBe(supportId);
    expect(t.handlerName).toBe('Ritu Das');
    // the audit log keeps the decision and its reason
    const audit = await s.deps.db.select().from(staffAudit).where(eq(staffAudit.reason, reason));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('a Lite seller has none and is told where one comes with; naming one is refused', async () => {
    expect(await mine(seller)).toEqual({ included: false, manager: null });
    const e = await errorOf(await put(sellerLogin, { managerId: supportId, reason }));
    expect(e.status).toBe(409);
    expect(e.message).toBe('Aarav Traders is on the Lite plan: a key account manager comes with Pro and Premium');
    const t = await raise(seller);
    expect(t.ticketHandledBy).toBeNull();
  });

  it('a downgrade hides the manager and stops the routing; an upgrade brings them back', async () => {
    await s.deps.db.update(organisations).set({ subscriptionType: 'LITE' }).where(eq(organisations.id, meeraOrg));
    expect(await mine(meera)).toEqual({ included: false, manager: null });
    expect((await raise(meera)).ticketHandledBy).toBeNull();
    const o = await answer(s, API_STAFF.accountOverview, { params: { accountId: meeraLogin }, token: staff });
    expect(o.accountManager?.managerId).toBe(supportId);
    expect(o.accountManagerIncluded).toBe(false);
    await s.deps.db.update(organisations).set({ subscriptionType: 'PRO' }).where(eq(organisations.id, meeraOrg));
    expect((await mine(meera)).manager?.managerId).toBe(supportId);
  });

  it('refuses each bad request by its label', async () => {
    const cases: [unknown, number, string][] = [
      [{ managerId: supportId }, 400, 'Reason is required'],
      [{ managerId: supportId, reason: 'no' }, 400, 'Reason must be 5 to 300 characters'],
      [{ managerId: 'abc', reason }, 400, 'Key account manager must be a number'],
      [{ managerId: 1.5, reason }, 400, 'Key account manager must be a whole number'],
      [{ managerId: meeraLogin, reason }, 400, 'Key account manager: no such staff member'],
      [{ managerId: financeId, reason }, 400, 'Key account manager: their staff role cannot answer support tickets'],
    ];
    for (const [body, status, message] of cases) {
      const e = await errorOf(await put(meeraLogin, body));
      expect([e.status, e.message]).toEqual([status, message]);
    }
    // nor are they offered: the staff a ticket (or a seller) may be given answer tickets
    const offered = await answer(s, API_TICKETS.assignees, { token: staff });
    expect(offered.map((a) => a.email)).toEqual(
      expect.arrayContaining(['ops@dakiya.in', 'support@dakiya.in', 'operations@dakiya.in']),
    );
    expect(offered.map((a) => a.email)).not.toContain('finance@dakiya.in');
    expect(offered.map((a) => a.email)).not.toContain('kyc@dakiya.in');
    // not a seller login, or no such login
    expect((await errorOf(await put(supportId, { managerId: supportId, reason }))).status).toBe(404);
    expect((await errorOf(await put(999_999, { managerId: supportId, reason }))).status).toBe(404);
  });

  it('needs a staff role that manages accounts; sellers cannot set it', async () => {
    expect((await errorOf(await put(meeraLogin, { managerId: supportId, reason }, support))).status).toBe(403);
    expect((await errorOf(await put(meeraLogin, { managerId: supportId, reason }, finance))).status).toBe(403);
    expect((await errorOf(await put(meeraLogin, { managerId: supportId, reason }, meera))).status).toBe(403);
    expect((await errorOf(await send(s, API_ACCOUNT_MANAGER.mine, { token: staff }))).status).toBe(403);
    expect((await send(s, API_ACCOUNT_MANAGER.mine, {})).status).toBe(401);
  });

  it('concurrent namings leave one manager; null removes them', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => put(meeraLogin, { managerId: i % 2 ? supportId : adminId, reason })),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const now = (await mine(meera)).manager!;
    expect([supportId, adminId]).toContain(now.managerId);
    expect(
      await answerOf(
        API_ACCOUNT_MANAGER.set,
        await put(meeraLogin, { managerId: null, reason: 'Account moved to self-serve' }),
      ),
    ).toBeNull();
    expect(await mine(meera)).toEqual({ included: true, manager: null });
    expect((await raise(meera)).ticketHandledBy).toBeNull();
  });
});
