import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../src/domain/operation';
import { API_CHANNELS } from '../../src/domain/channels-contract';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { buyerMessages, channelStores, customers, orders } from '../../server/db/schema';
import {
  AMAZON_RETENTION_DAYS,
  ERASED_BUYER_NAME,
  ERASED_MESSAGE,
  eraseAmazonBuyerData,
} from '../../server/modules/channels/amazon-retention';
import { transitionOrder } from '../../server/modules/order-status/status';
import type { OrderStatus } from '../../src/domain/order-status';
import { drainChannelUpdates } from '../../server/modules/channels/write-back';
import { pollChannelStores } from '../../server/modules/channels/poll';
import {
  cancelStandinOrder,
  ordersOf,
  placeStandinOrder,
  standinRefreshToken,
} from '../../server/channels/standin/amazon-standin-books';
import { exhaustStandinPlan } from '../../server/channels/standin/amazon-standin';
import {
  amazonOrder,
  amazonShips,
  takeable,
  weShip,
  type AmazonOrder,
  type AmazonOrderItem,
} from '../../server/channels/amazon-orders';
import { answer, answerOf } from './call';
import { errorOf, type TestServer } from './harness';
import { creditWallet, demoTokens, startDemoServer, verifiedPickup } from './helpers';
import { invitedUser, ownerOn } from './team-helpers';

// Amazon end to end against the stand-in Selling Partner API: connecting with a refresh token,
// orders polled by cursor, a Restricted Data Token only for the orders we ship, Easy Ship and
// FBA orders shown and never booked, the shipment confirmed back, cancellations and repeats.

const SELLER_ID = 'A2MEERAKURTAS1';

describe('Amazon channel', () => {
  let s: TestServer;
  let meera: string;
  let seller: string;
  let staff: string;
  let meeraOrg: number;
  let storeId: number;
  /** every SP-API call sent, to count the restricted data tokens */
  const calls: string[] = [];

  beforeAll(async () => {
    s = await startDemoServer();
    ({ meera, seller, staff } = await demoTokens(s));
    ({ orgId: meeraOrg } = await verifiedPickup(s, meera));
    const fetcher = s.deps.fetch;
    s.deps.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/dev/standin/amazon/'))
        calls.push(`${init?.method ?? 'GET'} ${url.split('/dev/standin/amazon')[1]}`);
      return fetcher(input, init);
    };
  });
  afterAll(() => s.close());

  const post = (path: string, json: unknown, token = meera) => s.request(path, { method: 'POST', json, token });
  const connect = async (token = meera, sellingPartnerId = SELLER_ID) =>
    post(
      API_CHANNELS.amazon.path,
      { sellingPartnerId, refreshToken: await standinRefreshToken(s.deps, sellingPartnerId) },
      token,
    );
  const amazonOrders = () =>
    s.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.orgId, meeraOrg), eq(orders.channel, 'AMAZON')));

  it('names the field by its label on a bad seller id or refresh token, and refuses a token Amazon does not know', async () => {
    expect(await errorOf(await post(API_CHANNELS.amazon.path, { refreshToken: 'Atzr|abcdefghijkl' }))).toMatchObject({
      status: 400,
      message: expect.stringContaining('Seller ID'),
    });
    expect(
      await errorOf(await post(API_CHANNELS.amazon.path, { sellingPartnerId: SELLER_ID, refreshToken: 'secret' })),
    ).toMatchObject({ status: 400, message: expect.stringContaining('Refresh token') });
    const forged = await errorOf(
      await post(API_CHANNELS.amazon.path, { sellingPartnerId: SELLER_ID, refreshToken: 'Atzr|A2MEERAKURTAS1.forged' }),
    );
    expect(forged).toMatchObject({ status: 400, message: expect.stringContaining('Amazon refused this token') });
    expect(forged.message).toContain('invalid grant');
  });

  it('connects with the refresh token: traded at LWA for an access token, kept sealed', async () => {
    const store = await answerOf(API_CHANNELS.amazon, await connect());
    expect(store).toMatchObject({ platform: 'AMAZON', status: 'CONNECTED', storeUrl: SELLER_ID });
    expect(store.name).toContain('Stand-in Amazon seller');
    storeId = store.storeId;
    const [row] = await s.deps.db.select().from(channelStores).where(eq(channelStores.id, storeId));
    expect(row.credentials).toMatch(/^v1\./);
    expect(row.credentials).not.toContain('Atzr|');
    expect(calls).toContain('POST /lwa/auth/o2/token');
    // the same Amazon account on another Dakiya account is refused
    expect((await errorOf(await connect(seller))).status).toBe(409);
  });

  it('polls orders: a self-ship order made once with its address through a Restricted Data Token', async () => {
    const mfn = placeStandinOrder(s.deps, SELLER_ID, { cod: true });
    calls.length = 0;
    const result = await answerOf(API_CHANNELS.sync, await post(pathOf(API_CHANNELS.sync, { storeId }), {}));
    expect(result).toMatchObject({ ordersCreated: 1, ordersSeen: 1 });
    expect(calls.filter((c) => c.includes('restrictedDataToken'))).toHaveLength(1);
    const [made] = await amazonOrders();
    expect(made).toMatchObject({
      channelOrderId: mfn.AmazonOrderId,
      orderNumber: `AZ${mfn.AmazonOrderId}`,
      fulfilment: 'SELF',
      paymentMethod: 'COD',
      buyerName: 'Ananya Deshpande',
    });
    // a repeat poll (the cursor is inclusive) and a concurrent one make no second order
    await Promise.all([pollChannelStores(s.deps), pollChannelStores(s.deps)]);
    expect(await amazonOrders()).toHaveLength(1);
    // an order already here is not read again: no second restricted data token
    expect(calls.filter((c) => c.includes('restrictedDataToken'))).toHaveLength(1);
  });

  it('shows Easy Ship and FBA orders as Amazon-fulfilled, asks no restricted data for them, and refuses to book them', async () => {
    const easy = placeStandinOrder(s.deps, SELLER_ID, { kind: 'EASY' });
    const fba = placeStandinOrder(s.deps, SELLER_ID, { kind: 'AFN' });
    calls.length = 0;
    await pollChannelStores(s.deps);
    expect(calls.filter((c) => c.includes('restrictedDataToken'))).toHaveLength(0);
    const list = await amazonOrders();
    for (const id of [easy.AmazonOrderId, fba.AmazonOrderId]) {
      const o = list.find((x) => x.channelOrderId === id)!;
      expect(o.fulfilment).toBe('EASY');
      const detail = await answer(s, API_ORDERS.order, { params: { orderId: o.id }, token: meera });
      expect(detail.actions.ship).toBe(false);
      const refused = await errorOf(
        await post(pathOf(API_SHIPPING.ship, { orderId: o.id }), { carrierCode: 'DE', idempotencyKey: `az-${id}` }),
      );
      expect(refused.message).toContain('Amazon ships this order');
      expect(refused.status).toBe(409);
    }
    const fbaOrder = list.find((x) => x.channelOrderId === fba.AmazonOrderId)!;
    const shown = await answer(s, API_ORDERS.order, { params: { orderId: fbaOrder.id }, token: meera });
    expect(JSON.stringify(shown)).toContain('Fulfilled by Amazon, shipped by Amazon (Amazon status Shipped)');
  });

  it('ships a self-ship order and confirms the shipment to Amazon with the carrier and tracking number', async () => {
    await creditWallet(s, staff, meeraOrg, 5000, 'Test float for Amazon orders');
    const made = (await amazonOrders()).find((o) => o.fulfilment === 'SELF')!;
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: made.id }, token: meera });
    const info = await answerOf(
      API_SHIPPING.ship,
      await post(pathOf(API_SHIPPING.ship, { orderId: made.id }), {
        carrierCode: quotes[0].carrierCode,
        idempotencyKey: 'amazon-ship-1',
      }),
    );
    expect(await drainChannelUpdates(s.deps)).toBe(1);
    const amazonOrder = ordersOf(s.deps, SELLER_ID).find((o) => o.AmazonOrderId === made.channelOrderId)!;
    expect(amazonOrder.OrderStatus).toBe('Shipped');
    expect(amazonOrder.shipments).toEqual([
      expect.objectContaining({
        packageReferenceId: '1',
        carrierCode: 'Other',
        carrierName: info.carrierName,
        trackingNumber: info.awb,
      }),
    ]);
    const log = await answer(s, API_CHANNELS.log, { params: { storeId }, token: meera });
    expect(log[0]).toMatchObject({ kind: 'WRITE_BACK', topic: 'PKP_SCH', outcome: 'OK' });
    expect(log[0].message).toContain('shipment confirmed');
  });

  it('an order cancelled on Amazon cancels ours while unshipped; a cancelled new one is not taken', async () => {
    const o = placeStandinOrder(s.deps, SELLER_ID);
    await pollChannelStores(s.deps);
    const made = (await amazonOrders()).find((x) => x.channelOrderId === o.AmazonOrderId)!;
    expect(made.status).toBe('RTS');
    s.clock.advance(5 * 60_000);
    cancelStandinOrder(s.deps, SELLER_ID, o.AmazonOrderId);
    const gone = placeStandinOrder(s.deps, SELLER_ID);
    cancelStandinOrder(s.deps, SELLER_ID, gone.AmazonOrderId);
    await pollChannelStores(s.deps);
    const after = await amazonOrders();
    expect(after.find((x) => x.channelOrderId === o.AmazonOrderId)!.status).toBe('CAN');
    expect(after.find((x) => x.channelOrderId === gone.AmazonOrderId)).toBeUndefined();
  });

  it('renews the access token after its hour', async () => {
    s.clock.advance(3600_000);
    ({ meera, seller, staff } = await demoTokens(s));
    calls.length = 0;
    await pollChannelStores(s.deps);
    expect(calls[0]).toBe('POST /lwa/auth/o2/token');
    const log = await answer(s, API_CHANNELS.log, { params: { storeId }, token: meera });
    expect(log[0]).toMatchObject({ kind: 'FETCH', topic: 'orders', outcome: 'OK' });
  });

  it('backs off on a 429 and leaves the poll for later, logged as a retry', async () => {
    exhaustStandinPlan(s.deps, SELLER_ID, 'getOrders');
    await pollChannelStores(s.deps);
    const log = await answer(s, API_CHANNELS.log, { params: { storeId }, token: meera });
    expect(log[0]).toMatchObject({ kind: 'FETCH', outcome: 'RETRY' });
    expect(log[0].message).toContain('QuotaExceeded');
    expect(calls.filter((c) => c.startsWith('GET /sp/orders/v0/orders?')).length).toBeGreaterThanOrEqual(3);
    s.clock.advance(20 * 60_000);
  }, 20_000);

  it('erases the buyer’s personal data 30 days after the order ended, once, keeping the shipping record', async () => {
    const shipped = (await amazonOrders()).find((o) => o.fulfilment === 'SELF' && o.awb)!;
    const phone = shipped.buyerPhone;
    expect(phone).not.toBe('');
    const [message] = await s.deps.db
      .insert(buyerMessages)
      .values({
        orgId: meeraOrg,
        orderId: shipped.id,
        kind: 'SHIPPED',
        channel: 'SMS',
        provider: 'outbox',
        recipient: phone,
        body: `Hi ${shipped.buyerName}, your order is on its way`,
        status: 'sent',
      })
      .returning();
    for (const to of ['PKD', 'INT', 'OFD', 'DLV'] as OrderStatus[])
      await s.deps.db.transaction(async (tx) => {
        const [o] = await tx.select().from(orders).where(eq(orders.id, shipped.id)).for('update');
        await transitionOrder(tx, o, to, { now: s.deps.now() });
      });
    const cancelled = (await amazonOrders()).find((o) => o.status === 'CAN')!;
    const book = () =>
      s.deps.db
        .select()
        .from(customers)
        .where(and(eq(customers.orgId, meeraOrg), eq(customers.phone, phone)));
    expect(await book()).toHaveLength(1);
    // a day short of the retention: nothing goes
    s.clock.advance((AMAZON_RETENTION_DAYS - 1) * 86_400_000);
    expect(await eraseAmazonBuyerData(s.deps)).toBe(0);
    s.clock.advance(2 * 86_400_000);
    // two runs at once erase each order once
    const [a, b] = await Promise.all([eraseAmazonBuyerData(s.deps), eraseAmazonBuyerData(s.deps)]);
    expect(a + b).toBe(2);
    expect(await eraseAmazonBuyerData(s.deps)).toBe(0);
    const [erased] = await s.deps.db.select().from(orders).where(eq(orders.id, shipped.id));
    expect(erased).toMatchObject({
      buyerName: ERASED_BUYER_NAME,
      buyerPhone: '',
      buyerEmail: '',
      status: 'DLV',
      awb: shipped.awb,
      totalPaise: shipped.totalPaise,
      shipping: { line1: '', line2: '', pincode: shipped.shipping.pincode, city: shipped.shipping.city },
      billing: { line1: '', line2: '' },
    });
    expect(erased.buyerDataErasedAt).not.toBeNull();
    const [again] = await s.deps.db.select().from(orders).where(eq(orders.id, cancelled.id));
    expect(again.buyerName).toBe(ERASED_BUYER_NAME);
    const [msg] = await s.deps.db.select().from(buyerMessages).where(eq(buyerMessages.id, message.id));
    expect(msg).toMatchObject({ recipient: '', body: ERASED_MESSAGE });
    expect(await book()).toHaveLength(0);
    // orders still in flight, and Easy Ship and FBA orders Amazon ships, keep what they have
    const kept = (await amazonOrders()).filter((o) => o.buyerDataErasedAt === null);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((o) => o.buyerName !== ERASED_BUYER_NAME)).toBe(true);
    // the seller still sees the order, without the buyer
    ({ meera, seller, staff } = await demoTokens(s));
    const detail = await answer(s, API_ORDERS.order, { params: { orderId: shipped.id }, token: meera });
    expect(JSON.stringify(detail)).not.toContain(phone);
  });

  it('another seller’s Amazon store is a 404; a team login without setup.manage cannot connect', async () => {
    ({ meera, seller, staff } = await demoTokens(s));
    expect((await errorOf(await post(pathOf(API_CHANNELS.sync, { storeId }), {}, seller))).status).toBe(404);
    expect((await errorOf(await s.request(pathOf(API_CHANNELS.log, { storeId }), { token: seller }))).status).toBe(404);
    const owner = await ownerOn(s, 'PRO');
    const role = await answer(s, API_TEAM.addRole, {
      body: { roleName: 'Channel viewer', permissions: ['setup.view'] },
      token: owner.token,
    });
    const u = await invitedUser(s, owner.token, 'amazon@team.test', { teamRoleId: role.roleId });
    expect((await errorOf(await connect(u.token, 'A2TEAMSELLER9'))).status).toBe(403);
  });
});

describe('reading an Amazon order', () => {
  const base: AmazonOrder = {
    AmazonOrderId: '403-1234567-1234567',
    PurchaseDate: '2026-11-20T20:00:00Z',
    LastUpdateDate: '2026-11-20T20:05:00Z',
    OrderStatus: 'Unshipped',
    FulfillmentChannel: 'MFN',
    PaymentMethod: 'COD',
    ShippingAddress: { City: 'Pune', StateOrRegion: 'MAHARASHTRA', PostalCode: '411 001', CountryCode: 'IN' },
  };
  const item: AmazonOrderItem = {
    ASIN: 'B0X',
    OrderItemId: '1',
    SellerSKU: 'SKU-1',
    Title: 'Kurta',
    QuantityOrdered: 2,
    ItemPrice: { CurrencyCode: 'INR', Amount: '1998.00' },
    ShippingPrice: { CurrencyCode: 'INR', Amount: '40.00' },
    PromotionDiscount: { CurrencyCode: 'INR', Amount: '100.00' },
  };

  it('asks for the address only of a ready self-ship order; Easy Ship and FBA are Amazon’s', () => {
    expect(weShip(base)).toBe(true);
    expect(weShip({ ...base, OrderStatus: 'Pending' })).toBe(false);
    expect(amazonShips({ ...base, EasyShipShipmentStatus: 'PendingSchedule' })).toBe(true);
    expect(amazonShips({ ...base, FulfillmentChannel: 'AFN' })).toBe(true);
    expect(takeable({ ...base, OrderStatus: 'Pending' })).toBe(false);
  });

  it('reads the line price as quantity × unit, the IST day, COD and the PIN code', () => {
    const o = amazonOrder(base, [item], '9822012345');
    expect(o).toMatchObject({
      orderDate: '2026-11-21',
      paymentMethod: 'COD',
      shipping: { line1: 'Pune, MAHARASHTRA', pincode: '411001' },
      discount: 100,
      shippingCharges: 40,
      fulfilment: 'SELF',
    });
    expect(o.items[0]).toMatchObject({ unitPrice: 999, quantity: 2, sku: 'SKU-1' });
  });
});
