import type { Tx } from '../../db/client';
import type { orders } from '../../db/schema';
import type { OrderStatus } from '../../../src/domain/order-status';

// "An order moved": what else happens, in the move's own transaction, when the status gate moves
// orders (the channels' write-back, the live streams' events, the sellers' webhooks). The areas
// that do it sit above the gate, so the composition root registers them (ORDER_MOVED_HOOKS in
// server/app.ts, at buildDeps) as it gives the upload engine its kinds.

/** One move, as the hooks hear it. */
export interface MovedOrder {
  /** the order as it was read under lock, before the move */
  order: typeof orders.$inferSelect;
  from: OrderStatus;
  to: OrderStatus;
  /** when it happened (a courier's scan time, or now) */
  at: Date;
  /** the tracking number after the move (a booking brings one) */
  trackingNumber: string | null;
  /** the scan's place and words, for the live streams */
  location: string | null;
  remark: string | null;
}

export type OrderMovedHook = (tx: Tx, moved: readonly MovedOrder[], now: Date) => Promise<void>;

const hooks = new Set<OrderMovedHook>();

/** Adds hooks, in order; adding one already there changes nothing (each process builds its deps once or more). */
export function onOrderMoved(list: readonly OrderMovedHook[]): void {
  for (const hook of list) hooks.add(hook);
}

/** Runs every hook, one after another in the order they were added, in the move's transaction. */
export async function orderMoved(tx: Tx, moved: readonly MovedOrder[], now: Date): Promise<void> {
  if (!moved.length) return;
  for (const hook of hooks) await hook(tx, moved, now);
}
