import { answer } from './call';
import { pathOf } from '../../src/domain/operation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { API_SPLIT } from '../../src/domain/split-contract';
import { API_RETURNS } from '../../src/domain/returns-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { INSUFFICIENT_PREFIX } from '../../src/domain/spendable';
import { courierBookings, orders, organisations, sandboxParcels } from '../../server/db/schema';
import { ingestScans } from '../../server/modules/courier-inlet/ingest';
import { errorOf, type TestServer } from './harness';
import { demoTokens, newShippableOrder, startDemoServer, verifiedPickup } from './helpers';

// The booking policy through HTTP, for every kind of booking: a wallet that cannot pay is refused
// before the courier is called (no intent written, no parcel booked at the courier, nothing to
// cancel), every reason is answered at once, and a reassignment needs only the difference.

const HOUR = 3_600_000;
const TWO_ITEMS = {
  paymentMethod: 'PPD',
  items: [
    { name: 'Blue Pottery Vase', sku: 'BPV-12', quantity: 1, unitPrice: 1500, taxRatePercent: 12 },
    { name: 'Block Print Cushion', sku: 'BPC-02', quantity: 2, unitPrice: 500, taxRatePercent: 5 },
  ],
};
const box = (lines: [number, number][], kg: number) => ({
  lines: lines.map(([itemId, quantity]) => ({ itemId, quantity })),
  deadWeightKg: kg,
  lengthCm: 20,
  breadthCm: 15,
  heightCm: 10,
});

describe('the booking policy', () => {
  let s: TestServer;
  let meera: string;
  let staff: string;
  let pickupId: number;
  let orgId: number;
  let adjustments = 0;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ meera, staff } = await demoTokens(s));
    ({ pickupId, orgId } = await verifiedPickup(s, meera));
    await s.deps.db.update(organisations).set({ subscriptionType: 'PREMIUM' }).where(eq(organisations.id, orgId));
  });
  afterAll(() => s.close());

  const balance = async () => (await answer(s, API_WALLET.wallet, { token: meera })).balancePaise;
  /** Staff moves the wallet to exactly `paise`. */
  async function walletAt(paise: number) {
    const diff = paise - (await balance());
    if (diff === 0) return;
    const res = await s.request(pathOf(API_WALLET.adjust, { orgId }), {
      method: 'POST',
      token: staff,
      json: {
        direction: diff > 0 ? 'CREDIT' : 'DEBIT',
        amount: Math.abs(diff) / 100,
        reason: 'Wallet set for a booking test',
        idempotencyKey: `policy-${++adjustments}`,
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(await balance()).toBe(paise);
  }
  const intents = (orderId: number) => s.deps.db.$count(courierBookings, eq(courierBookings.orderId, orderId));
  const parcels = () => s.deps.db.$count(sandboxParcels);
  const statusOf = async (id: number) =>
    (await s.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0].status;

  /** Asserts a refusal for want of money that left no trace at any courier. */
  async function refusedBeforeTheCourier(res: Response, orderId: number, parcelsBefore: number) {
    const e = await errorOf(res);
    expect(e.status).toBe(422);
    expect(e.message.startsWith(INSUFFICIENT_PREFIX)).toBe(true);
    expect(await intents(orderId)).toBe(0);
    expect(await parcels()).toBe(parcelsBefore);
  }

  it('refuses a forward shipment on a short wallet without calling the courier', async () => {
    await walletAt(0);
    const o = await newShippableOrder(s, meera, pickupId);
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: o.orderId }, token: meera });
    // a rupee short of the cheapest
    await walletAt(quotes[0].totalPaise - 100);
    const before = await parcels();
    const res = await s.request(pathOf(API_SHIPPING.ship, { orderId: o.orderId }), {
      method: 'POST',
      token: meera,
      json: { carrierCode: quotes[0].carrierCode, idempotencyKey: 'policy-short-1' },
    });
    await refusedBeforeTheCourier(res, o.orderId, before);
    expect(await statusOf(o.orderId)).toBe('RTS');
    // with the rupee it ships
    await walletAt(quotes[0].totalPaise);
    const info = await answer(s, API_SHIPPING.ship, {
      params: { orderId: o.orderId },
      body: { carrierCode: quotes[0].carrierCode, idempotencyKey: 'policy-short-2' },
      token: meera,
    });
    expect(info.totalPaise).toBe(quotes[0].totalPaise);
    expect(await balance()).toBe(0);
    expect(await intents(o.orderId)).toBe(1);
  });

  it('answers every reason at once, the most fundamental first', async () => {
    await walletAt(0);
    const o = await newShippableOrder(s, meera, pickupId);
    await s.deps.db.update(orders).set({ archived: true }).where(eq(orders.id, o.orderId));
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: o.orderId }, token: meera });
    const res = await s.request(pathOf(API_SHIPPING.ship, { orderId: o.orderId }), {
      method: 'POST',
      token: meera,
      json: { carrierCode: quotes[0].carrierCode },
    });
    const body = (await res.clone().json()) as { errorMessage: string; reasons: string[] };
    expect(res.status).toBe(409);
    expect(body.errorMessage).toBe('An archived order cannot be shipped: unarchive it first');
    expect(body.reasons).toHaveLength(2);
    expect(body.reasons[0]).toBe(body.errorMessage);
    expect(body.reasons[1].startsWith(INSUFFICIENT_PREFIX)).toBe(true);
    expect(await intents(o.orderId)).toBe(0);
    // one reason: the body is as it always was
    await s.deps.db.update(orders).set({ archived: false }).where(eq(orders.id, o.orderId));
    const one = (await (
      await s.request(pathOf(API_SHIPPING.ship, { orderId: o.orderId }), {
        method: 'POST',
        token: meera,
        json: { carrierCode: quotes[0].carrierCode },
      })
    ).json()) as Record<string, unknown>;
    expect(Object.keys(one)).toEqual(['errorMessage']);
  });

  it('refuses a split package and a multi-piece booking on a short wallet without calling the courier', async () => {
    await walletAt(0);
    const items = async (orderId: number) =>
      (await answer(s, API_SPLIT.packages, { params: { orderId }, token: meera })).items;
    const byItem = await newShippableOrder(s, meera, pickupId, TWO_ITEMS);
    const [vase, cushion] = await items(byItem.orderId);
    expect(
      (
        await s.request(pathOf(API_SPLIT.packages, { orderId: byItem.orderId }), {
          method: 'PUT',
          token: meera,
          json: {
            splitMode: 'BY_ITEM',
            packages: [box([[vase.itemId, 1]], 1.2), box([[cushion.itemId, 2]], 0.6)],
          },
        })
      ).status,
    ).toBe(200);
    const { quotes } = await answer(s, API_SPLIT.packageQuotes, {
      params: { orderId: byItem.orderId, packageNo: 1 },
      token: meera,
    });
    let before = await parcels();
    await refusedBeforeTheCourier(
      await s.request(pathOf(API_SPLIT.shipPackage, { orderId: byItem.orderId, packageNo: 1 }), {
        method: 'POST',
        token: meera,
        json: { carrierCode: quotes[0].carrierCode, idempotencyKey: 'policy-package' },
      }),
      byItem.orderId,
      before,
    );

    const byBox = await newShippableOrder(s, meera, pickupId, TWO_ITEMS);
    const [v2, c2] = await items(byBox.orderId);
    expect(
      (
        await s.request(pathOf(API_SPLIT.packages, { orderId: byBox.orderId }), {
          method: 'PUT',
          token: meera,
          json: { splitMode: 'BY_BOX', packages: [box([[v2.itemId, 1]], 1.2), box([[c2.itemId, 2]], 0.6)] },
        })
      ).status,
    ).toBe(200);
    const boxQuotes = await answer(s, API_SPLIT.boxQuotes, { params: { orderId: byBox.orderId }, token: meera });
    before = await parcels();
    await refusedBeforeTheCourier(
      await s.request(pathOf(API_SPLIT.shipBoxes, { orderId: byBox.orderId }), {
        method: 'POST',
        token: meera,
        json: { carrierCode: boxQuotes.quotes[0].carrierCode, idempotencyKey: 'policy-boxes' },
      }),
      byBox.orderId,
      before,
    );
  });

  it('refuses a reverse pickup on a short wallet without calling the courier', async () => {
    await walletAt(100_000);
    const o = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: o.orderId }, token: meera });
    const info = await answer(s, API_SHIPPING.ship, {
      params: { orderId: o.orderId },
      body: { carrierCode: quotes[0].carrierCode },
      token: meera,
    });
    const t0 = s.clock.now.getTime();
    await ingestScans(
      s.deps,
      ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED'].map((courierStatus, i) => ({
        awb: info.awb,
        at: new Date(t0 + (i + 1) * HOUR),
        courierStatus,
        location: 'Bengaluru',
        remark: courierStatus,
      })),
    );
    s.clock.advance(5 * HOUR);
    expect(await statusOf(o.orderId)).toBe('DLV');
    // sessions are short and the clock moved hours: log in afresh
    ({ meera, staff } = await demoTokens(s));
    const able = await answer(s, API_RETURNS.returnable, { params: { orderId: o.orderId }, token: meera });
    const ret = await answer(s, API_RETURNS.initiate, {
      body: {
        forwardOrderId: o.orderId,
        items: [{ orderItemId: able.items[0].orderItemId, quantity: 1 }],
        reason: 'DAMAGED',
        subReason: 'BROKEN',
        comment: 'Cracked at the rim',
        returnToKind: 'PICKUP_ADDRESS',
        returnToId: pickupId,
        refundDecision: 'REFUND',
      },
      token: meera,
    });
    const reverse = await answer(s, API_RETURNS.courierQuotes, { params: { returnId: ret.returnId }, token: meera });
    await walletAt(reverse.quotes[0].totalPaise - 100);
    const before = await parcels();
    await refusedBeforeTheCourier(
      await s.request(pathOf(API_RETURNS.ship, { returnId: ret.returnId }), {
        method: 'POST',
        token: meera,
        json: { carrierCode: reverse.quotes[0].carrierCode, idempotencyKey: 'policy-return' },
      }),
      ret.returnId,
      before,
    );
  });

  it('lets a reassignment through when the wallet covers the difference, the old shipment being refunded', async () => {
    await walletAt(100_000);
    const o = await newShippableOrder(s, meera, pickupId);
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: o.orderId }, token: meera });
    const [cheap, dear] = [quotes[0], quotes.find((q) => q.totalPaise > quotes[0].totalPaise)!];
    await answer(s, API_SHIPPING.ship, {
      params: { orderId: o.orderId },
      body: { carrierCode: cheap.carrierCode },
      token: meera,
    });
    const difference = dear.totalPaise - cheap.totalPaise;
    await walletAt(difference - 100);
    const before = await parcels();
    const refused = await s.request(pathOf(API_SHIPPING.reassign, { orderId: o.orderId }), {
      method: 'POST',
      token: meera,
      json: { carrierCode: dear.carrierCode, idempotencyKey: 'policy-reassign-1' },
    });
    expect((await errorOf(refused)).status).toBe(422);
    expect(await parcels()).toBe(before);
    await walletAt(difference);
    const moved = await answer(s, API_SHIPPING.reassign, {
      params: { orderId: o.orderId },
      body: { carrierCode: dear.carrierCode, idempotencyKey: 'policy-reassign-2' },
      token: meera,
    });
    expect(moved.carrierCode).toBe(dear.carrierCode);
    expect(await balance()).toBe(0);
    expect((await answer(s, API_ORDERS.order, { params: { orderId: o.orderId }, token: meera })).status).toBe(
      'PKP_SCH',
    );
  });
});
