import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelHttpError } from '../../server/channels/adapter';
import { channelSettings, shopifyApiVersion, type ShopifyApp } from '../../server/channels/settings';
import { graphqlEndpoint, shopifyAdapter } from '../../server/channels/shopify';
import { refillWait, THROTTLE_TRIES, THROTTLE_WAIT_MS } from '../../server/channels/shopify-graphql';
import { graphqlOrder } from '../../server/channels/shopify-orders';
import { actualCost, requestedCost } from '../../server/channels/standin/shopify-standin-cost';
import { SHOPIFY_OPERATIONS } from '../../server/channels/shopify-operations';
import { standinShop, tokenFor } from '../../server/channels/standin/shopify-standin-books';
import { startTestServer, type TestServer } from './harness';

// The Shopify adapter against the stand-in's GraphQL Admin API: only the declared operations
// run, every answer reports its cost, a throttled query waits for the bucket and is sent again
// within a bound, and no REST Admin path answers.

const SHOP = 'kesar-kitchen.myshopify.com';

describe('Shopify GraphQL Admin API', () => {
  let s: TestServer;
  let shopify: ShopifyApp;
  let token: string;

  beforeAll(async () => {
    s = await startTestServer();
    shopify = (await channelSettings(s.deps)).shopify!;
    token = tokenFor(shopify.apiSecret, SHOP);
  });
  afterAll(() => s.close());

  const local = (url: string) => url.replace(s.deps.config.publicUrl, '');
  const graphql = (body: unknown, headers: Record<string, string> = { 'x-shopify-access-token': token }) =>
    s.request(local(graphqlEndpoint(shopify, SHOP)), { method: 'POST', json: body, headers });
  const bucket = () => standinShop(s.deps, SHOP).bucket;
  const placeOrder = (json: Record<string, string>) =>
    s.request(`/dev/standin/shopify/${SHOP}/admin/orders`, { method: 'POST', json });

  it('speaks GraphQL at the configured version, with the shop’s token, and answers no REST Admin path', async () => {
    expect(shopify.apiVersion).toBe('2026-10');
    const ok = await graphql({ query: SHOPIFY_OPERATIONS.ShopName, variables: {} });
    expect(await ok.json()).toMatchObject({ data: { shop: { name: 'Kesar Kitchen' } } });
    expect(
      (await graphql({ query: SHOPIFY_OPERATIONS.ShopName }, { 'x-shopify-access-token': 'shpat_x' })).status,
    ).toBe(401);
    const older = await s.request(`/dev/standin/shopify/${SHOP}/admin/api/2024-10/graphql.json`, {
      method: 'POST',
      json: { query: SHOPIFY_OPERATIONS.ShopName },
      headers: { 'x-shopify-access-token': token },
    });
    expect(older.status).toBe(404);
    for (const [method, path] of [
      ['GET', 'shop.json'],
      ['GET', 'orders.json'],
      ['GET', 'products.json'],
      ['POST', 'webhooks.json'],
      ['GET', 'orders/1/fulfillment_orders.json'],
      ['POST', 'fulfillments.json'],
    ]) {
      const res = await s.request(`/dev/standin/shopify/${SHOP}/admin/api/${shopify.apiVersion}/${path}`, {
        method,
        headers: { 'x-shopify-access-token': token },
        ...(method === 'POST' ? { json: {} } : {}),
      });
      expect(res.status, path).toBe(404);
    }
  });

  it('refuses an operation the adapter does not declare, an edited one, and one missing a required variable', async () => {
    const errorsOf = async (body: unknown) => ((await (await graphql(body)).json()) as { errors: unknown[] }).errors;
    expect(await errorsOf({ query: 'query Customers { customers(first: 5) { nodes { id } } }' })).toEqual([
      {
        message: 'Operation Customers is not one this app was reviewed for',
        extensions: { code: 'UNKNOWN_OPERATION' },
      },
    ]);
    const edited = SHOPIFY_OPERATIONS.ShopName.replace('name', 'name email');
    expect(await errorsOf({ query: edited })).toMatchObject([{ extensions: { code: 'UNKNOWN_OPERATION' } }]);
    expect(await errorsOf({ query: '{ shop { name } }' })).toMatchObject([
      { message: 'An anonymous operation is not accepted' },
    ]);
    expect(await errorsOf({ query: SHOPIFY_OPERATIONS.OrderFulfilment, variables: {} })).toEqual([
      {
        message: 'Variable $id of type ID! was provided invalid value',
        extensions: { code: 'INVALID_VARIABLE' },
      },
    ]);
  });

  it('reports each query’s cost and the bucket it was paid from', async () => {
    const res = await graphql({ query: SHOPIFY_OPERATIONS.RecentOrders, variables: {} });
    const { extensions } = (await res.json()) as {
      extensions: {
        cost: {
          requestedQueryCost: number;
          actualQueryCost: number;
          throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
        };
      };
    };
    // ten orders of ten lines at most are asked for; an empty shop returns a fraction of it
    expect(extensions.cost.requestedQueryCost).toBeGreaterThan(800);
    expect(extensions.cost.requestedQueryCost).toBeLessThanOrEqual(1000);
    expect(extensions.cost.actualQueryCost).toBeLessThan(10);
    expect(extensions.cost.throttleStatus).toMatchObject({ maximumAvailable: 1000, restoreRate: 100 });
    expect(extensions.cost.throttleStatus.currentlyAvailable).toBeGreaterThan(980);
  });

  it('reads every page of orders and all products with their weights, and subscribes each topic once', async () => {
    for (let n = 0; n < 12; n++)
      await placeOrder({ name: `Buyer ${n + 1}`, payment: n % 2 ? 'cod' : 'prepaid', quantity: '2' });
    const adapter = shopifyAdapter(shopify, s.deps.fetch, SHOP, token);
    const orders = await adapter.fetchOrders();
    expect(orders).toHaveLength(12);
    expect(orders[0]).toMatchObject({
      orderNumber: '1012',
      buyerName: 'Buyer 12',
      paymentMethod: 'COD',
      shipping: { pincode: '560038' },
      items: [{ name: 'Blue pottery vase', sku: 'SHOP-VASE-01', quantity: 2, unitPrice: 1499, grams: 1200 }],
    });
    expect(orders[11]).toMatchObject({ orderNumber: '1001', paymentMethod: 'PPD' });
    expect(orders.map((o) => o.channelOrderId)).toEqual(
      standinShop(s.deps, SHOP)
        .orders.map((o) => String(o.id))
        .reverse(),
    );
    expect(await adapter.fetchProducts()).toMatchObject([
      { name: 'Blue pottery vase', sku: 'SHOP-VASE-01', price: 1499, weightKg: 1.2 },
      { name: 'Block-print cushion cover', sku: 'SHOP-CUSH-02', price: 599, weightKg: 0.3 },
    ]);
    const address = `${s.deps.config.publicUrl}/api/v1/channels/webhooks/shopify`;
    await adapter.subscribe(address);
    await adapter.subscribe(address);
    expect(standinShop(s.deps, SHOP).webhooks.map((w) => w.topic)).toEqual([
      'orders/create',
      'orders/updated',
      'app/uninstalled',
    ]);
    // the store's own refusal (userErrors) comes back in its words
    await expect(adapter.subscribe('https://elsewhere.example/hook')).rejects.toMatchObject({
      status: 422,
      message:
        'Shopify refused webhookSubscriptionCreate: webhookSubscription.uri Address must be an address of this Dakiya server',
    });
  });

  it('waits for the bucket to refill what a throttled query asks for, then sends it again', async () => {
    const waits: number[] = [];
    // the wait passes the stand-in's time too: the bucket gets what the restore rate gives back
    const sleep = async (ms: number) => {
      waits.push(ms);
      bucket().available += (ms / 1000) * bucket().restoreRate;
    };
    const adapter = shopifyAdapter(shopify, s.deps.fetch, SHOP, token, { sleep });
    const throttledBefore = standinShop(s.deps, SHOP).throttled;
    Object.assign(bucket(), { available: 500, at: performance.now() });
    const orders = await adapter.fetchOrders();
    expect(orders).toHaveLength(12);
    // each refusal was waited out once; the first: 903 asked, 500 on hand, 100 a second back
    expect(waits.length).toBeGreaterThan(0);
    expect(standinShop(s.deps, SHOP).throttled).toBe(throttledBefore + waits.length);
    expect(waits[0]).toBeGreaterThan(4000);
    expect(waits[0]).toBeLessThanOrEqual(4100);
  });

  it('gives up after a bounded number of tries as a 429, which the caller retries later', async () => {
    const waits: number[] = [];
    const adapter = shopifyAdapter(shopify, s.deps.fetch, SHOP, token, {
      sleep: async (ms) => void waits.push(ms),
    });
    const throttledBefore = standinShop(s.deps, SHOP).throttled;
    Object.assign(bucket(), { available: 0, restoreRate: 0, at: performance.now() });
    try {
      const failure = await adapter.storeName().catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ChannelHttpError);
      expect(failure).toMatchObject({
        status: 429,
        message: `Shopify is throttling ShopName: tried ${THROTTLE_TRIES} times, try later`,
      });
      expect(standinShop(s.deps, SHOP).throttled).toBe(throttledBefore + THROTTLE_TRIES);
      expect(waits).toHaveLength(THROTTLE_TRIES - 1);
    } finally {
      Object.assign(bucket(), { available: 1000, restoreRate: 100, at: performance.now() });
    }
    expect(await adapter.storeName()).toBe('Kesar Kitchen');
  });
});

describe('Shopify GraphQL pieces', () => {
  it('takes a quarterly release as the API version, the default when unset', () => {
    expect(shopifyApiVersion(undefined)).toBe('2026-10');
    expect(shopifyApiVersion('2027-01')).toBe('2027-01');
    expect(() => shopifyApiVersion('2026-11')).toThrow(
      'SHOPIFY_API_VERSION must be a Shopify API version such as 2026-10',
    );
    expect(() => shopifyApiVersion('latest')).toThrow();
  });

  it('waits what the bucket lacks over its restore rate, within the bound', () => {
    const cost = (requested: number, available: number, restoreRate = 100) => ({
      requestedQueryCost: requested,
      actualQueryCost: null,
      throttleStatus: { maximumAvailable: 1000, currentlyAvailable: available, restoreRate },
    });
    expect(refillWait(cost(300, 100))).toBe(2000);
    expect(refillWait(cost(10, 9))).toBe(100);
    expect(refillWait(cost(900, 0))).toBe(THROTTLE_WAIT_MS);
    expect(refillWait(cost(10, 0, 0))).toBe(THROTTLE_WAIT_MS);
    expect(refillWait(undefined)).toBe(1000);
  });

  it('reckons a query’s cost from its document and an answer’s from what it holds', () => {
    expect(requestedCost('query A { shop { name } }', {})).toBe(1);
    expect(
      requestedCost(
        'query B($n: Int) { orders(first: $n) { nodes { id customer { id } } pageInfo { hasNextPage } } }',
        { n: 5 },
      ),
    ).toBe(2 + 5 * 2 + 1);
    expect(requestedCost('query C { order(id: "x") { fulfillments(first: 3) { id } } }', {})).toBe(1 + 2 + 3);
    expect(requestedCost('mutation D { x { y } }', {})).toBe(10);
    expect(actualCost({ shop: { name: 'x' } })).toBe(2);
    expect(actualCost({ orders: { nodes: [{ id: 1 }, { id: 2 }] } })).toBe(1 + 1 + 2 + 2);
  });

  it('reads an order’s weights in any unit and its buyer from the billing address when it ships nowhere', () => {
    const order = graphqlOrder({
      legacyResourceId: '5001',
      name: '#1042',
      createdAt: '2026-11-20T20:00:00Z',
      cancelledAt: null,
      email: null,
      phone: '+919876543210',
      displayFinancialStatus: 'PENDING',
      paymentGatewayNames: [],
      customer: null,
      shippingAddress: null,
      billingAddress: { firstName: 'Rohan', lastName: 'Mehta', address1: '7 MG Road', zip: '560 001' },
      totalDiscountsSet: { shopMoney: { amount: '50.00' } },
      totalShippingPriceSet: { shopMoney: { amount: '40.00' } },
      lineItems: {
        nodes: [
          {
            title: 'Tea tin',
            sku: null,
            quantity: 1,
            originalUnitPriceSet: { shopMoney: { amount: '250.50' } },
            product: { legacyResourceId: '11' },
            variant: {
              legacyResourceId: '22',
              inventoryItem: { measurement: { weight: { unit: 'KILOGRAMS', value: 0.25 } } },
            },
          },
          {
            title: 'Gift card',
            sku: 'GIFT',
            quantity: 2,
            originalUnitPriceSet: { shopMoney: { amount: '100' } },
            product: null,
            variant: null,
          },
        ],
      },
    });
    expect(order).toEqual({
      channelOrderId: '5001',
      orderNumber: '1042',
      // 20:00 UTC is the next morning in India
      orderDate: '2026-11-21',
      paymentMethod: 'COD',
      buyerName: 'Rohan Mehta',
      buyerPhone: '+919876543210',
      buyerEmail: '',
      shipping: { line1: '7 MG Road', line2: '', pincode: '560001' },
      items: [
        { channelProductId: '22', name: 'Tea tin', sku: 'SHOPIFY-22', quantity: 1, unitPrice: 250.5, grams: 250 },
        { channelProductId: '', name: 'Gift card', sku: 'GIFT', quantity: 2, unitPrice: 100, grams: 0 },
      ],
      discount: 50,
      shippingCharges: 40,
      cancelled: false,
    });
  });
});
