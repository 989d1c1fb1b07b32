import { generateKeyPairSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../src/domain/operation';
import { API_CHANNELS } from '../../src/domain/channels-contract';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { channelStores, channelWebhooks, orders, productChannelMappings } from '../../server/db/schema';
import { signRs256 } from '../../server/channels/wix-jwt';
import { keptKeyPair } from '../../server/channels/settings';
import { standinWixSite, standinWixSites, wixEventToken } from '../../server/channels/standin/wix-standin';
import { drainChannelUpdates } from '../../server/modules/channels/write-back';
import { transitionOrder } from '../../server/modules/order-status/status';
import type { WixOrder } from '../../server/channels/wix-orders';
import type { OrderStatus } from '../../src/domain/order-status';
import { answer, answerOf } from './call';
import { errorOf, type TestServer } from './harness';
import { creditWallet, demoTokens, startDemoServer, verifiedPickup } from './helpers';
import { invitedUser, ownerOn } from './team-helpers';

// The Wix channel against the stand-in Wix: the external install flow (installer, permissions,
// the return with the site's instance id) and an access token minted by client credentials, webhooks as RS256 JWTs turned into one order whatever their order or repeats, a
// cancellation in Wix cancelling ours while unshipped, the fulfilment with tracking written
// back with a newly minted access token, sync now, and who may do what.

describe('Wix channel', () => {
  let s: TestServer;
  let meera: string;
  let seller: string;
  let staff: string;
  let meeraOrg: number;
  let storeId: number;
  let instanceId: string;

  beforeAll(async () => {
    s = await startDemoServer();
    ({ meera, seller, staff } = await demoTokens(s));
    ({ orgId: meeraOrg } = await verifiedPickup(s, meera));
  });
  afterAll(() => s.close());

  const local = (url: string) => url.replace(s.deps.config.publicUrl, '');
  const post = (path: string, json: unknown, token = meera) => s.request(path, { method: 'POST', json, token });
  const form = (path: string, fields: Record<string, string>) =>
    s.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  /** The seller starts on Dakiya, picks a new stand-in site in Wix's installer, grants the app, and comes back with the return's query. */
  async function installOnSite(site: string, token = meera, decision = 'approve') {
    const start = await answerOf(API_CHANNELS.wix, await post(API_CHANNELS.wix.path, {}, token));
    expect(start.storeId).toEqual(expect.any(Number));
    const installer = new URL(start.authorizeUrl);
    const back = new URL(installer.searchParams.get('postInstallationUrl')!);
    expect(back.pathname).toBe('/channels/wix/callback');
    expect(back.searchParams.get('state')).toEqual(expect.any(String));
    const sitePage = await s.request(local(start.authorizeUrl));
    expect(await sitePage.text()).toContain('Add to site');
    const fields = { appId: installer.searchParams.get('appId')!, postInstallationUrl: back.toString(), site };
    const approval = await form('/dev/standin/wix/installer/site', fields);
    expect(await approval.text()).toContain('Agree &amp; add');
    const answered = await form('/dev/standin/wix/installer/approve', { ...fields, decision });
    if (decision !== 'approve') return null;
    const to = new URL(answered.headers.get('location')!);
    expect(to.pathname).toBe('/channels/wix/callback');
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
  const webhooksHandled = () =>
    waitFor(async () => {
      const left = await s.deps.db
        .select()
        .from(channelWebhooks)
        .where(and(eq(channelWebhooks.storeId, storeId), eq(channelWebhooks.status, 'RECEIVED')));
      return left.length === 0 ? true : null;
    });
  const wixOrders = () =>
    s.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.orgId, meeraOrg), eq(orders.channelStoreId, storeId)));
  const sendEvent = (token: string) =>
    s.request(API_CHANNELS.wixWebhook.path, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: token });
  /** An order on the site, placed without its webhook (as if Wix's delivery were still on its way). */
  const quietOrder = (buyer: string): WixOrder => {
    const site = standinWixSite(s.deps, instanceId)!;
    const o = structuredClone(site.orders[0]);
    const placed = { ...o, id: crypto.randomUUID(), number: String(20000 + site.orders.length) };
    placed.shippingInfo!.logistics!.shippingDestination!.contactDetails!.firstName = buyer;
    site.orders.push({ ...placed, fulfillmentStatus: 'NOT_FULFILLED' });
    return placed;
  };

  it('installs the Wix app: the installer’s return checked, a token minted for the site and kept sealed; products mapped', async () => {
    const query = (await installOnSite('Kala Ghar'))!;
    expect(Object.keys(query).sort()).toEqual(['appId', 'instanceId', 'state', 'tenantId']);
    instanceId = query.instanceId;
    const store = await answerOf(API_CHANNELS.wixExchange, await post(API_CHANNELS.wixExchange.path, { query }));
    expect(store).toMatchObject({ platform: 'WIX', storeUrl: instanceId, status: 'CONNECTED', name: 'Kala Ghar' });
    storeId = store.storeId;
    const [row] = await s.deps.db.select().from(channelStores).where(eq(channelStores.id, storeId));
    expect(row.credentials).toMatch(/^v1\./);
    expect(row.credentials).not.toContain('OauthNG');
    // the placeholder of the pending install is gone; the list has the one site
    const list = await answer(s, API_CHANNELS.stores, { token: meera });
    expect(list.filter((x) => x.platform === 'WIX')).toHaveLength(1);
    // the redirect's state is spent
    expect(await errorOf(await post(API_CHANNELS.wixExchange.path, { query }))).toMatchObject({ status: 404 });
    const mapped = await s.deps.db
      .select()
      .from(productChannelMappings)
      .where(eq(productChannelMappings.storeId, String(storeId)));
    expect(mapped).toHaveLength(2);
  });

  it('refuses another seller’s return, a replayed one at once, one naming another app or no site, and a site without the app', async () => {
    // another seller brings Meera's return: no install of theirs waits under its state
    const query = (await installOnSite('Bunai Studio'))!;
    expect((await errorOf(await post(API_CHANNELS.wixExchange.path, { query }, seller))).status).toBe(404);
    // two tabs bring the same return at once: one connects, the other finds it spent
    const both = await Promise.all([1, 2].map(() => post(API_CHANNELS.wixExchange.path, { query })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 404]);
    // a return without the site, or naming another app, fails that install
    const noSite = (await installOnSite('Chhapa Prints'))!;
    const refused = await errorOf(await post(API_CHANNELS.wixExchange.path, { query: { ...noSite, instanceId: '' } }));
    expect(refused).toMatchObject({ status: 400, message: expect.stringContaining('names no site') });
    const otherApp = (await installOnSite('Chhapa Prints'))!;
    expect(
      (await errorOf(await post(API_CHANNELS.wixExchange.path, { query: { ...otherApp, appId: 'another-app' } })))
        .status,
    ).toBe(400);
    // a made-up instance: Wix mints no token for it, and the store says why
    const madeUp = (await installOnSite('Chhapa Prints'))!;
    const failed = await answerOf(
      API_CHANNELS.wixExchange,
      await post(API_CHANNELS.wixExchange.path, { query: { ...madeUp, instanceId: crypto.randomUUID() } }),
    );
    expect(failed.status).toBe('FAILED');
    expect(failed.lastError).toContain('not installed');
    // cancelled in Wix's installer: nothing comes back, nothing is installed
    const sites = standinWixSites(s.deps).length;
    expect(await installOnSite('Never Added', meera, 'cancel')).toBeNull();
    expect(standinWixSites(s.deps)).toHaveLength(sites);
  });

  it('Create Access Token is as strict as Wix’s: client credentials only, the app’s secret, an instance it is on', async () => {
    const token = (json: unknown) =>
      s.request('/dev/standin/wix/oauth2/token', { method: 'POST', json }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { message?: string; access_token?: string; expires_in?: number },
      }));
    const appId = new URL(
      (await answerOf(API_CHANNELS.wix, await post(API_CHANNELS.wix.path, {}))).authorizeUrl,
    ).searchParams.get('appId')!;
    const legacy = await token({ grant_type: 'authorization_code', client_id: appId, client_secret: 'x', code: 'c' });
    expect(legacy.status).toBe(400);
    const noInstance = await token({ grant_type: 'client_credentials', client_id: appId, client_secret: 'x' });
    expect(noInstance.body.message).toContain('instance_id');
    const wrongSecret = await token({
      grant_type: 'client_credentials',
      client_id: appId,
      client_secret: 'not-the-secret',
      instance_id: instanceId,
    });
    expect(wrongSecret.status).toBe(401);
  });

  it('an order arriving as a signed JWT makes one order, through repeats and concurrent events', async () => {
    const placed = await s.request(`/dev/standin/wix/admin/${instanceId}/orders`, {
      method: 'POST',
      json: { buyer: 'Ananya Sen', payment: 'cod', quantity: '2' },
    });
    const { order } = (await placed.json()) as { order: WixOrder };
    const [made] = await waitFor(async () => {
      const list = await wixOrders();
      return list.length ? list : null;
    });
    expect(made).toMatchObject({
      channel: 'WIX',
      channelOrderId: order.id,
      orderNumber: `WX${order.number}`,
      paymentMethod: 'COD',
    });
    // Wix delivers the same event again, and updates of the order arrive alongside
    const again = await wixEventToken(s.deps, instanceId, 'wix.ecom.v1.order_created', 'created', order, 'evt-1');
    const first = await answerOf(API_CHANNELS.wixWebhook, await sendEvent(again));
    const repeat = await answerOf(API_CHANNELS.wixWebhook, await sendEvent(again));
    expect([first.duplicate, repeat.duplicate]).toEqual([false, true]);
    await Promise.all(
      ['u1', 'u2', 'u3'].map(async (id) =>
        sendEvent(await wixEventToken(s.deps, instanceId, 'wix.ecom.v1.order_updated', 'updated', order, id)),
      ),
    );
    await webhooksHandled();
    expect(await wixOrders()).toHaveLength(1);
  });

  it('refuses a token not signed with the app’s key, one naming another algorithm, and an expired one', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = signRs256(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), {
      data: JSON.stringify({ eventType: 'wix.ecom.v1.order_created', instanceId, data: '{"id":"x"}' }),
    });
    expect((await errorOf(await sendEvent(forged))).status).toBe(401);
    const genuine = await wixEventToken(
      s.deps,
      instanceId,
      'wix.ecom.v1.order_created',
      'created',
      standinWixSite(s.deps, instanceId)!.orders[0],
    );
    const [, body] = genuine.split('.');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`;
    expect((await errorOf(await sendEvent(none))).status).toBe(401);
    // a genuine signature whose time has run out
    const { privateKey: standinKey } = await keptKeyPair(s.deps, 'wix-standin-webhook-key');
    const expired = signRs256(standinKey, { ...JSON.parse(Buffer.from(body, 'base64url').toString()), exp: 1 });
    expect((await errorOf(await sendEvent(expired))).status).toBe(401);
  });

  it('out of order: a cancellation that comes before the order’s creation leaves no order', async () => {
    const before = (await wixOrders()).length;
    const o = quietOrder('Farhan');
    standinWixSite(s.deps, instanceId)!.orders.find((x) => x.id === o.id)!.status = 'CANCELED';
    await sendEvent(
      await wixEventToken(s.deps, instanceId, 'wix.ecom.v1.order_canceled', 'canceled', { ...o, status: 'CANCELED' }),
    );
    // the creation event, late, still carries the order as it was when placed
    await sendEvent(await wixEventToken(s.deps, instanceId, 'wix.ecom.v1.order_created', 'created', o));
    await webhooksHandled();
    expect(await wixOrders()).toHaveLength(before);
  });

  it('a cancellation in Wix cancels our unshipped order', async () => {
    const placed = await s.request(`/dev/standin/wix/admin/${instanceId}/orders`, {
      method: 'POST',
      json: { buyer: 'Gauri Pillai', payment: 'prepaid' },
    });
    const { order } = (await placed.json()) as { order: WixOrder };
    const made = await waitFor(async () => (await wixOrders()).find((o) => o.channelOrderId === order.id));
    expect(made.paymentMethod).toBe('PPD');
    await s.request(`/dev/standin/wix/admin/${instanceId}/orders/${order.id}/cancel`, {
      method: 'POST',
      headers: { accept: 'application/json' },
    });
    await webhooksHandled();
    const after = (await wixOrders()).find((o) => o.id === made.id)!;
    expect(after.status).toBe('CAN');
  });

  it('ships the order and writes the fulfilment with tracking back, minting a new access token for the site', async () => {
    await creditWallet(s, staff, meeraOrg, 5000, 'Test float for Wix orders');
    const made = (await wixOrders()).find((o) => o.buyerName === 'Ananya Sen')!;
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: made.id }, token: meera });
    const info = await answerOf(
      API_SHIPPING.ship,
      await post(pathOf(API_SHIPPING.ship, { orderId: made.id }), {
        carrierCode: quotes[0].carrierCode,
        idempotencyKey: 'wix-ship-1',
      }),
    );
    // the kept access token (four hours) has run out by now: another is minted for the site
    s.clock.advance(4 * 3600_000);
    ({ meera, seller, staff } = await demoTokens(s));
    const [kept] = await s.deps.db.select().from(channelStores).where(eq(channelStores.id, storeId));
    expect(await drainChannelUpdates(s.deps)).toBe(1);
    const [refreshed] = await s.deps.db.select().from(channelStores).where(eq(channelStores.id, storeId));
    expect(refreshed.credentials).not.toBe(kept.credentials);
    const site = standinWixSite(s.deps, instanceId)!;
    const fulfilments = () => site.fulfillments.get(made.channelOrderId!) ?? [];
    expect(fulfilments()).toHaveLength(1);
    expect(fulfilments()[0].trackingInfo).toMatchObject({ trackingNumber: info.awb });
    expect(fulfilments()[0].trackingInfo!.trackingLink).toContain(`/v2/track/${made.id}/${info.awb}`);
    expect(fulfilments()[0].lineItems).toEqual([{ id: expect.any(String), quantity: 2 }]);
    expect(site.orders.find((o) => o.id === made.channelOrderId)!.fulfillmentStatus).toBe('FULFILLED');
    // the parcel moves on: the fulfilment stays one, its link shows the moves
    for (const to of ['PKD', 'INT', 'OFD', 'DLV'] as OrderStatus[]) {
      await s.deps.db.transaction(async (tx) => {
        const [o] = await tx.select().from(orders).where(eq(orders.id, made.id)).for('update');
        await transitionOrder(tx, o, to, { now: s.deps.now() });
      });
    }
    await drainChannelUpdates(s.deps);
    expect(fulfilments()).toHaveLength(1);
    // a cancellation after shipping leaves ours as it is
    await s.request(`/dev/standin/wix/admin/${instanceId}/orders/${made.channelOrderId}/cancel`, {
      method: 'POST',
      headers: { accept: 'application/json' },
    });
    await webhooksHandled();
    const detail = await answer(s, API_ORDERS.order, { params: { orderId: made.id }, token: meera });
    expect(detail.status).toBe('DLV');
    const log = await answer(s, API_CHANNELS.log, { params: { storeId }, token: meera });
    expect(log.some((e) => e.kind === 'WRITE_BACK' && e.message.includes(`fulfilled with tracking ${info.awb}`))).toBe(
      true,
    );
  });

  it('sync now searches the site’s orders; another seller sees none of it', async () => {
    const result = await answerOf(API_CHANNELS.sync, await post(pathOf(API_CHANNELS.sync, { storeId }), {}));
    expect(result.ordersSeen).toBe(standinWixSite(s.deps, instanceId)!.orders.length);
    expect(result.ordersCreated).toBe(0);
    expect((await errorOf(await post(pathOf(API_CHANNELS.sync, { storeId }), {}, seller))).status).toBe(404);
    expect((await errorOf(await s.request(pathOf(API_CHANNELS.log, { storeId }), { token: seller }))).status).toBe(404);
  });

  it('a team login without setup.manage may not start a Wix install', async () => {
    const owner = await ownerOn(s, 'PRO');
    const role = await answer(s, API_TEAM.addRole, {
      body: { roleName: 'Wix viewer', permissions: ['setup.view'] },
      token: owner.token,
    });
    const u = await invitedUser(s, owner.token, 'wix@team.test', { teamRoleId: role.roleId });
    expect((await errorOf(await post(API_CHANNELS.wix.path, {}, u.token))).status).toBe(403);
    expect((await errorOf(await post(API_CHANNELS.wixExchange.path, { query: {} }, u.token))).status).toBe(403);
  });

  it('the app removed in Wix (a legacy event without an id) disconnects the site and erases its tokens', async () => {
    const { privateKey } = await keptKeyPair(s.deps, 'wix-standin-webhook-key');
    const removed = signRs256(privateKey, {
      data: JSON.stringify({ eventType: 'AppRemoved', instanceId, data: '{}' }),
    });
    expect(await answerOf(API_CHANNELS.wixWebhook, await sendEvent(removed))).toMatchObject({ accepted: true });
    await webhooksHandled();
    const [row] = await s.deps.db.select().from(channelStores).where(eq(channelStores.id, storeId));
    expect(row).toMatchObject({ status: 'DISCONNECTED', credentials: null });
  });
});
