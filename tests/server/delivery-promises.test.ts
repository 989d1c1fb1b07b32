import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments } from '../../server/db/schema';
import { queryRows } from '../../server/db/rows';
import { rebuildLaneTransit } from '../../server/modules/promises/lane-transit-job';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { istDay } from '../../src/domain/format';
import { dispatchDay, workingDaysBetween } from '../../src/domain/promises/promise-calendar';
import { addToHistogram, LANE_WINDOW_DAYS } from '../../src/domain/promises/transit-quantile';
import { deliveryPromise, type LaneHistogram } from '../../src/domain/promises/lane-promise';
import { CARRIERS } from '../../src/domain/shipping/carriers';
import { estimatedDeliveryDate } from '../../src/domain/shipping/delivery-date';
import type { Zone } from '../../src/domain/shipping/zones';
import type { TestServer } from './harness';
import { answer, answerOf, send } from './call';
import { newShippableOrder } from './helpers';
import { ratesFromJaipur, startCourierHistoryServer } from './courier-history-server';

// Delivery promises end to end: the lane transit job over the seeded history (its SQL calendar
// against the domain's), the quotes' dates from the lane histograms, the zone table when there are
// none, and the promise stored on the shipment at booking.

const JAIPUR = 'Jaipur|Rajasthan';

describe('delivery promises', () => {
  let s: TestServer;
  let meera: string;
  let pickupId: number;
  beforeAll(async () => {
    ({ s, meera, pickupId } = await startCourierHistoryServer('Test float for promises'));
  }, 120_000);
  afterAll(() => s.close());

  const rates = (destinationPincode: string) => ratesFromJaipur(s, meera, destinationPincode);
  const histogramsOf = async (carrierCode: string) =>
    (
      await queryRows<{ level: LaneHistogram['level']; counts: number[]; shipments: number }>(
        s.deps.db,
        sql`select level, counts, shipments from lane_transit
            where carrier_code = ${carrierCode}
              and ((level = 'PINCODE' and origin_key = ${JAIPUR} and place_key = '560038')
                or (level = 'DISTRICT' and origin_key = ${JAIPUR} and place_key = 'Bengaluru|Karnataka')
                or (level = 'ZONE' and origin_key = '' and place_key = 'D'))`,
      )
    ).map((r) => ({ level: r.level, counts: r.counts, shipments: r.shipments }));

  it('builds each lane’s histogram of working days from dispatch, as the domain calendar counts them', async () => {
    const run = await rebuildLaneTransit(s.deps.db, s.deps.now());
    expect(run.rows).toBeGreaterThan(50);
    const [busiest] = await queryRows<{ carrier_code: string }>(
      s.deps.db,
      sql`select carrier_code from lane_transit where level = 'PINCODE' and origin_key = ${JAIPUR}
            and place_key = '560038' order by shipments desc limit 1`,
    );
    const since = new Date(s.deps.now().getTime() - LANE_WINDOW_DAYS * 86_400_000);
    const parcels = await queryRows<{ booked_at: string; delivered_at: string }>(
      s.deps.db,
      sql`select s.booked_at, s.delivered_at from shipments s join orders o on o.id = s.order_id
          where s.carrier_code = ${busiest.carrier_code} and o.status = 'DLV' and s.delivered_at is not null
            and o.shipping ->> 'pincode' = '560038' and o.pickup ->> 'pincode' = '302003'
            and s.booked_at >= ${since.toISOString()}::timestamptz`,
    );
    const expected: number[] = [];
    for (const p of parcels)
      addToHistogram(
        expected,
        workingDaysBetween(dispatchDay(new Date(p.booked_at)), istDay(new Date(p.delivered_at))),
      );
    const rows = await histogramsOf(busiest.carrier_code);
    const pincode = rows.find((r) => r.level === 'PINCODE')!;
    expect(pincode.counts).toEqual(expected);
    expect(pincode.shipments).toBe(parcels.length);
    // the wider levels hold at least the narrower one's parcels
    expect(rows.find((r) => r.level === 'DISTRICT')!.shipments).toBeGreaterThanOrEqual(parcels.length);
    expect(rows.find((r) => r.level === 'ZONE')!.shipments).toBeGreaterThanOrEqual(parcels.length);
    // a second run replaces, never adds
    const total = async () =>
      (await queryRows<{ n: number }>(s.deps.db, sql`select sum(shipments)::int as n from lane_transit`))[0].n;
    const before = await total();
    await rebuildLaneTransit(s.deps.db, s.deps.now());
    expect(await total()).toBe(before);
  });

  it('quotes each courier’s date from its lane history, saying on what and how sure', async () => {
    const answerNow = await rates('560038');
    const withHistory = answerNow.quotes.filter((q) => q.promise && q.promise.basis !== 'ZONE_TABLE');
    expect(withHistory.length).toBeGreaterThan(3);
    for (const q of withHistory) {
      const promise = deliveryPromise({
        bookedAt: s.deps.now(),
        history: await histogramsOf(q.carrierCode),
        zoneTableDate: estimatedDeliveryDate(
          s.deps.now(),
          CARRIERS.find((c) => c.code === q.carrierCode)!,
          answerNow.zone as Zone,
        ),
      });
      expect(q).toMatchObject({
        edd: promise.date,
        promise: { basis: promise.basis, sample: promise.sample, confidencePct: promise.confidencePct },
      });
      expect(q.promise!.confidencePct).toBeGreaterThanOrEqual(90);
      expect(q.promise!.sample).toBeGreaterThanOrEqual(30);
    }
  });

  it('falls back to the zone table’s date where no lane history is kept', async () => {
    await s.deps.db.execute(sql`delete from lane_transit`);
    const answerNow = await rates('560038');
    for (const q of answerNow.quotes.filter((x) => x.mode !== 'Hyperlocal')) {
      const profile = CARRIERS.find((c) => c.code === q.carrierCode)!;
      expect(q.promise).toEqual({ basis: 'ZONE_TABLE', sample: 0, confidencePct: null });
      expect(q.edd).toBe(estimatedDeliveryDate(s.deps.now(), profile, answerNow.zone as Zone));
    }
    await rebuildLaneTransit(s.deps.db, s.deps.now());
  });

  it('stores the promised date on the shipment at booking', async () => {
    const o = await newShippableOrder(s, meera, pickupId);
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: o.orderId }, token: meera });
    const q = quotes.find((x) => x.promise && x.promise.basis !== 'ZONE_TABLE') ?? quotes[0];
    const booked = await answerOf(
      API_SHIPPING.ship,
      await send(s, API_SHIPPING.ship, {
        params: { orderId: o.orderId },
        body: { carrierCode: q.carrierCode, idempotencyKey: 'promise-1' },
        token: meera,
      }),
    );
    expect(booked.expectedDeliveryDate).toBe(q.edd);
    const [row] = await s.deps.db.select().from(shipments).where(eq(shipments.awb, booked.awb));
    expect(row.expectedDeliveryDate).toBe(q.edd);
  });
});
