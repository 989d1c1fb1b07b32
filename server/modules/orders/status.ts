import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';
import { conflict } from '../../http/errors';
import { canMove, type ForwardStatus } from '../../../src/domain/order-status';

// The one gate for an order's status: every change is checked against the transition table
// (src/domain/order-status.ts) and written with its order event in the caller's transaction.
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
export async function transitionOrder(tx: Tx, order: Order, to: ForwardStatus, t: Transition): Promise<void> {
  const from = order.status as ForwardStatus;
  if (!canMove(from, to)) throw conflict(`An order cannot go from ${from} to ${to}`);
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
