import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { addDays, daysBetween, percentOf, periodDays } from '../../../src/domain/dashboard-period';
import { carrierName } from '../../../src/domain/shipping/carriers';
import {
  TOP_LIMIT,
  type CourierPerformance,
  type DashboardMoney,
  type DashboardSummary,
  type DashboardTop,
  type HomeStats,
} from '../../../src/domain/dashboard-contract';
import type { DashboardQueryInput } from '../../../src/domain/schemas/dashboard';

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
/** days with one decimal, or null */
const days = (x: unknown) => (x === null || x === undefined ? null : Math.round(Number(x) * 10) / 10);

/** The period's live shipments of forward orders, with each order's status: the base of the rates. */
const liveShipments = (orgId: number, span: Span) => sql`
  select s.id, s.carrier_code, s.zone, s.total_paise, s.booked_at, s.delivered_at, s.ndr_attempts,
         s.rto_initiated_at, o.status, o.payment_method, o.cod_amount_paise
  from shipments s join orders o on o.id = s.order_id
  where s.org_id = ${orgId} and s.state = 'BOOKED' and o.order_type = 'FORWARD'
    and s.booked_at >= ${span.from} and s.booked_at < ${span.to}`;

const periodOrders = (orgId: number, span: Span) => sql`
  select o.id, o.created_at, o.channel, o.total_paise, o.shipping
  from orders o
  where o.org_id = ${orgId} and o.order_type = 'FORWARD' and o.created_at >= ${span.from} and o.created_at < ${span.to}`;

export async function summary(db: Db, orgId: number, span: Span): Promise<DashboardSummary> {
  const [totals] = await queryRows<Record<string, unknown>>(
    db,
    sql`with s as (${liveShipments(orgId, span)})
      select (select count(*) from (${periodOrders(orgId, span)}) o) as orders,
             count(*) as shipments,
             count(*) filter (where s.status = 'DLV') as delivered,
             count(*) filter (where s.ndr_attempts > 0) as ndr,
             count(*) filter (where s.rto_initiated_at is not null) as rto,
             avg(extract(epoch from s.delivered_at - s.booked_at) / 86400)
               filter (where s.status = 'DLV' and s.delivered_at is not null) as avg_days
      from s`,
  );
  const perDay = await queryRows<{ day: string; orders: unknown; shipments: unknown }>(
    db,
    sql`select day, sum(orders) as orders, sum(shipments) as shipments from (
          select to_char(o.created_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as day, 1 as orders, 0 as shipments
          from (${periodOrders(orgId, span)}) o
          union all
          select to_char(s.booked_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD'), 0, 1
          from (${liveShipments(orgId, span)}) s
        ) d group by day`,
  );
  const byDayMap = new Map(perDay.map((r) => [r.day, r]));
  const byDay = Array.from({ length: daysBetween(span.fromDate, span.toDate) }, (_, i) => {
    const day = addDays(span.fromDate, i);
    const r = byDayMap.get(day);
    return { day, orders: num(r?.orders), shipments: num(r?.shipments) };
  });
  const shipments = num(totals.shipments);
  return {
    fromDate: span.fromDate,
    toDate: span.toDate,
    orders: num(totals.orders),
    shipments,
    delivered: num(totals.delivered),
    deliveredPercent: percentOf(num(totals.delivered), shipments),
    ndr: num(totals.ndr),
    ndrPercent: percentOf(num(totals.ndr), shipments),
    rto: num(totals.rto),
    rtoPercent: percentOf(num(totals.rto), shipments),
    avgDeliveryDays: days(totals.avg_days),
    byDay,
  };
}

export async function money(db: Db, orgId: number, span: Span): Promise<DashboardMoney> {
  const [r] = await queryRows<Record<string, unknown>>(
    db,
    sql`with s as (${liveShipments(orgId, span)}),
        paid as (
          select l.shipment_id from cod_payout_lines l join cod_payouts p on p.id = l.payout_id
          where l.org_id = ${orgId} and l.kind = 'SHIPMENT' and p.status = 'PAID'
            and l.shipment_id in (select id from s))
      select coalesce(sum(s.total_paise), 0) as freight,
             coalesce(sum(s.cod_amount_paise) filter (
               where s.payment_method = 'COD' and s.status = 'DLV' and s.id in (select shipment_id from paid)), 0) as cod_paid,
             coalesce(sum(s.cod_amount_paise) filter (
               where s.payment_method = 'COD' and s.status = 'DLV' and s.id not in (select shipment_id from paid)), 0) as cod_pending
      from s`,
  );
  return {
    fromDate: span.fromDate,
    toDate: span.toDate,
    codPendingPaise: num(r.cod_pending),
    codPaidPaise: num(r.cod_paid),
    freightPaise: num(r.freight),
  };
}

export async function couriers(db: Db, orgId: number, span: Span): Promise<CourierPerformance> {
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

export async function top(db: Db, orgId: number, span: Span): Promise<DashboardTop> {
  const orders = periodOrders(orgId, span);
  const [products, states, cities, channels, carriers] = await Promise.all([
    queryRows<{ name: string; sku: string; units: unknown; orders: unknown }>(
      db,
      sql`select min(i.name) as name, i.sku, sum(i.quantity) as units, count(distinct i.order_id) as orders
          from (${orders}) o join order_items i on i.order_id = o.id
          group by i.sku order by units desc, orders desc, i.sku limit ${TOP_LIMIT}`,
    ),
    queryRows<{ name: string; orders: unknown }>(
      db,
      sql`select o.shipping->>'state' as name, count(*) as orders from (${orders}) o
          group by 1 order by orders desc, name limit ${TOP_LIMIT}`,
    ),
    queryRows<{ name: string; state: string; orders: unknown }>(
      db,
      sql`select o.shipping->>'city' as name, o.shipping->>'state' as state, count(*) as orders from (${orders}) o
          group by 1, 2 order by orders desc, name, state limit ${TOP_LIMIT}`,
    ),
    queryRows<{ name: string; orders: unknown; revenue: unknown }>(
      db,
      sql`select o.channel as name, count(*) as orders, sum(o.total_paise) as revenue from (${orders}) o
          group by 1 order by orders desc, name limit ${TOP_LIMIT}`,
    ),
    queryRows<{ code: string; shipments: unknown; delivered: unknown }>(
      db,
      sql`select s.carrier_code as code, count(*) as shipments, count(*) filter (where s.status = 'DLV') as delivered
          from (${liveShipments(orgId, span)}) s
          group by 1 order by shipments desc, code limit ${TOP_LIMIT}`,
    ),
  ]);
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

export async function homeStats(db: Db, orgId: number, now: Date = new Date()): Promise<HomeStats> {
  const span = spanOf({ period: 'today' }, now);
  const [r] = await queryRows<Record<string, unknown>>(
    db,
    sql`select (select count(*) from (${periodOrders(orgId, span)}) o) as orders_today,
               (select count(*) from (${liveShipments(orgId, span)}) s) as shipments_today,
               (select count(*) from orders where org_id = ${orgId} and status = 'RTS' and order_type = 'FORWARD'
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
