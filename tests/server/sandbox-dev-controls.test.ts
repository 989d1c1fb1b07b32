import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceTo, deliverReturnNow, failNextAttempt } from '../../server/carriers/sandbox/dev-controls';
import { sandboxParcels, type PlannedScan } from '../../server/db/schema';
import { dataOf, errorOf, startTestServer, type TestServer } from './harness';

// The development controls that fail a sandbox parcel's next delivery attempt on cue and bring a
// return home now (the NDR end-to-end tests raise their NDRs and finish their returns with them).

const HOUR = 3_600_000;
const scan = (afterMs: number, courierStatus: string): PlannedScan => ({
  afterMs,
  courierStatus,
  location: 'Jaipur',
  remark: courierStatus,
});
const LIFE = [
  scan(0, 'MANIFESTED'),
  scan(4 * HOUR, 'PICKED_UP'),
  scan(7 * HOUR, 'IN_TRANSIT'),
  scan(40 * HOUR, 'IN_TRANSIT'),
  scan(57 * HOUR, 'OUT_FOR_DELIVERY'),
  scan(62 * HOUR, 'DELIVERED'),
];
const FAILURE = { reasonCode: 'EOD-74', remark: 'Bad address', location: 'Bengaluru' };

describe('moving a parcel along its road', () => {
  const lane = { from: 'Jaipur', to: 'Kolkata' };
  it('brings the road to Delivered now, one second apart, whatever the drawn life held', () => {
    const plan = advanceTo(LIFE, 5 * HOUR, 'DELIVERED', lane)!;
    expect(plan.slice(0, 2)).toEqual(LIFE.slice(0, 2));
    expect(plan.slice(2).map((s) => [s.courierStatus, s.afterMs, s.location])).toEqual([
      ['IN_TRANSIT', 5 * HOUR + 1000, 'Kolkata'],
      ['OUT_FOR_DELIVERY', 5 * HOUR + 2000, 'Kolkata'],
      ['DELIVERED', 5 * HOUR + 3000, 'Kolkata'],
    ]);
  });
  it('takes a reverse pickup to In Transit now, leaves its failed attempts out and delivers it back a day later', () => {
    const reverse = [scan(0, 'REV_MANIFESTED'), scan(4 * HOUR, 'REV_PICKUP_FAILED')];
    const plan = advanceTo(reverse, HOUR, 'REV_IN_TRANSIT', lane)!;
    expect(plan.map((s) => [s.courierStatus, s.afterMs, s.location])).toEqual([
      ['REV_MANIFESTED', 0, 'Jaipur'],
      ['REV_PICKED_UP', HOUR + 1000, 'Jaipur'],
      ['REV_IN_TRANSIT', HOUR + 2000, 'Jaipur'],
      ['REV_DELIVERED', HOUR + 2000 + 24 * HOUR, 'Kolkata'],
    ]);
  });
  it('refuses a status off the road, and a parcel already there', () => {
    expect(advanceTo(LIFE, 5 * HOUR, 'LOST', lane)).toBeNull();
    expect(advanceTo(LIFE, 5 * HOUR, 'PICKED_UP', lane)).toBeNull();
  });
});

describe('failing the next delivery attempt', () => {
  it('keeps what was reported, brings the road forward to now and ends on a failed attempt', () => {
    const plan = failNextAttempt(LIFE, 5 * HOUR, FAILURE)!;
    expect(plan.slice(0, 2)).toEqual(LIFE.slice(0, 2));
    expect(plan.slice(2).map((s) => [s.courierStatus, s.afterMs])).toEqual([
      ['IN_TRANSIT', 5 * HOUR + 1000],
      ['IN_TRANSIT', 5 * HOUR + 2000],
      ['OUT_FOR_DELIVERY', 5 * HOUR + 3000],
      ['UNDELIVERED', 5 * HOUR + 4000],
    ]);
    expect(plan.at(-1)).toMatchObject({ reasonCode: 'EOD-74', remark: 'Bad address', location: 'Bengaluru' });
  });

  it('fails a parcel again after a failed attempt, and refuses one already delivered', () => {
    const failed = failNextAttempt(LIFE, 5 * HOUR, FAILURE)!;
    const again = failNextAttempt(failed, 6 * HOUR, FAILURE)!;
    expect(again.filter((s) => s.courierStatus === 'UNDELIVERED')).toHaveLength(2);
    expect(failNextAttempt(LIFE, 70 * HOUR, FAILURE)).toBeNull();
  });
});

describe('bringing a return home now', () => {
  const FAILED = failNextAttempt(LIFE, 5 * HOUR, FAILURE)!;
  const RETURN = [
    ...FAILED,
    scan(10 * HOUR, 'RTO_INITIATED'),
    scan(34 * HOUR, 'RTO_IN_TRANSIT'),
    scan(106 * HOUR, 'RTO_UNDELIVERED'),
    scan(130 * HOUR, 'RTO_UNDELIVERED'),
    scan(131 * HOUR, 'RTO_HELD'),
  ];

  it('brings the road back forward to now and ends on the return delivered, skipping a failed return delivery', () => {
    const plan = deliverReturnNow(RETURN, 6 * HOUR)!;
    expect(plan.slice(0, FAILED.length)).toEqual(FAILED);
    expect(plan.slice(FAILED.length).map((s) => [s.courierStatus, s.afterMs])).toEqual([
      ['RTO_INITIATED', 6 * HOUR + 1000],
      ['RTO_IN_TRANSIT', 6 * HOUR + 2000],
      ['RTO_DELIVERED', 6 * HOUR + 3000],
    ]);
  });

  it('finishes a return already on the road, and refuses a parcel with no return or one already home', () => {
    const onRoad = deliverReturnNow(RETURN, 50 * HOUR)!;
    expect(onRoad.slice(-3).map((s) => s.courierStatus)).toEqual(['RTO_INITIATED', 'RTO_IN_TRANSIT', 'RTO_DELIVERED']);
    expect(onRoad.at(-1)!.afterMs).toBe(50 * HOUR + 1000);
    expect(deliverReturnNow(FAILED, 6 * HOUR)).toBeNull();
    expect(deliverReturnNow(onRoad, 51 * HOUR)).toBeNull();
  });
});

describe('the sandbox courier control over HTTP', () => {
  let s: TestServer;
  const LOCAL = { 'x-forwarded-for': '127.0.0.1', 'content-type': 'application/json' };
  const post = (awb: string, body: unknown, headers: Record<string, string> = LOCAL) =>
    s.request(`/api/dev/sandbox-courier/${awb}/fail-delivery`, { method: 'POST', headers, body: JSON.stringify(body) });
  beforeAll(async () => {
    s = await startTestServer();
    await s.deps.db.insert(sandboxParcels).values({
      awb: 'DE0000000000001',
      carrierCode: 'DE',
      bookedAt: s.deps.now(),
      plan: LIFE,
      lane: { from: 'Jaipur', to: 'Bengaluru', transitDays: 3 },
    });
  });
  afterAll(() => s.close());

  it('replans the parcel to fail with the reason code given', async () => {
    expect(await dataOf(await post('DE0000000000001', { reasonCode: 'EOD-74' }))).toMatchObject({ scans: 6 });
    const [p] = await s.deps.db.select().from(sandboxParcels).where(eq(sandboxParcels.awb, 'DE0000000000001'));
    expect(p.plan.at(-1)).toMatchObject({ courierStatus: 'UNDELIVERED', reasonCode: 'EOD-74', location: 'Bengaluru' });
  });

  it('refuses a bad reason code, an unknown parcel and a client off this machine', async () => {
    expect(await errorOf(await post('DE0000000000001', { reasonCode: 'eod 74;' }))).toMatchObject({
      status: 400,
      message: 'Reason code must be a courier reason code such as EOD-74',
    });
    expect((await errorOf(await post('DE0000000000999', { reasonCode: 'EOD-74' }))).status).toBe(404);
    const outside = await post('DE0000000000001', { reasonCode: 'EOD-74' }, { 'x-forwarded-for': '203.0.113.7' });
    expect((await errorOf(outside)).status).toBe(403);
  });

  it('brings a return home only when one is under way', async () => {
    const home = (awb: string, headers: Record<string, string> = LOCAL) =>
      s.request(`/api/dev/sandbox-courier/${awb}/deliver-return`, { method: 'POST', headers });
    expect((await errorOf(await home('DE0000000000001'))).status).toBe(409);
    const [p] = await s.deps.db.select().from(sandboxParcels).where(eq(sandboxParcels.awb, 'DE0000000000001'));
    const plan = [...p.plan, scan(p.plan.at(-1)!.afterMs + HOUR, 'RTO_INITIATED')];
    await s.deps.db.update(sandboxParcels).set({ plan }).where(eq(sandboxParcels.awb, 'DE0000000000001'));
    expect(await dataOf(await home('DE0000000000001'))).toMatchObject({ scans: plan.length + 1 });
    expect((await errorOf(await home('DE0000000000999'))).status).toBe(404);
    expect((await errorOf(await home('DE0000000000001', { 'x-forwarded-for': '203.0.113.7' }))).status).toBe(403);
  });
});
