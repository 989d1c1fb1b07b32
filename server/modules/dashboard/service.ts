import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { addDays, daysBetween, percentOf, periodDays } from '../../../src/domain/dashboard-period';
import { carrierName } from '../../../src/domain/shipping/carriers';
import {
  TOP_LIMIT,
  type CodVerificationFigures,
  type CourierPerformance,
  type DashboardMoney,
  type DashboardSummary,
  type DashboardTop,
  type HomeStats,
} from '../../../src/domain/dashboard-contract';
import type { DashboardQueryInput } from '../../../src/domain/schemas/dashboard';
import { readCodVerificationFigures } from './cod-verification-figures';
import { ORDER_TYPE } from '../../../src/domain/order-type';

// The dashboard's figures, each one set-based statement over one seller's forward orders created,
// or live shipments booked, in the period's IST days (docs/decisions/dashboard.md). Every
// statement starts from an index on (org_id, order_type, created_at) or (org_id, booked_at).

/** The period's IST days and the UTC moments that bound them [from, to). */
export interface Span {
  fromDate: string;
  toDate: string;
  from: Date;
  to: Date;
}

export function spanOf(query: DashboardQueryInput, now: Date = new Date()): Span {
  const { fromDate, toDate } = periodDays(query.period, query, now);
  return {
    fromDate,
    toDate,
    from: new Date(`${fromDate}T00:00:00+05:30`),
    to: new Date(`${addDays(toDate, 1)}T00:00:00+05:30`),
  };
}

const num = (x: unknown) => Number(x ?? 0);

/**
 * Runs a dashboard read with PostgreSQL's JIT off: the key lookups make the planner's cost high
 * enough to compile each statement, which costs more (20–40 ms) than the statement itself.
 */
function withoutJit<T>(db: Db, read: (db: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return read(tx);
  });
}
/** days with one decimal, or null */
const days = (x: unknown) => (x === null || x === undefined ? null : Math.round(Number(x) * 10) / 10);

/**
 * The period's live shipments of forward orders, with each order's status: the base of the rates.
 * Each order is looked up by its key (the lateral subquery with OFFSET 0 is not flattened into a
 * hash join, which would read a large seller's every order: EXPLAIN in bench/dashboard-explain.ts).
 */
export const liveShipments = (orgId: number, span: Span) => sql`
  select s.id, s.carrier_code, s.zone, s.total_paise, s.booked_at, s.delivered_at, s.ndr_attempts,
         s.rto_initiated_at, o.status, o.payment_method, o.cod_amount_paise
  from shipments s
  cross join lateral (
    select o.status, o.payment_method, o.cod_amount_paise from orders o
    where o.id = s.order_id and o.order_type = ${ORDER_TYPE.FORWARD} offset 0) o
  where s.org_id = ${orgId} and s.state = 'BOOKED' and s.booked_at >= ${span.from} and s.booked_at < ${span.to}`;

const periodOrders = (orgId: number, span: Span) => sql`
  select o.id, o.created_at, o.channel, o.total_paise, o.shipping
  from orders o
  where o.org_id = ${orgId} and o.order_type = ${ORDER_TYPE.FORWARD} and o.created_at >= ${span.from} and o.created_at < ${span.to}`;

/** The top products by units; each order's lines are read by its key, as the shipments' orders above. */
export const topProductsQuery = (orgId: number, span: Span) => sql`
  select min(i.name) as name, i.sku, sum(i.quantity) as units, count(distinct i.order_id) as orders
  from (${periodOrders(orgId, span)}) o
  cross join lateral (
    select i.order_id, i.name, i.sku, i.quantity from order_items i where i.order_id = o.id offset 0) i
  group by i.sku order by units desc, orders desc, i.sku limit ${TOP_LIMIT}`;

async function readSummary(db: Db, orgId: number, span: Span): Promise<DashboardSummary> {
  // one pass over each: the figures by IST day, summed here for the period
  const perDay = await queryRows<Record<string, unknown> & { day: string }>(
    db,
    sql`select day, sum(orders) as orders, sum(shipments) as shipments, sum(delivered) as delivered, sum(ndr) as ndr,
               sum(rto) as rto, sum(timed) as timed, sum(seconds) as seconds from (
          select to_char(o.created_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as day, count(*) as orders,
                 0 as shipments, 0 as delivered, 0 as ndr, 0 as rto, 0 as timed, 0 as seconds
          from (${periodOrders(orgId, span)}) o group by 1
          union all
          select to_char(s.booked_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD'), 0, count(*),
                 count(*) filter (where s.status = 'DLV'),
                 count(*) filter (where s.ndr_attempts > 0),
                 count(*) filter (where s.rto_initiated_at is not null),
                 count(*) filter (where s.status = 'DLV' and s.delivered_at is not null),
                 coalesce(sum(extract(epoch from s.delivered_at - s.booked_at))
                   filter (where s.status = 'DLV' and s.delivered_at is not null), 0)
          from (${liveShipments(orgId, span)}) s group by 1
        ) d group by day`,
  );
  const byDayMap = new Map(perDay.map((r) => [r.day, r]));
  const total = (k: string) => perDay.reduce((a, r) => a + num(r[k]), 0);
  const byDay = Array.from({ length: daysBetween(span.fromDate, span.toDate) }, (_, i) => {
    const day = addDays(span.fromDate, i);
    const r = byDayMap.get(day);
    return { day, orders: num(r?.orders), shipments: num(r?.shipments) };
  });
  const shipments = total('shipments');
  const [delivered, ndr, rto, timed] = [total('delivered'), total('ndr'), total('rto'), total('timed')];
  return {
    fromDate: span.fromDate,
    toDate: span.toDate,
    orders: total('orders'),
    shipments,
    delivered,
    deliveredPercent: percentOf(delivered, shipments),
    ndr,
    ndrPercent: percentOf(ndr, shipments),
    rto,
    rtoPercent: percentOf(rto, shipments),
    avgDeliveryDays: timed === 0 ? null : days(total('seconds') / timed / 86_400),
    byDay,
  };
}

async function readMoney(db: Db, orgId: number, span: Span): Promise<DashboardMoney> {
  // a delivered COD shipment is paid when its payout line (one at most) is in a paid payout
  const [r] = await queryRows<Record<string, unknown>>(
    db,
    sql`select coalesce(sum(s.total_paise), 0) as freight,
             coalesce(sum(s.cod_amount_paise) filter (where s.cod_delivered and paid.yes), 0) as cod_paid,
             coalesce(sum(s.cod_amount_paise) filter (where s.cod_delivered and paid.yes is null), 0) as cod_pending
      from (select s.*, s.payment_method = 'COD' and s.status = 'DLV' as cod_delivered
            from (${liveShipments(orgId, span)}) s) s
      left join lateral (
        select true as yes from cod_payout_lines l join cod_payouts p on p.id = l.payout_id
        where s.cod_delivered and l.shipment_id = s.id and p.status = 'PAID') paid on true`,
  );
  return {
    fromDate: span.fromDate,
    toDate: span.toDate,
    codPendingPaise: num(r.cod_pending),
    codPaidPaise: num(r.cod_paid),
    freightPaise: num(r.freight),
  };
}

async function readCouriers(db: Db, orgId: number, span: Span): Promise<CourierPerformance> {
  const rows = await queryRows<Record<string, unknown> & { carrier_code: string; zone: string }>(
    db,
    sql`select s.carrier_code, s.zone, count(*) as shipments,
             count(*) filter (where s.status = 'DLV') as delivered,
             count(*) filter (where s.rto_initiated_at is not null) as rto,
             avg(extract(epoch from s.delivered_at - s.booked_at) / 86400)
               filter (where s.status = 'DLV' and s.delivered_at is not null) as avg_days
      from (${liveShipments(orgId, span)}) s
      group by s.carrier_code, s.zone order by s.carrier_code, s.zone`,
  );
  return {
    fromDate: span.fromDate,
    toDate: span.toDate,
    rows: rows.map((r) => ({
      carrierCode: r.carrier_code,
      carrierName: carrierName(r.carrier_code),
      zone: r.zone,
      shipments: num(r.shipments),
      delivered: num(r.delivered),
      deliveredPercent: percentOf(num(r.delivered), num(r.shipments)),
      rtoPercent: percentOf(num(r.rto), num(r.shipments)),
      avgDeliveryDays: days(r.avg_days),
    })),
  };
}

async function readTop(db: Db, orgId: number, span: Span): Promise<DashboardTop> {
  const orders = periodOrders(orgId, span);
  const [products, states, cities, channels, carriers] = [
    // one after another: they share the transaction's connection
    await queryRows<{ name: string; sku: string; units: unknown; orders: unknown }>(db, topProductsQuery(orgId, span)),
    await queryRows<{ name: string; orders: unknown }>(
      db,
      sql`select o.shipping->>'state' as name, count(*) as orders from (${orders}) o
          group by 1 order by orders desc, name limit ${TOP_LIMIT}`,
    ),
    await queryRows<{ name: string; state: string; orders: unknown }>(
      db,
      sql`select o.shipping->>'city' as name, o.shipping->>'state' as state, count(*) as orders from (${orders}) o
          group by 1, 2 order by orders desc, name, state limit ${TOP_LIMIT}`,
    ),
    await queryRows<{ name: string; orders: unknown; revenue: unknown }>(
      db,
      sql`select o.channel as name, count(*) as orders, sum(o.total_paise) as revenue from (${orders}) o
          group by 1 order by orders desc, name limit ${TOP_LIMIT}`,
    ),
    await queryRows<{ code: string; shipments: unknown; delivered: unknown }>(
      db,
      sql`select s.carrier_code as code, count(*) as shipments, count(*) filter (where s.status = 'DLV') as delivered
          from (${liveShipments(orgId, span)}) s
          group by 1 order by shipments desc, code limit ${TOP_LIMIT}`,
    ),
  ];
  return {
    fromDate: span.fromDate,
    toDate: span.toDate,
    products: products.map((p) => ({ name: p.name, sku: p.sku, units: num(p.units), orders: num(p.orders) })),
    states: states.map((s) => ({ name: s.name, orders: num(s.orders) })),
    cities: cities.map((c) => ({ name: c.name, state: c.state, orders: num(c.orders) })),
    channels: channels.map((c) => ({ name: c.name, orders: num(c.orders), revenuePaise: num(c.revenue) })),
    carriers: carriers.map((c) => ({
      code: c.code,
      name: carrierName(c.code),
      shipments: num(c.shipments),
      deliveredPercent: percentOf(num(c.delivered), num(c.shipments)),
    })),
  };
}

async function readHomeStats(db: Db, orgId: number, now: Date): Promise<HomeStats> {
  const span = spanOf({ period: 'today' }, now);
  const [r] = await queryRows<Record<string, unknown>>(
    db,
    sql`select (select count(*) from (${periodOrders(orgId, span)}) o) as orders_today,
               (select count(*) from (${liveShipments(orgId, span)}) s) as shipments_today,
               (select count(*) from orders where org_id = ${orgId} and status = 'RTS' and order_type = ${ORDER_TYPE.FORWARD}
                  and not archived) as ready,
               (select count(*) from orders where org_id = ${orgId} and status = 'NDR') as ndr`,
  );
  return {
    ordersToday: num(r.orders_today),
    shipmentsToday: num(r.shipments_today),
    readyToShip: num(r.ready),
    openNdr: num(r.ndr),
  };
}

/** The dashboard's reads, each in one transaction with JIT off (withoutJit). */
export const summary = (db: Db, orgId: number, span: Span): Promise<DashboardSummary> =>
  withoutJit(db, (tx) => readSummary(tx, orgId, span));
export const money = (db: Db, orgId: number, span: Span): Promise<DashboardMoney> =>
  withoutJit(db, (tx) => readMoney(tx, orgId, span));
export const couriers = (db: Db, orgId: number, span: Span): Promise<CourierPerformance> =>
  withoutJit(db, (tx) => readCouriers(tx, orgId, span));
export const top = (db: Db, orgId: number, span: Span): Promise<DashboardTop> =>
  withoutJit(db, (tx) => readTop(tx, orgId, span));
export const codVerification = (db: Db, orgId: number, span: Span): Promise<CodVerificationFigures> =>
  withoutJit(db, (tx) => readCodVerificationFigures(tx, orgId, span));
export const homeStats = (db: Db, orgId: number, now: Date = new Date()): Promise<HomeStats> =>
  withoutJit(db, (tx) => readHomeStats(tx, orgId, now));
