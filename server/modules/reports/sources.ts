import { and, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { orders, shipments } from '../../db/schema';
import { queryRows } from '../../db/rows';
import { withBuyerContact } from '../../../src/domain/buyer-contact';
import type { OrderRow } from '../../../src/domain/orders-contract';
import type { ReportFilters } from '../../../src/domain/reports-contract';
import type { ReportType } from '../../../src/domain/reports';
import { NDR_TAB_CODES, type RtoTab } from '../../../src/domain/ndr-contract';
import { orderFilters, type OrderListQuery } from '../orders/list';
import { toOrderRow } from '../orders/views';
import { seesBuyerContact } from '../auth/standing';
import { ndrList, rtoList } from '../ndr/list';
import { listReturns } from '../returns/service';
import { walletHistory } from '../wallet/history';
import { sellerDiscrepancies } from '../weight/service';
import { statementLines } from '../cod/service';
import { pincodePerformance, type PerformanceQuery } from '../quality/pincode-performance';
import { cellsOf, type ReportCell, type ReportColumn } from './columns';
import type { FileColumn } from './file-writer';
import {
  COD_COLUMNS,
  COURIER_COLUMNS,
  NDR_COLUMNS,
  ORDER_COLUMNS,
  PINCODE_COLUMNS,
  RETURN_COLUMNS,
  RTO_COLUMNS,
  SHIPMENT_COLUMNS,
  WALLET_COLUMNS,
  WEIGHT_COLUMNS,
  type CourierLine,
  type ShipmentCharges,
  type ShipmentLine,
} from './report-columns';

// Where each report's rows come from: the list it mirrors, read with that list's own query,
// filters and row shape, a batch at a time, so a report has exactly the list's rows and never
// holds more than one batch in memory; its columns are the report's own (report-columns.ts). Orders and shipments (the large ones) page by key along
// the list's own index; the smaller lists page through their list function.

export interface ReportScope {
  orgId: number;
  /** whose eyes the report is for (buyer contact details follow that login's role) */
  accountId: number | null;
}

export interface ReportQuery {
  fromDate: string;
  toDate: string;
  filters: ReportFilters;
}

export interface ReportSource {
  columns: FileColumn[];
  /** rows the report will have (null when the list cannot say cheaply): the progress's 100% */
  count(deps: AppDeps, scope: ReportScope, q: ReportQuery): Promise<number | null>;
  batches(deps: AppDeps, scope: ReportScope, q: ReportQuery): AsyncIterable<ReportCell[][]>;
}

/** rows per batch read from the database */
export const BATCH_ROWS = 5_000;
const LIST_PAGE = 500;

const cells = cellsOf;
const headerOf = <T>(columns: ReportColumn<T>[]): FileColumn[] => columns.map(({ label, kind }) => ({ label, kind }));

/** Every page of a paged list, until a short page. */
async function* everyPage<T>(read: (pageNumber: number, size: number) => Promise<T[]>): AsyncIterable<T[]> {
  for (let page = 0; ; page++) {
    const items = await read(page, LIST_PAGE);
    if (items.length) yield items;
    if (items.length < LIST_PAGE) return;
  }
}

/** The orders list's query for a report: the period on order date or on shipment booked date. */
function ordersQuery(q: ReportQuery, on: 'orderDate' | 'shipmentBooked'): OrderListQuery {
  const f = q.filters;
  return {
    pageNumber: 0,
    recordsPerPage: BATCH_ROWS,
    archived: false,
    sortBy: 'createdAt',
    sortOrder: 'DESC',
    orderStatusCodes: f.status ? [f.status] : undefined,
    orderCarrierCodesFilter: f.carrierCode ? [f.carrierCode] : undefined,
    orderPaymentMethodFilter: f.paymentMethod ? [f.paymentMethod] : undefined,
    ...(on === 'orderDate'
      ? { orderBookedFrom: q.fromDate, orderBookedTo: q.toDate }
      : { shipmentBookedFrom: q.fromDate, shipmentBookedTo: q.toDate }),
  };
}

/**
 * Orders as the list shows them (newest first), a batch at a time: each batch starts after the
 * last one's (created_at, id), read from the row itself so no timestamp precision is lost.
 */
async function* orderRows(db: Db, scope: ReportScope, query: OrderListQuery): AsyncIterable<OrderRow[]> {
  const seesContact = await seesBuyerContact(db, { accountId: scope.accountId ?? 0 });
  const where = orderFilters(scope.orgId, query);
  let lastId: number | null = null;
  for (;;) {
    const after: SQL | undefined =
      lastId === null
        ? where
        : and(
            where,
            sql`(${orders.createdAt}, ${orders.id}) < (select k.created_at, k.id from ${orders} k where k.id = ${lastId})`,
          );
    // every column the list's row reads; the billing and pickup addresses are not among them
    type Order = typeof orders.$inferSelect;
    const rows: Order[] = await db
      .select({
        ...getTableColumns(orders),
        billing: sql<Order['billing']>`null`,
        pickup: sql<Order['pickup']>`null`,
      })
      .from(orders)
      .where(after)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(BATCH_ROWS);
    // the file's columns need no item counts
    if (rows.length) yield rows.map((r) => withBuyerContact(toOrderRow(r, 0), seesContact));
    if (rows.length < BATCH_ROWS) return;
    lastId = rows[rows.length - 1].id;
  }
}

async function orderCount(db: Db, orgId: number, query: OrderListQuery): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(orders).where(orderFilters(orgId, query));
  return Number(n);
}

function ordersSource<T>(
  on: 'orderDate' | 'shipmentBooked',
  columns: ReportColumn<T>[],
  lines: (db: Db, rows: OrderRow[]) => Promise<T[]>,
): ReportSource {
  return {
    columns: headerOf(columns),
    count: (deps, scope, q) => orderCount(deps.db, scope.orgId, ordersQuery(q, on)),
    async *batches(deps, scope, q) {
      for await (const rows of orderRows(deps.db, scope, ordersQuery(q, on)))
        yield cells(columns, await lines(deps.db, rows));
    },
  };
}

/** Each order of a batch with what its live shipment (the one behind its AWB) cost: one query a batch. */
async function withCharges(db: Db, rows: OrderRow[]): Promise<ShipmentLine[]> {
  const awbs = rows.flatMap((r) => (r.awb ? [r.awb] : []));
  const found = awbs.length
    ? await db
        .select({
          awb: shipments.awb,
          bookedAt: shipments.bookedAt,
          deliveredAt: shipments.deliveredAt,
          zone: shipments.zone,
          freightPaise: shipments.freightPaise,
          codChargePaise: shipments.codChargePaise,
          rtoChargePaise: shipments.rtoChargePaise,
          gstPaise: shipments.gstPaise,
          totalPaise: shipments.totalPaise,
        })
        .from(shipments)
        .where(and(inArray(shipments.awb, awbs), eq(shipments.state, 'BOOKED')))
    : [];
  const byAwb = new Map<string, ShipmentCharges>(found.map((f) => [f.awb, f]));
  return rows.map((r) => ({ ...r, charges: (r.awb && byAwb.get(r.awb)) || null }));
}

const RTO_TABS_IN_ORDER: RtoTab[] = ['INITIATED', 'IN_TRANSIT', 'DELIVERED'];

const viewer = (scope: ReportScope) => ({ orgId: scope.orgId, accountId: scope.accountId ?? 0 });
const ndrFilters = (q: ReportQuery) => ({
  carrierCode: q.filters.carrierCode,
  paymentMethod: q.filters.paymentMethod,
  fromDate: q.fromDate,
  toDate: q.toDate,
  sortBy: 'raisedAt' as const,
  sortOrder: 'DESC' as const,
});
const returnFilters = (q: ReportQuery) => ({
  tab: 'ALL' as const,
  fromDate: q.fromDate,
  toDate: q.toDate,
  carrierCode: q.filters.carrierCode,
  sortBy: 'createdAt' as const,
  sortOrder: 'DESC' as const,
});
const weightFilters = (q: ReportQuery) => ({
  carrierCode: q.filters.carrierCode,
  fromDate: q.fromDate,
  toDate: q.toDate,
});

/** The pincode performance page's query for a report: by pincode, the busiest first, as the page opens. */
const pincodeQuery = (q: ReportQuery): PerformanceQuery => ({
  fromDate: q.fromDate,
  toDate: q.toDate,
  carrierCode: q.filters.carrierCode as PerformanceQuery['carrierCode'],
  paymentMethod: q.filters.paymentMethod as PerformanceQuery['paymentMethod'],
  groupBy: 'PINCODE',
  sortBy: 'shipments',
  sortOrder: 'DESC',
});

/** Shipments booked in the period (not cancelled), by courier. */
function courierLines(db: Db, scope: ReportScope, q: ReportQuery) {
  return queryRows<CourierLine>(
    db,
    sql`select s.carrier_code, count(*)::int as shipments,
               count(*) filter (where s.delivered_at is not null)::int as delivered,
               count(*) filter (where s.ndr_attempts > 0)::int as ndr,
               count(*) filter (where s.rto_stage is not null)::int as rto,
               round(avg(extract(epoch from (s.delivered_at - coalesce(s.pickup_at, s.booked_at))) / 86400)::numeric, 1)::text as avg_days,
               coalesce(sum(s.total_paise), 0)::text as freight_paise
        from shipments s join ${orders} o on o.id = s.order_id
        where s.org_id = ${scope.orgId} and s.cancelled_at is null
          and s.booked_at >= (${q.fromDate}::date)::timestamp at time zone 'Asia/Kolkata'
          and s.booked_at < ((${q.toDate}::date + 1)::timestamp at time zone 'Asia/Kolkata')
          ${q.filters.paymentMethod ? sql`and o.payment_method = ${q.filters.paymentMethod}` : sql``}
        group by s.carrier_code order by count(*) desc, s.carrier_code`,
  );
}

/**
 * A report over a paged list that counts its rows: the count is its first page's total, the
 * rows every page of it in the list's own order.
 */
function pagedSource<T>(
  columns: ReportColumn<T>[],
  read: (
    deps: AppDeps,
    scope: ReportScope,
    q: ReportQuery,
    page: { pageNumber: number; recordsPerPage: number },
  ) => Promise<{ items: T[]; total: number }>,
): ReportSource {
  return {
    columns: headerOf(columns),
    count: async (deps, scope, q) => (await read(deps, scope, q, { pageNumber: 0, recordsPerPage: 1 })).total,
    async *batches(deps, scope, q) {
      for await (const items of everyPage(
        async (pageNumber, recordsPerPage) => (await read(deps, scope, q, { pageNumber, recordsPerPage })).items,
      ))
        yield cells(columns, items);
    },
  };
}

export const REPORT_SOURCES: Record<ReportType, ReportSource> = {
  ORDERS: ordersSource('orderDate', ORDER_COLUMNS, async (_db, rows) => rows),
  SHIPMENTS: ordersSource('shipmentBooked', SHIPMENT_COLUMNS, withCharges),
  NDR: {
    columns: headerOf(NDR_COLUMNS),
    async count(deps, scope, q) {
      const first = await ndrList(deps, viewer(scope), {
        ...ndrFilters(q),
        tab: 'ACTION_REQUIRED',
        pageNumber: 0,
        recordsPerPage: 1,
      });
      return Object.values(first.counts).reduce((a, b) => a + b, 0);
    },
    async *batches(deps, scope, q) {
      for (const tab of NDR_TAB_CODES)
        for await (const items of everyPage(
          async (pageNumber, recordsPerPage) =>
            (await ndrList(deps, viewer(scope), { ...ndrFilters(q), tab, pageNumber, recordsPerPage })).items,
        ))
          yield cells(NDR_COLUMNS, items);
    },
  },
  RTO: {
    columns: headerOf(RTO_COLUMNS),
    async count(deps, scope, q) {
      const f = { carrierCode: q.filters.carrierCode, fromDate: q.fromDate, toDate: q.toDate };
      const first = await rtoList(deps, scope.orgId, { ...f, tab: 'INITIATED', pageNumber: 0, recordsPerPage: 1 });
      return Object.values(first.counts).reduce((a, b) => a + b, 0);
    },
    async *batches(deps, scope, q) {
      const f = { carrierCode: q.filters.carrierCode, fromDate: q.fromDate, toDate: q.toDate };
      for (const tab of RTO_TABS_IN_ORDER)
        for await (const items of everyPage(
          async (pageNumber, recordsPerPage) =>
            (await rtoList(deps, scope.orgId, { ...f, tab, pageNumber, recordsPerPage })).items,
        ))
          yield cells(RTO_COLUMNS, items);
    },
  },
  RETURNS: pagedSource(RETURN_COLUMNS, (deps, scope, q, page) =>
    listReturns(deps.db, scope.orgId, { ...returnFilters(q), ...page }),
  ),
  COD_REMITTANCE: {
    columns: headerOf(COD_COLUMNS),
    count: async () => null,
    async *batches(deps, scope, q) {
      for await (const lines of everyPage((page, size) =>
        statementLines(
          deps.db,
          scope.orgId,
          { fromDate: q.fromDate, toDate: q.toDate },
          { offset: page * size, limit: size },
        ),
      ))
        yield cells(COD_COLUMNS, lines);
    },
  },
  WALLET: pagedSource(WALLET_COLUMNS, (deps, scope, q, page) =>
    walletHistory(deps.db, scope.orgId, { fromDate: q.fromDate, toDate: q.toDate, ...page }),
  ),
  WEIGHT_DISCREPANCIES: pagedSource(WEIGHT_COLUMNS, (deps, scope, q, page) =>
    sellerDiscrepancies(deps.db, scope.orgId, { ...weightFilters(q), ...page }),
  ),
  COURIER_PERFORMANCE: {
    columns: headerOf(COURIER_COLUMNS),
    count: async (deps, scope, q) => (await courierLines(deps.db, scope, q)).length,
    async *batches(deps, scope, q) {
      yield cells(COURIER_COLUMNS, await courierLines(deps.db, scope, q));
    },
  },
  PINCODE_PERFORMANCE: pagedSource(PINCODE_COLUMNS, (deps, scope, q, page) =>
    pincodePerformance(deps.db, scope.orgId, pincodeQuery(q), deps.now(), page),
  ),
};
