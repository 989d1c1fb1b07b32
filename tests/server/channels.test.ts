import { pathOf } from '../../src/domain/operation';
import { answer, answerOf } from './call';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CHANNELS } from '../../src/domain/channels-contract';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { channelStores, channelWebhooks, orders, productChannelMappings } from '../../server/db/schema';
import { channelSettings } from '../../server/channels/settings';
import { bodySignature, queryHmac } from '../../server/channels/signatures';
import { standinShop } from '../../server/channels/standin/shopify-standin';
import { standinWooOrders, wooStandinKeys } from '../../server/channels/standin/woocommerce-standin';
import { drainChannelUpdates } from '../../server/modules/channels/write-back';
import { takeChannelOrder } from '../../server/modules/channels/orders-in';
import { shopifyAdapter } from '../../server/channels/shopify';
import { JSON_TOO_DEEP } from '../../server/http/json-body';
import { transitionOrder } from '../../server/modules/order-status/status';
import { errorOf, type TestServer } from './harness';
import { creditWallet, demoTokens, startDemoServer, verifiedPickup } from './helpers';
import { invitedUser, ownerOn } from './team-helpers';
import type { OrderStatus } from '../../src/domain/order-status';

// Sales channels end to end against the stand-in Shopify and WooCommerce: the install with its
// OAuth checks, webhooks verified and turned into orders once, the shipment written back, the
// sync log, and who may do what.

const SHOP = 'chai-corner.myshopify.com';

describe('sales channels', () => {
  let s: TestServer;
  let meera: string;
  let seller: string;
  let staff: string;
  let meeraOrg: number;
  let shopifyStoreId: number;
  /** every call to a store's admin, to show none is a REST Admin call */
  const adminCalls: string[] = [];

  beforeAll(async () => {
    s = await startDemoServer();
    ({ meera, seller, staff } = await demoTokens(s));
    ({ orgId: meeraOrg } = await verifiedPickup(s, meera));
    const fetcher = s.deps.fetch;
    s.deps.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/admin/')) adminCalls.push(url);
      return fetcher(input, init);
    };
  });
  afterAll(() => s.close());

  const local = (url: string) => url.replace(s.deps.config.publicUrl, '');
  const post = (path: string, json: unknown, token = meera) => s.request(path, { method: 'POST', json, token });

  /** The seller starts the install, approves it on the stand-in shop, and comes back with the redirect's query. */
  async function approveOnShop(shopDomain: string, token = meera): Promise<Record<string, string>> {
    const install = await answerOf(API_CHANNELS.shopify, await post(API_CHANNELS.shopify.path, { shopDomain }, token));
    const page = await s.request(local(install.authorizeUrl));
    expect(await page.text()).toContain('Install app');
    const q = new URL(install.authorizeUrl).searchParams;
    const form = new URLSearchParams({
      client_id: q.get('client_id')!,
      scope: q.get('scope')!,
      redirect_uri: q.get('redirect_uri')!,
      state: q.get('state')!,
      decision: 'approve',
    });
    const back = await s.request(local(install.authorizeUrl).split('?')[0], {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(back.status).toBe(302);
    const to = new URL(back.headers.get('location')!);
    expect(to.pathname).toBe('/channels/shopify/callback');
    return Object.fromEntries(to.searchParams);
  }

  async function waitFor<T>(what: () => Promise<T | null | undefined>, ms = 20_000): Promise<T> {
    const until = Date.now() + ms;
    for (;;) {
      const v = await what();
      if (v) return v;
      if (Date.now() > until) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  /** A webhook as Shopify sends it: signed with the app secret, named by topic, shop and delivery id. */
  async function shopifyWebhook(shop: string, topic: string, id: string, body: string, signature?: string) {
    const { shopify } = await channelSettings(s.deps);
    return s.request(API_CHANNELS.shopifyWebhook.path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': topic,
        'x-shopify-hmac-sha256': signature ?? bodySignature(shopify!.apiSecret, body),
        'x-shopify-shop-domain': shop,
        'x-shopify-webhook-id': id,
      },
      body,
    });
  }
  const webhooksHandled = (storeId: number) =>
    waitFor(async () => {
      const left = await s.deps.db
        .select()
        .from(channelWebhooks)
        .where(and(eq(channelWebhooks.storeId, storeId), eq(channelWebhooks.status, 'RECEIVED')));
      return left.length === 0 ? true : null;
    });
  const channelOrders = (storeId: number) =>
    s.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.orgId, meeraOrg), eq(orders.channelStoreId, storeId)));

  it('installs the Shopify app: hmac and state checked, the offline token kept encrypted, products mapped', async () => {
    const query = await approveOnShop('Chai-Corner');
    const store = await answerOf(
      API_CHANNELS.shopifyExchange,
      await post(API_CHANNELS.shopifyExchange.path, { query }),
    );
    expect(store).toMatchObject({ platform: 'SHOPIFY', storeUrl: SHOP, status: 'CONNECTED', name: 'Chai Corner' });
    shopifyStoreId = store.storeId;
    const [row] = await s.deps.db.select().from(channelStores).where(eq(channelStores.id, store.storeId));
    expect(row.credentials).toMatch(/^v1\./);
    expect(row.credentials).not.toContain('shpat_');
    expect(row.oauthState).toBeNull();
    // the same redirect cannot be used twice: its state is spent
    expect(await errorOf(await post(API_CHANNELS.shopifyExchange.path, { query }))).toMatchObject({ status: 404 });
    const mapped = await s.deps.db
      .select()
      .from(productChannelMappings)
      .where(eq(productChannelMappings.storeId, String(store.storeId)));
    expect(mapped).toHaveLength(2);
    expect(
      standinShop(s.deps, SHOP)
        .webhooks.map((w) => w.topic)
        .sort(),
    ).toEqual(['app/uninstalled', 'orders/create', 'orders/updated']);
    const list = await answer(s, API_CHANNELS.stores, { token: meera });
    expect(list.map((x) => x.storeId)).toContain(store.storeId);
    const log = await answer(s, API_CHANNELS.log, { params: { storeId: store.storeId }, token: meera });
    expect(log.map((l) => `${l.kind} ${l.topic} ${l.outcome}`)).toEqual(['FETCH products OK', 'CONNECT webhooks OK']);
  });

  it('refuses a redirect whose hmac does not match, one of another seller, and an unfinished one', async () => {
    const query = await approveOnShop('masala-box');
    const forged = { ...query, code: 'stolen-code' };
    expect(await errorOf(await post(API_CHANNELS.shopifyExchange.path, { query: forged }))).toMatchObject({
      status: 400,
      message: 'The answer from Shopify is not signed by Shopify: start again',
    });
    // signed correctly but for another seller's install: the state is not theirs
    expect(await errorOf(await post(API_CHANNELS.shopifyExchange.path, { query }, seller))).toMatchObject({
      status: 404,
    });
    const { shopify } = await channelSettings(s.deps);
    const noCode = { shop: 'masala-box.myshopify.com', state: query.state, timestamp: query.timestamp };
    expect(
      await errorOf(
        await post(API_CHANNELS.shopifyExchange.path, {
          query: { ...noCode, hmac: queryHmac(shopify!.apiSecret, noCode) },
        }),
      ),
    ).toMatchObject({ status: 400, message: 'The answer from Shopify has no authorization code' });
  });

  it('names the field by its label on a bad shop domain or WooCommerce key', async () => {
    expect(await errorOf(await post(API_CHANNELS.shopify.path, { shopDomain: 'my shop!' }))).toMatchObject({
      status: 400,
      message: 'Shop domain must be your shop’s name or its .myshopify.com address',
    });
    expect(await errorOf(await post(API_CHANNELS.shopify.path, {}))).toMatchObject({
      status: 400,
      message: 'Shop domain is required',
    });
    const e = await errorOf(
      await post(API_CHANNELS.woocommerce.path, {
        siteUrl: 'not a url',
        consumerKey: 'ck_short',
        consumerSecret: 'cs_x',
      }),
    );
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/^Store URL must be your store’s address/);
    const k = await errorOf(
      await post(API_CHANNELS.woocommerce.path, {
        siteUrl: 'https://shop.example.in',
        consumerKey: 'ck_short',
        consumerSecret: 'cs_x',
      }),
    );
    expect(k.message).toBe('Consumer key must be the ck_… key WooCommerce gave you');
  });

  it('a Shopify order arriving twice makes one order, with its source and the store’s number', async () => {
    const placed = await s.request(`/dev/standin/shopify/${SHOP}/admin/orders`, {
      method: 'POST',
      json: { quantity: '2', name: 'Kavya Iyer', payment: 'cod' },
    });
    const { order } = (await placed.json()) as { order: { id: number; order_number: number } };
    const [made] = await waitFor(async () => {
      const list = await channelOrders(shopifyStoreId);
      return list.length ? list : null;
    });
    expect(made).toMatchObject({
      channel: 'SHOPIFY',
      channelOrderId: String(order.id),
      orderNumber: `SH${order.order_number}`,
      paymentMethod: 'COD',
    });
    // Shopify delivers again (same webhook id), and the orders/updated of the same order arrives too
    const body = JSON.stringify(standinShop(s.deps, SHOP).orders.find((o) => o.id === order.id));
    const send = (topic: string, id: string, signature?: string) => shopifyWebhook(SHOP, topic, id, body, signature);
    const first = await answerOf(API_CHANNELS.shopifyWebhook, await send('orders/create', 'dup-1'));
    const again = await answerOf(API_CHANNELS.shopifyWebhook, await send('orders/create', 'dup-1'));
    expect([first.duplicate, again.duplicate]).toEqual([false, true]);
    await Promise.all([
      send('orders/updated', 'upd-1'),
      send('orders/updated', 'upd-2'),
      send('orders/create', 'dup-2'),
    ]);
    await webhooksHandled(shopifyStoreId);
    expect(await channelOrders(shopifyStoreId)).toHaveLength(1);
    expect((await errorOf(await send('orders/create', 'forged', 'AAAA'))).status).toBe(401);
    // a signed body nested 5,000 deep is refused at the door and never kept for the job
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const refused = await shopifyWebhook(SHOP, 'orders/create', 'deep-1', deep);
    expect(await errorOf(refused)).toMatchObject({ status: 400, message: JSON_TOO_DEEP });
    expect(await s.deps.db.select().from(channelWebhooks).where(eq(channelWebhooks.deliveryId, 'deep-1'))).toHaveLength(
      0,
    );
  });

  it('concurrent intake of one channel order makes one order (the unique index decides)', async () => {
    const [store] = await s.deps.db.select().from(channelStores).where(eq(channelStores.id, shopifyStoreId));
    const { shopify } = await channelSettings(s.deps);
    const shopOrder = standinShop(s.deps, SHOP).orders[0];
    const adapter = shopifyAdapter(shopify!, s.deps.fetch, SHOP, 'unused');
    const order = adapter.orderOf({ ...shopOrder, id: 777001, order_number: 1777 })!;
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => takeChannelOrder(s.deps, store, order)));
    expect(outcomes.filter((o) => o.outcome === 'created')).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.orderId)).size).toBe(1);
  });

  it('ships the order and writes the tracking and each fulfilment event back to the shop', async () => {
    await creditWallet(s, staff, meeraOrg, 5000, 'Test float for channel orders');
    const [made] = (await channelOrders(shopifyStoreId)).filter((o) => o.channelOrderId !== '777001');
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: made.id }, token: meera });
    const info = await answerOf(
      API_SHIPPING.ship,
      await post(pathOf(API_SHIPPING.ship, { orderId: made.id }), {
        carrierCode: quotes[0].carrierCode,
        idempotencyKey: 'channel-ship-1',
      }),
    );
    // the store is down for the first try: logged as a retry, sent on the next
    const realFetch = s.deps.fetch;
    s.deps.fetch = async (input, init) =>
      String(input).includes('/dev/standin/')
        ? new Response('{"errors":"Service unavailable"}', { status: 503 })
        : realFetch(input, init);
    expect(await drainChannelUpdates(s.deps)).toBe(0);
    s.deps.fetch = realFetch;
    const log = await answer(s, API_CHANNELS.log, { params: { storeId: shopifyStoreId }, token: meera });
    expect(log[0]).toMatchObject({ kind: 'WRITE_BACK', topic: 'PKP_SCH', outcome: 'RETRY', attempt: 1 });
    expect(await drainChannelUpdates(s.deps)).toBe(0); // not due yet
    s.clock.advance(61_000);
    expect(await drainChannelUpdates(s.deps)).toBe(1);
    const shopOrder = standinShop(s.deps, SHOP).orders.find((o) => String(o.id) === made.channelOrderId)!;
    const fulfilment = () => standinShop(s.deps, SHOP).fulfillments.find((f) => f.order_id === shopOrder.id)!;
    expect(fulfilment()).toMatchObject({ tracking_number: info.awb, status: 'success' });
    expect(fulfilment().tracking_url).toContain(`/v2/track/${made.id}/${info.awb}`);
    expect(shopOrder.fulfillment_status).toBe('fulfilled');
    // the parcel moves: each status becomes its fulfilment event, in order
    for (const to of ['PKD', 'INT', 'OFD', 'NDR', 'OFD', 'DLV'] as OrderStatus[]) {
      await s.deps.db.transaction(async (tx) => {
        const [o] = await tx.select().from(orders).where(eq(orders.id, made.id)).for('update');
        await transitionOrder(tx, o, to, { now: s.deps.now() });
      });
    }
    await drainChannelUpdates(s.deps);
    expect(fulfilment().events.map((e) => e.status)).toEqual([
      'in_transit',
      'in_transit',
      'out_for_delivery',
      'attempted_delivery',
      'out_for_delivery',
      'delivered',
    ]);
    expect(fulfilment().shipment_status).toBe('delivered');
    const detail = await answer(s, API_ORDERS.order, { params: { orderId: made.id }, token: meera });
    expect(detail.status).toBe('DLV');
  });

  it('sync now fetches the shop’s orders and products; another seller sees none of it', async () => {
    const result = await answerOf(
      API_CHANNELS.sync,
      await post(pathOf(API_CHANNELS.sync, { storeId: shopifyStoreId }), {}),
    );
    expect(result).toMatchObject({ ordersSeen: 1, ordersCreated: 0, productsMapped: 0 });
    expect((await errorOf(await post(pathOf(API_CHANNELS.sync, { storeId: shopifyStoreId }), {}, seller))).status).toBe(
      404,
    );
    expect(
      (await errorOf(await s.request(pathOf(API_CHANNELS.log, { storeId: shopifyStoreId }), { token: seller }))).status,
    ).toBe(404);
    expect(
      (
        await errorOf(
          await s.request(pathOf(API_CHANNELS.store, { storeId: shopifyStoreId }), { method: 'DELETE', token: seller }),
        )
      ).status,
    ).toBe(404);
    const theirs = await answer(s, API_CHANNELS.stores, { token: seller });
    expect(theirs.find((x) => x.storeId === shopifyStoreId)).toBeUndefined();
  });

  it('a team login may list stores with setup.view but not connect or sync without setup.manage', async () => {
    const owner = await ownerOn(s, 'PRO');
    const role = await answer(s, API_TEAM.addRole, {
      body: { roleName: 'Setup viewer', permissions: ['setup.view'] },
      token: owner.token,
    });
    const u = await invitedUser(s, owner.token, 'channels@team.test', { teamRoleId: role.roleId });
    expect((await s.request(API_CHANNELS.stores.path, { token: u.token })).status).toBe(200);
    expect((await errorOf(await post(API_CHANNELS.shopify.path, { shopDomain: 'team-shop' }, u.token))).status).toBe(
      403,
    );
    expect(
      (await errorOf(await post(pathOf(API_CHANNELS.sync, { storeId: shopifyStoreId }), {}, u.token))).status,
    ).toBe(403);
  });

  it('answers the compliance webhooks: data requests and redactions logged, the shop’s redaction and the uninstall erase the token', async () => {
    const store = await answerOf(
      API_CHANNELS.shopifyExchange,
      await post(API_CHANNELS.shopifyExchange.path, { query: await approveOnShop('redact-me') }),
    );
    const shop = 'redact-me.myshopify.com';
    const ok = async (topic: string, id: string, payload: unknown) =>
      expect((await shopifyWebhook(shop, topic, id, JSON.stringify(payload))).status).toBe(200);
    await ok('customers/data_request', 'gdpr-1', {
      shop_domain: shop,
      customer: { id: 7001 },
      orders_requested: [1001, 1002],
    });
    await ok('customers/redact', 'gdpr-2', { shop_domain: shop, customer: { id: 7001 }, orders_to_redact: [1001] });
    await webhooksHandled(store.storeId);
    await ok('app/uninstalled', 'gdpr-3', { id: 1, domain: shop });
    await webhooksHandled(store.storeId);
    const [gone] = await s.deps.db.select().from(channelStores).where(eq(channelStores.id, store.storeId));
    expect(gone).toMatchObject({ status: 'DISCONNECTED', credentials: null });
    // 48 hours after the uninstall Shopify asks for the shop's data to go: still answered
    await ok('shop/redact', 'gdpr-4', { shop_id: 1, shop_domain: shop });
    await webhooksHandled(store.storeId);
    const log = await answer(s, API_CHANNELS.log, { params: { storeId: store.storeId }, token: meera });
    expect(log.filter((l) => l.kind === 'WEBHOOK').map((l) => [l.topic, l.outcome, l.message])).toEqual([
      ['shop/redact', 'OK', 'Shop data redacted: credentials erased'],
      ['app/uninstalled', 'OK', 'App uninstalled in Shopify: disconnected'],
      ['customers/redact', 'OK', 'Redaction for customer 7001 (orders 1001): answer it from Orders'],
      ['customers/data_request', 'OK', 'Data request for customer 7001 (orders 1001, 1002): answer it from Orders'],
    ]);
  });

  it('calls the stores’ Admin API through GraphQL only: no REST Admin call was sent', async () => {
    const { shopify } = await channelSettings(s.deps);
    const api = adminCalls.filter((url) => url.includes('/admin/api/'));
    expect(api.length).toBeGreaterThan(10);
    expect(api.filter((url) => !url.endsWith(`/admin/api/${shopify!.apiVersion}/graphql.json`))).toEqual([]);
  });

  it('connects WooCommerce with its REST keys, takes its order by signed webhook, and writes the note and status back', async () => {
    const keys = await wooStandinKeys(s.deps);
    const siteUrl = `${s.deps.config.publicUrl}/dev/standin/woocommerce`;
    const refused = await errorOf(
      await post(API_CHANNELS.woocommerce.path, {
        siteUrl,
        consumerKey: keys.consumerKey,
        consumerSecret: `cs_${'0'.repeat(40)}`,
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/^Consumer key: WooCommerce refused these keys/);
    const store = await answerOf(
      API_CHANNELS.woocommerce,
      await post(API_CHANNELS.woocommerce.path, { siteUrl, ...keys }),
    );
    expect(store).toMatchObject({ platform: 'WOOCOMMERCE', status: 'CONNECTED', name: 'Stand-in WooCommerce store' });
    // a forged delivery is refused
    const forged = await s.request(pathOf(API_CHANNELS.wooWebhook, { storeId: store.storeId }), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-wc-webhook-topic': 'order.created',
        'x-wc-webhook-signature': 'nope',
        'x-wc-webhook-delivery-id': 'x1',
      },
      body: '{"id":1,"line_items":[]}',
    });
    expect(forged.status).toBe(401);
    await s.request('/dev/standin/woocommerce/admin/orders', { method: 'POST', json: { payment: 'cod' } });
    const [made] = await waitFor(async () => {
      const list = await channelOrders(store.storeId);
      return list.length ? list : null;
    });
    expect(made).toMatchObject({ channel: 'WOOCOMMERCE', paymentMethod: 'COD' });
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: made.id }, token: meera });
    const info = await answerOf(
      API_SHIPPING.ship,
      await post(pathOf(API_SHIPPING.ship, { orderId: made.id }), {
        carrierCode: quotes[0].carrierCode,
        idempotencyKey: 'channel-ship-woo',
      }),
    );
    await drainChannelUpdates(s.deps);
    const wooOrder = standinWooOrders(s.deps).find((o) => String(o.id) === made.channelOrderId)!;
    expect(wooOrder.status).toBe('completed');
    expect(wooOrder.notes[0].note).toContain(`Tracking number ${info.awb}`);
    expect(wooOrder.notes[0].customer_note).toBe(true);
    // disconnecting erases the keys and keeps the order
    const gone = await answer(s, API_CHANNELS.store, { params: { storeId: store.storeId }, token: meera });
    expect(gone.status).toBe('DISCONNECTED');
    const [row] = await s.deps.db.select().from(channelStores).where(eq(channelStores.id, store.storeId));
    expect(row.credentials).toBeNull();
    expect(await channelOrders(store.storeId)).toHaveLength(1);
  });
});
