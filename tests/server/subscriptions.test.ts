import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { answer, answerOf, send } from './call';
import { errorOf, startTestServer, type TestServer } from './harness';
import { login, STAFF } from './helpers';
import { seedDemo } from '../../server/seeds/demo-accounts';
import { accounts, organisations, pickupAddresses } from '../../server/db/schema';
import { runSubscriptionRenewals } from '../../server/modules/plans/service';
import { walletBalancePaise } from '../../server/modules/wallet/balance';
import { API_SETUP } from '../../src/domain/setup-contract';
import { MSG } from '../../src/domain/messages';
import { DENIED_REASONS } from '../../src/domain/access';
import { API_TEAM } from '../../src/domain/team-contract';
import { PERMISSION_DENIED } from '../../server/http/router';
import { readPdf } from './pdf-reader';
import { fund, invitedUser, ownerOn, relogin } from './team-helpers';

let s: TestServer;
let staff: string;
beforeAll(async () => {
  s = await startTestServer({ seed: async (deps) => void (await seedDemo(deps)) });
  staff = (await login(s, STAFF)).token;
}, 60_000);
afterAll(() => s?.close());

const PRO_MONTH = 245_000 + 44_100; // ₹2,450 + 18% GST, in paise
let keyN = 0;
const upgrade = (token: string, json: Record<string, unknown>) =>
  s.request(API_TEAM.upgrade.path, {
    method: 'PUT',
    token,
    json: { requestKey: `upgrade-key-${(keyN += 1)}`, ...json },
  });

describe('upgrade', () => {
  it('is paid from the wallet through the ledger, in force at once, with a GST invoice PDF', async () => {
    const owner = await ownerOn(s, 'LITE');
    await fund(s, owner.orgId, 500_000);
    const upgraded = await answerOf(
      API_TEAM.upgrade,
      await upgrade(owner.token, { plan: 'PRO', billingFrequency: 'MONTHLY' }),
    );
    expect(upgraded.subscription).toMatchObject({ plan: 'PRO', billingFrequency: 'MONTHLY', amountPaise: PRO_MONTH });
    expect(upgraded.walletBalancePaise).toBe(500_000 - PRO_MONTH);
    const state = await answer(s, API_TEAM.plan, { token: owner.token });
    expect(state).toMatchObject({
      subscriptionType: 'PRO',
      subscriptionBillingFrequency: 'MONTHLY',
      previousPaidSubscriptionsBool: true,
      hasPendingDowngradeRequest: false,
      loginsAllowed: 5,
    });
    expect(state.subscriptionExpiryDate).toBe('2026-12-20T06:30:00.000Z');
    const invoices = await answer(s, API_TEAM.invoices, { token: owner.token });
    expect(invoices).toHaveLength(1);
    const invoice = { subscriptionId: invoices[0].subscriptionId };
    const pdf = await send(s, API_TEAM.invoicePdf, { params: invoice, token: owner.token });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { text } = readPdf(new Uint8Array(await pdf.arrayBuffer()), 50);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(invoices[0].invoiceNumber);
    expect(text).toContain('2,891.00');
    const other = await ownerOn(s, 'LITE');
    expect((await send(s, API_TEAM.invoicePdf, { params: invoice, token: other.token })).status).toBe(404);
  });

  it('an owner upgraded to Pro adds a second pickup address (Lite keeps one)', async () => {
    const owner = await ownerOn(s, 'LITE');
    const add = (name: string) =>
      send(s, API_SETUP.addAddress, {
        body: {
          entityName: name,
          phoneNumber: '9123456780',
          email: 'p@m.in',
          addressLine1: 'MG Road',
          pincode: '560001',
        },
        token: owner.token,
      });
    expect((await add('First')).status).toBe(200);
    expect(await errorOf(await add('Second'))).toMatchObject({ status: 403, message: MSG.singlePickupAddress });
    await fund(s, owner.orgId, PRO_MONTH);
    await answerOf(API_TEAM.upgrade, await upgrade(owner.token, { plan: 'PRO', billingFrequency: 'MONTHLY' }));
    expect((await add('Second')).status).toBe(200);
    const rows = await s.deps.db.select().from(pickupAddresses).where(eq(pickupAddresses.orgId, owner.orgId));
    expect(rows).toHaveLength(2);
  });

  it('concurrent repeats of one request charge once; a second upgrade to the same plan is refused', async () => {
    const owner = await ownerOn(s, 'LITE');
    await fund(s, owner.orgId, 8_000_000);
    const json = { plan: 'PREMIUM', billingFrequency: 'YEARLY', requestKey: 'same-request-0001' };
    const results = await Promise.all(
      [1, 2, 3].map(() => s.request(API_TEAM.upgrade.path, { method: 'PUT', token: owner.token, json })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const yearly = 4950_00 * 12 * 1.18;
    expect(await walletBalancePaise(s.deps.db, owner.orgId)).toBe(8_000_000 - yearly);
    expect(await answer(s, API_TEAM.subscriptions, { token: owner.token })).toHaveLength(1);
    expect((await errorOf(await upgrade(owner.token, { plan: 'PREMIUM', billingFrequency: 'YEARLY' }))).status).toBe(
      409,
    );
    expect((await errorOf(await upgrade(owner.token, { plan: 'PRO', billingFrequency: 'MONTHLY' }))).status).toBe(409);
  });

  it('an empty wallet cannot pay (422, nothing changes); bad input names the field; staff and users are refused', async () => {
    const owner = await ownerOn(s, 'LITE');
    expect(await errorOf(await upgrade(owner.token, { plan: 'PRO', billingFrequency: 'MONTHLY' }))).toMatchObject({
      status: 422,
      message: expect.stringContaining('Insufficient wallet balance'),
    });
    const [org] = await s.deps.db.select().from(organisations).where(eq(organisations.id, owner.orgId));
    expect(org.subscriptionType).toBe('LITE');
    expect(await errorOf(await upgrade(owner.token, { plan: 'GOLD', billingFrequency: 'MONTHLY' }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Plan/),
    });
    expect(await errorOf(await upgrade(owner.token, { plan: 'PRO', billingFrequency: 'WEEKLY' }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Billing frequency/),
    });
    expect((await upgrade(staff, { plan: 'PRO', billingFrequency: 'MONTHLY' })).status).toBe(403);
    const pro = await ownerOn(s, 'PRO');
    const seller = await invitedUser(s, pro.token, 'upgrader@subs.test', { role: 'SELLER' });
    expect(await errorOf(await upgrade(seller.token, { plan: 'PREMIUM', billingFrequency: 'MONTHLY' }))).toMatchObject({
      status: 403,
      message: PERMISSION_DENIED,
    });
  });
});

describe('downgrade, renewal and expiry', () => {
  it('a downgrade waits for the period end, can be cancelled until then, and the job applies it', async () => {
    const owner = await ownerOn(s, 'LITE');
    await fund(s, owner.orgId, 2 * 584_100);
    await answerOf(API_TEAM.upgrade, await upgrade(owner.token, { plan: 'PREMIUM', billingFrequency: 'MONTHLY' }));
    const ask = () => send(s, API_TEAM.requestDowngrade, { token: owner.token, body: { plan: 'PRO' } });
    const first = await answerOf(API_TEAM.requestDowngrade, await ask());
    expect(first).toMatchObject({ fromPlan: 'PREMIUM', toPlan: 'PRO', status: 'PENDING' });
    expect((await errorOf(await ask())).status).toBe(409);
    expect((await answer(s, API_TEAM.plan, { token: owner.token })).hasPendingDowngradeRequest).toBe(true);
    const cancel = (downgradeId: number, token = owner.token) =>
      send(s, API_TEAM.cancelDowngrade, { params: { downgradeId }, token });
    const other = await ownerOn(s, 'PRO');
    expect((await cancel(first.downgradeId, other.token)).status).toBe(404);
    expect((await answerOf(API_TEAM.cancelDowngrade, await cancel(first.downgradeId))).status).toBe('CANCELLED');
    expect((await errorOf(await cancel(first.downgradeId))).status).toBe(409);
    await answerOf(API_TEAM.requestDowngrade, await ask());
    expect(
      (await errorOf(await send(s, API_TEAM.requestDowngrade, { token: owner.token, body: { plan: 'PREMIUM' } })))
        .status,
    ).toBe(409);
    // nothing happens before the period ends
    expect((await runSubscriptionRenewals(s.deps)).filter((r) => r.orgId === owner.orgId)).toEqual([]);
    s.clock.advance(31 * 24 * 3600 * 1000);
    owner.token = await relogin(s, owner);
    const outcomes = (await runSubscriptionRenewals(s.deps)).filter((r) => r.orgId === owner.orgId);
    expect(outcomes).toEqual([{ orgId: owner.orgId, outcome: 'DOWNGRADED', plan: 'PRO', deactivated: [] }]);
    const state = await answer(s, API_TEAM.plan, { token: owner.token });
    expect(state).toMatchObject({ subscriptionType: 'PRO', hasPendingDowngradeRequest: false });
    expect(await walletBalancePaise(s.deps.db, owner.orgId)).toBe(2 * 584_100 - 584_100 - PRO_MONTH);
  });

  it('an unpaid renewal falls back to Lite: extra users deactivated, not deleted, data kept', async () => {
    const owner = await ownerOn(s, 'LITE');
    await fund(s, owner.orgId, PRO_MONTH);
    await answerOf(API_TEAM.upgrade, await upgrade(owner.token, { plan: 'PRO', billingFrequency: 'MONTHLY' }));
    const a = await invitedUser(s, owner.token, 'expiry-a@subs.test');
    await invitedUser(s, owner.token, 'expiry-b@subs.test');
    s.clock.advance(32 * 24 * 3600 * 1000);
    owner.token = await relogin(s, owner);
    const outcomes = (await runSubscriptionRenewals(s.deps)).filter((r) => r.orgId === owner.orgId);
    expect(outcomes).toMatchObject([{ outcome: 'EXPIRED', plan: 'LITE' }]);
    expect(outcomes[0].deactivated).toHaveLength(2);
    const list = await answer(s, API_TEAM.users, { token: owner.token });
    expect(list.items).toHaveLength(3);
    expect(list.items.filter((u) => u.status === 'DEACTIVATED')).toHaveLength(2);
    expect(list).toMatchObject({ loginsUsed: 1, loginsAllowed: 1 });
    expect((await send(s, API_TEAM.plan, { token: a.token })).status).toBe(401);
    const [org] = await s.deps.db.select().from(organisations).where(eq(organisations.id, owner.orgId));
    expect(org).toMatchObject({ subscriptionType: 'LITE', subscriptionExpiryDate: null });
    const rows = await s.deps.db.select().from(accounts).where(eq(accounts.orgId, owner.orgId));
    expect(rows).toHaveLength(3);
  });

  it('a funded plan renews for another period from the wallet, once', async () => {
    const owner = await ownerOn(s, 'LITE');
    await fund(s, owner.orgId, 2 * PRO_MONTH);
    await answerOf(API_TEAM.upgrade, await upgrade(owner.token, { plan: 'PRO', billingFrequency: 'MONTHLY' }));
    s.clock.advance(31 * 24 * 3600 * 1000);
    owner.token = await relogin(s, owner);
    const [once, twice] = await Promise.all([runSubscriptionRenewals(s.deps), runSubscriptionRenewals(s.deps)]);
    const mine = [...once, ...twice].filter((r) => r.orgId === owner.orgId);
    expect(mine).toMatchObject([{ outcome: 'RENEWED', plan: 'PRO' }]);
    expect(await walletBalancePaise(s.deps.db, owner.orgId)).toBe(0);
    const history = await answer(s, API_TEAM.subscriptions, { token: owner.token });
    expect(history.map((h) => [h.kind, h.status])).toEqual([
      ['RENEWAL', 'ACTIVE'],
      ['UPGRADE', 'ENDED'],
    ]);
  });
});

describe('the upgrade path (the PREMIUM-denying plan guard)', () => {
  const options = (token: string) => send(s, API_TEAM.upgrades, { token });

  it('lists the plans above the caller’s own, as on sale; Premium, the top plan, is refused with the reason', async () => {
    const lite = await ownerOn(s, 'LITE');
    const pro = await ownerOn(s, 'PRO');
    const premium = await ownerOn(s, 'PREMIUM');
    const fromLite = await answerOf(API_TEAM.upgrades, await options(lite.token));
    expect(fromLite.map((p) => p.code)).toEqual(['PRO', 'PREMIUM']);
    expect(fromLite[1]).toMatchObject({ name: 'Premium', monthlyPrice: 4950 });
    expect(fromLite[1].features).toContain('postpaid option');
    // each caller reads the options of their own organisation
    expect((await answerOf(API_TEAM.upgrades, await options(pro.token))).map((p) => p.code)).toEqual(['PREMIUM']);
    const refused = await options(premium.token);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(DENIED_REASONS['top-plan']);
    // an upgrade to Premium puts the guard in front at once
    await fund(s, pro.orgId, 1_000_000);
    await answerOf(API_TEAM.upgrade, await upgrade(pro.token, { plan: 'PREMIUM', billingFrequency: 'MONTHLY' }));
    expect((await options(pro.token)).status).toBe(403);
  });

  it('needs billing.view: a USER login is refused by its role', async () => {
    const owner = await ownerOn(s, 'PRO');
    const user = await invitedUser(s, owner.token, 'upgrade-path-user@subs.test', { role: 'USER' });
    const res = await options(user.token);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe(PERMISSION_DENIED);
  });
});
