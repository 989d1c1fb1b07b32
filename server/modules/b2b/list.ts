import { and, count, desc, eq, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { b2bOrders, b2bWarehouses, orders } from '../../db/schema';
import { containsPattern } from '../../http/paging';
import { ORDER_TYPE } from '../../../src/domain/order-type';
import { statusText, type ForwardStatus } from '../../../src/domain/order-status';
import type { B2bOrderSource, FreightCarrierCode } from '../../../src/domain/b2b/order-facts';
import type { B2bOrderRow } from '../../../src/domain/b2b-contract';
import type { Paged } from '../../../src/domain/paging';

// The B2B list: the seller's orders of type B2B, newest first, with the orders list's filters
// (status, channel without API, carrier, the days ordered) and a search over the order number,
// the LR number and the consignee's name.

export interface B2bListQuery {
  pageNumber: number;
  recordsPerPage: number;
  searchPattern?: string;
  orderStatusCodes?: ForwardStatus[];
  orderSourcesFilter?: B2bOrderSource[];
  orderCarrierCodesFilter?: FreightCarrierCode[];
  orderBookedFrom?: string;
  orderBookedTo?: string;
}

const boxCount = sql<number>`(select coalesce(sum(b.count), 0)::int from b2b_boxes b where b.order_id = ${orders.id})`;
const invoiceCount = sql<number>`(select count(*)::int from b2b_invoices i where i.order_id = ${orders.id})`;

export async function listB2bOrders(db: Db, orgId: number, q: B2bListQuery): Promise<Paged<B2bOrderRow>> {
  const like = q.searchPattern ? containsPattern(q.searchPattern) : null;
  const where = and(
    eq(orders.orgId, orgId),
    eq(orders.orderType, ORDER_TYPE.B2B),
    q.orderStatusCodes?.length ? inArray(orders.status, q.orderStatusCodes) : undefined,
    q.orderSourcesFilter?.length ? inArray(orders.channel, q.orderSourcesFilter) : undefined,
    q.orderCarrierCodesFilter?.length ? inArray(b2bOrders.carrierCode, q.orderCarrierCodesFilter) : undefined,
    q.orderBookedFrom ? gte(orders.orderDate, q.orderBookedFrom) : undefined,
    q.orderBookedTo ? lte(orders.orderDate, q.orderBookedTo) : undefined,
    like
      ? or(ilike(orders.orderNumber, like), ilike(b2bOrders.lrNumber, like), ilike(b2bOrders.consigneeName, like))
      : undefined,
  );
  const [{ total }] = await db
    .select({ total: count() })
    .from(orders)
    .innerJoin(b2bOrders, eq(b2bOrders.orderId, orders.id))
    .where(where);
  const rows = await db
    .select({
      o: orders,
      f: b2bOrders,
      originName: b2bWarehouses.name,
      boxCount,
      invoiceCount,
    })
    .from(orders)
    .innerJoin(b2bOrders, eq(b2bOrders.orderId, orders.id))
    .innerJoin(b2bWarehouses, eq(b2bWarehouses.id, b2bOrders.originWarehouseId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(q.recordsPerPage)
    .offset(q.pageNumber * q.recordsPerPage);
  return {
    items: rows.map(({ o, f, originName, boxCount, invoiceCount }) => ({
      orderId: o.id,
      orderNumber: o.orderNumber,
      status: o.status as ForwardStatus,
      statusText: statusText(o.status),
      channel: o.channel as B2bOrderSource,
      consigneeName: f.consigneeName,
      consigneeCity: f.consigneeAddress.city,
      consigneeState: f.consigneeAddress.state,
      consigneePincode: f.consigneeAddress.pincode,
      originWarehouseId: f.originWarehouseId,
      originWarehouseName: originName,
      boxCount,
      invoiceCount,
      invoiceValuePaise: o.totalPaise,
      freightPayer: f.freightPayer,
      bookingState: f.bookingState,
      carrierCode: f.carrierCode,
      lrNumber: f.lrNumber,
      createdAt: o.createdAt.toISOString(),
    })),
    total,
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
  };
}
