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
// connected or failed. WooCommerce's keys, Magento's integration token and Amazon's refresh token go straight to authorising. The callback page
// sends the redirect's query as CALLBACK; a redirect that says the seller cancelled is a failure
// without a call. Wix: the install (with the token Wix opened the app page with, or none from
// the Channels page) gives the installer's address → the seller leaves for Wix → Wix sends them
// back to its callback page (WIX_CALLBACK) → authorising, as Shopify's.

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
  /** Wix's install token, when Wix opened the app page with one */
  wixToken?: string;
}

export type ChannelConnectEvent =
  | ({ type: 'CONNECT_SHOPIFY' } & ShopifyConnectInput)
  | ({ type: 'CONNECT_WOOCOMMERCE' } & WooCommerceConnectInput)
  | ({ type: 'CONNECT_MAGENTO' } & MagentoConnectInput)
  | ({ type: 'CONNECT_AMAZON' } & AmazonConnectInput)
  | { type: 'CALLBACK'; query: Record<string, string> }
  | ({ type: 'CONNECT_WIX' } & WixConnectInput)
  | { type: 'WIX_CALLBACK'; query: Record<string, string> }
  | { type: 'RETRY' }
  | { type: 'RESET' };

/** Amazon's connection: its seller id and refresh token, nothing else of the event. */
const amazonRequest = (e: AmazonConnectInput): AuthoriseRequest => ({
  platform: 'AMAZON',
  sellingPartnerId: e.sellingPartnerId,
  refreshToken: e.refreshToken,
});

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
    /** Magento's base URL and token become the request (a store connected before is forgotten here) */
    askMagento: assign(({ event }) =>
      event.type === 'CONNECT_MAGENTO'
        ? {
            request: { platform: 'MAGENTO2' as const, siteUrl: event.siteUrl, accessToken: event.accessToken },
            store: null,
            error: null,
          }
        : {},
    ),
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
          {
            guard: 'cancelledInShopify',
            target: 'failed',
            actions: assign({ error: MSG_CHANNELS.cancelledInShopify }),
          },
          {
            target: 'authorising',
            actions: assign({
              request: ({ event }) => ({ platform: 'SHOPIFY' as const, query: event.query }),
              shopDomain: ({ event }) => event.query.shop ?? '',
              error: null,
            }),
          },
        ],
        CONNECT_SHOPIFY: {
          target: 'installing',
          actions: assign({ shopDomain: ({ event }) => event.shopDomain, error: null }),
        },
        CONNECT_WIX: {
          target: 'installingWix',
          actions: assign({ wixToken: ({ event }) => event.wixToken, error: null }),
        },
        WIX_CALLBACK: [
          {
            guard: 'cancelledInWix',
            target: 'failed',
            actions: assign({ error: MSG_CHANNELS.cancelledInWix }),
          },
          {
            target: 'authorising',
            actions: assign({
              request: ({ event }) => ({ platform: 'WIX' as const, query: event.query }),
              error: null,
            }),
          },
        ],
        CONNECT_WOOCOMMERCE: {
          target: 'authorising',
          actions: assign({
            request: ({ event }) => ({
              platform: 'WOOCOMMERCE' as const,
              siteUrl: event.siteUrl,
              consumerKey: event.consumerKey,
              consumerSecret: event.consumerSecret,
            }),
            error: null,
          }),
        },
        CONNECT_MAGENTO: { target: 'authorising', actions: 'askMagento' },
        CONNECT_AMAZON: {
          target: 'authorising',
          actions: assign({
            request: ({ event }) => amazonRequest(event),
            error: null,
          }),
        },
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
        onError: { target: 'failed', actions: assign(takeFailure) },
      },
    },
    installingWix: {
      invoke: {
        id: 'startWixInstall',
        src: 'startWixInstall',
        input: ({ context }) => (context.wixToken ? { wixToken: context.wixToken } : {}),
        onDone: {
          target: 'redirecting',
          actions: { type: 'leaveFor', params: ({ event }) => ({ url: event.output.authorizeUrl }) },
        },
        onError: { target: 'failed', actions: assign(takeFailure) },
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
              assign({ store: ({ event }) => event.output, error: null }),
              { type: 'announce', params: ({ event }) => ({ store: event.output }) },
            ],
          },
          {
            target: 'failed',
            actions: assign({
              store: ({ event }) => event.output,
              error: ({ event }) => event.output.lastError ?? MSG_CHANNELS.notConnected,
            }),
          },
        ],
        onError: { target: 'failed', actions: assign(takeFailure) },
      },
    },
    // another store may be connected from here, as from idle
    connected: {
      on: {
        RESET: { target: 'idle', actions: assign({ request: null, store: null, error: null }) },
        CONNECT_SHOPIFY: {
          target: 'installing',
          actions: assign({ shopDomain: ({ event }) => event.shopDomain, store: null, error: null }),
        },
        CONNECT_WIX: {
          target: 'installingWix',
          actions: assign({ wixToken: ({ event }) => event.wixToken, store: null, error: null }),
        },
        CONNECT_WOOCOMMERCE: {
          target: 'authorising',
          actions: assign({
            request: ({ event }) => ({
              platform: 'WOOCOMMERCE' as const,
              siteUrl: event.siteUrl,
              consumerKey: event.consumerKey,
              consumerSecret: event.consumerSecret,
            }),
            store: null,
            error: null,
          }),
        },
        CONNECT_MAGENTO: { target: 'authorising', actions: 'askMagento' },
        CONNECT_AMAZON: {
          target: 'authorising',
          actions: assign({
            request: ({ event }) => amazonRequest(event),
            store: null,
            error: null,
          }),
        },
      },
    },
    failed: {
      on: { RETRY: { target: 'idle', actions: assign({ request: null, error: null }) } },
    },
  },
});
