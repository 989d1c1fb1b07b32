import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_CHANNELS } from '../../../src/domain/channels-contract';
import * as stores from './stores';
import { readSyncLog } from './sync-log';
import { ownStore } from './store-access';
import { receiveShopifyWebhook, receiveWixWebhook, receiveWooWebhook } from './webhooks';
import { finishWixInstall, startWixInstall } from './wix-install';

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const PUBLIC = { kind: 'public' } as const;
/** Webhooks carry whole orders; Shopify's are well under this. */
const WEBHOOK_BODY = { bytes: 1024 * 1024, message: 'A webhook body may be at most 1 MB' };

export function registerChannelRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_CHANNELS.stores, {
    access: SELLERS,
    permission: 'setup.view',
    handler: ({ caller }) => stores.listStores(deps, caller.orgId),
  });
  router.route(API_CHANNELS.shopify, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => stores.startShopifyInstall(deps, caller.orgId, body),
  });
  router.route(API_CHANNELS.shopifyExchange, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => stores.finishShopifyInstall(deps, caller.orgId, body.query),
  });
  router.route(API_CHANNELS.woocommerce, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => stores.connectWooCommerce(deps, caller.orgId, body),
  });
  router.route(API_CHANNELS.magento, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => stores.connectMagento(deps, caller.orgId, body),
  });
  router.route(API_CHANNELS.wix, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller }) => startWixInstall(deps, caller.orgId),
  });
  router.route(API_CHANNELS.wixExchange, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => finishWixInstall(deps, caller.orgId, body.query),
  });
  router.route(API_CHANNELS.amazon, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => stores.connectAmazon(deps, caller.orgId, body),
  });
  router.route(API_CHANNELS.store, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, params }) => stores.disconnectStore(deps, caller.orgId, params.storeId),
  });
  router.route(API_CHANNELS.sync, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, params }) => stores.syncStore(deps, caller.orgId, params.storeId),
  });
  router.route(API_CHANNELS.log, {
    access: SELLERS,
    permission: 'setup.view',
    handler: async ({ caller, params }) => {
      await ownStore(deps, caller.orgId, params.storeId);
      return readSyncLog(deps.db, caller.orgId, params.storeId);
    },
  });
  router.route(API_CHANNELS.shopifyWebhook, {
    access: PUBLIC,
    maxBody: WEBHOOK_BODY,
    handler: ({ c }) => receiveShopifyWebhook(deps, c),
  });
  router.route(API_CHANNELS.wixWebhook, {
    access: PUBLIC,
    maxBody: WEBHOOK_BODY,
    handler: ({ c }) => receiveWixWebhook(deps, c),
  });
  router.route(API_CHANNELS.wooWebhook, {
    access: PUBLIC,
    maxBody: WEBHOOK_BODY,
    handler: ({ c, params }) => receiveWooWebhook(deps, c, params.storeId),
  });
}
