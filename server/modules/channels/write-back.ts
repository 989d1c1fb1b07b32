import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db, Tx } from '../../db/client';
import { channelStores, channelUpdates, orders } from '../../db/schema';
import { carrierName as nameOfCarrier } from '../../../src/domain/shipping/carriers';
import { storeHears, WRITE_BACK_ATTEMPTS } from '../../../src/domain/channels';
import type { OrderStatus } from '../../../src/domain/order-status';
import { adapterFor } from './store-access';
import { logSync } from './sync-log';
import type { OrderMovedHook } from '../order-status/moved';

// The store hears of its order's shipment: the status change writes what is owed into
// channel_updates in its own transaction (so nothing is told that did not happen, and nothing
// that happened is lost), and the write-back job sends it, in order per order, retrying with a
// doubling delay and logging each try.

export const CHANNEL_WRITE_BACK_QUEUE = 'channel-write-back';

/** Hears each move of the status gate (an order-moved hook): a channel order's news is kept for its store. */
export async function queueChannelUpdates(
  tx: Tx,
  moves: readonly { order: { id: number; orgId: number; channelStoreId: number | null }; to: OrderStatus; at: Date }[],
): Promise<void> {
  const owed = moves.filter((m) => m.order.channelStoreId !== null && storeHears(m.to));
  if (!owed.length) return;
  await tx.insert(channelUpdates).values(
    owed.map((m) => ({
      orgId: m.order.orgId,
      storeId: m.order.channelStoreId!,
      orderId: m.order.id,
      status: m.to,
      at: m.at,
      nextAttemptAt: m.at,
    })),
  );
}

/** The channels' order-moved hook. */
export const channelUpdatesOnMove: OrderMovedHook = (tx, moved) => queueChannelUpdates(tx, moved);

const carrierName = (code: string | null) => (code ? nameOfCarrier(code) : 'Courier');

/** Sends what is due; returns how many were sent. An order's later news waits for its earlier one. */
export async function drainChannelUpdates(deps: AppDeps, limit = 50): Promise<number> {
  const now = deps.now();
  const due = await deps.db
    .select({
      u: channelUpdates,
      o: { channelOrderId: orders.channelOrderId, awb: orders.awb, carrierCode: orders.carrierCode },
    })
    .from(channelUpdates)
    .innerJoin(orders, eq(orders.id, channelUpdates.orderId))
    .where(and(isNull(channelUpdates.doneAt), lte(channelUpdates.nextAttemptAt, now)))
    .orderBy(asc(channelUpdates.id))
    .limit(limit);
  const blocked = new Set<number>();
  let sent = 0;
  for (const { u, o } of due) {
    if (blocked.has(u.orderId)) continue;
    // an earlier piece of this order's news still waiting: this one goes after it
    const [earlier] = await deps.db
      .select({ id: channelUpdates.id })
      .from(channelUpdates)
      .where(
        and(eq(channelUpdates.orderId, u.orderId), isNull(channelUpdates.doneAt), sql`${channelUpdates.id} < ${u.id}`),
      )
      .limit(1);
    if (earlier) {
      blocked.add(u.orderId);
      continue;
    }
    // claim it: a second drainer skips a row the first took
    const [claimed] = await deps.db
      .update(channelUpdates)
      .set({
        attempts: sql`${channelUpdates.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + 60_000 * 2 ** u.attempts),
      })
      .where(and(eq(channelUpdates.id, u.id), eq(channelUpdates.attempts, u.attempts), isNull(channelUpdates.doneAt)))
      .returning();
    if (!claimed) continue;
    const [store] = await deps.db.select().from(channelStores).where(eq(channelStores.id, u.storeId));
    try {
      if (store.status !== 'CONNECTED') throw new Error('The store is not connected');
      const adapter = await adapterFor(deps, store);
      const said = await adapter.writeBack({
        channelOrderId: o.channelOrderId!,
        status: u.status as OrderStatus,
        awb: o.awb,
        carrierName: carrierName(o.carrierCode),
        trackingUrl: `${deps.config.publicUrl}/v2/track/${u.orderId}/${encodeURIComponent(o.awb ?? '')}`,
      });
      await deps.db.update(channelUpdates).set({ doneAt: deps.now(), error: null }).where(eq(channelUpdates.id, u.id));
      await logSync(deps.db, store, {
        kind: 'WRITE_BACK',
        topic: u.status,
        outcome: 'OK',
        message: `${o.awb ?? ''}: ${said}`,
        attempt: claimed.attempts,
        at: deps.now(),
      });
      sent++;
    } catch (e) {
      const last = claimed.attempts >= WRITE_BACK_ATTEMPTS;
      const message = (e as Error).message;
      await deps.db
        .update(channelUpdates)
        .set({ error: message, ...(last ? { doneAt: deps.now() } : {}) })
        .where(eq(channelUpdates.id, u.id));
      await logSync(deps.db, store, {
        kind: 'WRITE_BACK',
        topic: u.status,
        outcome: last ? 'ERROR' : 'RETRY',
        message,
        attempt: claimed.attempts,
        at: deps.now(),
      });
      blocked.add(u.orderId);
    }
  }
  return sent;
}

/** Orders of a store that still owe it news (for the tests' and the list's counts). */
export async function pendingUpdates(db: Db, storeIds: number[]) {
  if (!storeIds.length) return [];
  return db
    .select()
    .from(channelUpdates)
    .where(and(inArray(channelUpdates.storeId, storeIds), isNull(channelUpdates.doneAt)));
}
