import type { RiskBand } from '../../../src/domain/risk/bands';
import { and, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { normalisePhone } from '../../../src/domain/schemas/fields';
import type { Paged } from '../../../src/domain/paging';
import { ORDER_SORT, type OrderRow } from '../../../src/domain/orders-contract';
import { toOrderRow } from './views';
import { orderSearch } from './search';
import { seesBuyerContact } from '../auth/standing';
import { withBuyerContact } from '../../../src/domain/buyer-contact';
import { ORDER_TYPE } from '../../../src/domain/order-type';

// The order list and its filters (spec section 3, "Order list filters"). Dates are IST days.
// Every filter is a plain indexed predicate on the seller's rows.

/** lists count exactly up to this many matching orders, then say "10,000+" */
export const COUNT_CAP = 10_000;
/**
 * a search counts no further than this ("200+ orders"): a search is for finding orders, and
 * counting a common name part ("sharma") to 10,000 means reading 100,000 index entries
 */
export const SEARCH_COUNT_CAP = 200;

export interface OrderListQuery {
  pageNumber: number;
  recordsPerPage: number;
  searchPattern?: string;
  orderStatusCodes?: string[];
  orderSourcesFilter?: string[];
  orderFulfillmentTypeFilter?: string[];
  orderPaymentMethodFilter?: string[];
  /** COD verification states (PENDING, CONFIRMED, …) */
  codVerificationFilter?: string[];
  riskBandFilter?: string[];
  orderCarrierCodesFilter?: string[];
  inTransitStatusFilter?: string[];
  shipmentBookedFrom?: string;
  shipmentBookedTo?: string;
  orderBookedFrom?: string;
  orderBookedTo?: string;
  rtoDate?: string;
  /** orders of one CSV upload */
  batchId?: number;
  customerPhone?: string;
  customerName?: string;
  archived: boolean;
  sortBy: (typeof ORDER_SORT)[number];
  sortOrder: 'ASC' | 'DESC';
}

const istDay = (day: string) => sql`(${day}::date)::timestamp at time zone 'Asia/Kolkata'`;
const istNextDay = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'Asia/Kolkata')`;
const escapeLike = (t: string) => t.replace(/[\\%_]/g, (c) => `\\${c}`);

export function orderFilters(orgId: number, q: OrderListQuery): SQL {
  // returns are orders of their own type, listed by the returns area
  const parts: (SQL | undefined)[] = [
    eq(orders.orgId, orgId),
    eq(orders.archived, q.archived),
    eq(orders.orderType, ORDER_TYPE.FORWARD),
  ];
  if (q.orderStatusCodes?.length) parts.push(inArray(orders.status, q.orderStatusCodes));
  if (q.orderSourcesFilter?.length) parts.push(inArray(orders.channel, q.orderSourcesFilter));
  if (q.orderFulfillmentTypeFilter?.length) parts.push(inArray(orders.fulfilment, q.orderFulfillmentTypeFilter));
  if (q.orderPaymentMethodFilter?.length) parts.push(inArray(orders.paymentMethod, q.orderPaymentMethodFilter));
  if (q.codVerificationFilter?.length) parts.push(inArray(orders.codVerification, q.codVerificationFilter));
  if (q.riskBandFilter?.length) parts.push(inArray(orders.riskBand, q.riskBandFilter as RiskBand[]));
  if (q.orderCarrierCodesFilter?.length) parts.push(inArray(orders.carrierCode, q.orderCarrierCodesFilter));
  if (q.inTransitStatusFilter?.length) parts.push(inArray(orders.inTransitStatus, q.inTransitStatusFilter));
  if (q.orderBookedFrom) parts.push(gte(orders.orderDate, q.orderBookedFrom));
  if (q.orderBookedTo) parts.push(sql`${orders.orderDate} <= ${q.orderBookedTo}::date`);
  if (q.shipmentBookedFrom) parts.push(gte(orders.shipmentBookedAt, istDay(q.shipmentBookedFrom)));
  if (q.shipmentBookedTo) parts.push(lt(orders.shipmentBookedAt, istNextDay(q.shipmentBookedTo)));
  if (q.rtoDate) parts.push(and(gte(orders.rtoAt, istDay(q.rtoDate)), lt(orders.rtoAt, istNextDay(q.rtoDate))));
  if (q.batchId) parts.push(eq(orders.uploadBatchId, q.batchId));
  if (q.customerPhone) parts.push(eq(orders.buyerPhone, normalisePhone(q.customerPhone)));
  if (q.customerName)
    parts.push(sql`lower(${orders.buyerName}) like ${`${escapeLike(q.customerName.toLowerCase())}%`}`);
  if (q.searchPattern) parts.push(orderSearch(q.searchPattern));
  return and(...parts)!;
}

/** How many match, counting no further than cap + 1, along the list's own index order. */
export function countQuery(where: SQL, cap = COUNT_CAP): SQL {
  return sql`select count(*)::int as n from (select 1 from ${orders} where ${where} order by ${orders.createdAt} desc, ${orders.id} desc limit ${cap + 1}) capped`;
}

/** A page of orders as the caller may read it (buyer phone masked without "see buyer contact details"). */
export async function listOrders(
  db: Db,
  caller: { orgId: number; accountId: number },
  q: OrderListQuery,
): Promise<Paged<OrderRow>> {
  const orgId = caller.orgId;
  const seesContact = await seesBuyerContact(db, caller);
  const where = orderFilters(orgId, q);
  const column = {
    createdAt: orders.createdAt,
    orderDate: orders.orderDate,
    total: orders.totalPaise,
    orderNumber: sql`lower(${orders.orderNumber})`,
  }[q.sortBy];
  const direction = q.sortOrder === 'DESC' ? sql`desc` : sql`asc`;
  // counting stops past the cap: an exact count of 300,000 rows costs more than the page itself
  const cap = q.searchPattern ? SEARCH_COUNT_CAP : COUNT_CAP;
  const [{ n }] = await queryRows<{ n: number }>(db, countQuery(where, cap));
  const total = Math.min(n, cap);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(sql`${column} ${direction}`, sql`${orders.id} ${direction}`)
    .limit(q.recordsPerPage)
    .offset(q.pageNumber * q.recordsPerPage);
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db
        .select({ orderId: orderItems.orderId, n: sql<number>`sum(${orderItems.quantity})::int` })
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .groupBy(orderItems.orderId)
    : [];
  const itemCount = new Map(counts.map((c) => [c.orderId, c.n]));
  return {
    items: rows.map((r) => withBuyerContact(toOrderRow(r, itemCount.get(r.id) ?? 0), seesContact)),
    total,
    totalCapped: n > cap,
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
  };
}

/** Orders per status for the tabs (not archived). */
export async function statusCounts(db: Db, orgId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(and(eq(orders.orgId, orgId), eq(orders.archived, false), eq(orders.orderType, ORDER_TYPE.FORWARD)))
    .groupBy(orders.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}
