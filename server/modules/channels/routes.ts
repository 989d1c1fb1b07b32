import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import {
  API_CHANNELS,
  ChannelStoreSchema,
  ShopifyInstallSchema,
  SyncLogEntrySchema,
  SyncResultSchema,
  WebhookAckSchema,
} from '../../../src/domain/channels-contract';
import { ShopifyConnectBody, ShopifyExchangeBody, WooCommerceConnectBody } from '../../../src/domain/schemas/channel';
import * as stores from './stores';
import { readSyncLog } from './sync-log';
import { ownStore } from './store-access';
import { receiveShopifyWebhook, receiveWooWebhook } from './webhooks';

const TAG = 'channels';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const PUBLIC = { kind: 'public' } as const;
const byId = v.object({ storeId: numericId('storeId') });
/** Webhooks carry whole orders; Shopify's are well under this. */
const WEBHOOK_BODY = { bytes: 1024 * 1024, message: 'A webhook body may be at most 1 MB' };

export function registerChannelRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_CHANNELS.stores,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.view',
    summary: "The seller's sales-channel stores (Shopify, WooCommerce) and their state",
    response: v.array(ChannelStoreSchema),
    handler: ({ caller }) => stores.listStores(deps, caller.orgId),
  });
  router.add({
    method: 'post',
    path: API_CHANNELS.shopify,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: ShopifyConnectBody,
    summary: 'Shopify store creation: a pending store and the address of the shop’s app approval page',
    errors: { 409: 'the shop is connected to another Dakiya account' },
    response: ShopifyInstallSchema,
    handler: ({ caller, body }) => stores.startShopifyInstall(deps, caller.orgId, body),
  });
  router.add({
    method: 'post',
    path: API_CHANNELS.shopifyExchange,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: ShopifyExchangeBody,
    summary: 'Shopify exchange: the redirect’s hmac and state checked, its code traded for the shop’s offline token',
    errors: { 400: 'not signed by Shopify', 404: 'no install of this shop is waiting' },
    response: ChannelStoreSchema,
    handler: ({ caller, body }) => stores.finishShopifyInstall(deps, caller.orgId, body.query),
  });
  router.add({
    method: 'post',
    path: API_CHANNELS.woocommerce,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: WooCommerceConnectBody,
    summary: 'Connect a WooCommerce store with its REST API keys (tried on the store first)',
    errors: { 409: 'the store is connected to another Dakiya account' },
    response: ChannelStoreSchema,
    handler: ({ caller, body }) => stores.connectWooCommerce(deps, caller.orgId, body),
  });
  router.add({
    method: 'delete',
    path: API_CHANNELS.store(':storeId'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    params: byId,
    summary: 'Disconnect a store: its credentials are erased, its orders stay',
    errors: { 404: 'no such store of yours' },
    response: ChannelStoreSchema,
    handler: ({ caller, params }) => stores.disconnectStore(deps, caller.orgId, params.storeId),
  });
  router.add({
    method: 'post',
    path: API_CHANNELS.sync(':storeId'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    params: byId,
    summary: 'Sync now: the store’s products mapped and its recent orders taken',
    errors: { 404: 'no such store of yours', 409: 'the store is not connected' },
    response: SyncResultSchema,
    handler: ({ caller, params }) => stores.syncStore(deps, caller.orgId, params.storeId),
  });
  router.add({
    method: 'get',
    path: API_CHANNELS.log(':storeId'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.view',
    params: byId,
    summary: 'The store’s sync log, newest first: fetches, webhooks and updates sent, with errors and retries',
    errors: { 404: 'no such store of yours' },
    response: v.array(SyncLogEntrySchema),
    handler: async ({ caller, params }) => {
      await ownStore(deps, caller.orgId, params.storeId);
      return readSyncLog(deps.db, caller.orgId, params.storeId);
    },
  });
  router.add({
    method: 'post',
    path: API_CHANNELS.shopifyWebhook,
    tag: TAG,
    access: PUBLIC,
    maxBody: WEBHOOK_BODY,
    summary:
      'Shopify webhooks (orders/create, orders/updated, app/uninstalled and the compliance topics), signed with X-Shopify-Hmac-Sha256',
    errors: { 401: 'the signature does not match' },
    response: WebhookAckSchema,
    handler: ({ c }) => receiveShopifyWebhook(deps, c),
  });
  router.add({
    method: 'post',
    path: API_CHANNELS.wooWebhook(':storeId'),
    tag: TAG,
    access: PUBLIC,
    params: byId,
    maxBody: WEBHOOK_BODY,
    summary: 'WooCommerce webhooks (order.created, order.updated), signed with X-WC-Webhook-Signature',
    errors: { 401: 'the signature does not match', 404: 'no such connected store' },
    response: WebhookAckSchema,
    handler: ({ c, params }) => receiveWooWebhook(deps, c, params.storeId),
  });
}
