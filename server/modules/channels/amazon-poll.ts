import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { channelStores, orders } from '../../db/schema';
import type { ChannelOrder } from '../../channels/adapter';
import { amazonOrder, takeable } from '../../channels/amazon-orders';
import type { SyncResult } from '../../../src/domain/channels-contract';
import { amazonAdapterFor, type StoreRow } from './store-access';
import { primaryPickup, takeChannelOrder } from './orders-in';
import { logSync } from './sync-log';

// Amazon sends no order webhooks we subscribe to: a job polls each connected store's orders
// updated since its cursor (the last update seen), takes the new ones and cancels ours when
// Amazon's is cancelled while unshipped. An order already here is not read again (no items, no
// Restricted Data Token); only a new merchant-fulfilled order's address is asked for.

export const AMAZON_POLL_QUEUE = 'channel-amazon-orders';
/** A new store's first poll looks back this far. */
const FIRST_LOOK_BACK_MS = 7 * 86_400_000;

async function known(deps: AppDeps, store: StoreRow, amazonOrderId: string) {
  const [row] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.orgId, store.orgId),
        eq(orders.channel, 'AMAZON'),
        eq(orders.channelStoreId, store.id),
        eq(orders.channelOrderId, amazonOrderId),
      ),
    );
  return !!row;
}

/** The phone on the seller's primary pickup address: Amazon keeps the buyer's for orders it ships. */
async function sellerPhone(deps: AppDeps, orgId: number): Promise<string> {
  return (await primaryPickup(deps, orgId))?.phone ?? '';
}

/** One poll of one store: its orders taken, its cursor moved, a line in its sync log. */
export async function pollAmazonStore(deps: AppDeps, store: StoreRow): Promise<SyncResult> {
  const result: SyncResult = { ordersCreated: 0, ordersSeen: 0, productsMapped: 0 };
  const adapter = await amazonAdapterFor(deps, store);
  const since = store.syncCursor ?? new Date(deps.now().getTime() - FIRST_LOOK_BACK_MS).toISOString();
  const { orders: list, cursor } = await adapter.ordersSince(since);
  result.ordersSeen = list.length;
  const problems: string[] = [];
  let cancelled = 0;
  for (const o of list) {
    try {
      let order: ChannelOrder;
      if (await known(deps, store, o.AmazonOrderId)) {
        if (o.OrderStatus !== 'Canceled') continue;
        order = amazonOrder(o, []);
      } else {
        if (!takeable(o) || o.OrderStatus === 'Canceled') continue;
        order = await adapter.channelOrder(o, await sellerPhone(deps, store.orgId));
      }
      const r = await takeChannelOrder(deps, store, order);
      if (r.outcome === 'created') result.ordersCreated++;
      if (r.outcome === 'cancelled') cancelled++;
    } catch (e) {
      problems.push((e as Error).message);
    }
  }
  const at = deps.now();
  await logSync(deps.db, store, {
    kind: 'FETCH',
    topic: 'orders',
    outcome: problems.length ? 'ERROR' : 'OK',
    message: `${list.length} orders updated, ${result.ordersCreated} new, ${cancelled} cancelled${problems.length ? `; ${problems.slice(0, 5).join('; ')}` : ''}`,
    at,
  });
  // a failed order keeps the cursor where it was, so the next poll reads it again
  await deps.db
    .update(channelStores)
    .set({ lastSyncAt: at, lastError: problems[0] ?? null, ...(problems.length ? {} : { syncCursor: cursor }) })
    .where(eq(channelStores.id, store.id));
  return result;
}

/** The job's beat: every connected Amazon store polled, a store's failure logged and the rest carried on. */
export async function pollAmazonStores(deps: AppDeps): Promise<number> {
  const stores = await deps.db
    .select()
    .from(channelStores)
    .where(and(eq(channelStores.platform, 'AMAZON'), eq(channelStores.status, 'CONNECTED')))
    .orderBy(asc(channelStores.id));
  let created = 0;
  for (const store of stores) {
    try {
      created += (await pollAmazonStore(deps, store)).ordersCreated;
    } catch (e) {
      const message = (e as Error).message;
      const rateLimited = message.startsWith('429');
      await logSync(deps.db, store, {
        kind: 'FETCH',
        topic: 'orders',
        outcome: rateLimited ? 'RETRY' : 'ERROR',
        message: rateLimited ? `${message}; tried again at the next poll` : message,
        at: deps.now(),
      });
      await deps.db.update(channelStores).set({ lastError: message }).where(eq(channelStores.id, store.id));
    }
  }
  return created;
}
