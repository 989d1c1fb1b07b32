import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/rows';
import { PERMISSION_DENIED } from '../../server/http/router';
import { seedCourierHistory } from '../../server/seeds/courier-history';
import { seedCourierHistoryDemo } from '../../server/seeds/courier-history-demo';
import { addDays } from '../../src/domain/reports';
import { istDay } from '../../src/domain/format';
import { carrierName } from '../../src/domain/shipping/carriers';
import { API_PINCODE_PERFORMANCE } from '../../src/domain/quality/pincode-performance-contract';
import { exportPath } from '../../src/domain/setup-contract';
import { errorOf, type TestServer } from './harness';
import { answer } from './call';
import { csvLines, demoTokens, startDemoServer, verifiedPickup } from './helpers';
import { invitedUser, ownerOn } from './team-helpers';

// The seller's pincode performance through HTTP: their own shipments only (the history sellers'
// parcels to the same pincodes never counted), the figures against the shipments counted here,
// the filters, the roll-ups, sorting and pages, the CSV, and the refusals by field label.

const PATH = API_PINCODE_PERFORMANCE.list.path;
const MINE = ['560038', '560034', '400050', '110005'];

describe('pincode performance', () => {
  let s: TestServer;
  let meera: string;
  let seller: string;
  let staff: string;
  let orgId: number;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ meera, seller, staff } = await demoTokens(s));
    orgId = (await verifiedPickup(s, meera)).orgId;
    await seedCourierHistoryDemo(s.deps);
    await seedCourierHistory(s.deps.db, {
      orgId,
      origin: { pincode: '302003', city: 'Jaipur', state: 'Rajasthan' },
      destinations: MINE,
      count: 600,
      prefix: 'MINE-',
      now: s.deps.now(),
    });
  }, 120_000);
  afterAll(() => s.close());

  const page = (query: Record<string, string>, token = meera) =>
    answer(s, API_PINCODE_PERFORMANCE.list, { query: query as never, token });

  /** Meera's own shipments booked in the last 90 days, counted here for one pincode and courier. */
  async function counted(pincode: string, carrierCode: string) {
    const since = addDays(istDay(s.deps.now()), -89);
    const rows = await queryRows<{ delivered: boolean; rto: boolean; ndr: boolean; days: number | null }>(
      s.deps.db,
      sql`select s.delivered_at is not null as delivered, s.rto_stage is not null as rto, s.ndr_attempts > 0 as ndr,
                 (extract(epoch from s.delivered_at - coalesce(s.pickup_at, s.booked_at)) / 86400)::float8 as days
          from shipments s join orders o on o.id = s.order_id
          where s.org_id = ${orgId} and s.cancelled_at is null and s.carrier_code = ${carrierCode}
            and o.shipping ->> 'pincode' = ${pincode}
            and s.booked_at >= (${since}::date)::timestamp at time zone 'Asia/Kolkata'`,
    );
    const days = rows.flatMap((r) => (r.days === null ? [] : [r.days]));
    return {
      shipments: rows.length,
      delivered: rows.filter((r) => r.delivered).length,
      rto: rows.filter((r) => r.rto).length,
      ndr: rows.filter((r) => r.ndr).length,
      avgDays: days.length ? Math.round((10 * days.reduce((a, b) => a + b, 0)) / days.length) / 10 : null,
    };
  }

  it('gives the seller’s own shipments by pincode and courier over the last 90 days, busiest first', async () => {
    const first = await page({ recordsPerPage: '100' });
    expect(first.total).toBeGreaterThan(10);
    expect(first.items.length).toBe(first.total);
    // only her destinations: the history sellers' parcels to twenty more pincodes are not hers
    expect(new Set(first.items.map((r) => r.place))).toEqual(new Set(MINE));
    const shipments = first.items.map((r) => r.shipments);
    expect(shipments).toEqual([...shipments].sort((a, b) => b - a));
    for (const r of first.items.slice(0, 5)) {
      const expected = await counted(r.place, r.carrierCode);
      expect(r).toMatchObject({
        ...expected,
        carrierName: carrierName(r.carrierCode),
        deliveredPct: Math.round((100 * expected.delivered) / expected.shipments),
        rtoPct: Math.round((100 * expected.rto) / expected.shipments),
        ndrPct: Math.round((100 * expected.ndr) / expected.shipments),
      });
    }
    expect(first.items.find((r) => r.place === '560038')).toMatchObject({ district: 'Bengaluru', state: 'Karnataka' });
    // the history sellers' own page holds none of hers, and the demo seller (no such shipments) has none
    expect((await page({}, seller)).items.some((r) => MINE.includes(r.place))).toBe(false);
  });

  it('filters by courier, payment mode, state and period, rolls up to district and state, sorts and pages', async () => {
    const all = await page({ recordsPerPage: '100' });
    const total = all.items.reduce((n, r) => n + r.shipments, 0);
    const code = all.items[0].carrierCode;
    const oneCourier = await page({ carrierCode: code, recordsPerPage: '100' });
    expect(oneCourier.items.every((r) => r.carrierCode === code)).toBe(true);
    expect(oneCourier.total).toBeGreaterThan(0);
    // the history is prepaid: COD has nothing
    expect((await page({ paymentMethod: 'COD' })).total).toBe(0);
    const karnataka = await page({ state: 'Karnataka', recordsPerPage: '100' });
    expect(new Set(karnataka.items.map((r) => r.place))).toEqual(new Set(['560038', '560034']));
    const byState = await page({ groupBy: 'STATE', recordsPerPage: '100' });
    expect(byState.items.reduce((n, r) => n + r.shipments, 0)).toBe(total);
    expect(new Set(byState.items.map((r) => r.place))).toEqual(new Set(['Karnataka', 'Maharashtra', 'Delhi']));
    const byDistrict = await page({ groupBy: 'DISTRICT', recordsPerPage: '100' });
    expect(byDistrict.items.reduce((n, r) => n + r.shipments, 0)).toBe(total);
    const worst = await page({ sortBy: 'rtoPct', sortOrder: 'DESC', recordsPerPage: '100' });
    const rto = worst.items.map((r) => r.rto / r.shipments);
    expect(rto).toEqual([...rto].sort((a, b) => b - a));
    const second = await page({ recordsPerPage: '5', pageNumber: '1' });
    expect(second.items).toEqual(all.items.slice(5, 10));
    expect(second.total).toBe(all.total);
    // a period before any shipment has none; one covering the last week has fewer
    expect((await page({ fromDate: '2024-01-01', toDate: '2024-03-31' })).total).toBe(0);
    const week = await page({ fromDate: addDays(istDay(s.deps.now()), -6), recordsPerPage: '100' });
    expect(week.items.reduce((n, r) => n + r.shipments, 0)).toBeLessThan(total);
  });

  it('exports the list as CSV, as filtered and sorted on screen', async () => {
    const code = (await page({})).items[0].carrierCode;
    const res = await s.request(`${exportPath(PATH)}?carrierCode=${code}&sortBy=place&sortOrder=ASC`, {
      token: meera,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/pincode-performance-\d{4}-\d{2}-\d{2}-to-/);
    const lines = await csvLines(res);
    expect(lines[0]).toBe(
      'Pincode,District,State,Courier,Shipments,Delivered,RTO,NDR,Delivered %,RTO %,NDR %,Average days to deliver',
    );
    const listed = await page({ carrierCode: code, sortBy: 'place', sortOrder: 'ASC', recordsPerPage: '100' });
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(listed.items.map((r) => r.place));
    expect(lines[1]).toContain(`${listed.items[0].shipments},${listed.items[0].delivered}`);
    const states = await csvLines(await s.request(`${exportPath(PATH)}?groupBy=STATE`, { token: meera }));
    expect(states[0]).toMatch(/^State,Courier,Shipments/);
  });

  it('refuses wrong filters by their labels, other logins, and a role without reports', async () => {
    const refused = async (query: string) => errorOf(await s.request(`${PATH}?${query}`, { token: meera }));
    expect(await refused('fromDate=2026-02-30')).toMatchObject({
      status: 400,
      message: expect.stringContaining('From date'),
    });
    expect(await refused('fromDate=2026-11-10&toDate=2026-11-01')).toMatchObject({
      status: 400,
      message: expect.stringContaining('From date'),
    });
    expect(await refused('fromDate=2024-01-01&toDate=2025-06-30')).toMatchObject({
      status: 400,
      message: 'To date must be at most 366 days after From date',
    });
    expect(await refused('carrierCode=NOPE')).toMatchObject({
      status: 400,
      message: expect.stringContaining('Courier'),
    });
    expect(await refused('paymentMethod=CASH')).toMatchObject({
      status: 400,
      message: expect.stringContaining('Payment method'),
    });
    expect(await refused('state=Atlantis')).toMatchObject({ status: 400, message: expect.stringContaining('State') });
    expect(await refused('groupBy=CITY')).toMatchObject({ status: 400, message: expect.stringContaining('Group by') });
    expect(await refused('sortBy=buyer')).toMatchObject({ status: 400, message: expect.stringContaining('Sort by') });
    for (const message of [await refused('fromDate=2026-02-30'), await refused('carrierCode=NOPE')])
      expect(message.message).not.toMatch(/fromDate|carrierCode/);
    expect((await s.request(PATH, { token: staff })).status).toBe(403);
    expect((await s.request(PATH)).status).toBe(401);
    const owner = await ownerOn(s, 'PRO');
    const user = await invitedUser(s, owner.token, 'usr@pincodes.test', { role: 'USER' });
    expect(await errorOf(await s.request(PATH, { token: user.token }))).toMatchObject({
      status: 403,
      message: PERMISSION_DENIED,
    });
    expect((await s.request(exportPath(PATH), { token: user.token })).status).toBe(403);
  });
});
