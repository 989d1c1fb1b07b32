import { assign, fromPromise, setup } from 'xstate';
import type { ChannelStore, ShopifyInstall, WixInstall } from '../domain/channels-contract';
import type {
  AmazonConnectInput,
  MagentoConnectInput,
  ShopifyConnectInput,
  WixConnectInput,
  WooCommerceConnectInput,
} from '../domain/schemas/channel';
import { MSG_CHANNELS } from '../domain/channels';
import { takeFailure } from './failure';

// Connecting a sales channel. Shopify: install (the server makes the pending store and the
// shop's approval address) → the seller leaves for Shopify → Shopify sends them back to the
// callback page, where the machine starts authorising (the exchange of the signed redirect) →
// connected or failed. WooCommerce's keys, Magento's integration token and Amazon's refresh
// token go straight to authorising. Every context change is a named action. The callback page
// sends the redirect's query as CALLBACK; a redirect that says the seller cancelled is a failure
// without a call. Wix: the install gives the installer's address → the seller leaves for Wix,
// picks the site and grants the app → Wix sends them back to its callback page (WIX_CALLBACK)
// → authorising, as Shopify's.

export type AuthoriseRequest =
  | { platform: 'SHOPIFY'; query: Record<string, string> }
  | ({ platform: 'WOOCOMMERCE' } & WooCommerceConnectInput)
  | ({ platform: 'MAGENTO2' } & MagentoConnectInput)
  | { platform: 'WIX'; query: Record<string, string> }
  | ({ platform: 'AMAZON' } & AmazonConnectInput);

export interface ChannelConnectContext {
  request: AuthoriseRequest | null;
  shopDomain: string;
  store: ChannelStore | null;
  error: string | null;
}

export type ChannelConnectEvent =
  | ({ type: 'CONNECT_SHOPIFY' } & ShopifyConnectInput)
  | ({ type: 'CONNECT_WOOCOMMERCE' } & WooCommerceConnectInput)
  | ({ type: 'CONNECT_MAGENTO' } & MagentoConnectInput)
  | ({ type: 'CONNECT_AMAZON' } & AmazonConnectInput)
  | { type: 'CALLBACK'; query: Record<string, string> }
  | { type: 'CONNECT_WIX' }
  | { type: 'WIX_CALLBACK'; query: Record<string, string> }
  | { type: 'RETRY' }
  | { type: 'RESET' };

export const channelConnectMachine = setup({
  types: {
    context: {} as ChannelConnectContext,
    events: {} as ChannelConnectEvent,
  },
  actors: {
    startInstall: fromPromise<ShopifyInstall, ShopifyConnectInput>(async () => {
      throw new Error('startInstall not provided');
    }),
    startWixInstall: fromPromise<WixInstall, WixConnectInput>(async () => {
      throw new Error('startWixInstall not provided');
    }),
    authorise: fromPromise<ChannelStore, AuthoriseRequest>(async () => {
      throw new Error('authorise not provided');
    }),
  },
  actions: {
    /** the page goes to the shop's approval page (provided by the binding) */
    leaveFor: (_, _params: { url: string }) => {},
    /** tell the seller and the stores list (provided by the binding) */
    announce: (_, _params: { store: ChannelStore }) => {},
    /** the shop to install on (Shopify) */
    installShopify: assign(({ event }) =>
      event.type === 'CONNECT_SHOPIFY' ? { shopDomain: event.shopDomain, error: null } : {},
    ),
    /** a Wix install starts afresh */
    installWix: assign({ error: null }),
    /** Shopify's redirect, as it came, is the request */
    askShopify: assign(({ event }) =>
      event.type === 'CALLBACK'
        ? {
            request: { platform: 'SHOPIFY' as const, query: event.query },
            shopDomain: event.query.shop ?? '',
            error: null,
          }
        : {},
    ),
    /** Wix's redirect, as it came, is the request */
    askWix: assign(({ event }) =>
      event.type === 'WIX_CALLBACK' ? { request: { platform: 'WIX' as const, query: event.query }, error: null } : {},
    ),
    /** WooCommerce's site and REST keys are the request */
    askWooCommerce: assign(({ event }) =>
      event.type === 'CONNECT_WOOCOMMERCE'
        ? {
            request: {
              platform: 'WOOCOMMERCE' as const,
              siteUrl: event.siteUrl,
              consumerKey: event.consumerKey,
              consumerSecret: event.consumerSecret,
            },
            error: null,
          }
        : {},
    ),
    /** Magento's base URL and integration token are the request */
    askMagento: assign(({ event }) =>
      event.type === 'CONNECT_MAGENTO'
        ? {
            request: { platform: 'MAGENTO2' as const, siteUrl: event.siteUrl, accessToken: event.accessToken },
            error: null,
          }
        : {},
    ),
    /** Amazon's seller id and refresh token, nothing else of the event, are the request */
    askAmazon: assign(({ event }) =>
      event.type === 'CONNECT_AMAZON'
        ? {
            request: {
              platform: 'AMAZON' as const,
              sellingPartnerId: event.sellingPartnerId,
              refreshToken: event.refreshToken,
            },
            error: null,
          }
        : {},
    ),
    /** a store connected before is forgotten when another is connected */
    forgetStore: assign({ store: null }),
    /** the seller said no on Shopify's or Wix's approval page */
    sayCancelledInShopify: assign({ error: MSG_CHANNELS.cancelledInShopify }),
    sayCancelledInWix: assign({ error: MSG_CHANNELS.cancelledInWix }),
    /** the store the exchange connected */
    takeStore: assign((_, params: { store: ChannelStore }) => ({ store: params.store, error: null })),
    /** the store the exchange kept but could not connect, with its reason */
    takeRefusedStore: assign((_, params: { store: ChannelStore }) => ({
      store: params.store,
      error: params.store.lastError ?? MSG_CHANNELS.notConnected,
    })),
    /** a call that failed: its message */
    takeFailure: assign(takeFailure),
    /** back to the start after a failure */
    retry: assign({ request: null, error: null }),
    /** back to the start after connecting */
    reset: assign({ request: null, store: null, error: null }),
  },
  guards: {
    cancelledInShopify: ({ event }) => event.type === 'CALLBACK' && !!event.query.error,
    cancelledInWix: ({ event }) => event.type === 'WIX_CALLBACK' && !!event.query.error,
    isConnected: (_, store: ChannelStore) => store.status === 'CONNECTED',
  },
}).createMachine({
  id: 'channelConnect',
  context: { request: null, shopDomain: '', store: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        CALLBACK: [
          { guard: 'cancelledInShopify', target: 'failed', actions: 'sayCancelledInShopify' },
          { target: 'authorising', actions: 'askShopify' },
        ],
        CONNECT_SHOPIFY: { target: 'installing', actions: 'installShopify' },
        CONNECT_WIX: { target: 'installingWix', actions: 'installWix' },
        WIX_CALLBACK: [
          { guard: 'cancelledInWix', target: 'failed', actions: 'sayCancelledInWix' },
          { target: 'authorising', actions: 'askWix' },
        ],
        CONNECT_WOOCOMMERCE: { target: 'authorising', actions: 'askWooCommerce' },
        CONNECT_MAGENTO: { target: 'authorising', actions: 'askMagento' },
        CONNECT_AMAZON: { target: 'authorising', actions: 'askAmazon' },
      },
    },
    installing: {
      invoke: {
        id: 'startInstall',
        src: 'startInstall',
        input: ({ context }) => ({ shopDomain: context.shopDomain }),
        onDone: {
          target: 'redirecting',
          actions: { type: 'leaveFor', params: ({ event }) => ({ url: event.output.authorizeUrl }) },
        },
        onError: { target: 'failed', actions: 'takeFailure' },
      },
    },
    installingWix: {
      invoke: {
        id: 'startWixInstall',
        src: 'startWixInstall',
        input: () => ({}),
        onDone: {
          target: 'redirecting',
          actions: { type: 'leaveFor', params: ({ event }) => ({ url: event.output.authorizeUrl }) },
        },
        onError: { target: 'failed', actions: 'takeFailure' },
      },
    },
    // the page is on its way to the shop; Shopify brings the seller back to the callback page
    redirecting: { type: 'final' },
    authorising: {
      invoke: {
        id: 'authorise',
        src: 'authorise',
        input: ({ context }) => context.request!,
        onDone: [
          {
            guard: { type: 'isConnected', params: ({ event }) => event.output },
            target: 'connected',
            actions: [
              { type: 'takeStore', params: ({ event }) => ({ store: event.output }) },
              { type: 'announce', params: ({ event }) => ({ store: event.output }) },
            ],
          },
          {
            target: 'failed',
            actions: { type: 'takeRefusedStore', params: ({ event }) => ({ store: event.output }) },
          },
        ],
        onError: { target: 'failed', actions: 'takeFailure' },
      },
    },
    // another store may be connected from here, as from idle
    connected: {
      on: {
        RESET: { target: 'idle', actions: 'reset' },
        CONNECT_SHOPIFY: { target: 'installing', actions: ['forgetStore', 'installShopify'] },
        CONNECT_WIX: { target: 'installingWix', actions: ['forgetStore', 'installWix'] },
        CONNECT_WOOCOMMERCE: { target: 'authorising', actions: ['forgetStore', 'askWooCommerce'] },
        CONNECT_MAGENTO: { target: 'authorising', actions: ['forgetStore', 'askMagento'] },
        CONNECT_AMAZON: { target: 'authorising', actions: ['forgetStore', 'askAmazon'] },
      },
    },
    failed: {
      on: { RETRY: { target: 'idle', actions: 'retry' } },
    },
  },
});
