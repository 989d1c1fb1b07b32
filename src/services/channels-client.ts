import {
  API_CHANNELS,
  type ChannelStore,
  type ShopifyInstall,
  type SyncLogEntry,
  type SyncResult,
} from '../domain/channels-contract';
import type { ShopifyConnectInput, WooCommerceConnectInput } from '../domain/schemas/channel';
import { dataOf } from './answer';
import type { Http } from './types';

// The sales-channels area's calls (src/domain/channels-contract.ts).

export const fetchStores = (http: Http): Promise<ChannelStore[]> => dataOf(http.get(API_CHANNELS.stores));
export const startShopifyInstall = (http: Http, body: ShopifyConnectInput): Promise<ShopifyInstall> =>
  dataOf(http.post(API_CHANNELS.shopify, body));
export const exchangeShopify = (http: Http, query: Record<string, string>): Promise<ChannelStore> =>
  dataOf(http.post(API_CHANNELS.shopifyExchange, { query }));
export const connectWooCommerce = (http: Http, body: WooCommerceConnectInput): Promise<ChannelStore> =>
  dataOf(http.post(API_CHANNELS.woocommerce, body));
export const disconnectStore = (http: Http, storeId: number): Promise<ChannelStore> =>
  dataOf(http.delete(API_CHANNELS.store(storeId)));
export const syncStore = (http: Http, storeId: number): Promise<SyncResult> =>
  dataOf(http.post(API_CHANNELS.sync(storeId)));
export const fetchSyncLog = (http: Http, storeId: number): Promise<SyncLogEntry[]> =>
  dataOf(http.get(API_CHANNELS.log(storeId)));
