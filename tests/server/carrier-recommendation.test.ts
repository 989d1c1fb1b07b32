import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../../server/db/schema';
import { queryRows } from '../../server/db/rows';
import { rebuildCourierOutcomes } from '../../server/modules/recommendation/outcomes-job';
import { seedCourierHistoryDemo, DEMO_HISTORY_PER_SELLER } from '../../server/seeds/courier-history-demo';
import { API_RECOMMENDATION } from '../../src/domain/recommendation-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { pathOf } from '../../src/domain/operation';
import { planFeatureRefusal } from '../../src/domain/plans';
import { platformDefaultRanking } from '../../src/domain/shipping/carrier-ranking';
import { errorOf, type TestServer } from './harness';
import { answer, send } from './call';
import { creditWallet, demoTokens, newShippableOrder, startDemoServer, verifiedPickup } from './helpers';
import { invitedUser, ownerOn } from './team-helpers';

// The courier recommendation engine end to end: the outcome job over seeded history, the
// recommended courier on an order's quotes (Premium), the seller's rule and floor, auto-ship by
// the recommendation, and the priority ranking at the plan edge.

describe('carrier recommendation', () => {
  let s: TestServer;
  let meera: string;
  let staff: string;
  let pickupId: number;
  let orgId: number;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ meera, staff } = await demoTokens(s));
    ({ pickupId, orgId } = await verifiedPickup(s, meera));
    await creditWallet(s, staff, orgId, 20_000, 'Test float for recommendations');
    await seedCourierHistoryDemo(s.deps);
  }, 120_000);
  afterAll(() => s.close());

  const setPlan = (plan: string) =>
    s.deps.db.update(organisations).set({ subscriptionType: plan }).where(eq(organisations.id, orgId));
  const quotesOf = async (orderId: number) =>
    answer(s, API_SHIPPING.courierQuotes, { params: { orderId }, token: meera });
  const putSettings = (json: unknown, token = meera) =>
    s.request(API_RECOMMENDATION.saveSettings.path, { method: 'PUT', json, token });

  it('builds the outcome tables in one pass, each level’s counts matching the shipments', async () => {
    const run = await rebuildCourierOutcomes(s.deps.db, s.deps.now());
    expect(run.rows).toBeGreaterThan(100);
    // the pincode level against a direct count of the same settled shipments
    const [direct] = await queryRows<{ carrier_code: string; n: number; dlv: number; rto: number }>(
      s.deps.db,
      sql`select s.carrier_code, count(*)::int as n, count(*) filter (where o.status = 'DLV')::int as dlv,
            count(*) filter (where o.status like 'RTO%')::int as rto
          from shipments s join orders o on o.id = s.order_id
          where o.shipping ->> 'pincode' = '560038' and o.order_number like 'PAST-%'
          group by 1 order by 2 desc limit 1`,
    );
    const [row] = await queryRows<{ shipments: number; delivered: number; rto: number }>(
      s.deps.db,
      sql`select shipments, delivered, rto from courier_outcomes
          where level = 'PINCODE' and place_key = '560038' and carrier_code = ${direct.carrier_code}`,
    );
    expect(row).toEqual({ shipments: direct.n, delivered: direct.dlv, rto: direct.rto });
    // every level is there, and a level's shipments add up over the couriers to all settled ones
    const levels = await queryRows<{ level: string; total: number }>(
      s.deps.db,
      sql`select level, sum(shipments)::int as total from courier_outcomes group by level order by level`,
    );
    expect(levels.map((l) => l.level)).toEqual(['DISTRICT', 'PINCODE', 'STATE', 'ZONE']);
    const settled = 3 * DEMO_HISTORY_PER_SELLER;
    for (const l of levels) expect(l.total).toBe(settled);
    // a second run replaces, never adds
    await rebuildCourierOutcomes(s.deps.db, s.deps.now());
    const [again] = await queryRows<{ total: number }>(
      s.deps.db,
      sql`select sum(shipments)::int as total from courier_outcomes where level = 'ZONE'`,
    );
    expect(again.total).toBe(settled);
  });

  it('recommendation settings: the Pro plan is refused, Premium opens them; each field checked by its label', async () => {
    await setPlan('PRO');
    for (const res of [
      await send(s, API_RECOMMENDATION.settings, { token: meera }),
      await putSettings({ recommendationRule: 'FASTEST', deliveredFloorPct: 90 }),
    ])
      expect(await errorOf(res)).toMatchObject({ status: 403, message: planFeatureRefusal('carrierRecommendation') });
    await setPlan('PREMIUM');
    const start = await answer(s, API_RECOMMENDATION.settings, { token: meera });
    expect(start).toMatchObject({ recommendationRule: 'CHEAPEST_ABOVE_FLOOR', deliveredFloorPct: 90 });
    expect(start.outcomesAt).not.toBeNull();
    const bad = [
      [{ recommendationRule: 'CHEAPEST', deliveredFloorPct: 90 }, 'Recommendation rule must be one of'],
      [{ recommendationRule: 'FASTEST', deliveredFloorPct: 49 }, 'Delivered % floor must be at least 50'],
      [{ recommendationRule: 'FASTEST', deliveredFloorPct: 101 }, 'Delivered % floor must be at most 100'],
      [{ recommendationRule: 'FASTEST', deliveredFloorPct: 92.5 }, 'Delivered % floor must be a whole number'],
      [{ recommendationRule: 'FASTEST' }, 'Delivered % floor'],
    ] as const;
    for (const [json, message] of bad) {
      const e = await errorOf(await putSettings(json));
      expect(e.status).toBe(400);
      expect(e.message).toContain(message);
      expect(e.message).not.toMatch(/recommendationRule|deliveredFloorPct/);
    }
    expect(
      await answer(s, API_RECOMMENDATION.saveSettings, {
        body: { recommendationRule: 'BEST_VALUE', deliveredFloorPct: 85 },
        token: meera,
      }),
    ).toMatchObject({ recommendationRule: 'BEST_VALUE', deliveredFloorPct: 85 });
    await putSettings({ recommendationRule: 'CHEAPEST_ABOVE_FLOOR', deliveredFloorPct: 90 });
  });

  it('refuses a team login without the setup permissions, and keeps each seller’s settings their own', async () => {
    const owner = await ownerOn(s, 'PREMIUM');
    const packer = await invitedUser(s, owner.token, 'packer@reco.test', { role: 'USER' });
    expect((await send(s, API_RECOMMENDATION.settings, { token: packer.token })).status).toBe(403);
    expect((await putSettings({ recommendationRule: 'FASTEST', deliveredFloorPct: 60 }, packer.token)).status).toBe(
      403,
    );
    // the other Premium seller saves theirs; Meera's stay as they were
    await putSettings({ recommendationRule: 'FASTEST', deliveredFloorPct: 60 }, owner.token);
    expect(await answer(s, API_RECOMMENDATION.settings, { token: meera })).toMatchObject({
      recommendationRule: 'CHEAPEST_ABOVE_FLOOR',
      deliveredFloorPct: 90,
    });
  });

  it('an order’s quotes carry the recommended courier and why on Premium, and none on Pro', async () => {
    await setPlan('PREMIUM');
    const o = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const rates = await quotesOf(o.orderId);
    const r = rates.recommended!;
    expect(r).toBeTruthy();
    expect(rates.quotes.map((q) => q.carrierCode)).toContain(r.carrierCode);
    expect(r.reason).toMatch(
      /^(Cheapest with at least 90% delivered|No courier reaches 90% delivered here; the most reliable): \d+% delivered to 560038 in \d+\.\d days over \d+ shipments$/,
    );
    expect(r.outcome).toMatchObject({ level: 'PINCODE', place: '560038' });
    // under the floor rule, no courier with enough history that meets it is cheaper
    const pick = rates.quotes.find((q) => q.carrierCode === r.carrierCode)!;
    if (r.reason.startsWith('Cheapest')) expect(r.outcome.deliveredPct).toBeGreaterThanOrEqual(90);
    await putSettings({ recommendationRule: 'FASTEST', deliveredFloorPct: 90 });
    const fastest = (await quotesOf(o.orderId)).recommended!;
    expect(fastest.rule).toBe('FASTEST');
    expect(fastest.reason).toMatch(/^Fastest here: /);
    expect(fastest.outcome.avgDays).not.toBeNull();
    await putSettings({ recommendationRule: 'CHEAPEST_ABOVE_FLOOR', deliveredFloorPct: 90 });
    expect(pick.totalPaise).toBeGreaterThan(0);
    await setPlan('PRO');
    expect((await quotesOf(o.orderId)).recommended).toBeUndefined();
    // another seller's order is not there
    const other = await ownerOn(s, 'PREMIUM');
    expect(
      (await s.request(pathOf(API_SHIPPING.courierQuotes, { orderId: o.orderId }), { token: other.token })).status,
    ).toBe(404);
  });

  it('auto-ship by the recommendation: refused on Pro, followed on Premium, once under concurrent repeats', async () => {
    await setPlan('PRO');
    const o = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const body = { orderIds: [o.orderId], rule: 'RECOMMENDED' as const, idempotencyKey: 'reco-batch-0001' };
    expect(
      await errorOf(await s.request(API_SHIPPING.autoShip.path, { method: 'POST', json: body, token: meera })),
    ).toMatchObject({ status: 403, message: planFeatureRefusal('carrierRecommendation') });
    expect(
      (
        await s.request(API_SHIPPING.preferences.path, {
          method: 'PUT',
          json: { autoShipRule: 'RECOMMENDED', carrierPriority: [] },
          token: meera,
        })
      ).status,
    ).toBe(403);
    await setPlan('PREMIUM');
    const expected = (await quotesOf(o.orderId)).recommended!.carrierCode;
    const answers = await Promise.all(
      [1, 2, 3].map(async () => answer(s, API_SHIPPING.autoShip, { body, token: meera })),
    );
    const shipped = answers.map((a) => a.results[0]).filter((r) => r.shipped);
    expect(shipped.length).toBeGreaterThanOrEqual(1);
    for (const r of shipped) expect(r).toMatchObject({ carrierCode: expected });
    expect(new Set(shipped.map((r) => (r.shipped ? r.awb : '')))).toHaveLength(1);
    const [count] = await queryRows<{ n: number }>(
      s.deps.db,
      sql`select count(*)::int as n from shipments where order_id = ${o.orderId}`,
    );
    expect(count.n).toBe(1);
    // the saved preset works too
    expect(
      (
        await s.request(API_SHIPPING.preferences.path, {
          method: 'PUT',
          json: { autoShipRule: 'RECOMMENDED', carrierPriority: [] },
          token: meera,
        })
      ).status,
    ).toBe(200);
  });

  it('priority carrier selection at the plan edge: Lite gets the platform ranking, Pro its own list first', async () => {
    const probe = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const platform = platformDefaultRanking((await quotesOf(probe.orderId)).quotes).map((q) => q.carrierCode);
    // the seller's first choice is the platform's last, so the two rankings differ at the top
    const mine = [platform[platform.length - 1], platform[0]];
    await s.request(API_SHIPPING.preferences.path, {
      method: 'PUT',
      json: { autoShipRule: 'PRIORITY', carrierPriority: mine },
      token: meera,
    });
    const autoShip = async () => {
      const o = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
      const a = await answer(s, API_SHIPPING.autoShip, { body: { orderIds: [o.orderId] }, token: meera });
      return a.results[0];
    };
    await setPlan('LITE');
    expect(await autoShip()).toMatchObject({ shipped: true, carrierCode: platform[0] });
    await setPlan('PRO');
    expect(await autoShip()).toMatchObject({ shipped: true, carrierCode: mine[0] });
    await setPlan('PREMIUM');
    expect(await autoShip()).toMatchObject({ shipped: true, carrierCode: mine[0] });
    // a list of couriers none of which can take the order: the platform's ranking, not a refusal
    await s.request(API_SHIPPING.preferences.path, {
      method: 'PUT',
      json: { autoShipRule: 'PRIORITY', carrierPriority: ['GT'] },
      token: meera,
    });
    expect(await autoShip()).toMatchObject({ shipped: true, carrierCode: platform[0] });
    await setPlan('PRO');
  });
});
