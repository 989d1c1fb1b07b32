// Every GraphQL Admin API operation the Shopify adapter sends, by its operation name. The
// stand-in store answers these and no others (an unknown document is a GraphQL error), so a
// change here is a change to what we ask of Shopify. Pages are kept small enough that each
// query's requested cost stays under the 1,000-point ceiling of a single query.

/** Orders a page, and line items an order, fetched by a sync. */
export const ORDERS_PAGE = 10;
/** Pages of orders a sync reads (the 50 most recent orders). */
export const ORDER_PAGES = 5;
/** Products a page, and variants a product. */
export const PRODUCTS_PAGE = 20;
export const VARIANTS_PAGE = 10;
/** Line items of an order. */
export const LINE_ITEMS = 10;

const ADDRESS = 'name firstName lastName address1 address2 zip phone';
const MONEY = 'shopMoney { amount }';

/** An order as a sync and a write-back read it: the buyer, the address, the lines with their weight. */
const ORDER_FIELDS = `legacyResourceId
      name
      createdAt
      cancelledAt
      email
      phone
      displayFinancialStatus
      paymentGatewayNames
      customer { firstName lastName }
      shippingAddress { ${ADDRESS} }
      billingAddress { ${ADDRESS} }
      totalDiscountsSet { ${MONEY} }
      totalShippingPriceSet { ${MONEY} }
      lineItems(first: ${LINE_ITEMS}) {
        nodes {
          title
          sku
          quantity
          originalUnitPriceSet { ${MONEY} }
          product { legacyResourceId }
          variant { legacyResourceId inventoryItem { measurement { weight { unit value } } } }
        }
      }`;

export const SHOPIFY_OPERATIONS = {
  ShopName: `query ShopName {
  shop { name }
}`,
  WebhookSubscriptions: `query WebhookSubscriptions {
  webhookSubscriptions(first: 25) {
    nodes { id topic uri }
  }
}`,
  WebhookSubscriptionCreate: `mutation WebhookSubscriptionCreate($topic: WebhookSubscriptionTopic!, $subscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $subscription) {
    webhookSubscription { id topic uri }
    userErrors { field message }
  }
}`,
  RecentOrders: `query RecentOrders($after: String) {
  orders(first: ${ORDERS_PAGE}, after: $after, sortKey: CREATED_AT, reverse: true) {
    nodes {
      ${ORDER_FIELDS}
    }
    pageInfo { hasNextPage endCursor }
  }
}`,
  ProductVariants: `query ProductVariants($after: String) {
  products(first: ${PRODUCTS_PAGE}, after: $after) {
    nodes {
      legacyResourceId
      title
      variants(first: ${VARIANTS_PAGE}) {
        nodes {
          legacyResourceId
          title
          sku
          price
          inventoryItem { measurement { weight { unit value } } }
        }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}`,
  OrderFulfilment: `query OrderFulfilment($id: ID!) {
  order(id: $id) {
    fulfillments(first: 20) {
      id
      trackingInfo(first: 5) { number }
    }
    fulfillmentOrders(first: 20) {
      nodes { id status }
    }
  }
}`,
  FulfillmentCreate: `mutation FulfillmentCreate($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) {
    fulfillment { id status }
    userErrors { field message }
  }
}`,
  FulfillmentEventCreate: `mutation FulfillmentEventCreate($fulfillmentEvent: FulfillmentEventInput!) {
  fulfillmentEventCreate(fulfillmentEvent: $fulfillmentEvent) {
    fulfillmentEvent { id status }
    userErrors { field message }
  }
}`,
} as const;

export type ShopifyOperation = keyof typeof SHOPIFY_OPERATIONS;

/** The webhook topics a connected store is subscribed to (GraphQL's names for orders/create, …). */
export const SHOPIFY_WEBHOOK_TOPICS = ['ORDERS_CREATE', 'ORDERS_UPDATED', 'APP_UNINSTALLED'] as const;

/** A GraphQL topic as the webhook's X-Shopify-Topic header names it: ORDERS_CREATE → orders/create. */
export const topicHeader = (topic: string) => topic.toLowerCase().replace('_', '/');

/** Shopify's global id of a resource from its numeric (REST) id. */
export const gid = (type: string, id: string | number) => `gid://shopify/${type}/${id}`;
