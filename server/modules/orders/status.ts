import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';
import { conflict } from '../../http/errors';
import { canMoveStatus, type OrderStatus } from '../../../src/domain/order-status';

// The one gate for an order's status: every change is checked against the transition table
// (src/domain/order-status.ts: a forward order's table, or a return's) and written with its order event in the caller's transaction.
// No other file under server/ sets orders.status (tests/server/status-gate.test.ts checks).

type Order = typeof orders.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
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
  if (!canMoveStatus(from, to)) throw conflict(`An order cannot go from ${from} to ${to}`);
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
  for (const m of moves) {
    const from = current.get(m.order.id) ?? (m.order.status as OrderStatus);
    if (!canMoveStatus(from, m.to)) throw conflict(`An order cannot go from ${from} to ${m.to}`);
    current.set(m.order.id, m.to);
    const f = final.get(m.order.id) ?? { to: m.to };
    f.to = m.to;
    if (m.inTransitStatus !== undefined) f.its = m.inTransitStatus;
    if (m.rtoAt) f.rtoAt = m.rtoAt;
    final.set(m.order.id, f);
    events.push({ orderId: m.order.id, kind: 'STATUS', fromStatus: from, toStatus: m.to, at: m.at, note: m.note });
  }
  const rows = [...final].map(
    ([id, f]) =>
      sql`(${id}::int, ${f.to}::text, ${f.its !== undefined}::boolean, ${f.its ?? null}::text, ${f.rtoAt?.toISOString() ?? null}::timestamptz)`,
  );
  await tx.execute(sql`
    update ${orders} as o set
      status = v.status,
      updated_at = ${now.toISOString()}::timestamptz,
      in_transit_status = case when v.set_its then v.its else o.in_transit_status end,
      rto_at = coalesce(v.rto_at, o.rto_at)
    from (values ${sql.join(rows, sql`, `)}) as v(id, status, set_its, its, rto_at)
    where o.id = v.id`);
  for (let i = 0; i < events.length; i += 1000) await tx.insert(orderEvents).values(events.slice(i, i + 1000));
}
