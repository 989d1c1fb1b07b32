import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CourierScan } from '../../server/carriers/adapter';
import { journalEntries, ndrRecords, orderEvents, orders, shipmentScans } from '../../server/db/schema';
import { moveMoney } from '../../server/modules/wallet/ledger';
import { queryRows } from '../../server/db/rows';
import { ingestScans, scanWindow } from '../../server/modules/courier-inlet/ingest';
import type { TestServer } from './harness';
import { startDemoServer } from './helpers';

// Couriers' webhooks bring one scan a call: calls that arrive together are written in one batch,
// each caller hears of its own scans, and a scan that cannot be written fails only its own call.
// A large push goes in parts of whole parcels written at once, with the outcomes one write gives.

describe('the scan ingestion window', () => {
  let s: TestServer;
  let next = 0;

  beforeAll(async () => {
    s = await startDemoServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  /** `n` parcels booked with a courier, their orders waiting for pickup. */
  async function parcels(n: number): Promise<{ orderId: number; awb: string }[]> {
    const from = next + 1;
    next += n;
    const [{ id: orgId }] = await queryRows<{ id: number }>(
      s.deps.db,
      sql`select id from organisations order by id limit 1`,
    );
    await s.deps.db.execute(sql`
      insert into orders (org_id, order_number, status, payment_method, order_date, buyer_name, buyer_phone, shipping, billing, subtotal_paise, total_paise, length_cm, breadth_cm, height_cm, dead_weight_kg, pickup)
      select ${orgId}, 'SW-' || g, 'PKP_SCH', 'PPD', current_date, 'Buyer', '9876543210', '{}'::jsonb, '{}'::jsonb, 100, 100, 10, 10, 10, 0.5, '{}'::jsonb
      from generate_series(${from}::int, ${next}::int) g`);
    return queryRows<{ orderId: number; awb: string }>(
      s.deps.db,
      sql`insert into shipments (org_id, order_id, carrier_code, awb, zone, charged_weight_kg, freight_paise, cod_charge_paise, gst_paise, total_paise, rto_charge_paise, quote_steps, short_code, booked_at)
          select org_id, id, 'DE', 'SW' || id, 'D', 0.5, 100, 0, 18, 118, 100, '[]'::jsonb, 'sw' || id, now()
          from orders where order_number = any(${sql.param(Array.from({ length: n }, (_, i) => `SW-${from + i}`))}::text[])
          order by id
          returning order_id as "orderId", awb`,
    );
  }

  const pickedUp = (awb: string, at: Date): CourierScan => ({
    awb,
    at,
    courierStatus: 'PICKED_UP',
    location: 'Jaipur',
    remark: 'Picked up from the seller',
  });

  const statuses = async (ids: number[]) =>
    (await s.deps.db.select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, ids)))
      .sort((a, b) => a.id - b.id)
      .map((o) => o.status);

  it('writes concurrent single-scan calls in one batch and gives each caller its own answer', async () => {
    const ps = await parcels(4);
    const at = new Date(s.clock.now.getTime() + 60_000);
    const transactions = vi.spyOn(s.deps.db, 'transaction');
    const calls = [
      ...ps.map((p) => ingestScans(s.deps, [pickedUp(p.awb, at)])),
      // the same scan again, at the same moment: it acts once
      ingestScans(s.deps, [pickedUp(ps[0].awb, at)]),
      // an AWB no shipment has
      ingestScans(s.deps, [pickedUp('NO-SUCH-AWB', at)]),
    ];
    expect(scanWindow(s.deps).waiting).toBe(calls.length);
    const answers = await Promise.all(calls);
    const writes = transactions.mock.calls.length;
    transactions.mockRestore();
    expect(writes).toBe(1);
    for (const a of answers.slice(0, 4))
      expect(a).toEqual({ recorded: 1, duplicates: 0, unknown: 0, moved: 1, ignored: 0 });
    expect(answers[4]).toEqual({ recorded: 0, duplicates: 1, unknown: 0, moved: 0, ignored: 0 });
    expect(answers[5]).toEqual({ recorded: 0, duplicates: 0, unknown: 1, moved: 0, ignored: 0 });
    const ids = ps.map((p) => p.orderId);
    expect(await statuses(ids)).toEqual(['PKD', 'PKD', 'PKD', 'PKD']);
    const events = await s.deps.db
      .select({ orderId: orderEvents.orderId })
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, ids));
    expect(events).toHaveLength(4);
  });

  it('fails a bad scan alone: the calls beside it are written and answered', async () => {
    const ps = await parcels(3);
    const at = new Date(s.clock.now.getTime() + 120_000);
    const good = ps.slice(0, 2).map((p) => ingestScans(s.deps, [pickedUp(p.awb, at)]));
    // a courier's payload whose time did not parse
    const bad = ingestScans(s.deps, [pickedUp(ps[2].awb, new Date('not a time'))]);
    const [answers, failure] = await Promise.all([
      Promise.all(good),
      bad.then(
        () => null,
        (e: Error) => e,
      ),
    ]);
    expect(failure).toBeInstanceOf(RangeError);
    for (const a of answers) expect(a).toEqual({ recorded: 1, duplicates: 0, unknown: 0, moved: 1, ignored: 0 });
    expect(await statuses(ps.map((p) => p.orderId))).toEqual(['PKD', 'PKD', 'PKP_SCH']);
    const stored = await s.deps.db
      .select({ awb: shipmentScans.awb })
      .from(shipmentScans)
      .where(
        inArray(
          shipmentScans.awb,
          ps.map((p) => p.awb),
        ),
      );
    expect(stored.map((r) => r.awb).sort()).toEqual([ps[0].awb, ps[1].awb].sort());
  });

  it('writes the calls that arrive while a write is under way together, in each parcel’s order', async () => {
    const ps = await parcels(5);
    const t = s.clock.now.getTime() + 180_000;
    const life = ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED'];
    const transactions = vi.spyOn(s.deps.db, 'transaction');
    // each parcel's scans one a call, in order, the parcels at once (a courier's webhooks)
    const moved = await Promise.all(
      ps.map(async (p, i) => {
        let n = 0;
        for (const [k, courierStatus] of life.entries())
          n += (
            await ingestScans(s.deps, [
              { awb: p.awb, at: new Date(t + k * 60_000 + i), courierStatus, location: 'x', remark: courierStatus },
            ])
          ).moved;
        return n;
      }),
    );
    const writes = transactions.mock.calls.length;
    transactions.mockRestore();
    expect(moved).toEqual([4, 4, 4, 4, 4]);
    // 20 calls: one write for each step of the parcels' lives
    expect(writes).toBe(life.length);
    expect(await statuses(ps.map((p) => p.orderId))).toEqual(['DLV', 'DLV', 'DLV', 'DLV', 'DLV']);
  });

  /** Each parcel's whole life, the parcels' scans interleaved in time as a courier sends them: 70% delivered, 20% a failed attempt, 10% back to the seller. */
  function lives(ps: { awb: string }[], t: number): { scans: CourierScan[]; moves: number } {
    const scans: CourierScan[] = [];
    let moves = 0;
    ps.forEach((p, i) => {
      const at = (k: number) => new Date(t + k * 60_000 + i);
      const push = (k: number, courierStatus: string, extra: Partial<CourierScan> = {}) =>
        scans.push({ awb: p.awb, at: at(k), courierStatus, location: 'Bengaluru', remark: courierStatus, ...extra });
      ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY'].forEach((c, k) => push(k, c));
      moves += 3;
      if (i % 10 < 7) {
        push(3, 'DELIVERED');
        moves++;
        return;
      }
      push(3, 'UNDELIVERED', { reasonCode: 'EOD-11', remark: 'Consignee unavailable' });
      moves++;
      if (i % 10 < 9) return;
      ['RTO_INITIATED', 'RTO_IN_TRANSIT', 'RTO_DELIVERED'].forEach((c, k) => push(4 + k, c));
      moves += 2;
    });
    return { scans: scans.sort((a, b) => a.at.getTime() - b.at.getTime()), moves };
  }

  const countsOf = async (ps: { orderId: number; awb: string }[]) => {
    const ids = ps.map((p) => p.orderId);
    const awbs = ps.map((p) => p.awb);
    const byStatus: Record<string, number> = {};
    for (const o of await s.deps.db.select({ status: orders.status }).from(orders).where(inArray(orders.id, ids)))
      byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
    const ndrs = await s.deps.db.select({ id: ndrRecords.id }).from(ndrRecords).where(inArray(ndrRecords.awb, awbs));
    const charges = await s.deps.db
      .select({ kind: journalEntries.kind })
      .from(journalEntries)
      .where(inArray(journalEntries.reference, awbs));
    const scans = await s.deps.db
      .select({ awb: shipmentScans.awb })
      .from(shipmentScans)
      .where(inArray(shipmentScans.awb, awbs));
    return {
      byStatus,
      ndrs: ndrs.length,
      rtoCharges: charges.filter((c) => c.kind === 'RTO_CHARGE').length,
      scans: scans.length,
    };
  };

  it('writes a large push in parts of whole parcels at once, each parcel’s life in order, and a repeat acts once', async () => {
    const ps = await parcels(300);
    const [{ orgId }] = await queryRows<{ orgId: number }>(
      s.deps.db,
      sql`select org_id as "orgId" from orders where id = ${ps[0].orderId}`,
    );
    // the wallet covers the returns' charges
    await moveMoney(s.deps.db, {
      orgId,
      kind: 'ADJUSTMENT_CREDIT',
      amountPaise: 1_000_000,
      externalKey: 'test:large-push',
    });
    const { scans, moves } = lives(ps, s.clock.now.getTime() + 240_000);
    expect(scans.length).toBeGreaterThanOrEqual(1000);
    const transactions = vi.spyOn(s.deps.db, 'transaction');
    const answer = await ingestScans(s.deps, scans);
    const writes = transactions.mock.calls.length;
    transactions.mockRestore();
    expect(answer).toEqual({ recorded: scans.length, duplicates: 0, unknown: 0, moved: moves, ignored: 0 });
    // two parts, written at once (the wallet's lines in their own savepoints, not counted apart)
    expect(writes).toBe(2);
    const expected = { byStatus: { DLV: 210, NDR: 60, RTO_DLV: 30 }, ndrs: 90, rtoCharges: 30, scans: scans.length };
    expect(await countsOf(ps)).toEqual(expected);

    // the same push again, twice at once: nothing moves, nothing is charged again
    const again = await Promise.all([ingestScans(s.deps, scans), ingestScans(s.deps, scans)]);
    for (const a of again)
      expect(a).toEqual({ recorded: 0, duplicates: scans.length, unknown: 0, moved: 0, ignored: 0 });
    expect(await countsOf(ps)).toEqual(expected);
  });

  it('writes two copies of a large push that arrive at once as one: each scan, move and charge once', async () => {
    const ps = await parcels(300);
    const { scans, moves } = lives(ps, s.clock.now.getTime() + 300_000);
    const both = await Promise.all([ingestScans(s.deps, scans), ingestScans(s.deps, [...scans].reverse())]);
    expect(both[0].recorded + both[1].recorded).toBe(scans.length);
    expect(both[0].duplicates + both[1].duplicates).toBe(scans.length);
    expect(both[0].moved + both[1].moved).toBe(moves);
    expect(await countsOf(ps)).toEqual({
      byStatus: { DLV: 210, NDR: 60, RTO_DLV: 30 },
      ndrs: 90,
      rtoCharges: 30,
      scans: scans.length,
    });
  });

  it('judges a parcel as it is once its order is locked: a webhook beside a large push on the same parcel loses no attempt and moves nothing back', async () => {
    const ps = await parcels(300);
    // the eighth parcel's life in the push ends in a failed attempt; the webhook brings a later one
    const parcel = ps[7];
    const t = s.clock.now.getTime() + 360_000;
    const { scans } = lives(ps, t);
    const webhook: CourierScan[] = [
      {
        awb: parcel.awb,
        at: new Date(t + 10 * 60_000),
        courierStatus: 'OUT_FOR_DELIVERY',
        location: 'x',
        remark: 'Out again',
      },
      {
        awb: parcel.awb,
        at: new Date(t + 11 * 60_000),
        courierStatus: 'UNDELIVERED',
        reasonCode: 'EOD-11',
        location: 'x',
        remark: 'Consignee unavailable again',
      },
    ];
    // the parcel's order held elsewhere while both calls read their parcels, then let go
    let letGo!: () => void;
    const held = new Promise<void>((r) => (letGo = r));
    let holding!: () => void;
    const isHeld = new Promise<void>((r) => (holding = r));
    const holder = s.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select id from orders where id = ${parcel.orderId} for update`);
      holding();
      await held;
    });
    await isHeld;
    const both = Promise.all([ingestScans(s.deps, scans), ingestScans(s.deps, webhook)]);
    await new Promise((r) => setTimeout(r, 500));
    letGo();
    await holder;
    await both;
    const [order] = await s.deps.db
      .select({ status: orders.status })
      .from(orders)
      .where(inArray(orders.id, [parcel.orderId]));
    const attempts = (
      await s.deps.db
        .select({ attempt: ndrRecords.attempt })
        .from(ndrRecords)
        .where(inArray(ndrRecords.awb, [parcel.awb]))
    )
      .map((r) => r.attempt)
      .sort();
    // whichever took the order first, the outcome is the one of the two calls written one after the
    // other: the push first (the webhook's is the second attempt), or the webhook first (its later
    // scans make the push's late: they stay on the timeline and move nothing)
    expect([
      { status: 'NDR', attempts: [1, 2] },
      { status: 'PKP_SCH', attempts: [] },
    ]).toContainEqual({ status: order.status, attempts });
  });
});
