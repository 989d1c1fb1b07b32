import type { ChannelOrder } from '../../server/channels/adapter';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../src/domain/operation';
import { API_CHANNELS } from '../../src/domain/channels-contract';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { channelStores, orders, productChannelMappings } from '../../server/db/schema';
import { magentoStandinToken, standinMagento } from '../../server/channels/standin/magento-standin';
import { magentoAdapter } from '../../server/channels/magento';
import { magentoOrder, searchQuery } from '../../server/channels/magento-orders';
import { withParameters } from '../../server/channels/http';
import { pollChannelStores } from '../../server/modules/channels/poll';
import { drainChannelUpdates } from '../../server/modules/channels/write-back';
import { transitionOrder } from '../../server/modules/order-status/status';
import type { OrderStatus } from '../../src/domain/order-status';
import { answer, answerOf } from './call';
import { errorOf, type TestServer } from './harness';
import { creditWallet, demoTokens, startDemoServer, verifiedPickup } from './helpers';
import { invitedUser, ownerOn } from './team-helpers';

// Magento 2 against the stand-in store: the integration token (refused until the store allows
// bearer tokens), orders pulled by search criteria from a cursor and made once, products mapped
// by SKU, the shipment with its track and the comments written back, and the store's cancellation.

describe('Magento 2 channel', () => {
  let s: TestServer;
  let meera: string;
  let seller: string;
  let staff: string;
  let meeraOrg: number;
  let storeId: number;
  let siteUrl: string;
  let token: string;

  beforeAll(async () => {
    s = await startDemoServer();
    ({ meera, seller, staff } = await demoTokens(s));
    ({ orgId: meeraOrg } = await verifiedPickup(s, meera));
    siteUrl = `${s.deps.config.publicUrl}/dev/standin/magento`;
    token = await magentoStandinToken(s.deps);
  });
  afterAll(() => s.close());

  const post = (path: string, json: unknown, as = meera) => s.request(path, { method: 'POST', json, token: as });
  const connect = (body: unknown, as = meera) => post(API_CHANNELS.magento.path, body, as);
  const storeAdmin = (path: string, json: unknown = {}) =>
    s.request(`/dev/standin/magento/admin${path}`, { method: 'POST', json });
  const place = async (f: Record<string, string> = {}) =>
    (await (await storeAdmin('/orders', f)).json()) as { entity_id: number; increment_id: string };
  const ours = () =>
    s.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.orgId, meeraOrg), eq(orders.channelStoreId, storeId)));
  const storeRow = async () => (await s.deps.db.select().from(channelStores).where(eq(channelStores.id, storeId)))[0];
  const log = () => answer(s, API_CHANNELS.log, { params: { storeId }, token: meera });

  it('names the field by its label on a bad store URL or token', async () => {
    expect(await errorOf(await connect({ siteUrl: 'not a url', accessToken: token }))).toMatchObject({
      status: 400,
      message: 'Store URL must be your store’s address, such as https://shop.example.in',
    });
    expect(await errorOf(await connect({ siteUrl }))).toMatchObject({
      status: 400,
      message: 'Access token is required',
    });
    expect(await errorOf(await connect({ siteUrl, accessToken: 'short!' }))).toMatchObject({
      status: 400,
      message: 'Access token must be the access token Magento showed for your integration',
    });
  });

  it('refuses the token while the store does not allow bearer tokens, in Magento’s own words', async () => {
    const direct = await s.request('/dev/standin/magento/rest/V1/store/storeGroups', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(direct.status).toBe(401);
    expect(await direct.json()).toEqual({
      message: "The consumer isn't authorized to access %resources.",
      parameters: { resources: 'Magento_Backend::store' },
    });
    const refused = await errorOf(await connect({ siteUrl, accessToken: token }));
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/^Access token: Magento refused this token.*standalone Bearer tokens to Yes$/);
    expect(await s.deps.db.select().from(channelStores).where(eq(channelStores.platform, 'MAGENTO2'))).toHaveLength(0);
  });

  it('the stand-in checks search criteria as Magento does', async () => {
    await storeAdmin('/oauth', { allow: 'yes' });
    const get = (q: string) =>
      s.request(`/dev/standin/magento/rest/V1/orders${q}`, { headers: { authorization: `Bearer ${token}` } });
    expect(await (await get('')).json()).toEqual({
      message: '"%fieldName" is required. Enter and try again.',
      parameters: { fieldName: 'searchCriteria' },
    });
    const big = await get('?searchCriteria[pageSize]=500');
    expect([big.status, await big.json()]).toEqual([
      400,
      { message: 'Maximum SearchCriteria pageSize is %max', parameters: { max: 300 } },
    ]);
    expect((await get('?searchCriteria[pageSize]=10')).status).toBe(200);
  });

  it('connects with the integration token (kept sealed) and maps the catalogue by SKU', async () => {
    const store = await answerOf(
      API_CHANNELS.magento,
      await connect({ siteUrl: `${siteUrl}/rest/V1/`, accessToken: token }),
    );
    expect(store).toMatchObject({
      platform: 'MAGENTO2',
      storeUrl: siteUrl,
      status: 'CONNECTED',
      name: 'Stand-in Magento store',
    });
    storeId = store.storeId;
    const row = await storeRow();
    expect(row.credentials).toMatch(/^v1\./);
    expect(row.credentials).not.toContain(token);
    const maps = await s.deps.db
      .select()
      .from(productChannelMappings)
      .where(eq(productChannelMappings.storeId, String(storeId)));
    // the configurable parent is not a product that ships: its simple child is
    expect(maps.map((m) => m.channelProductId).sort()).toEqual(['MG-DUPATTA-01', 'MG-KURTA-M', 'MG-PLANTER-02']);
    expect((await log()).map((l) => [l.kind, l.outcome])).toEqual([
      ['FETCH', 'OK'],
      ['CONNECT', 'OK'],
    ]);
    expect((await log())[1].message).toBe('Connected Stand-in Magento store; new orders are fetched every few minutes');
    // another seller cannot take the same store
    expect((await errorOf(await connect({ siteUrl, accessToken: token }, seller))).status).toBe(409);
  });

  it('pulls new orders from its cursor and makes each once, however often and concurrently it asks', async () => {
    const prepaid = await place({ sku: 'MG-DUPATTA-01', quantity: '2' });
    const cod = await place({ sku: 'MG-PLANTER-02', payment: 'cod' });
    expect(await pollChannelStores(s.deps)).toBe(2);
    const made = await ours();
    expect(made.map((o) => [o.channel, o.orderNumber, o.paymentMethod, o.channelOrderId]).sort()).toEqual([
      ['MAGENTO2', `MG${prepaid.increment_id}`, 'PPD', String(prepaid.entity_id)],
      ['MAGENTO2', `MG${cod.increment_id}`, 'COD', String(cod.entity_id)],
    ]);
    expect((await storeRow()).pollCursor).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    s.clock.advance(5_000);
    const again = await Promise.all([pollChannelStores(s.deps), pollChannelStores(s.deps), pollChannelStores(s.deps)]);
    expect(again).toEqual([0, 0, 0]);
    expect(await ours()).toHaveLength(2);
    const [line] = await log();
    expect(line).toMatchObject({
      kind: 'FETCH',
      topic: 'orders',
      outcome: 'OK',
      message: '2 orders changed, 2 new, 0 cancelled',
    });
  });

  it('ships through Dakiya: one Magento shipment with the track, then a comment per move', async () => {
    await creditWallet(s, staff, meeraOrg, 5000, 'Test float for Magento orders');
    const entity = standinMagento(s.deps).orders[0];
    const [made] = (await ours()).filter((o) => o.channelOrderId === String(entity.entity_id));
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: made.id }, token: meera });
    const info = await answerOf(
      API_SHIPPING.ship,
      await post(pathOf(API_SHIPPING.ship, { orderId: made.id }), {
        carrierCode: quotes[0].carrierCode,
        idempotencyKey: 'magento-ship-1',
      }),
    );
    // the ship goes through but its answer is lost: the retry finds the shipment and ships nothing twice
    const realFetch = s.deps.fetch;
    s.deps.fetch = async (input, init) => {
      const res = await realFetch(input, init);
      return String(input).endsWith(`/order/${entity.entity_id}/ship`) ? new Response('', { status: 502 }) : res;
    };
    expect(await drainChannelUpdates(s.deps)).toBe(0);
    s.deps.fetch = realFetch;
    s.clock.advance(61_000);
    expect(await drainChannelUpdates(s.deps)).toBe(1);
    const shipments = standinMagento(s.deps).shipments.filter((x) => x.order_id === entity.entity_id);
    expect(shipments).toHaveLength(1);
    expect(shipments[0].tracks).toEqual([
      expect.objectContaining({ track_number: info.awb, carrier_code: 'custom', title: expect.any(String) }),
    ]);
    expect(entity.state).toBe('complete');
    expect((await log()).slice(0, 2).map((l) => [l.kind, l.outcome, l.attempt])).toEqual([
      ['WRITE_BACK', 'OK', 2],
      ['WRITE_BACK', 'RETRY', 1],
    ]);
    expect((await log())[0].message).toContain(`already has tracking ${info.awb}`);
    for (const to of ['PKD', 'INT', 'OFD', 'DLV'] as OrderStatus[]) {
      await s.deps.db.transaction(async (tx) => {
        const [o] = await tx.select().from(orders).where(eq(orders.id, made.id)).for('update');
        await transitionOrder(tx, o, to, { now: s.deps.now() });
      });
    }
    await drainChannelUpdates(s.deps);
    const comments = entity.status_histories.map((h) => h.comment);
    expect(comments).toHaveLength(5);
    expect(comments[4]).toContain(`Tracking number ${info.awb}`);
    expect(comments[0]).toMatch(new RegExp(`^Shipment ${info.awb}: .*Track it at .*/v2/track/${made.id}/`));
    // the store's admin shows the track to its owner
    expect(await (await s.request('/dev/standin/magento/admin')).text()).toContain(info.awb!);
  });

  it('a store’s cancelled order cancels ours while unshipped; one cancelled before we saw it is skipped', async () => {
    const cod = standinMagento(s.deps).orders[1];
    s.clock.advance(2_000);
    await storeAdmin(`/orders/${cod.entity_id}/cancel`);
    const early = await place();
    s.clock.advance(1_000);
    await storeAdmin(`/orders/${early.entity_id}/cancel`);
    await pollChannelStores(s.deps);
    const [mine] = (await ours()).filter((o) => o.channelOrderId === String(cod.entity_id));
    const detail = await answer(s, API_ORDERS.order, { params: { orderId: mine.id }, token: meera });
    expect(detail.status).toBe('CAN');
    expect((await ours()).find((o) => o.channelOrderId === String(early.entity_id))).toBeUndefined();
    // the shipped order cannot be cancelled in the store, and ours stays shipped
    const shipped = standinMagento(s.deps).orders[0];
    await storeAdmin(`/orders/${shipped.entity_id}/cancel`);
    expect(shipped.state).toBe('complete');
  });

  it('an order that cannot be taken holds the cursor and is taken once it can be', async () => {
    const bad = await place({ postcode: '12' });
    s.clock.advance(1_000);
    const good = await place();
    await pollChannelStores(s.deps);
    const held = await storeRow();
    const entity = standinMagento(s.deps).orders.find((o) => o.entity_id === bad.entity_id)!;
    expect(held.pollCursor).toBe(entity.updated_at);
    expect((await log())[0]).toMatchObject({ kind: 'FETCH', outcome: 'RETRY' });
    expect((await ours()).some((o) => o.channelOrderId === String(good.entity_id))).toBe(true);
    // the store owner corrects the address; the next fetch reads it again from the held cursor
    entity.extension_attributes!.shipping_assignments![0].shipping!.address!.postcode = '560001';
    s.clock.advance(1_000);
    await pollChannelStores(s.deps);
    expect((await ours()).some((o) => o.channelOrderId === String(bad.entity_id))).toBe(true);
    // taken: the cursor moves on past it
    expect((await storeRow()).pollCursor! > entity.updated_at).toBe(true);
  });

  it('reads every page of a long list: Magento answers its last page again past the end', async () => {
    for (let i = 0; i < 55; i++) await place();
    const adapter = magentoAdapter(s.deps.fetch, siteUrl, { accessToken: token });
    const seller = { known: async () => false, contactPhone: async () => '' };
    const all = await adapter.ordersSince!(null, new Date(0), seller);
    expect(all.orders).toHaveLength(standinMagento(s.deps).orders.length);
    expect(new Set(all.orders.map((o) => (o.order as ChannelOrder).channelOrderId)).size).toBe(all.orders.length);
  });

  it('a refused poll is logged with Magento’s words filled in, and the store’s other sellers see nothing', async () => {
    await storeAdmin('/oauth', { allow: 'no' });
    await pollChannelStores(s.deps);
    expect((await log())[0]).toMatchObject({
      kind: 'FETCH',
      outcome: 'ERROR',
      message: "401 from the store: The consumer isn't authorized to access Magento_Backend::store.",
    });
    await storeAdmin('/oauth', { allow: 'yes' });
    for (const res of [
      await post(pathOf(API_CHANNELS.sync, { storeId }), {}, seller),
      await s.request(pathOf(API_CHANNELS.log, { storeId }), { token: seller }),
      await s.request(pathOf(API_CHANNELS.store, { storeId }), { method: 'DELETE', token: seller }),
    ])
      expect((await errorOf(res)).status).toBe(404);
  });

  it('connecting needs setup.manage', async () => {
    const owner = await ownerOn(s, 'PRO');
    const role = await answer(s, API_TEAM.addRole, {
      body: { roleName: 'Setup viewer', permissions: ['setup.view'] },
      token: owner.token,
    });
    const u = await invitedUser(s, owner.token, 'magento@team.test', { teamRoleId: role.roleId });
    expect((await errorOf(await connect({ siteUrl, accessToken: token }, u.token))).status).toBe(403);
  });

  it('sync now reads the recent orders and makes none twice; disconnecting keeps the orders', async () => {
    const before = (await ours()).length;
    const result = await answerOf(API_CHANNELS.sync, await post(pathOf(API_CHANNELS.sync, { storeId }), {}));
    expect(result.ordersSeen).toBe(50);
    expect((await ours()).length).toBe(before + result.ordersCreated);
    const gone = await answer(s, API_CHANNELS.store, { params: { storeId }, token: meera });
    expect(gone.status).toBe('DISCONNECTED');
    expect((await storeRow()).credentials).toBeNull();
    expect(await pollChannelStores(s.deps)).toBe(0);
    expect((await ours()).length).toBeGreaterThan(0);
  });
});

describe('reading Magento’s words', () => {
  it('reads an order: a configurable child line left to its parent, pounds as kilograms, the discount turned round', () => {
    const o = magentoOrder(
      {
        entity_id: 7,
        increment_id: '000000007',
        state: 'canceled',
        status: 'canceled',
        created_at: '2026-11-29 20:00:00',
        updated_at: '2026-11-29 20:05:00',
        customer_email: 'a@example.in',
        payment: { method: 'cashondelivery' },
        items: [
          {
            item_id: 1,
            sku: 'KURTA-M',
            name: 'Kurta',
            qty_ordered: 2,
            price: 999,
            weight: 1,
            product_type: 'configurable',
          },
          { item_id: 2, sku: 'KURTA-M', name: 'Kurta, M', qty_ordered: 2, price: 0, weight: 1, parent_item_id: 1 },
        ],
        discount_amount: -100,
        shipping_amount: 50,
        billing_address: {
          firstname: 'Asha',
          lastname: 'Nair',
          street: ['1 MG Road', 'Floor 2'],
          city: 'Kochi',
          postcode: '682 001',
          telephone: '9876543210',
        },
      },
      'lbs',
    );
    expect(o).toMatchObject({
      orderNumber: '000000007',
      orderDate: '2026-11-30',
      paymentMethod: 'COD',
      buyerName: 'Asha Nair',
      shipping: { line1: '1 MG Road', line2: 'Floor 2, Kochi', pincode: '682001' },
      discount: 100,
      shippingCharges: 50,
      cancelled: true,
    });
    expect(o.items).toEqual([
      { channelProductId: 'KURTA-M', name: 'Kurta', sku: 'KURTA-M', quantity: 2, unitPrice: 999, grams: 454 },
    ]);
  });

  it('puts an error’s parameters back in its words, named or numbered', () => {
    expect(withParameters('"%fieldName" is required.', { fieldName: 'searchCriteria' })).toBe(
      '"searchCriteria" is required.',
    );
    expect(withParameters('Invalid condition type: %1', ['near'])).toBe('Invalid condition type: near');
    expect(withParameters('No %thing here', undefined)).toBe('No %thing here');
  });

  it('writes search criteria as Magento’s bracketed query keys', () => {
    const q = new URLSearchParams(
      searchQuery({
        filters: [[{ field: 'updated_at', value: '2026-11-29 10:00:00', condition: 'gteq' }]],
        sort: [{ field: 'updated_at', direction: 'ASC' }],
        pageSize: 50,
        currentPage: 2,
      }),
    );
    expect(Object.fromEntries(q)).toEqual({
      'searchCriteria[filter_groups][0][filters][0][field]': 'updated_at',
      'searchCriteria[filter_groups][0][filters][0][value]': '2026-11-29 10:00:00',
      'searchCriteria[filter_groups][0][filters][0][condition_type]': 'gteq',
      'searchCriteria[sortOrders][0][field]': 'updated_at',
      'searchCriteria[sortOrders][0][direction]': 'ASC',
      'searchCriteria[pageSize]': '50',
      'searchCriteria[currentPage]': '2',
    });
  });
});
