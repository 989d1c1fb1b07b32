import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { channelStores, orders } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { isUniqueViolation } from '../../db/unique-violation';
import { channelSettings } from '../../channels/settings';
import { authorizeUrl, exchangeCode } from '../../channels/shopify';
import { queryHmacValid } from '../../channels/signatures';
import { ChannelHttpError, type ChannelAdapter } from '../../channels/adapter';
import {
  API_CHANNELS,
  SHOPIFY_CALLBACK_PATH,
  type ChannelStore,
  type ShopifyInstall,
  type SyncResult,
} from '../../../src/domain/channels-contract';
import { pathOf } from '../../../src/domain/operation';
import { SHOP_DOMAIN } from '../../../src/domain/schemas/channel';
import type {
  AmazonConnectInput,
  MagentoConnectInput,
  ShopifyConnectInput,
  WooCommerceConnectInput,
} from '../../../src/domain/schemas/channel';
import { MSG_CHANNELS, type ChannelPlatform, type StoreStatus } from '../../../src/domain/channels';
import { adapterFor, fetcherOf, ownStore, sealCredentials, type StoreRow } from './store-access';
import { logSync } from './sync-log';
import { importProducts } from './products-in';
import { takeChannelOrder } from './orders-in';
import { wooAdapter } from '../../channels/woocommerce';
import { magentoAdapter } from '../../channels/magento';
import { assertStoreSite } from './store-destination';
import { amazonAdapter } from '../../channels/amazon';
import { pollStore } from './poll';

// Connecting a store (Shopify's install with OAuth, WooCommerce's REST keys, Magento's integration
// token), listing and
// disconnecting them, and "sync now": the store's products and recent orders fetched.

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function listStores(deps: AppDeps, orgId: number): Promise<ChannelStore[]> {
  const rows = await deps.db
    .select()
    .from(channelStores)
    .where(and(eq(channelStores.orgId, orgId), inArray(channelStores.status, ['AUTHORISING', 'CONNECTED', 'FAILED'])))
    .orderBy(asc(channelStores.id));
  const counts = rows.length
    ? await deps.db
        .select({ storeId: orders.channelStoreId, n: count() })
        .from(orders)
        .where(
          and(
            eq(orders.orgId, orgId),
            inArray(
              orders.channelStoreId,
              rows.map((r) => r.id),
            ),
          ),
        )
        .groupBy(orders.channelStoreId)
    : [];
  return rows.map((r) => toStore(r, counts.find((c) => c.storeId === r.id)?.n ?? 0));
}

export function toStore(r: StoreRow, ordersCount = 0): ChannelStore {
  return {
    storeId: r.id,
    platform: r.platform as ChannelPlatform,
    storeUrl: r.storeUrl,
    name: r.name,
    status: r.status as StoreStatus,
    lastError: r.lastError,
    connectedAt: iso(r.connectedAt),
    lastSyncAt: iso(r.lastSyncAt),
    ordersCount,
  };
}

/** A store row for this seller in the given state: a new one, or the earlier attempt at the same store reused. */
export async function upsertStore(
  deps: AppDeps,
  orgId: number,
  platform: ChannelPlatform,
  storeUrl: string,
  set: Partial<StoreRow>,
) {
  const now = deps.now();
  try {
    const [row] = await deps.db
      .insert(channelStores)
      .values({ orgId, platform, storeUrl, status: 'AUTHORISING', createdAt: now, updatedAt: now, ...set })
      .onConflictDoUpdate({
        target: [channelStores.orgId, channelStores.platform, channelStores.storeUrl],
        set: { ...set, updatedAt: now },
      })
      .returning();
    return row;
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`${storeUrl} is connected to another Dakiya account`);
    throw e;
  }
}

export async function ensureFree(deps: AppDeps, orgId: number, platform: ChannelPlatform, storeUrl: string) {
  const [taken] = await deps.db
    .select({ orgId: channelStores.orgId })
    .from(channelStores)
    .where(
      and(
        eq(channelStores.platform, platform),
        eq(channelStores.storeUrl, storeUrl),
        eq(channelStores.status, 'CONNECTED'),
      ),
    );
  if (taken && taken.orgId !== orgId) throw conflict(`${storeUrl} is connected to another Dakiya account`);
}

/** Shopify store creation: a pending store with a fresh state nonce, and the shop's approval page. */
export async function startShopifyInstall(
  deps: AppDeps,
  orgId: number,
  input: ShopifyConnectInput,
): Promise<ShopifyInstall> {
  const { shopify, publicUrl } = await channelSettings(deps);
  if (!shopify) throw badRequest('Shopify is not set up on this server: ask support to add the Shopify app keys');
  await ensureFree(deps, orgId, 'SHOPIFY', input.shopDomain);
  const state = randomBytes(24).toString('base64url');
  const row = await upsertStore(deps, orgId, 'SHOPIFY', input.shopDomain, {
    status: 'AUTHORISING',
    oauthState: state,
    lastError: null,
  });
  return {
    storeId: row.id,
    authorizeUrl: authorizeUrl(shopify, input.shopDomain, state, `${publicUrl}${SHOPIFY_CALLBACK_PATH}`),
  };
}

/** Shopify exchange: the redirect's hmac and state checked, the code traded for an offline token kept encrypted. */
export async function finishShopifyInstall(
  deps: AppDeps,
  orgId: number,
  query: Record<string, string>,
): Promise<ChannelStore> {
  const { shopify, publicUrl } = await channelSettings(deps);
  if (!shopify) throw badRequest('Shopify is not set up on this server');
  if (!queryHmacValid(shopify.apiSecret, query))
    throw badRequest('The answer from Shopify is not signed by Shopify: start again');
  const shop = query.shop ?? '';
  if (!SHOP_DOMAIN.test(shop)) throw badRequest('The answer from Shopify names no shop');
  const [pending] = await deps.db
    .select()
    .from(channelStores)
    .where(
      and(
        eq(channelStores.orgId, orgId),
        eq(channelStores.platform, 'SHOPIFY'),
        eq(channelStores.oauthState, query.state ?? ''),
      ),
    );
  // the state ties the answer to this seller's own install, of this shop
  if (!pending || !query.state || pending.storeUrl !== shop)
    throw notFound('No install of this shop is waiting: start again');
  if (!query.code) throw badRequest('The answer from Shopify has no authorization code');
  const now = deps.now();
  try {
    const accessToken = await exchangeCode(shopify, fetcherOf(deps), shop, query.code);
    const sealed = await sealCredentials(deps, { accessToken });
    const [row] = await deps.db
      .update(channelStores)
      .set({
        credentials: sealed,
        oauthState: null,
        status: 'CONNECTED',
        connectedAt: now,
        lastError: null,
        updatedAt: now,
      })
      .where(eq(channelStores.id, pending.id))
      .returning();
    await afterConnect(deps, row, `${publicUrl}${API_CHANNELS.shopifyWebhook.path}`);
  } catch (e) {
    await failConnect(deps, pending, e);
  }
  return toStore(await ownStore(deps, orgId, pending.id));
}

/** WooCommerce: the keys are tried on the store before anything is kept. */
export function connectWooCommerce(
  deps: AppDeps,
  orgId: number,
  input: WooCommerceConnectInput,
): Promise<ChannelStore> {
  const creds = {
    consumerKey: input.consumerKey,
    consumerSecret: input.consumerSecret,
    webhookSecret: randomBytes(24).toString('base64url'),
  };
  return connectWithKeys(deps, orgId, {
    platform: 'WOOCOMMERCE',
    siteUrl: input.siteUrl,
    creds,
    adapter: () => wooAdapter(fetcherOf(deps), input.siteUrl, creds),
    refused:
      'consumerKey: WooCommerce refused these keys; make read/write keys under WooCommerce › Settings › Advanced › REST API',
    webhookAddress: (storeId) => pathOf(API_CHANNELS.wooWebhook, { storeId }),
  });
}

/** Magento 2: the integration's token is tried on the store before anything is kept. */
export function connectMagento(deps: AppDeps, orgId: number, input: MagentoConnectInput): Promise<ChannelStore> {
  const creds = { accessToken: input.accessToken };
  return connectWithKeys(deps, orgId, {
    platform: 'MAGENTO2',
    siteUrl: input.siteUrl,
    creds,
    adapter: () => magentoAdapter(fetcherOf(deps), input.siteUrl, creds),
    refused: `accessToken: ${MSG_CHANNELS.magentoRefused}`,
    webhookAddress: null,
  });
}

/** A store reached with keys the seller pasted: tried on the store first, then kept sealed and connected. */
async function connectWithKeys(
  deps: AppDeps,
  orgId: number,
  how: {
    platform: ChannelPlatform;
    siteUrl: string;
    creds: unknown;
    adapter: () => ChannelAdapter;
    /** the 400 when the store refuses the keys (field first) */
    refused: string;
    /** where the store's webhooks are sent (null: a polled store) */
    webhookAddress: ((storeId: number) => string) | null;
  },
): Promise<ChannelStore> {
  const { allowPlainHttp, publicUrl } = await channelSettings(deps);
  const { siteUrl, platform } = how;
  if (!allowPlainHttp && !siteUrl.startsWith('https://')) throw badRequest('Store URL must start with https://');
  await assertStoreSite(deps, siteUrl);
  await ensureFree(deps, orgId, platform, siteUrl);
  let name: string;
  try {
    name = await how.adapter().storeName();
  } catch (e) {
    const status = e instanceof ChannelHttpError ? e.status : 0;
    throw badRequest(status === 401 || status === 403 ? how.refused : `siteUrl: ${(e as Error).message}`);
  }
  const now = deps.now();
  const row = await upsertStore(deps, orgId, platform, siteUrl, {
    name,
    status: 'CONNECTED',
    credentials: await sealCredentials(deps, how.creds),
    connectedAt: now,
    lastError: null,
    oauthState: null,
    pollCursor: null,
  });
  try {
    await afterConnect(deps, row, how.webhookAddress ? `${publicUrl}${how.webhookAddress(row.id)}` : null);
  } catch (e) {
    await failConnect(deps, row, e);
  }
  return toStore(await ownStore(deps, orgId, row.id));
}

/** Amazon: the refresh token is tried (a token, then the seller's marketplaces) before anything is kept. */
export async function connectAmazon(deps: AppDeps, orgId: number, input: AmazonConnectInput): Promise<ChannelStore> {
  const { amazon } = await channelSettings(deps);
  if (!amazon) throw badRequest('Amazon is not set up on this server: ask support to add the Amazon app keys');
  await ensureFree(deps, orgId, 'AMAZON', input.sellingPartnerId);
  let name: string;
  try {
    name = await amazonAdapter(amazon, fetcherOf(deps), input, deps.now).storeName();
  } catch (e) {
    const status = e instanceof ChannelHttpError ? e.status : 0;
    throw badRequest(
      status === 400 || status === 401 || status === 403
        ? `refreshToken: Amazon refused this token (${(e as Error).message}); authorise the app again in Seller Central`
        : `The Selling Partner API did not answer: ${(e as Error).message}`,
    );
  }
  const now = deps.now();
  const row = await upsertStore(deps, orgId, 'AMAZON', input.sellingPartnerId, {
    name,
    status: 'CONNECTED',
    credentials: await sealCredentials(deps, input),
    connectedAt: now,
    lastError: null,
    oauthState: null,
    pollCursor: null,
  });
  await logSync(deps.db, row, {
    kind: 'CONNECT',
    topic: 'authorise',
    outcome: 'OK',
    message: `Connected ${name}; orders are polled from Amazon.in`,
    at: now,
  });
  return toStore(await ownStore(deps, orgId, row.id));
}

/** A new connection subscribes its webhooks (a polled store has none) and brings in the store's products. */
export async function afterConnect(deps: AppDeps, row: StoreRow, webhookAddress: string | null) {
  const adapter = await adapterFor(deps, row);
  const name = await adapter.storeName();
  await deps.db.update(channelStores).set({ name }).where(eq(channelStores.id, row.id));
  if (webhookAddress) await adapter.subscribe(webhookAddress);
  await logSync(deps.db, row, {
    kind: 'CONNECT',
    topic: webhookAddress ? 'webhooks' : 'orders',
    outcome: 'OK',
    message: webhookAddress
      ? `Connected ${name}; order webhooks subscribed`
      : `Connected ${name}; new orders are fetched every few minutes`,
    at: deps.now(),
  });
  const products = await adapter.fetchProducts();
  const { mapped, errors } = await importProducts(deps, row, products);
  await logSync(deps.db, row, {
    kind: 'FETCH',
    topic: 'products',
    outcome: errors.length ? 'ERROR' : 'OK',
    message: `${products.length} listings, ${mapped} newly mapped${errors.length ? `; ${errors.join('; ')}` : ''}`,
    at: deps.now(),
  });
}

export async function failConnect(deps: AppDeps, row: StoreRow, e: unknown) {
  const message = (e as Error).message;
  await deps.db
    .update(channelStores)
    .set({ status: 'FAILED', oauthState: null, lastError: message, updatedAt: deps.now() })
    .where(eq(channelStores.id, row.id));
  await logSync(deps.db, row, { kind: 'CONNECT', topic: 'install', outcome: 'ERROR', message, at: deps.now() });
}

/** Forgets the credentials; the store's orders stay (they are the seller's). */
export async function disconnectStore(deps: AppDeps, orgId: number, storeId: number): Promise<ChannelStore> {
  const row = await ownStore(deps, orgId, storeId);
  const [after] = await deps.db
    .update(channelStores)
    .set({ status: 'DISCONNECTED', credentials: null, oauthState: null, updatedAt: deps.now() })
    .where(eq(channelStores.id, row.id))
    .returning();
  await logSync(deps.db, row, {
    kind: 'CONNECT',
    topic: 'disconnect',
    outcome: 'OK',
    message: 'Disconnected by the seller',
    at: deps.now(),
  });
  return toStore(after);
}

/** Sync now: products mapped and recent orders taken, each failure logged and the rest carried on. */
export async function syncStore(deps: AppDeps, orgId: number, storeId: number): Promise<SyncResult> {
  const row = await ownStore(deps, orgId, storeId);
  if (row.status !== 'CONNECTED') throw conflict('Connect the store before syncing it');
  if (row.platform === 'AMAZON') return syncAmazon(deps, row);
  const result: SyncResult = { ordersCreated: 0, ordersSeen: 0, productsMapped: 0 };
  const at = () => deps.now();
  let adapter;
  try {
    adapter = await adapterFor(deps, row);
    const products = await adapter.fetchProducts();
    const done = await importProducts(deps, row, products);
    result.productsMapped = done.mapped;
    await logSync(deps.db, row, {
      kind: 'FETCH',
      topic: 'products',
      outcome: done.errors.length ? 'ERROR' : 'OK',
      message: `${products.length} listings, ${done.mapped} newly mapped${done.errors.length ? `; ${done.errors.join('; ')}` : ''}`,
      at: at(),
    });
    const list = await adapter.fetchOrders();
    result.ordersSeen = list.length;
    const problems: string[] = [];
    for (const o of list) {
      try {
        const r = await takeChannelOrder(deps, row, o);
        if (r.outcome === 'created') result.ordersCreated++;
      } catch (e) {
        problems.push((e as Error).message);
      }
    }
    await logSync(deps.db, row, {
      kind: 'FETCH',
      topic: 'orders',
      outcome: problems.length ? 'ERROR' : 'OK',
      message: `${list.length} orders, ${result.ordersCreated} new${problems.length ? `; ${problems.slice(0, 5).join('; ')}` : ''}`,
      at: at(),
    });
    await deps.db
      .update(channelStores)
      .set({ lastSyncAt: at(), lastError: problems[0] ?? null })
      .where(eq(channelStores.id, row.id));
  } catch (e) {
    const message = (e as Error).message;
    await logSync(deps.db, row, { kind: 'FETCH', topic: 'sync', outcome: 'ERROR', message, at: at() });
    await deps.db.update(channelStores).set({ lastError: message }).where(eq(channelStores.id, row.id));
    throw badRequest(`The store did not answer: ${message}`);
  }
  return result;
}

/** Amazon's sync now is one poll, as the job's (it has no listings to map). */
async function syncAmazon(deps: AppDeps, row: StoreRow): Promise<SyncResult> {
  try {
    const polled = await pollStore(deps, row);
    return { ordersCreated: polled.created, ordersSeen: polled.seen, productsMapped: 0 };
  } catch (e) {
    const message = (e as Error).message;
    await logSync(deps.db, row, { kind: 'FETCH', topic: 'sync', outcome: 'ERROR', message, at: deps.now() });
    await deps.db.update(channelStores).set({ lastError: message }).where(eq(channelStores.id, row.id));
    throw badRequest(`Amazon did not answer: ${message}`);
  }
}
