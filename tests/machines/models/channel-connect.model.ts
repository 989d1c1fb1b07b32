import { channelConnectMachine } from '../../../src/machines/channel-connect.machine';
import type { MachineModel } from '../model-harness';

const store = (status: string, lastError: string | null = null) => ({
  storeId: 4,
  platform: 'SHOPIFY',
  storeUrl: 'chai-corner.myshopify.com',
  name: 'Chai Corner',
  status,
  lastError,
  connectedAt: status === 'CONNECTED' ? '2026-11-20T06:30:00.000Z' : null,
  lastSyncAt: null,
  ordersCount: 0,
});

export const model: MachineModel = {
  name: 'channel-connect',
  machine: channelConnectMachine,
  options: {
    promiseActors: ['startInstall', 'startWixInstall', 'authorise'],
    events: () => [
      { type: 'CONNECT_SHOPIFY', shopDomain: 'chai-corner.myshopify.com' },
      {
        type: 'CONNECT_WOOCOMMERCE',
        siteUrl: 'https://shop.example.in',
        consumerKey: `ck_${'a'.repeat(40)}`,
        consumerSecret: `cs_${'b'.repeat(40)}`,
      },
      { type: 'CONNECT_MAGENTO', siteUrl: 'https://magento.example.in', accessToken: 'a'.repeat(32) },
      { type: 'CONNECT_AMAZON', sellingPartnerId: 'A2MEERAKURTAS1', refreshToken: `Atzr|${'c'.repeat(40)}` },
      { type: 'CALLBACK', query: { code: 'c0de', hmac: 'ab12', shop: 'chai-corner.myshopify.com', state: 's1' } },
      { type: 'CALLBACK', query: { error: 'access_denied', shop: 'chai-corner.myshopify.com', state: 's1' } },
      { type: 'CONNECT_WIX' },
      {
        type: 'WIX_CALLBACK',
        query: { state: 's2', appId: 'dakiya-app', tenantId: 'f3a1-site', instanceId: 'b1e0c6a2-inst' },
      },
      { type: 'WIX_CALLBACK', query: { error: 'access_denied', state: 's2' } },
      {
        type: 'xstate.done.actor.startWixInstall',
        output: { storeId: 5, authorizeUrl: 'http://dakiya.test/dev/standin/wix/installer/install?appId=dakiya-app' },
      },
      {
        type: 'xstate.error.actor.startWixInstall',
        error: { status: 400, message: 'Wix is not set up on this server: ask support to add the Wix app keys' },
      },
      { type: 'RETRY' },
      { type: 'RESET' },
      {
        type: 'xstate.done.actor.startInstall',
        output: {
          storeId: 4,
          authorizeUrl: 'http://dakiya.test/dev/standin/shopify/chai-corner.myshopify.com/admin/oauth/authorize',
        },
      },
      {
        type: 'xstate.error.actor.startInstall',
        error: { status: 409, message: 'chai-corner.myshopify.com is connected to another Dakiya account' },
      },
      { type: 'xstate.done.actor.authorise', output: store('CONNECTED') },
      { type: 'xstate.done.actor.authorise', output: store('FAILED', '401 from the store: Invalid API key') },
      {
        type: 'xstate.error.actor.authorise',
        error: { status: 400, message: 'The answer from Shopify is not signed by Shopify: start again' },
      },
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.request?.platform ?? null,
        s.context.shopDomain,
        s.context.store?.status ?? null,
        s.context.error,
      ]),
  },
};
