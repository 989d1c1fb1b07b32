import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCOUNT } from '../../src/domain/account-contract';
import { ORDER_VIEWS_MAX } from '../../src/domain/order-views';
import { API_ORDER_VIEWS } from '../../src/domain/order-views-contract';
import { pathOf } from '../../src/domain/operation';
import { answer, answerOf } from './call';
import { API_STAFF } from '../../src/domain/staff-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { staffAudit } from '../../server/db/schema';
import { errorOf, type TestServer } from './harness';
import { demoTokens, login, MEERA, startDemoServer } from './helpers';
import { invitedUser, ownerOn } from './team-helpers';

// Saved views of the order list (one login's named filter sets) and staff switching a seller's
// early access to the new orders page.

describe('saved views of the order list', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
  });
  afterAll(() => s.close());

  const save = (json: unknown, token = meera) => s.request(API_ORDER_VIEWS.save.path, { method: 'POST', json, token });
  const views = async (token = meera) => answer(s, API_ORDER_VIEWS.views, { token });

  it('saves, lists and deletes a login’s views; names are unique per login in any case', async () => {
    const cod = await answerOf(
      API_ORDER_VIEWS.save,
      await save({ viewName: '  COD to ship ', filters: { tab: 'NEW', payment: 'COD', sort: 'total:DESC' } }),
    );
    expect(cod).toMatchObject({ viewName: 'COD to ship', filters: { tab: 'NEW', payment: 'COD', sort: 'total:DESC' } });
    const search = await answerOf(
      API_ORDER_VIEWS.save,
      await save({ viewName: 'Mumbai buyers', filters: { q: 'MC-20' } }),
    );
    expect((await views()).map((v) => v.viewName)).toEqual(['COD to ship', 'Mumbai buyers']);
    // the same name again, in another case: refused, and twice at once keeps one
    expect((await errorOf(await save({ viewName: 'cod TO SHIP', filters: { tab: 'NEW' } }))).status).toBe(409);
    const both = await Promise.all([1, 2].map(() => save({ viewName: 'Twice', filters: { source: 'SHOPIFY' } })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    // another login of another seller has none of them, and cannot delete them
    expect(await views(seller)).toEqual([]);
    expect(
      (await s.request(pathOf(API_ORDER_VIEWS.delete, { viewId: cod.viewId }), { method: 'DELETE', token: seller }))
        .status,
    ).toBe(404);
    expect(await answer(s, API_ORDER_VIEWS.delete, { params: { viewId: search.viewId }, token: meera })).toEqual({
      deleted: true,
    });
    expect((await views()).map((v) => v.viewName)).toEqual(['COD to ship', 'Twice']);
    expect(
      (await s.request(pathOf(API_ORDER_VIEWS.delete, { viewId: search.viewId }), { method: 'DELETE', token: meera }))
        .status,
    ).toBe(404);
  });

  it('refuses bad views, naming each field by its label', async () => {
    for (const [json, message] of [
      [{ filters: { tab: 'NEW' } }, 'View name is required'],
      [{ viewName: '   ', filters: { tab: 'NEW' } }, 'View name is required'],
      [{ viewName: 'x'.repeat(41), filters: { tab: 'NEW' } }, 'View name must be at most 40 characters'],
      [{ viewName: 'No filters' }, 'Filters is required'],
      [{ viewName: 'Empty', filters: {} }, 'Filters must choose at least one filter'],
      [{ viewName: 'Empty values', filters: { tab: '' } }, 'Filters must choose at least one filter'],
      [{ viewName: 'Page', filters: { page: '3' } }, 'Filters may name only tab, q, payment'],
      [{ viewName: 'Number', filters: { tab: 3 } }, 'Filters must be text values'],
      [{ viewName: 'Long', filters: { q: 'x'.repeat(201) } }, 'Filters has a value that is too long'],
      // keys every object inherits are keys like any other: a clear 400, never an error of ours
      [{ viewName: 'Inherited', filters: { toString: [1, null], constructor: 'x' } }, 'Filters must be text values'],
      // (the schema's record drops a key named "constructor" as it reads the body)
      [{ viewName: 'Inherited key', filters: { constructor: 'NEW' } }, 'Filters must choose at least one filter'],
    ] as const) {
      const e = await errorOf(await save(json));
      expect(e.status, JSON.stringify(json)).toBe(400);
      expect(e.message, JSON.stringify(json)).toContain(message);
      expect(e.message).not.toMatch(/viewName|filters /);
    }
    expect(
      (
        await errorOf(
          await s.request(pathOf(API_ORDER_VIEWS.delete, { viewId: 'abc' }), { method: 'DELETE', token: meera }),
        )
      ).message,
    ).toContain('View must be a number');
  });

  it(`keeps at most ${ORDER_VIEWS_MAX} views a login`, async () => {
    const { token } = await login(s, MEERA);
    const have = (await views(token)).length;
    for (let i = have; i < ORDER_VIEWS_MAX; i++)
      await answerOf(API_ORDER_VIEWS.save, await save({ viewName: `View ${i}`, filters: { tab: 'NEW' } }, token));
    const e = await errorOf(await save({ viewName: 'One more', filters: { tab: 'NEW' } }, token));
    expect([e.status, e.message]).toEqual([
      409,
      `You have ${ORDER_VIEWS_MAX} saved views, the most a login keeps; delete one first`,
    ]);
  });

  it('is for seller logins whose role may view orders', async () => {
    // a team member whose role has only the wallet: refused; staff: refused; no token: 401
    const owner = await ownerOn(s, 'PREMIUM');
    const role = await answer(s, API_TEAM.addRole, {
      body: { roleName: 'Wallet only', permissions: ['wallet.view'] },
      token: owner.token,
    });
    const member = await invitedUser(s, owner.token, 'wallet-only@team.test', { teamRoleId: Number(role.roleId) });
    for (const token of [member.token, staff]) {
      expect((await s.request(API_ORDER_VIEWS.views.path, { token })).status).toBe(403);
      expect((await save({ viewName: 'Mine', filters: { tab: 'NEW' } }, token)).status).toBe(403);
      expect((await s.request(pathOf(API_ORDER_VIEWS.delete, { viewId: 1 }), { method: 'DELETE', token })).status).toBe(
        403,
      );
    }
    expect((await s.request(API_ORDER_VIEWS.views.path)).status).toBe(401);
  });
});

describe("staff switch a seller's early access", () => {
  let s: TestServer;
  let meera: string;
  let staff: string;
  let meeraId: number;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ meera, staff } = await demoTokens(s));
    meeraId = Number((await login(s, MEERA)).claims.sub);
  });
  afterAll(() => s.close());

  const switchBeta = (json: unknown, token = staff, accountId: number | string = meeraId) =>
    s.request(pathOf(API_STAFF.betaFeatures, { accountId: accountId }), { method: 'PUT', json, token });
  const info = async () => answer(s, API_ACCOUNT.accountInfo, { token: meera });

  it('turns it on and off with a reason kept in the audit log; the seller reads it at once', async () => {
    expect((await info()).betaFeaturesEnabled).toBe(false);
    expect(
      await answerOf(
        API_STAFF.betaFeatures,
        await switchBeta({ enabled: true, reason: 'Early access for the new orders page' }),
      ),
    ).toEqual({
      accountId: meeraId,
      betaFeaturesEnabled: true,
    });
    expect(await info()).toMatchObject({ betaFeaturesEnabled: true, betaFeatures: true });
    const overview = await answer(s, API_STAFF.accountOverview, { params: { accountId: meeraId }, token: staff });
    expect(overview.betaFeaturesEnabled).toBe(true);
    await answerOf(
      API_STAFF.betaFeatures,
      await switchBeta({ enabled: false, reason: 'Back to the usual orders page' }),
    );
    expect((await info()).betaFeaturesEnabled).toBe(false);
    const audit = await s.deps.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.entityType, 'organisation'), eq(staffAudit.action, 'organisation.beta-features.on')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      before: { betaFeaturesEnabled: false },
      after: { betaFeaturesEnabled: true },
      reason: 'Early access for the new orders page',
    });
  });

  it('refuses bad input by label, unknown and staff accounts (404), and sellers or staff without the permission', async () => {
    for (const [json, message] of [
      [{ reason: 'Early access please' }, 'Enabled is required'],
      [{ enabled: 'yes', reason: 'Early access please' }, 'Enabled must be true or false'],
      [{ enabled: true }, 'Reason is required'],
      [{ enabled: true, reason: 'ok' }, 'Reason must be'],
    ] as const) {
      const e = await errorOf(await switchBeta(json));
      expect([e.status, e.message.slice(0, message.length)], JSON.stringify(json)).toEqual([400, message]);
    }
    const body = { enabled: true, reason: 'Early access please' };
    expect((await switchBeta(body, staff, 999_999)).status).toBe(404);
    const staffId = Number((await login(s, { email: 'ops@dakiya.in', password: 'Staff@123' })).claims.sub);
    expect((await switchBeta(body, staff, staffId)).status).toBe(404);
    expect((await switchBeta(body, meera)).status).toBe(403);
    expect(
      (await s.request(pathOf(API_STAFF.betaFeatures, { accountId: meeraId }), { method: 'PUT', json: body })).status,
    ).toBe(401);
  });
});
