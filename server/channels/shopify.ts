import type { ChannelAdapter, ChannelProduct, ShipmentNews } from './adapter';
import { callStore } from './http';
import { SHOPIFY_SCOPES, type ShopifyApp } from './settings';
import { assertNoUserErrors, shopifyGraphql, type GraphqlOptions } from './shopify-graphql';
import { gid, ORDER_PAGES, SHOPIFY_WEBHOOK_TOPICS } from './shopify-operations';
import {
  graphqlOrder,
  graphqlProducts,
  webhookOrder,
  type ShopifyGraphqlOrder,
  type ShopifyGraphqlProduct,
  type ShopifyWebhookOrder,
} from './shopify-orders';
import { shopifyEventFor } from '../../src/domain/channels';

// Shopify through its GraphQL Admin API (https://shopify.dev/docs/api/admin-graphql), at the
// version SHOPIFY_API_VERSION names: OAuth authorization-code grant for an offline token,
// webhook subscriptions, products and variants, orders, and fulfilment of an order's
// fulfillment orders with tracking and then fulfilment events. The documents it sends are in
// shopify-operations.ts.

/** The page the seller approves the app on (https://{shop}/admin/oauth/authorize). */
export function authorizeUrl(app: ShopifyApp, shop: string, state: string, redirectUri: string): string {
  const q = new URLSearchParams({ client_id: app.apiKey, scope: SHOPIFY_SCOPES, redirect_uri: redirectUri, state });
  // no grant_options[]=per-user: an offline token, which outlives the seller's session
  return `${app.shopBase(shop)}/admin/oauth/authorize?${q}`;
}

/** The authorization code for the shop's offline access token. */
export async function exchangeCode(
  app: ShopifyApp,
  fetcher: typeof fetch,
  shop: string,
  code: string,
): Promise<string> {
  const answer = await callStore<{ access_token?: string }>(fetcher, `${app.shopBase(shop)}/admin/oauth/access_token`, {
    method: 'POST',
    json: { client_id: app.apiKey, client_secret: app.apiSecret, code },
  });
  if (!answer.access_token) throw new Error('Shopify answered without an access token');
  return answer.access_token;
}

type Page<T> = { nodes: T[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
type UserErrors = { userErrors: { field?: string[] | null; message: string }[] };

/** The Admin API endpoint of a shop at the configured version. */
export const graphqlEndpoint = (app: ShopifyApp, shop: string) =>
  `${app.shopBase(shop)}/admin/api/${app.apiVersion}/graphql.json`;

export function shopifyAdapter(
  app: ShopifyApp,
  fetcher: typeof fetch,
  shop: string,
  token: string,
  options: GraphqlOptions = {},
): ChannelAdapter {
  const gql = shopifyGraphql(fetcher, graphqlEndpoint(app, shop), token, options);

  /** Every page of a connection, up to a number of pages. */
  async function pages<T>(
    read: (after: string | null) => Promise<Page<T>>,
    most = Number.POSITIVE_INFINITY,
  ): Promise<T[]> {
    const all: T[] = [];
    let after: string | null = null;
    for (let n = 0; n < most; n++) {
      const page = await read(after);
      all.push(...page.nodes);
      if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) break;
      after = page.pageInfo.endCursor;
    }
    return all;
  }

  /** The order's fulfilment with this tracking number, or a new one of its open fulfillment orders. */
  async function fulfilmentOf(news: ShipmentNews): Promise<string | null> {
    const { order } = await gql<{
      order: {
        fulfillments: { id: string; trackingInfo: { number: string | null }[] }[];
        fulfillmentOrders: { nodes: { id: string; status: string }[] };
      } | null;
    }>('OrderFulfilment', { id: gid('Order', news.channelOrderId) });
    if (!order) throw new Error(`Order ${news.channelOrderId} is not in the store`);
    const had = order.fulfillments.find((f) => f.trackingInfo.some((t) => t.number === news.awb));
    if (had) return had.id;
    // fulfil every open fulfillment order of the order, with the AWB as its tracking
    const open = order.fulfillmentOrders.nodes.filter((f) => f.status === 'OPEN' || f.status === 'IN_PROGRESS');
    if (!open.length) return null;
    const { fulfillmentCreate } = await gql<{ fulfillmentCreate: UserErrors & { fulfillment: { id: string } | null } }>(
      'FulfillmentCreate',
      {
        fulfillment: {
          lineItemsByFulfillmentOrder: open.map((f) => ({ fulfillmentOrderId: f.id })),
          trackingInfo: { company: news.carrierName, number: news.awb, url: news.trackingUrl },
          notifyCustomer: true,
        },
      },
    );
    assertNoUserErrors('fulfillmentCreate', fulfillmentCreate.userErrors);
    if (!fulfillmentCreate.fulfillment) throw new Error('Shopify made no fulfilment');
    return fulfillmentCreate.fulfillment.id;
  }

  return {
    platform: 'SHOPIFY',
    async storeName() {
      const { shop: s } = await gql<{ shop: { name: string } }>('ShopName');
      return s.name;
    },
    async subscribe(address) {
      const { webhookSubscriptions } = await gql<{
        webhookSubscriptions: { nodes: { topic: string; uri: string }[] };
      }>('WebhookSubscriptions');
      for (const topic of SHOPIFY_WEBHOOK_TOPICS) {
        if (webhookSubscriptions.nodes.some((w) => w.topic === topic && w.uri === address)) continue;
        const { webhookSubscriptionCreate } = await gql<{ webhookSubscriptionCreate: UserErrors }>(
          'WebhookSubscriptionCreate',
          { topic, subscription: { uri: address, format: 'JSON' } },
        );
        assertNoUserErrors('webhookSubscriptionCreate', webhookSubscriptionCreate.userErrors);
      }
    },
    async fetchOrders() {
      const orders = await pages(
        async (after) => (await gql<{ orders: Page<ShopifyGraphqlOrder> }>('RecentOrders', { after })).orders,
        ORDER_PAGES,
      );
      return orders.map(graphqlOrder);
    },
    async fetchProducts() {
      const products = await pages(
        async (after) => (await gql<{ products: Page<ShopifyGraphqlProduct> }>('ProductVariants', { after })).products,
      );
      return products.flatMap((p): ChannelProduct[] => graphqlProducts(p));
    },
    orderOf(payload) {
      // webhooks still carry the order in its REST resource shape
      const o = payload as ShopifyWebhookOrder;
      return o && typeof o === 'object' && 'id' in o && Array.isArray(o.line_items) ? webhookOrder(o) : null;
    },
    async writeBack(news: ShipmentNews) {
      const fulfilment = await fulfilmentOf(news);
      if (!fulfilment) return 'no open fulfillment order';
      const event = shopifyEventFor(news.status);
      if (!event) return `fulfilled with tracking ${news.awb}`;
      const { fulfillmentEventCreate } = await gql<{ fulfillmentEventCreate: UserErrors }>('FulfillmentEventCreate', {
        fulfillmentEvent: { fulfillmentId: fulfilment, status: event.toUpperCase() },
      });
      assertNoUserErrors('fulfillmentEventCreate', fulfillmentEventCreate.userErrors);
      return `fulfilment event ${event}`;
    },
  };
}
