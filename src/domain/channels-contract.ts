// Paths and answers of the sales-channels area (spec: Shopify store creation, shopify exchange).

import * as v from 'valibot';
import { CHANNEL_PLATFORMS, STORE_STATUSES, SYNC_KINDS, SYNC_OUTCOMES } from './channels';

export const API_CHANNELS = {
  stores: '/api/v1/channels', // GET the seller's stores
  shopify: '/api/v1/channels/shopify', // POST { shopDomain } → the install address (Shopify store creation)
  shopifyExchange: '/api/v1/channels/shopify/exchange', // POST { query } the redirect's parameters (shopify exchange)
  woocommerce: '/api/v1/channels/woocommerce', // POST { siteUrl, consumerKey, consumerSecret }
  store: (id: number | string) => `/api/v1/channels/${id}`, // DELETE disconnect
  sync: (id: number | string) => `/api/v1/channels/${id}/sync`, // POST fetch orders and products now
  log: (id: number | string) => `/api/v1/channels/${id}/log`, // GET the sync log
  shopifyWebhook: '/api/v1/channels/webhooks/shopify', // POST (Shopify calls it)
  wooWebhook: (id: number | string) => `/api/v1/channels/webhooks/woocommerce/${id}`, // POST (WooCommerce calls it)
} as const;

/** Where Shopify sends the seller back after approving the app (an SPA page that finishes the exchange). */
export const SHOPIFY_CALLBACK_PATH = '/channels/shopify/callback';

export const ChannelStoreSchema = v.object({
  storeId: v.number(),
  platform: v.picklist(CHANNEL_PLATFORMS),
  storeUrl: v.string(),
  name: v.string(),
  status: v.picklist(STORE_STATUSES),
  lastError: v.nullable(v.string()),
  connectedAt: v.nullable(v.string()),
  lastSyncAt: v.nullable(v.string()),
  ordersCount: v.number(),
});
export type ChannelStore = v.InferOutput<typeof ChannelStoreSchema>;

export const ShopifyInstallSchema = v.object({ storeId: v.number(), authorizeUrl: v.string() });
export type ShopifyInstall = v.InferOutput<typeof ShopifyInstallSchema>;

export const SyncResultSchema = v.object({
  ordersCreated: v.number(),
  ordersSeen: v.number(),
  productsMapped: v.number(),
});
export type SyncResult = v.InferOutput<typeof SyncResultSchema>;

export const SyncLogEntrySchema = v.object({
  id: v.number(),
  kind: v.picklist(SYNC_KINDS),
  topic: v.string(),
  outcome: v.picklist(SYNC_OUTCOMES),
  message: v.string(),
  attempt: v.number(),
  at: v.string(),
});
export type SyncLogEntry = v.InferOutput<typeof SyncLogEntrySchema>;

/** A webhook's answer: taken (queued for its job) or already had (a repeat delivery). */
export const WebhookAckSchema = v.object({ accepted: v.boolean(), duplicate: v.boolean() });

/** Whether a return to the callback carries what Shopify's approval sends (a bare visit has none of it). */
export function isShopifyRedirect(query: Record<string, string>): boolean {
  return ['shop', 'code', 'state', 'hmac'].every((k) => !!query[k]);
}
