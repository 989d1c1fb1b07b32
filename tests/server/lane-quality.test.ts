import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/rows';
import { rebuildLaneQuality } from '../../server/modules/quality/lane-quality-job';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { istDay } from '../../src/domain/format';
import {
  MIN_QUALITY_SAMPLE,
  pickupGraceDay,
  QUALITY_WINDOW_DAYS,
  TOO_FEW_PARCELS,
} from '../../src/domain/quality/lane-quality';
import type { TestServer } from './harness';
import { answer } from './call';
import { newShippableOrder } from './helpers';
import { ratesFromJaipur, startCourierHistoryServer } from './courier-history-server';

// Courier quality per lane: the job's counts against the same parcels counted in TypeScript (the
// pickup grace day by the domain calendar), the three levels and their fallback in the quotes,
// and that a thin lane's pooled figures are never shown.

describe('lane quality', () => {
  let s: TestServer;
  let meera: string;
  let pickupId: number;
  beforeAll(async () => {
    ({ s, meera, pickupId } = await startCourierHistoryServer('Test float for lane quality'));
  }, 120_000);
  afterAll(() => s.close());

  const rates = (destinationPincode: string) => ratesFromJaipur(s, meera, destinationPincode);

  it('counts each lane’s outcomes and in-time pickups as the domain does, at three levels', async () => {
    const run = await rebuildLaneQuality(s.deps.db, s.deps.now());
    expect(run.rows).toBeGreaterThan(50);
    const [busiest] = await queryRows<{ carrier_code: string }>(
      s.deps.db,
      sql`select carrier_code from lane_quality where level = 'PINCODE' and origin_key = '302003'
            and place_key = '560038' order by settled desc limit 1`,
    );
    const since = new Date(s.deps.now().getTime() - QUALITY_WINDOW_DAYS * 86_400_000);
    const parcels = await queryRows<{
      status: string;
      ndr_attempts: number;
      booked_at: string;
      pickup_at: string | null;
      delivered_at: string | null;
    }>(
      s.deps.db,
      sql`select o.status, s.ndr_attempts, s.booked_at, s.pickup_at, s.delivered_at
          from shipments s join orders o on o.id = s.order_id
          where s.carrier_code = ${busiest.carrier_code} and s.state = 'BOOKED' and o.order_type = 'FORWARD'
            and o.shipping ->> 'pincode' = '560038' and o.pickup ->> 'pincode' = '302003'
            and s.booked_at >= ${since.toISOString()}::timestamptz`,
    );
    const settled = parcels.filter((p) => ['DLV', 'RTO_INT', 'RTO_DLV', 'LST', 'DMG'].includes(p.status));
    const today = istDay(s.deps.now());
    const due = parcels.filter((p) => pickupGraceDay(new Date(p.booked_at), null) < today);
    const delivered = settled.filter((p) => p.status === 'DLV');
    const days = delivered.map(
      (p) => (Date.parse(p.delivered_at!) - Date.parse(p.pickup_at ?? p.booked_at)) / 86_400_000,
    );
    const [row] = await queryRows<{
      settled: number;
      delivered: number;
      rto: number;
      ndr: number;
      avg_days: number;
      pickups_due: number;
      pickups_on_time: number;
    }>(
      s.deps.db,
      sql`select settled, delivered, rto, ndr, avg_days, pickups_due, pickups_on_time from lane_quality
          where level = 'PINCODE' and origin_key = '302003' and place_key = '560038'
            and carrier_code = ${busiest.carrier_code}`,
    );
    expect(row).toMatchObject({
      settled: settled.length,
      delivered: delivered.length,
      rto: settled.filter((p) => p.status.startsWith('RTO')).length,
      ndr: settled.filter((p) => p.ndr_attempts > 0).length,
      pickups_due: due.length,
      pickups_on_time: due.filter(
        (p) => p.pickup_at && istDay(new Date(p.pickup_at)) <= pickupGraceDay(new Date(p.booked_at), null),
      ).length,
    });
    expect(row.avg_days).toBeCloseTo(days.reduce((a, b) => a + b, 0) / days.length, 3);
    expect(row.pickups_on_time).toBeGreaterThan(0);
    // the wider levels hold at least the narrower one's parcels
    const wider = await queryRows<{ level: string; settled: number }>(
      s.deps.db,
      sql`select level, settled from lane_quality where carrier_code = ${busiest.carrier_code}
            and ((level = 'DISTRICT' and origin_key = 'Jaipur|Rajasthan' and place_key = 'Bengaluru|Karnataka')
              or (level = 'ZONE' and origin_key = '' and place_key = 'D'))`,
    );
    expect(wider.map((w) => w.level).sort()).toEqual(['DISTRICT', 'ZONE']);
    for (const w of wider) expect(w.settled).toBeGreaterThanOrEqual(row.settled);
    // a second run replaces, never adds
    const total = async () =>
      (await queryRows<{ n: number }>(s.deps.db, sql`select sum(settled)::int as n from lane_quality`))[0].n;
    const before = await total();
    await rebuildLaneQuality(s.deps.db, s.deps.now());
    expect(await total()).toBe(before);
  });

  it('quotes each courier’s figures from the narrowest level with enough parcels, saying which and how many', async () => {
    const answerNow = await rates('560038');
    const shown = answerNow.quotes.filter((q) => q.quality && q.quality.basis !== 'NONE');
    expect(shown.length).toBeGreaterThan(3);
    const places = { PINCODE: '560038', DISTRICT: 'Bengaluru|Karnataka', ZONE: 'D', NONE: '' };
    const origins = { PINCODE: '302003', DISTRICT: 'Jaipur|Rajasthan', ZONE: '', NONE: '' };
    for (const q of shown) {
      const quality = q.quality!;
      expect(quality.sample).toBeGreaterThanOrEqual(MIN_QUALITY_SAMPLE);
      const [row] = await queryRows<{ settled: number; delivered: number; rto: number; ndr: number }>(
        s.deps.db,
        sql`select settled, delivered, rto, ndr from lane_quality where carrier_code = ${q.carrierCode}
              and level = ${quality.basis}
              and place_key = ${places[quality.basis]}
              and origin_key = ${origins[quality.basis]}`,
      );
      expect(quality).toMatchObject({
        sample: row.settled,
        deliveredPct: Math.round((100 * row.delivered) / row.settled),
        rtoPct: Math.round((100 * row.rto) / row.settled),
        ndrPct: Math.round((100 * row.ndr) / row.settled),
      });
      expect(quality.deliveredPct! + quality.rtoPct!).toBeLessThanOrEqual(101);
    }
    // the ship dialog's quotes (an order from Jaipur to 560038) carry the same figures
    const o = await newShippableOrder(s, meera, pickupId);
    const dialog = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: o.orderId }, token: meera });
    const byCode = new Map(answerNow.quotes.map((q) => [q.carrierCode, q.quality]));
    const forward = dialog.quotes.filter((q) => q.mode !== 'Hyperlocal');
    expect(forward.length).toBeGreaterThan(3);
    for (const q of forward) expect(q.quality).toEqual(byCode.get(q.carrierCode));
  });

  it('never shows a thin lane’s pooled figures: too few parcels at a level falls to a wider one, or to none', async () => {
    const [thin] = await queryRows<{ carrier_code: string; place_key: string; settled: number }>(
      s.deps.db,
      sql`select carrier_code, place_key, settled from lane_quality
          where level = 'PINCODE' and origin_key = '302003' and settled between 1 and ${MIN_QUALITY_SAMPLE - 1}
          order by settled limit 1`,
    );
    expect(thin).toBeDefined();
    const quote = (await rates(thin.place_key)).quotes.find((q) => q.carrierCode === thin.carrier_code)!;
    expect(quote.quality!.basis).not.toBe('PINCODE');
    expect(quote.quality!.sample).not.toBe(thin.settled);
    // with no table at all every courier says too few parcels
    await s.deps.db.execute(sql`delete from lane_quality`);
    for (const q of (await rates('560038')).quotes) expect(q.quality).toEqual(TOO_FEW_PARCELS);
    await rebuildLaneQuality(s.deps.db, s.deps.now());
  });
});
