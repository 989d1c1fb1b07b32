import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { channelStores, orders } from '../../db/schema';
import type { PollSeller } from '../../channels/adapter';
import type { ChannelPlatform } from '../../../src/domain/channels';
import { adapterFor, type StoreRow } from './store-access';
import { logSync } from './sync-log';
import { primaryPickup, takeChannelOrder } from './orders-in';

// Stores that send no order webhooks (Magento 2, Amazon) are asked on a beat for the orders
// changed since their cursor. An order that could not be taken holds the cursor at itself, so the
// next fetch tries it again; repeats are one order by the orders' unique index, as with webhooks.

export const CHANNEL_POLL_QUEUE = 'channel-poll';
/** The platforms whose orders are fetched on the beat rather than sent to us. */
export const POLLED_PLATFORMS: readonly ChannelPlatform[] = ['MAGENTO2', 'AMAZON'];
/** The first fetch of a newly connected store reaches back this far, for orders placed while connecting. */
const FIRST_FETCH_BACK_MS = 24 * 3600_000;

export type PollResult = { seen: number; created: number; cancelled: number; problems: string[] };

/** What the store's adapter may ask of our side while it reads a fetch. */
function sellerOf(deps: AppDeps, store: StoreRow): PollSeller {
  return {
    async known(channelOrderId) {
      const [row] = await deps.db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.orgId, store.orgId),
            eq(orders.channelStoreId, store.id),
            eq(orders.channelOrderId, channelOrderId),
          ),
        );
      return !!row;
    },
    contactPhone: async () => (await primaryPickup(deps, store.orgId))?.phone ?? '',
  };
}

/** One store's changed orders taken and its cursor moved on (never back). */
export async function pollStore(deps: AppDeps, store: StoreRow): Promise<PollResult> {
  const adapter = await adapterFor(deps, store);
  if (!adapter.ordersSince) return { seen: 0, created: 0, cancelled: 0, problems: [] };
  const from = new Date((store.connectedAt ?? deps.now()).getTime() - FIRST_FETCH_BACK_MS);
  const fetched = await adapter.ordersSince(store.pollCursor, from, sellerOf(deps, store));
  const result: PollResult = { seen: fetched.orders.length, created: 0, cancelled: 0, problems: [] };
  let holdAt: string | null = null;
  for (const { order, cursor } of fetched.orders) {
    try {
      const taken = await takeChannelOrder(deps, store, typeof order === 'function' ? await order() : order);
      if (taken.outcome === 'created') result.created++;
      if (taken.outcome === 'cancelled') result.cancelled++;
    } catch (e) {
      result.problems.push((e as Error).message);
      if (holdAt === null || cursor < holdAt) holdAt = cursor;
    }
  }
  const next = holdAt ?? fetched.cursor;
  await deps.db
    .update(channelStores)
    .set({ pollCursor: next, lastSyncAt: deps.now(), lastError: result.problems[0] ?? null })
    .where(
      and(eq(channelStores.id, store.id), or(isNull(channelStores.pollCursor), lte(channelStores.pollCursor, next))),
    );
  // a quiet fetch is not worth a line; news and trouble are
  if (result.created || result.cancelled || result.problems.length)
    await logSync(deps.db, store, {
      kind: 'FETCH',
      topic: 'orders',
      outcome: result.problems.length ? 'RETRY' : 'OK',
      message: `${result.seen} orders changed, ${result.created} new, ${result.cancelled} cancelled${
        result.problems.length ? `; ${result.problems.slice(0, 5).join('; ')}` : ''
      }`,
      at: deps.now(),
    });
  return result;
}

/** The beat: every connected polled store, each on its own (one store's failure is its own log line). */
export async function pollChannelStores(deps: AppDeps): Promise<number> {
  const stores = await deps.db
    .select()
    .from(channelStores)
    .where(and(inArray(channelStores.platform, [...POLLED_PLATFORMS]), eq(channelStores.status, 'CONNECTED')))
    .orderBy(asc(channelStores.id));
  let created = 0;
  for (const store of stores) {
    try {
      created += (await pollStore(deps, store)).created;
    } catch (e) {
      const message = (e as Error).message;
      // a platform's rate limit (Amazon's usage plan) is waited out by the next beat
      const limited = message.startsWith('429');
      await logSync(deps.db, store, {
        kind: 'FETCH',
        topic: 'orders',
        outcome: limited ? 'RETRY' : 'ERROR',
        message: limited ? `${message}; tried again at the next poll` : message,
        at: deps.now(),
      });
      await deps.db.update(channelStores).set({ lastError: message }).where(eq(channelStores.id, store.id));
    }
  }
  return created;
}
