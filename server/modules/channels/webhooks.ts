import { and, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppDeps } from '../../deps';
import { channelStores, channelWebhooks } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { assertJsonDepth } from '../../http/json-body';
import { channelSettings } from '../../channels/settings';
import { bodySignatureValid } from '../../channels/signatures';
import { verifyRs256, wixEventOf } from '../../channels/wix-jwt';
import { adapterFor, type StoreRow } from './store-access';
import { logSync } from './sync-log';
import { takeChannelOrder } from './orders-in';

// Webhooks are answered at once: the signature is checked on the raw body, the delivery kept
// (one row per delivery id, so a repeat is a no-op) and a job queued; the job makes the order.
// Shopify wants an answer within 5 seconds and retries otherwise; so does WooCommerce.

export const CHANNEL_WEBHOOK_QUEUE = 'channel-webhook';
const WEBHOOK_TRIES = 5;

type Ack = { accepted: boolean; duplicate: boolean };

async function keep(deps: AppDeps, store: StoreRow, deliveryId: string, topic: string, body: string): Promise<Ack> {
  // kept as text and parsed by the job: a body nested past any real order is refused here, not retried there
  assertJsonDepth(body);
  const [row] = await deps.db
    .insert(channelWebhooks)
    .values({ orgId: store.orgId, storeId: store.id, deliveryId, topic, body, receivedAt: deps.now() })
    .onConflictDoNothing()
    .returning({ id: channelWebhooks.id });
  if (!row) return { accepted: true, duplicate: true };
  await deps.jobs.send(
    CHANNEL_WEBHOOK_QUEUE,
    { webhookId: row.id },
    { retryLimit: WEBHOOK_TRIES - 1, singletonKey: `wh-${row.id}` },
  );
  return { accepted: true, duplicate: false };
}

/** Shopify: X-Shopify-Hmac-Sha256 over the raw body with the app secret; the shop by X-Shopify-Shop-Domain. */
export async function receiveShopifyWebhook(deps: AppDeps, c: Context): Promise<Ack> {
  const body = await c.req.text();
  const { shopify } = await channelSettings(deps);
  if (!shopify || !bodySignatureValid(shopify.apiSecret, body, c.req.header('x-shopify-hmac-sha256')))
    throw new ApiError(401, 'Webhook signature does not match');
  const topic = c.req.header('x-shopify-topic') ?? '';
  const shop = (c.req.header('x-shopify-shop-domain') ?? '').toLowerCase();
  const deliveryId = c.req.header('x-shopify-webhook-id') ?? c.req.header('x-shopify-event-id') ?? '';
  if (!deliveryId) throw new ApiError(400, 'X-Shopify-Webhook-Id is missing');
  const [store] = await deps.db
    .select()
    .from(channelStores)
    .where(and(eq(channelStores.platform, 'SHOPIFY'), eq(channelStores.storeUrl, shop)))
    .orderBy(sql`${channelStores.status} = 'CONNECTED' desc`, sql`${channelStores.id} desc`)
    .limit(1);
  // a shop we do not know (or no longer know) is answered 200: Shopify stops retrying, nothing is kept
  if (!store) return { accepted: false, duplicate: false };
  return keep(deps, store, deliveryId, topic, body);
}

/** WooCommerce: X-WC-Webhook-Signature over the raw body with the secret we gave the webhook. */
export async function receiveWooWebhook(deps: AppDeps, c: Context, storeId: number): Promise<Ack> {
  const body = await c.req.text();
  const [store] = await deps.db.select().from(channelStores).where(eq(channelStores.id, storeId));
  // WooCommerce pings a new webhook with a form body "webhook_id=…" and no signature worth checking
  if (!c.req.header('x-wc-webhook-topic') && body.startsWith('webhook_id='))
    return { accepted: true, duplicate: false };
  if (!store || store.status !== 'CONNECTED' || !store.credentials) throw new ApiError(404, 'No such store');
  const { webhookSecret } = JSON.parse((await channelSettings(deps)).box.open(store.credentials)) as {
    webhookSecret: string;
  };
  if (!bodySignatureValid(webhookSecret, body, c.req.header('x-wc-webhook-signature')))
    throw new ApiError(401, 'Webhook signature does not match');
  const deliveryId = c.req.header('x-wc-webhook-delivery-id') ?? '';
  if (!deliveryId) throw new ApiError(400, 'X-WC-Webhook-Delivery-ID is missing');
  return keep(deps, store, deliveryId, c.req.header('x-wc-webhook-topic') ?? '', body);
}

/**
 * Wix: the body is a JWT signed RS256 with the app's key; inside, the event (its id for dedupe,
 * its type, the site's instance id) as JSON text within JSON text. The site is its instance id.
 */
export async function receiveWixWebhook(deps: AppDeps, c: Context): Promise<Ack> {
  const body = await c.req.text();
  const { wix } = await channelSettings(deps);
  const claims = wix ? verifyRs256(wix.publicKey, body, deps.now()) : null;
  if (!claims) throw new ApiError(401, 'Webhook token is not signed by Wix');
  const event = wixEventOf(claims, body.trim());
  if (!event) throw new ApiError(400, 'The webhook token carries no Wix event');
  const [store] = await deps.db
    .select()
    .from(channelStores)
    .where(and(eq(channelStores.platform, 'WIX'), eq(channelStores.storeUrl, event.instanceId)))
    .orderBy(sql`${channelStores.status} = 'CONNECTED' desc`, sql`${channelStores.id} desc`)
    .limit(1);
  // a site we do not know is answered 200, so Wix stops retrying; nothing is kept
  if (!store) return { accepted: false, duplicate: false };
  return keep(deps, store, event.id, event.eventType, JSON.stringify(event.body));
}

/** The job: one kept delivery handled; a failure is logged and thrown so pg-boss retries it. */
export async function processWebhook(deps: AppDeps, webhookId: number): Promise<void> {
  const [hook] = await deps.db
    .update(channelWebhooks)
    .set({ attempts: sql`${channelWebhooks.attempts} + 1` })
    .where(and(eq(channelWebhooks.id, webhookId), eq(channelWebhooks.status, 'RECEIVED')))
    .returning();
  if (!hook) return;
  const [store] = await deps.db.select().from(channelStores).where(eq(channelStores.id, hook.storeId));
  const done = async (status: 'DONE' | 'FAILED') =>
    deps.db.update(channelWebhooks).set({ status, processedAt: deps.now() }).where(eq(channelWebhooks.id, hook.id));
  try {
    const message = await handle(deps, store, hook.topic, JSON.parse(hook.body));
    await logSync(deps.db, store, {
      kind: 'WEBHOOK',
      topic: hook.topic,
      outcome: 'OK',
      message,
      attempt: hook.attempts,
      at: deps.now(),
    });
    await done('DONE');
  } catch (e) {
    const last = hook.attempts >= WEBHOOK_TRIES;
    await logSync(deps.db, store, {
      kind: 'WEBHOOK',
      topic: hook.topic,
      outcome: last ? 'ERROR' : 'RETRY',
      message: (e as Error).message,
      attempt: hook.attempts,
      at: deps.now(),
    });
    if (last) {
      await done('FAILED');
      return;
    }
    throw e;
  }
}

async function handle(deps: AppDeps, store: StoreRow, topic: string, payload: unknown): Promise<string> {
  switch (topic) {
    case 'orders/create':
    case 'orders/updated':
    case 'order.created':
    case 'order.updated':
    case 'wix.ecom.v1.order_created':
    case 'wix.ecom.v1.order_updated':
    case 'wix.ecom.v1.order_approved':
    case 'wix.ecom.v1.order_canceled': {
      if (store.status !== 'CONNECTED') return 'The store is not connected: ignored';
      const adapter = await adapterFor(deps, store);
      const carried = adapter.orderOf(payload);
      if (!carried) return 'No order in the payload: ignored';
      // events may come late and out of order: where the store can say, its order as it is now decides
      const order = adapter.currentOrder ? await adapter.currentOrder(carried.channelOrderId) : carried;
      if (!order) return `#${carried.orderNumber} is no longer in the store: ignored`;
      return (await takeChannelOrder(deps, store, order)).message;
    }
    case 'app/uninstalled':
    case 'AppRemoved':
    case 'shop/redact':
      // the shop removed the app (or asks its data gone, 48 hours after): the token is dead, forget it
      await deps.db
        .update(channelStores)
        .set({ status: 'DISCONNECTED', credentials: null, updatedAt: deps.now() })
        .where(eq(channelStores.id, store.id));
      return topic === 'shop/redact'
        ? 'Shop data redacted: credentials erased'
        : topic === 'AppRemoved'
          ? 'App removed in Wix: disconnected'
          : 'App uninstalled in Shopify: disconnected';
    case 'customers/data_request':
    case 'customers/redact': {
      // orders are shipping records the seller must keep; the request is logged for the seller to answer
      const p = payload as { customer?: { id?: number }; orders_requested?: number[]; orders_to_redact?: number[] };
      const list = p.orders_requested ?? p.orders_to_redact ?? [];
      return `${topic === 'customers/redact' ? 'Redaction' : 'Data request'} for customer ${p.customer?.id ?? ''} (orders ${list.join(', ') || 'none'}): answer it from Orders`;
    }
    default:
      return `Topic ${topic} is not used: ignored`;
  }
}
