// The sales-channels area's operations and answers (spec: Shopify store creation, shopify exchange).

import * as v from 'valibot';
import { CHANNEL_PLATFORMS, STORE_STATUSES, SYNC_KINDS, SYNC_OUTCOMES } from './channels';
import { operation } from './operation';
import { numericId } from './params';
import {
  AmazonConnectBody,
  MagentoConnectBody,
  ShopifyConnectBody,
  ShopifyExchangeBody,
  WixConnectBody,
  WooCommerceConnectBody,
} from './schemas/channel';

/** Where Shopify sends the seller back after approving the app (an SPA page that finishes the exchange). */
export const SHOPIFY_CALLBACK_PATH = '/channels/shopify/callback';

/** Where Wix's installer sends the seller back after adding the app to a site (its post-installation address). */
export const WIX_CALLBACK_PATH = '/channels/wix/callback';

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

/** The pending install's store and Wix's installer address. */
export const WixInstallSchema = v.object({ storeId: v.number(), authorizeUrl: v.string() });
export type WixInstall = v.InferOutput<typeof WixInstallSchema>;

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

/** Whether a return to the Wix callback carries what Wix's installer sends. */
export function isWixRedirect(query: Record<string, string>): boolean {
  return ['state', 'instanceId'].every((k) => !!query[k]);
}

const TAG = 'channels';
const byId = v.object({ storeId: numericId('storeId') });

export const API_CHANNELS = {
  stores: operation({
    method: 'get',
    path: '/api/v1/channels',
    tag: TAG,
    summary: "The seller's sales-channel stores (Shopify, WooCommerce, Magento 2, Wix, Amazon) and their state",
    response: v.array(ChannelStoreSchema),
  }),
  shopify: operation({
    method: 'post',
    path: '/api/v1/channels/shopify',
    tag: TAG,
    body: ShopifyConnectBody,
    summary: 'Shopify store creation: a pending store and the address of the shop’s app approval page',
    errors: { 409: 'the shop is connected to another Dakiya account' },
    response: ShopifyInstallSchema,
  }),
  shopifyExchange: operation({
    method: 'post',
    path: '/api/v1/channels/shopify/exchange',
    tag: TAG,
    body: ShopifyExchangeBody,
    summary: 'Shopify exchange: the redirect’s hmac and state checked, its code traded for the shop’s offline token',
    errors: { 400: 'not signed by Shopify', 404: 'no install of this shop is waiting' },
    response: ChannelStoreSchema,
  }),
  woocommerce: operation({
    method: 'post',
    path: '/api/v1/channels/woocommerce',
    tag: TAG,
    body: WooCommerceConnectBody,
    summary: 'Connect a WooCommerce store with its REST API keys (tried on the store first)',
    errors: { 409: 'the store is connected to another Dakiya account' },
    response: ChannelStoreSchema,
  }),
  magento: operation({
    method: 'post',
    path: '/api/v1/channels/magento',
    tag: TAG,
    body: MagentoConnectBody,
    summary: 'Connect a Magento 2 store with an integration’s access token (tried on the store first)',
    errors: { 409: 'the store is connected to another Dakiya account' },
    response: ChannelStoreSchema,
  }),
  wix: operation({
    method: 'post',
    path: '/api/v1/channels/wix',
    tag: TAG,
    body: WixConnectBody,
    summary:
      'Wix app install: a pending store and the address of Wix’s installer, which adds the app to the site the seller picks and returns to the callback with its instance id',
    errors: { 400: 'Wix is not set up on this server' },
    response: WixInstallSchema,
  }),
  wixExchange: operation({
    method: 'post',
    path: '/api/v1/channels/wix/exchange',
    tag: TAG,
    body: ShopifyExchangeBody,
    summary:
      'Wix exchange: the installer’s return checked (our state, our app id, the site’s instance id) and an access token minted for the site',
    errors: { 400: 'the return names no site of the app', 404: 'no install of this site is waiting' },
    response: ChannelStoreSchema,
  }),
  amazon: operation({
    method: 'post',
    path: '/api/v1/channels/amazon',
    tag: TAG,
    body: AmazonConnectBody,
    summary: 'Connect an Amazon.in seller account with its Selling Partner API refresh token (tried on Amazon first)',
    errors: { 409: 'the seller account is connected to another Dakiya account' },
    response: ChannelStoreSchema,
  }),
  store: operation({
    method: 'delete',
    path: '/api/v1/channels/:storeId',
    tag: TAG,
    params: byId,
    summary: 'Disconnect a store: its credentials are erased, its orders stay',
    errors: { 404: 'no such store of yours' },
    response: ChannelStoreSchema,
  }),
  sync: operation({
    method: 'post',
    path: '/api/v1/channels/:storeId/sync',
    tag: TAG,
    params: byId,
    summary: 'Sync now: the store’s products mapped and its recent orders taken',
    errors: { 404: 'no such store of yours', 409: 'the store is not connected' },
    response: SyncResultSchema,
  }),
  log: operation({
    method: 'get',
    path: '/api/v1/channels/:storeId/log',
    tag: TAG,
    params: byId,
    summary: 'The store’s sync log, newest first: fetches, webhooks and updates sent, with errors and retries',
    errors: { 404: 'no such store of yours' },
    response: v.array(SyncLogEntrySchema),
  }),
  shopifyWebhook: operation({
    method: 'post',
    path: '/api/v1/channels/webhooks/shopify',
    tag: TAG,
    summary:
      'Shopify webhooks (orders/create, orders/updated, app/uninstalled and the compliance topics), signed with X-Shopify-Hmac-Sha256',
    errors: { 401: 'the signature does not match' },
    response: WebhookAckSchema,
  }),
  wixWebhook: operation({
    method: 'post',
    path: '/api/v1/channels/webhooks/wix',
    tag: TAG,
    summary:
      'Wix webhooks (eCommerce order created, updated, approved and canceled): the body a JWT signed RS256 with the app’s key',
    errors: { 401: 'the token is not signed by Wix' },
    response: WebhookAckSchema,
  }),
  wooWebhook: operation({
    method: 'post',
    path: '/api/v1/channels/webhooks/woocommerce/:storeId',
    tag: TAG,
    params: byId,
    summary: 'WooCommerce webhooks (order.created, order.updated), signed with X-WC-Webhook-Signature',
    errors: { 401: 'the signature does not match', 404: 'no such connected store' },
    response: WebhookAckSchema,
  }),
};
