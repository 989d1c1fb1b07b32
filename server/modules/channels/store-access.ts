import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { channelStores } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { ChannelAdapter } from '../../channels/adapter';
import { channelSettings } from '../../channels/settings';
import { shopifyAdapter } from '../../channels/shopify';
import { wooAdapter, type WooCredentials } from '../../channels/woocommerce';
import { magentoAdapter, type MagentoCredentials } from '../../channels/magento';
import { wixAdapter, type WixCredentials } from '../../channels/wix';
import { amazonAdapter, type AmazonAdapter, type AmazonCredentials } from '../../channels/amazon';
import { storeFetch } from './store-destination';

// A store row and the adapter that speaks to it, with its credentials opened for the call.

export type StoreRow = typeof channelStores.$inferSelect;

export async function ownStore(deps: AppDeps, orgId: number, storeId: number): Promise<StoreRow> {
  const [row] = await deps.db
    .select()
    .from(channelStores)
    .where(and(eq(channelStores.id, storeId), eq(channelStores.orgId, orgId)));
  if (!row) throw notFound('No such store');
  return row;
}

export async function openCredentials<T>(deps: AppDeps, store: StoreRow): Promise<T> {
  if (!store.credentials) throw new Error('The store has no credentials: connect it again');
  const { box } = await channelSettings(deps);
  return JSON.parse(box.open(store.credentials)) as T;
}

export async function sealCredentials(deps: AppDeps, value: unknown): Promise<string> {
  const { box } = await channelSettings(deps);
  return box.seal(JSON.stringify(value));
}

/** Outgoing calls to stores: checked and pinned to a public address (store-destination.ts). */
const fetcherOf = (deps: AppDeps): typeof fetch => storeFetch(deps);

/** Amazon's adapter, with the calls only a polled channel has. */
export async function amazonAdapterFor(deps: AppDeps, store: StoreRow): Promise<AmazonAdapter> {
  const { amazon } = await channelSettings(deps);
  if (!amazon)
    throw new Error('Amazon is not configured on this server (AMAZON_LWA_CLIENT_ID, AMAZON_LWA_CLIENT_SECRET)');
  return amazonAdapter(amazon, fetcherOf(deps), await openCredentials<AmazonCredentials>(deps, store), deps.now);
}

export async function adapterFor(deps: AppDeps, store: StoreRow): Promise<ChannelAdapter> {
  if (store.platform === 'AMAZON') return amazonAdapterFor(deps, store);
  if (store.platform === 'SHOPIFY') {
    const { shopify } = await channelSettings(deps);
    if (!shopify) throw new Error('Shopify is not configured on this server (SHOPIFY_API_KEY, SHOPIFY_API_SECRET)');
    const { accessToken } = await openCredentials<{ accessToken: string }>(deps, store);
    return shopifyAdapter(shopify, fetcherOf(deps), store.storeUrl, accessToken);
  }
  if (store.platform === 'MAGENTO2')
    return magentoAdapter(fetcherOf(deps), store.storeUrl, await openCredentials<MagentoCredentials>(deps, store));
  if (store.platform === 'WIX') {
    const { wix } = await channelSettings(deps);
    if (!wix) throw new Error('Wix is not configured on this server (WIX_APP_ID, WIX_APP_SECRET, WIX_PUBLIC_KEY)');
    return wixAdapter(wix, fetcherOf(deps), await openCredentials<WixCredentials>(deps, store), {
      now: () => deps.now().getTime(),
      // a refreshed access token is kept, sealed, for the next call
      saveTokens: async (creds) => {
        await deps.db
          .update(channelStores)
          .set({ credentials: await sealCredentials(deps, creds) })
          .where(eq(channelStores.id, store.id));
      },
    });
  }
  return wooAdapter(fetcherOf(deps), store.storeUrl, await openCredentials<WooCredentials>(deps, store));
}

export { fetcherOf };
