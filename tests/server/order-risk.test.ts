import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { orders, riskModels } from '../../server/db/schema';
import { trainRiskModelJob, MIN_TRAINING_ORDERS } from '../../server/modules/risk/train-job';
import { STARTER_MODEL } from '../../src/domain/risk/starter-model';
import { bandOf } from '../../src/domain/risk/bands';
import type { TestServer } from './harness';
import { answer, send } from './call';
import { demoTokens, newShippableOrder, startDemoServer, verifiedPickup } from './helpers';

// RTO risk through HTTP: every new order carries its score, band and reasons (from the form and
// the API alike), the list filters by band, the buyer's own history with this seller shows in
// the reasons while another seller's orders count only as a whole, and the training job fits a
// model on settled orders that new orders are then scored with.

describe('RTO risk on orders', () => {
  let s: TestServer;
  let meera: string;
  let seller: string;
  let pickupId: number;
  let sellerPickup: number;
  let meeraOrg: number;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ meera, seller } = await demoTokens(s));
    ({ pickupId, orgId: meeraOrg } = await verifiedPickup(s, meera));
    ({ pickupId: sellerPickup } = await verifiedPickup(s, seller));
  }, 60_000);
  afterAll(() => s.close());

  /** marks orders as settled: delivered, or back to origin */
  const settle = async (ids: number[], returned: boolean) =>
    s.deps.db
      .update(orders)
      .set(returned ? { status: 'RTO_DLV', rtoAt: new Date() } : { status: 'DLV' })
      .where(sql`${orders.id} = any(${sql.param(ids)}::int[])`);

  it('scores a new order when it is created: a chance, its band and what weighs most', async () => {
    const cod = await newShippableOrder(s, meera, pickupId, {
      paymentMethod: 'COD',
      buyerPhone: '9811100001',
      shipping: { line1: 'Near tank', pincode: '560038' },
      items: [{ name: 'Brass lamp', sku: 'BL-1', quantity: 1, unitPrice: 4200, taxRatePercent: 12 }],
    });
    expect(cod.risk).not.toBeNull();
    expect(cod.risk!.score).toBeGreaterThan(0);
    expect(cod.risk!.score).toBeLessThan(1);
    expect(cod.risk!.band).toBe(bandOf(cod.risk!.score));
    expect(cod.risk!.reasons).toContain('COD over ₹3,000');
    expect(cod.risk!.reasons).toContain('Address is very short and has no house number');
    const prepaid = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD', buyerPhone: '9811100002' });
    expect(prepaid.risk!.score).toBeLessThan(cod.risk!.score);
    expect(prepaid.risk!.band).toBe('LOW');
    // the stored score is the one the order page reads later
    const again = await answer(s, API_ORDERS.order, { params: { orderId: cod.orderId }, token: meera });
    expect(again.risk).toEqual(cod.risk);
  });

  it('filters the order list by band, and refuses a band it does not know by its label', async () => {
    const high = await answer(s, API_ORDERS.orders, { query: { riskBandFilter: 'HIGH' }, token: meera });
    const low = await answer(s, API_ORDERS.orders, { query: { riskBandFilter: 'LOW' }, token: meera });
    expect(high.items.every((o) => o.risk?.band === 'HIGH')).toBe(true);
    expect(low.items.length).toBeGreaterThan(0);
    expect(low.items.every((o) => o.risk?.band === 'LOW')).toBe(true);
    const bad = await send(s, API_ORDERS.orders, {
      query: { riskBandFilter: 'SEVERE' } as never,
      token: meera,
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('RTO risk');
  });

  it('tells the buyer’s returns with this seller, and counts other sellers’ only as a whole', async () => {
    const phone = '9811100003';
    const past = [];
    for (let i = 0; i < 3; i++) past.push((await newShippableOrder(s, meera, pickupId, { buyerPhone: phone })).orderId);
    await settle(past.slice(0, 2), true);
    await settle(past.slice(2), false);
    const next = await newShippableOrder(s, meera, pickupId, { buyerPhone: phone });
    expect(next.risk!.reasons).toContain('Buyer returned 2 of 3 orders');

    // the same buyer's returns with another seller: a heavier score, no numbers of theirs
    const other = '9811100004';
    const theirs = [];
    for (let i = 0; i < 3; i++)
      theirs.push((await newShippableOrder(s, seller, sellerPickup, { buyerPhone: other })).orderId);
    await settle(theirs, true);
    const fresh = await newShippableOrder(s, meera, pickupId, { buyerPhone: '9811100005' });
    const known = await newShippableOrder(s, meera, pickupId, { buyerPhone: other });
    expect(known.risk!.score).toBeGreaterThan(fresh.risk!.score);
    expect(known.risk!.reasons).toContain('Buyer’s parcels often come back to other sellers');
    expect(known.risk!.reasons.join(' ')).not.toMatch(/\d+ of \d+/);
  });

  it('another seller’s order, with its risk, is not found', async () => {
    const mine = await newShippableOrder(s, meera, pickupId, { buyerPhone: '9811100006' });
    const res = await send(s, API_ORDERS.order, { params: { orderId: mine.orderId }, token: seller });
    expect(res.status).toBe(404);
  });

  it('the training job fits a model on settled orders, and new orders are scored with it', async () => {
    const before = await trainRiskModelJob(s.deps.db, new Date());
    expect(before.trained).toBe(false);
    // a history: COD orders without a house number come back, prepaid ones with one are delivered
    const body = (i: number, risky: boolean) => ({
      buyerPhone: `97${String(i).padStart(8, '0')}`,
      paymentMethod: risky ? 'COD' : 'PPD',
      shipping: { line1: risky ? 'Behind bus stand' : `${i}, 2nd Main, Jayanagar`, pincode: '560038' },
    });
    const made = await Promise.all(
      Array.from({ length: MIN_TRAINING_ORDERS }, async (_, i) => ({
        id: (await newShippableOrder(s, meera, pickupId, body(i, i % 2 === 0))).orderId,
        risky: i % 2 === 0,
      })),
    );
    await settle(
      made.filter((m) => m.risky).map((m) => m.id),
      true,
    );
    await settle(
      made.filter((m) => !m.risky).map((m) => m.id),
      false,
    );
    const run = await trainRiskModelJob(s.deps.db, new Date());
    expect(run.trained).toBe(true);
    expect(run.auc).toBeGreaterThan(0.9);
    const [stored] = await s.deps.db.select().from(riskModels);
    expect(stored.metrics.auc).toBe(run.auc);
    expect(stored.model.weights.noHouseNumber).not.toBe(STARTER_MODEL.weights.noHouseNumber);
    const next = await newShippableOrder(s, meera, pickupId, body(10_001, true));
    const [row] = await s.deps.db.select().from(orders).where(eq(orders.id, next.orderId));
    expect(row.riskBand).toBe('HIGH');
    expect(next.risk!.score).toBeGreaterThan(0.8);
    expect(meeraOrg).toBeGreaterThan(0);
  }, 120_000);
});
