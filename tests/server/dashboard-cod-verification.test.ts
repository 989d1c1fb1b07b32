import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TestServer } from './harness';
import { demoTokens, startDemoServer } from './helpers';
import { invitedUser, ownerOn } from './team-helpers';
import { seedDemoSetup } from '../../server/seeds/demo-setup';
import { seedCodVerificationDemo } from '../../server/seeds/cod-verification-demo';
import { PERMISSION_DENIED } from '../../server/http/router';
import { planFeatureRefusal } from '../../src/domain/plans';
import { API_ORDERS } from '../../src/domain/orders-contract';

import { API_DASHBOARD } from '../../src/domain/dashboard-contract';
import { API_COD_VERIFICATION } from '../../src/domain/cod-verification-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { answer, answerOf } from './call';

// The dashboard's COD verification figures over the demo's verifications (the demo seed: one
// confirmed, one cancelled by the buyer and one awaiting, opened this morning; one held after no
// answer, opened two days ago), by period; the plan gate, the permission, and one seller's alone.

let s: TestServer;
let meera: string;
let seller: string;

const figures = async (token: string, q: Record<string, string>) =>
  s.request(`${API_DASHBOARD.codVerification.path}?${new URLSearchParams(q)}`, { token });

beforeAll(async () => {
  s = await startDemoServer();
  await seedDemoSetup(s.deps);
  await seedCodVerificationDemo(s.deps);
  ({ meera, seller } = await demoTokens(s));
}, 120_000);
afterAll(() => s?.close());

describe('the demo seed', () => {
  it('leaves the Pro seller verifying by rules, with orders in each state; run again it adds nothing', async () => {
    await seedCodVerificationDemo(s.deps);
    const settings = await answer(s, API_COD_VERIFICATION.settings, { token: meera });
    expect(settings).toMatchObject({ enabled: true, scope: 'RULES', minOrderValueRupees: 5000, afterWait: 'HOLD' });
    const list = await answer(s, API_ORDERS.orders, {
      query: { codVerificationFilter: 'PENDING,CONFIRMED,CANCELLED,EXPIRED' },
      token: meera,
    });
    expect(list.items.map((o) => o.codVerification).sort()).toEqual(['CANCELLED', 'CONFIRMED', 'EXPIRED', 'PENDING']);
  });
});

describe('COD verification figures', () => {
  it('counts the period’s verifications by outcome, and those awaiting now whenever opened', async () => {
    const today = await answerOf(API_DASHBOARD.codVerification, await figures(meera, { period: 'today' }));
    expect(today).toMatchObject({
      fromDate: '2026-11-20',
      toDate: '2026-11-20',
      enabled: true,
      opened: 3,
      confirmed: 1,
      cancelled: 1,
      switched: 0,
      expiredShipped: 0,
      expiredHeld: 0,
      expiredCancelled: 0,
      pendingNow: 1,
      confirmationPercent: 50,
    });
    const week = await answerOf(API_DASHBOARD.codVerification, await figures(meera, { period: '7d' }));
    expect(week).toMatchObject({ opened: 4, confirmed: 1, cancelled: 1, expiredHeld: 1, pendingNow: 1 });
    expect(week.confirmationPercent).toBe(33.3);
    // a period before any of them: nothing opened, nothing ended, yet one awaits its buyer now
    const before = await answerOf(
      API_DASHBOARD.codVerification,
      await figures(meera, { period: 'custom', fromDate: '2026-10-01', toDate: '2026-10-31' }),
    );
    expect(before).toMatchObject({ opened: 0, confirmed: 0, pendingNow: 1, confirmationPercent: null });
  });

  it('another Pro seller sees only its own: none, and verification off', async () => {
    const other = await ownerOn(s, 'PRO');
    expect(await answerOf(API_DASHBOARD.codVerification, await figures(other.token, { period: '30d' }))).toMatchObject({
      enabled: false,
      opened: 0,
      pendingNow: 0,
      confirmationPercent: null,
    });
  });

  it('Lite is refused with the plan’s message; a bad period names its field', async () => {
    expect(await errorOf(await figures(seller, { period: '30d' }))).toMatchObject({
      status: 403,
      message: planFeatureRefusal('codVerification'),
    });
    const bad = await errorOf(await figures(meera, { period: 'custom', fromDate: '2026-11-10' }));
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('To date is required');
  });

  it('a team login needs orders.view; staff and anonymous callers are refused', async () => {
    const owner = await ownerOn(s, 'PRO');
    const role = await answer(s, API_TEAM.addRole, {
      body: { roleName: 'Wallet only', permissions: ['wallet.view'] },
      token: owner.token,
    });
    const u = await invitedUser(s, owner.token, 'codfig@team.test', { teamRoleId: role.roleId });
    expect(await errorOf(await figures(u.token, {}))).toMatchObject({ status: 403, message: PERMISSION_DENIED });
    const { staff } = await demoTokens(s);
    expect((await figures(staff, {})).status).toBe(403);
    expect((await s.request(API_DASHBOARD.codVerification.path)).status).toBe(401);
  });
});
