import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { OrderStatusEvent } from '../../../src/domain/live-events-contract';
import { BUYER_TITLES } from '../../../src/domain/order-status';
import { TRACKING_REF } from '../../../src/domain/schemas/tracking';
import { lookupOrderId } from '../tracking/public-tracking';
import type { OrderStream } from './stream';

// Who may watch which order's stream: a seller their organisation's orders, staff any order, a
// buyer the order of a tracking number, seeing what the tracking page shows.

async function orderStatus(db: Db, orderId: number, orgId?: number): Promise<OrderStream> {
  const [o] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(orgId === undefined ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.orgId, orgId)));
  if (!o) throw notFound('No such order');
  return { orderIds: [o.id], status: o.status };
}

/** A page of the seller's orders (another seller's ids are left out, as if not asked for). */
export async function sellerListStream(db: Db, orgId: number, orderIds: readonly number[]): Promise<OrderStream> {
  const mine = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.orgId, orgId), inArray(orders.id, [...orderIds])));
  if (!mine.length) throw notFound('No such orders');
  return { orderIds: mine.map((o) => o.id), status: null };
}

export const sellerOrderStream = (db: Db, orgId: number, orderId: number) => orderStatus(db, orderId, orgId);

export const staffOrderStream = (db: Db, orderId: number) => orderStatus(db, orderId);

/** The buyer's words for a status, and none of the seller's remarks. */
export function buyerView(e: OrderStatusEvent): OrderStatusEvent {
  return { ...e, statusText: BUYER_TITLES[e.status as keyof typeof BUYER_TITLES] ?? e.statusText, remark: null };
}

export async function trackingStream(db: Db, trackingRef: string): Promise<OrderStream> {
  // a malformed reference is answered like an unknown one
  const found = TRACKING_REF.test(trackingRef) ? await lookupOrderId(db, trackingRef) : { orderId: 0 };
  if (!found.orderId) throw notFound('No shipment with that tracking number');
  return { ...(await orderStatus(db, found.orderId)), view: buyerView };
}
