import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { unnestSelect } from '../../db/unnest';
import { orderEvents, orders } from '../../db/schema/index';
import { conflict } from '../../http/errors';
import { orderMoved, type MovedOrder } from './moved';
import { canMoveStatus, type OrderStatus } from '../../../src/domain/order-status';
import { ORDER_TYPE } from '../../../src/domain/order-type';

// The one gate for an order's status: every change is checked against the transition table
// (src/domain/order-status.ts: a forward order's table, or a return's) and written with its order event in the caller's transaction.
// No other file under server/ sets orders.status (tests/server/status-gate.test.ts checks).

type Order = typeof orders.$inferSelect;

/**
 * An order that travels as many pieces: a split order's packages, or a B2B consignment's boxes.
 * Its status may also take the partial steps (Partially Delivered while pieces are still to come).
 */
const inPieces = (o: Order) => o.splitMode !== null || o.orderType === ORDER_TYPE.B2B;
/** Columns that change together with the status (the AWB a booking brings, the time of an RTO, …). */
type WithStatus = Partial<Omit<typeof orders.$inferInsert, 'id' | 'orgId' | 'status' | 'updatedAt'>>;

export interface Transition {
  /** When the change is written (updatedAt). */
  now: Date;
  /** When the event happened, if not now (a courier's scan time). */
  at?: Date;
  accountId?: number | null;
  note?: string;
  also?: WithStatus;
}

/** Moves `order` (read under lock in `tx`) to `to`, or refuses with 409 when the table does not allow it. */
export async function transitionOrder(tx: Tx, order: Order, to: OrderStatus, t: Transition): Promise<void> {
  const from = order.status as OrderStatus;
  if (!canMoveStatus(from, to, inPieces(order))) throw conflict(`An order cannot go from ${from} to ${to}`);
  await tx
    .update(orders)
    .set({ ...t.also, status: to, updatedAt: t.now })
    .where(eq(orders.id, order.id));
  await tx.insert(orderEvents).values({
    orderId: order.id,
    kind: 'STATUS',
    fromStatus: from,
    toStatus: to,
    accountId: t.accountId ?? null,
    at: t.at ?? t.now,
    note: t.note ?? '',
  });
  // the channels, the live streams and the webhooks hear it in the same transaction
  await orderMoved(
    tx,
    [
      {
        order,
        from,
        to,
        at: t.at ?? t.now,
        trackingNumber: t.also?.awb !== undefined ? t.also.awb : order.awb,
        location: null,
        remark: t.note || null,
      },
    ],
    t.now,
  );
}

/** One step of a batch: an order (read under lock in the batch's transaction) moving on. */
export interface OrderMove {
  order: Order;
  to: OrderStatus;
  at: Date;
  note: string;
  /** the courier's word while in flight (null clears it); left as it is when undefined */
  inTransitStatus?: string | null;
  rtoAt?: Date;
  /** the scan's place and words, for the live streams (the note joins them for the timeline) */
  location?: string | null;
  remark?: string | null;
}

/**
 * Many moves at once (courier scans in bulk), each checked against the table in order, an order
 * possibly moving more than once: one UPDATE for the orders' final states and one INSERT for
 * every event. Refuses the whole batch with 409 when any step is not allowed.
 */
export async function transitionOrders(tx: Tx, moves: readonly OrderMove[], now: Date): Promise<void> {
  if (!moves.length) return;
  const current = new Map<number, OrderStatus>();
  const final = new Map<number, { to: OrderStatus; its?: string | null; rtoAt?: Date }>();
  const events: (typeof orderEvents.$inferInsert)[] = [];
  const moved: MovedOrder[] = [];
  for (const m of moves) {
    const from = current.get(m.order.id) ?? (m.order.status as OrderStatus);
    if (!canMoveStatus(from, m.to, inPieces(m.order))) throw conflict(`An order cannot go from ${from} to ${m.to}`);
    current.set(m.order.id, m.to);
    const f = final.get(m.order.id) ?? { to: m.to };
    f.to = m.to;
    if (m.inTransitStatus !== undefined) f.its = m.inTransitStatus;
    if (m.rtoAt) f.rtoAt = m.rtoAt;
    final.set(m.order.id, f);
    events.push({ orderId: m.order.id, kind: 'STATUS', fromStatus: from, toStatus: m.to, at: m.at, note: m.note });
    moved.push({
      order: m.order,
      from,
      to: m.to,
      at: m.at,
      trackingNumber: m.order.awb,
      location: m.location ?? null,
      remark: m.remark ?? (m.note || null),
    });
  }
  const rows = [...final];
  await tx.execute(sql`
    update ${orders} as o set
      status = v.status,
      updated_at = ${now.toISOString()}::timestamptz,
      in_transit_status = case when v.set_its then v.its else o.in_transit_status end,
      rto_at = coalesce(v.rto_at, o.rto_at)
    from (${unnestSelect([
      [rows.map(([id]) => id), 'int'],
      [rows.map(([, f]) => f.to), 'text'],
      [rows.map(([, f]) => f.its !== undefined), 'boolean'],
      [rows.map(([, f]) => f.its ?? null), 'text'],
      [rows.map(([, f]) => f.rtoAt ?? null), 'timestamptz'],
    ])}) as v(id, status, set_its, its, rto_at)
    where o.id = v.id`);
  await tx.execute(sql`insert into ${orderEvents} (order_id, kind, from_status, to_status, at, note)
    ${unnestSelect([
      [events.map((e) => e.orderId), 'int'],
      [events.map((e) => e.kind), 'text'],
      [events.map((e) => e.fromStatus ?? null), 'text'],
      [events.map((e) => e.toStatus ?? null), 'text'],
      [events.map((e) => e.at), 'timestamptz'],
      [events.map((e) => e.note ?? ''), 'text'],
    ])}`);
  await orderMoved(tx, moved, now);
}
