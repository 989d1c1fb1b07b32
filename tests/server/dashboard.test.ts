import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorOf, type TestServer } from './harness';
import { answer } from './call';
import { demoTokens, login, MEERA, newSeller, startDemoServer } from './helpers';
import { invitedUser, ownerOn } from './team-helpers';
import { queryRows } from '../../server/db/rows';
import { seedCodDemo } from '../../server/seeds/cod-demo';
import { insertDeliveredCod } from '../../server/seeds/cod-delivered';
import { PERMISSION_DENIED } from '../../server/http/router';
import { API_ACCOUNT } from '../../src/domain/account-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { API_DASHBOARD } from '../../src/domain/dashboard-contract';

// Every dashboard figure against SQL written here on its own over the orders and shipments (IST
// calendar days by casting, not the service's time bounds), for several periods and two sellers.

let s: TestServer;
let meera: string;
let seller: string;
let meeraOrg: number;
let aaravOrg: number;

const rows = <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => queryRows<T>(s.deps.db, q);
const n = (x: unknown) => Number(x ?? 0);
const pct = (a: number, b: number) => (b === 0 ? 0 : Math.round((a * 1000) / b) / 10);

beforeAll(async () => {
  s = await startDemoServer();
  ({ meera, seller } = await demoTokens(s));
  await seedCodDemo(s.deps);
  meeraOrg = (await login(s, MEERA)).claims.oid!;
  aaravOrg = (await login(s, { email: 'seller@demo.dakiya.in', password: 'Seller@123' })).claims.oid!;
  // variety: an RTO, shipments with failed attempts, other couriers and zones, a second state
  const day = 86_400_000;
  await insertDeliveredCod(s.deps.db, {
    orgIds: [meeraOrg, aaravOrg],
    perOrg: 3,
    prefix: 'DBRTO',
    deliveredAt: new Date(s.clock.now.getTime() - 2 * day),
    carrierCode: 'XB',
    status: 'RTO_DLV',
  });
  await insertDeliveredCod(s.deps.db, {
    orgIds: [meeraOrg],
    perOrg: 4,
    prefix: 'DBTOD',
    deliveredAt: new Date(s.clock.now.getTime() - 3_600_000),
    carrierCode: 'DE',
  });
  await s.deps.db.execute(sql`
    update shipments set rto_initiated_at = booked_at + interval '3 days', ndr_attempts = 2
    where awb like 'DBRTO%'`);
  await s.deps.db.execute(sql`
    update shipments set ndr_attempts = 1, zone = 'E' where awb like 'DBTOD%' and awb like '%2'`);
  await s.deps.db.execute(sql`
    update orders set shipping = jsonb_set(jsonb_set(shipping, '{state}', '"Maharashtra"'), '{city}', '"Pune"')
    where order_number like 'DBTOD%'`);
}, 120_000);
afterAll(() => s?.close());

const istDays = (period: Record<string, string>) => {
  const today = new Date(s.clock.now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
  const minus = (k: number) => new Date(Date.parse(`${today}T00:00:00Z`) - k * 86_400_000).toISOString().slice(0, 10);
  if (period.period === 'today') return [today, today];
  if (period.period === '7d') return [minus(6), today];
  if (period.period === '30d') return [minus(29), today];
  if (period.period === 'month') return [`${today.slice(0, 8)}01`, today];
  return [period.fromDate, period.toDate];
};

/** The period's live shipments of forward orders, by IST booking day. */
const shipped = (org: number, from: string, to: string) => sql`
  select sh.*, od.status as order_status, od.payment_method, od.cod_amount_paise
  from orders od, shipments sh
  where sh.order_id = od.id and od.org_id = ${org} and od.order_type = 'FORWARD' and sh.state = 'BOOKED'
    and (sh.booked_at at time zone 'Asia/Kolkata')::date between ${from}::date and ${to}::date`;

const PERIODS: Record<string, string>[] = [
  { period: 'today' },
  { period: '7d' },
  { period: '30d' },
  { period: 'month' },
  { period: 'custom', fromDate: '2026-10-01', toDate: '2026-11-30' },
];

describe('dashboard figures equal SQL over the orders', () => {
  for (const period of PERIODS)
    it(`summary, money, couriers and top 5 for ${period.period}`, async () => {
      for (const [token, org] of [
        [meera, () => meeraOrg],
        [seller, () => aaravOrg],
      ] as const) {
        const [from, to] = istDays(period);
        const summary = await answer(s, API_DASHBOARD.summary, { query: period, token });
        expect([summary.fromDate, summary.toDate]).toEqual([from, to]);
        const [o] = await rows(sql`
          select count(*) as n from orders where org_id = ${org()} and order_type = 'FORWARD'
            and (created_at at time zone 'Asia/Kolkata')::date between ${from}::date and ${to}::date`);
        const [sh] = await rows(sql`
          select count(*) as n,
                 sum(case when order_status = 'DLV' then 1 else 0 end) as dlv,
                 sum(case when ndr_attempts >= 1 then 1 else 0 end) as ndr,
                 sum(case when rto_initiated_at is null then 0 else 1 end) as rto,
                 round((sum(case when order_status = 'DLV' and delivered_at is not null
                              then extract(epoch from delivered_at - booked_at) end)
                   / nullif(sum(case when order_status = 'DLV' and delivered_at is not null then 1 end), 0)
                   / 86400)::numeric, 1) as days
          from (${shipped(org(), from, to)}) x`);
        expect(summary).toMatchObject({
          orders: n(o.n),
          shipments: n(sh.n),
          delivered: n(sh.dlv),
          deliveredPercent: pct(n(sh.dlv), n(sh.n)),
          ndr: n(sh.ndr),
          ndrPercent: pct(n(sh.ndr), n(sh.n)),
          rto: n(sh.rto),
          rtoPercent: pct(n(sh.rto), n(sh.n)),
          avgDeliveryDays: sh.days === null ? null : n(sh.days),
        });
        expect(summary.byDay.reduce((a, d) => a + d.orders, 0)).toBe(n(o.n));
        expect(summary.byDay.reduce((a, d) => a + d.shipments, 0)).toBe(n(sh.n));
        expect(summary.byDay[0].day).toBe(from);
        expect(summary.byDay.at(-1)!.day).toBe(to);

        const money = await answer(s, API_DASHBOARD.money, { query: period, token });
        const [m] = await rows(sql`
          select coalesce(sum(total_paise), 0) as freight,
                 coalesce(sum(cod_amount_paise) filter (where payment_method = 'COD' and order_status = 'DLV' and exists (
                   select 1 from cod_payout_lines l join cod_payouts p on p.id = l.payout_id
                   where l.shipment_id = x.id and p.status = 'PAID')), 0) as paid,
                 coalesce(sum(cod_amount_paise) filter (where payment_method = 'COD' and order_status = 'DLV' and not exists (
                   select 1 from cod_payout_lines l join cod_payouts p on p.id = l.payout_id
                   where l.shipment_id = x.id and p.status = 'PAID')), 0) as pending
          from (${shipped(org(), from, to)}) x`);
        expect(money).toMatchObject({
          freightPaise: n(m.freight),
          codPaidPaise: n(m.paid),
          codPendingPaise: n(m.pending),
        });

        const couriers = await answer(s, API_DASHBOARD.couriers, { query: period, token });
        const zones = await rows<{ carrier_code: string; zone: string; n: unknown; dlv: unknown; rto: unknown }>(sql`
          select carrier_code, zone, count(*) as n,
                 count(*) filter (where order_status = 'DLV') as dlv,
                 count(rto_initiated_at) as rto
          from (${shipped(org(), from, to)}) x group by carrier_code, zone order by carrier_code, zone`);
        expect(
          couriers.rows.map((r) => [r.carrierCode, r.zone, r.shipments, r.deliveredPercent, r.rtoPercent]),
        ).toEqual(zones.map((z) => [z.carrier_code, z.zone, n(z.n), pct(n(z.dlv), n(z.n)), pct(n(z.rto), n(z.n))]));

        const top = await answer(s, API_DASHBOARD.top, { query: period, token });
        const inPeriod = sql`select * from orders where org_id = ${org()} and order_type = 'FORWARD'
          and (created_at at time zone 'Asia/Kolkata')::date between ${from}::date and ${to}::date`;
        const states = await rows<{ st: string; n: unknown }>(sql`
          select shipping->>'state' as st, count(*) as n from (${inPeriod}) q group by 1 order by 2 desc, 1 limit 5`);
        expect(top.states).toEqual(states.map((r) => ({ name: r.st, orders: n(r.n) })));
        const cities = await rows<{ c: string; st: string; n: unknown }>(sql`
          select shipping->>'city' as c, shipping->>'state' as st, count(*) as n from (${inPeriod}) q
          group by 1, 2 order by 3 desc, 1, 2 limit 5`);
        expect(top.cities).toEqual(cities.map((r) => ({ name: r.c, state: r.st, orders: n(r.n) })));
        const channels = await rows<{ ch: string; n: unknown; rev: unknown }>(sql`
          select channel as ch, count(*) as n, sum(total_paise) as rev from (${inPeriod}) q
          group by 1 order by 2 desc, 1 limit 5`);
        expect(top.channels).toEqual(channels.map((r) => ({ name: r.ch, orders: n(r.n), revenuePaise: n(r.rev) })));
        const products = await rows<{ sku: string; units: unknown; n: unknown }>(sql`
          select i.sku, sum(i.quantity) as units, count(distinct q.id) as n
          from (${inPeriod}) q, order_items i where i.order_id = q.id
          group by i.sku order by 2 desc, 3 desc, 1 limit 5`);
        expect(top.products.map((p) => [p.sku, p.units, p.orders])).toEqual(
          products.map((r) => [r.sku, n(r.units), n(r.n)]),
        );
        const carriers = await rows<{ c: string; n: unknown; dlv: unknown }>(sql`
          select carrier_code as c, count(*) as n, count(*) filter (where order_status = 'DLV') as dlv
          from (${shipped(org(), from, to)}) x group by 1 order by 2 desc, 1 limit 5`);
        expect(top.carriers.map((c) => [c.code, c.shipments, c.deliveredPercent])).toEqual(
          carriers.map((r) => [r.c, n(r.n), pct(n(r.dlv), n(r.n))]),
        );
      }
    });

  it('the data has something in it: the 30 days hold deliveries, an RTO, NDRs and paid and pending COD', async () => {
    const summary = await answer(s, API_DASHBOARD.summary, { query: { period: '30d' }, token: meera });
    const money = await answer(s, API_DASHBOARD.money, { query: { period: '30d' }, token: meera });
    const top = await answer(s, API_DASHBOARD.top, { query: { period: '30d' }, token: meera });
    expect(summary.delivered).toBeGreaterThan(0);
    expect(summary.rto).toBe(3);
    expect(summary.ndr).toBeGreaterThanOrEqual(4);
    expect(money.codPaidPaise).toBeGreaterThan(0);
    expect(money.codPendingPaise).toBeGreaterThan(0);
    expect(top.states.map((x) => x.name)).toContain('Maharashtra');
  });

  it("the home page's figures: today's orders and shipments, ready to ship and open NDR", async () => {
    const home = await answer(s, API_DASHBOARD.home, { token: meera });
    const today = await answer(s, API_DASHBOARD.summary, { query: { period: 'today' }, token: meera });
    const [r] = await rows(sql`
      select count(*) filter (where status = 'RTS' and order_type = 'FORWARD' and not archived) as ready,
             count(*) filter (where status = 'NDR') as ndr
      from orders where org_id = ${meeraOrg}`);
    expect(home).toEqual({
      ordersToday: today.orders,
      shipmentsToday: today.shipments,
      readyToShip: n(r.ready),
      openNdr: n(r.ndr),
    });
  });

  it('another seller sees only their own: a new seller has nothing', async () => {
    const fresh = await newSeller(s, { email: 'dash@fresh.test', phone: '9812300001', companyName: 'Fresh Dash' });
    const summary = await answer(s, API_DASHBOARD.summary, { query: { period: '30d' }, token: fresh.token });
    expect(summary).toMatchObject({ orders: 0, shipments: 0, delivered: 0, avgDeliveryDays: null });
    const top = await answer(s, API_DASHBOARD.top, { query: { period: '30d' }, token: fresh.token });
    expect([top.products, top.states, top.cities, top.channels, top.carriers]).toEqual([[], [], [], [], []]);
    expect(await answer(s, API_DASHBOARD.home, { token: fresh.token })).toEqual({
      ordersToday: 0,
      shipmentsToday: 0,
      readyToShip: 0,
      openNdr: 0,
    });
  });
});

describe('dashboard requests', () => {
  it.each([
    [{ period: 'year' }, 'Period must be one of Today, 7 days, 30 days, This month, Custom'],
    [{ period: 'custom', toDate: '2026-11-10' }, 'From date is required for a custom period'],
    [{ period: 'custom', fromDate: '2026-11-10' }, 'To date is required for a custom period'],
    [{ period: 'custom', fromDate: '2026-11-10', toDate: '2026-11-01' }, 'From date must be on or before To date'],
    [
      { period: 'custom', fromDate: '2025-01-01', toDate: '2026-11-01' },
      'From date must be at most 366 days before To date',
    ],
    [{ period: 'custom', fromDate: '2026-02-30', toDate: '2026-03-01' }, 'From date is not a real date'],
    [{ period: 'custom', fromDate: '01-11-2026', toDate: '2026-11-01' }, 'From date must be a date as yyyy-mm-dd'],
  ])('refuses %o naming the field', async (q, message) => {
    const e = await errorOf(
      await s.request(`${API_DASHBOARD.summary.path}?${new URLSearchParams(q)}`, { token: meera }),
    );
    expect(e.status).toBe(400);
    expect(e.message).toContain(message);
  });

  it('a team login needs orders.view for the figures and wallet.view for the money', async () => {
    const owner = await ownerOn(s, 'PRO');
    const role = await answer(s, API_TEAM.addRole, {
      token: owner.token,
      body: { roleName: 'Orders only', permissions: ['orders.view'] },
    });
    const u = await invitedUser(s, owner.token, 'dash@team.test', { teamRoleId: role.roleId });
    expect((await s.request(API_DASHBOARD.summary.path, { token: u.token })).status).toBe(200);
    expect(await errorOf(await s.request(API_DASHBOARD.money.path, { token: u.token }))).toMatchObject({
      status: 403,
      message: PERMISSION_DENIED,
    });
    const none = await answer(s, API_TEAM.addRole, {
      token: owner.token,
      body: { roleName: 'Wallet only', permissions: ['wallet.view'] },
    });
    const w = await invitedUser(s, owner.token, 'dash2@team.test', { teamRoleId: none.roleId });
    for (const { path } of [
      API_DASHBOARD.summary,
      API_DASHBOARD.couriers,
      API_DASHBOARD.top,
      API_DASHBOARD.home,
      API_DASHBOARD.checklist,
    ])
      expect((await s.request(path, { token: w.token })).status).toBe(403);
    expect((await s.request(API_DASHBOARD.money.path, { token: w.token })).status).toBe(200);
  });

  it('staff and anonymous callers are refused', async () => {
    const { staff } = await demoTokens(s);
    for (const { path } of [API_DASHBOARD.summary, API_DASHBOARD.checklist]) {
      expect((await s.request(path, { token: staff })).status).toBe(403);
      expect((await s.request(path)).status).toBe(401);
    }
  });
});

describe('the home tour is remembered per login', () => {
  it('a new login has not seen it; once marked it stays seen on every device; repeats change nothing', async () => {
    const fresh = await newSeller(s, { email: 'tour@fresh.test', phone: '9812300002', companyName: 'Tour Fresh' });
    const info = () => answer(s, API_ACCOUNT.accountInfo, { token: fresh.token });
    expect((await info()).homeTourSeen).toBe(false);
    const marks = await Promise.all(
      [1, 2, 3].map(() => s.request(API_ACCOUNT.homeTourSeen.path, { method: 'POST', token: fresh.token })),
    );
    expect(marks.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await info()).homeTourSeen).toBe(true);
    const other = await login(s, { email: 'tour@fresh.test', password: 'Seller@123' });
    expect((await answer(s, API_ACCOUNT.accountInfo, { token: other.token })).homeTourSeen).toBe(true);
    expect((await answer(s, API_ACCOUNT.accountInfo, { token: meera })).homeTourSeen).toBe(true);
  });
});
