import { pathOf } from '../../src/domain/operation';
import { answer } from './call';
import { and, eq } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ORDERS, type OrderDetail } from '../../src/domain/orders-contract';
import { API_SHIPPING, type ShipmentInfo } from '../../src/domain/shipping-contract';
import { API_COURIERS } from '../../src/domain/courier-inlet-contract';
import { API_NDR } from '../../src/domain/ndr-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { istDay } from '../../src/domain/format';
import { ndrRecords, shipmentScans } from '../../server/db/schema';
import { seedDemo } from '../../server/seeds/demo-accounts';
import { pollCourier } from '../../server/modules/courier-inlet/poll';
import { EKART_STANDIN_CREDENTIALS, startEkartStandin, type EkartStandin } from '../carriers/standin/ekart-standin';
import { startTestServer, type TestServer } from './harness';
import { creditWallet, demoTokens, eventually, login, MEERA, newShippableOrder, verifiedPickup } from './helpers';
import { readPdf } from './pdf-reader';

// Ekart live: the product with EK configured against Ekart's stand-in. Meera ships a prepaid and a
// COD order with Ekart; the label carries Ekart's tracking id; the product registers its webhook
// at start and follows each parcel by Ekart's signed pushes (and by polling when pushes are lost);
// a failed attempt becomes an NDR the seller re-attempts through the product; a cancelled order is
// cancelled at Ekart and refunded; a push not signed with the webhook's secret records nothing.

const START = new Date('2026-11-20T06:30:00.000Z');
const MINUTE = 60_000;

describe('Ekart live through the product', () => {
  let s: TestServer;
  let ekart: EkartStandin;
  let meera: string;
  let pickupId: number;
  let prepaid: { order: OrderDetail; info: ShipmentInfo };
  let cod: { order: OrderDetail; info: ShipmentInfo };
  let charged = 0;
  let before = 0;

  const balance = async () => (await answer(s, API_WALLET.wallet, { token: meera })).balancePaise;
  const statusOf = async (orderId: number) =>
    (await answer(s, API_ORDERS.order, { params: { orderId }, token: meera })).status;
  /** both clocks move together, the product's and Ekart's (Meera logs in again past her token's life) */
  const advance = async (ms: number) => {
    s.clock.advance(ms);
    ekart.advance(ms);
    meera = (await login(s, MEERA)).token;
  };
  const settled = async () => ekart.pushesSettled();

  async function shipWithEkart(paymentMethod: 'PPD' | 'COD') {
    const order = await newShippableOrder(s, meera, pickupId, { paymentMethod });
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, {
      params: { orderId: order.orderId },
      token: meera,
    });
    const quote = quotes.find((q) => q.carrierCode === 'EK');
    expect(quote, 'Ekart quotes the lane').toBeDefined();
    const info = await answer(s, API_SHIPPING.ship, {
      params: { orderId: order.orderId },
      body: { carrierCode: 'EK', idempotencyKey: crypto.randomUUID() },
      token: meera,
    });
    charged += quote!.totalPaise;
    return { order, info };
  }

  beforeAll(async () => {
    ekart = await startEkartStandin({
      start: START,
      // Ekart's pushes reach the product's public URL, which the test serves in process
      deliver: (url, init) => s.request(new URL(url).pathname, init),
    });
    s = await startTestServer({
      seed: async (deps) => void (await seedDemo(deps)),
      config: { couriers: { EK: { baseUrl: ekart.url, ...EKART_STANDIN_CREDENTIALS } } },
    });
    const tokens = await demoTokens(s);
    meera = tokens.meera;
    const pickup = await verifiedPickup(s, meera);
    pickupId = pickup.pickupId;
    await creditWallet(s, tokens.staff, pickup.orgId, 20_000, 'Float for Ekart tests');
    before = await balance();
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await ekart?.close();
  });

  it('registers its webhook with Ekart at start: one, active, for track_updated', async () => {
    expect(s.deps.carriers.live).toEqual(['EK']);
    const hooks = await eventually(
      async () => ekart.registeredWebhooks(),
      (h) => h.length > 0,
      10_000,
    );
    expect(hooks).toEqual([
      expect.objectContaining({
        url: `http://dakiya.test${pathOf(API_COURIERS.webhook, { carrierCode: 'EK' })}`,
        topics: ['track_updated'],
        active: true,
      }),
    ]);
  });

  it('ships a prepaid and a COD order with Ekart, charging the wallet once a booking', async () => {
    prepaid = await shipWithEkart('PPD');
    cod = await shipWithEkart('COD');
    expect(prepaid.info).toMatchObject({ carrierCode: 'EK', awb: expect.stringMatching(/^500999EK\d{7}$/) });
    const atEkart = ekart.bookings();
    expect(atEkart.find((b) => b.awb === prepaid.info.awb)).toMatchObject({ payment: 'PPD', cancelled: false });
    expect(atEkart.find((b) => b.awb === cod.info.awb)).toMatchObject({
      payment: 'COD',
      codAmountPaise: cod.order.codAmountPaise,
    });
    expect(await balance()).toBe(before - charged);
    // the day's pickup is handed to Ekart as the manifest of its parcels (Ekart takes no pickup request)
    const manifests = await eventually(
      async () => ekart.pickupRequests(),
      (m) => m.length > 0,
      10_000,
    );
    expect(manifests[0]).toMatchObject({ location: 'Meera Jaipur', count: expect.any(Number) });
  });

  it('prints a label that carries Ekart’s tracking id', async () => {
    const res = await s.request(`${pathOf(API_SHIPPING.label, { orderId: prepaid.order.orderId })}?layout=4x6`, {
      token: meera,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(readPdf(new Uint8Array(await res.arrayBuffer())).barcodes).toContain(prepaid.info.awb);
  });

  it('follows the prepaid parcel by Ekart’s signed pushes to delivered', async () => {
    const awb = prepaid.info.awb;
    ekart.pickUp(awb);
    await advance(30 * MINUTE);
    await settled();
    expect(await statusOf(prepaid.order.orderId)).toBe('INT');
    ekart.outForDelivery(awb);
    await settled();
    expect(await statusOf(prepaid.order.orderId)).toBe('OFD');
    ekart.deliver(awb);
    await settled();
    expect(await statusOf(prepaid.order.orderId)).toBe('DLV');
    const mine = ekart.pushes().filter((p) => p.id === awb);
    expect(mine.map((p) => p.status)).toEqual([
      'Order Placed',
      'Picked Up',
      'In Transit',
      'Out for Delivery',
      'Delivered',
    ]);
    expect(mine.every((p) => p.httpStatus === 200)).toBe(true);
  });

  it('polls when pushes are lost: a failed attempt becomes an NDR with Ekart’s reason', async () => {
    const awb = cod.info.awb;
    ekart.losePushes(true);
    ekart.failAttempt(awb, 'Customer Unavailable');
    expect(await statusOf(cod.order.orderId)).not.toBe('NDR');
    const run = await pollCourier(s.deps, 'EK');
    expect(run.calls).toBeGreaterThan(0);
    expect(await statusOf(cod.order.orderId)).toBe('NDR');
    ekart.losePushes(false);
    const [ndr] = await s.deps.db
      .select()
      .from(ndrRecords)
      .where(and(eq(ndrRecords.orderId, cod.order.orderId), eq(ndrRecords.status, 'ACTION_REQUIRED')));
    expect(ndr).toMatchObject({ awb, courierReasonCode: 'Customer Unavailable', reason: 'CONSIGNEE_UNAVAILABLE' });
  });

  it('the seller re-attempts through the product and Ekart receives it, then goes out again', async () => {
    const list = await answer(s, API_NDR.list, { query: { tab: 'ACTION_REQUIRED' }, token: meera });
    const row = list.items.find((r) => r.orderId === cod.order.orderId)!;
    expect(row).toMatchObject({ carrierCode: 'EK' });
    const tomorrow = istDay(new Date(s.clock.now.getTime() + 86_400_000));
    const outcome = await answer(s, API_NDR.action, {
      params: { ndrId: row.ndrId },
      body: { action: 'REATTEMPT', reattemptDate: tomorrow },
      token: meera,
    });
    expect(outcome).toMatchObject({ status: 'ACTION_TAKEN', action: 'REATTEMPT' });
    expect(outcome.courierRef).toContain(cod.info.awb);
    expect(ekart.ndrRequests()).toEqual([{ awb: cod.info.awb, action: 'Re-Attempt' }]);
    // out again at 10:00 IST the next day, told by push
    await advance(30 * 3_600_000);
    await settled();
    expect(await statusOf(cod.order.orderId)).toBe('OFD');
  });

  it('cancels at Ekart what the seller cancels, and refunds the booking', async () => {
    const beforeBooking = await balance();
    const third = await shipWithEkart('PPD');
    expect(await balance()).toBeLessThan(beforeBooking);
    const cancelled = await answer(s, API_SHIPPING.cancelShipment, {
      params: { orderId: third.order.orderId },
      token: meera,
    });
    expect(cancelled).toMatchObject({ awb: third.info.awb, state: 'CANCELLED', orderStatus: 'RTS' });
    expect(ekart.bookings().find((b) => b.awb === third.info.awb)).toMatchObject({ cancelled: true });
    expect(await balance()).toBe(beforeBooking);
  });

  it('refuses a push not signed with the webhook’s secret, recording nothing', async () => {
    const awb = prepaid.info.awb;
    const scans = async () => (await s.deps.db.select().from(shipmentScans).where(eq(shipmentScans.awb, awb))).length;
    const count = await scans();
    const body = JSON.stringify({
      ctime: s.clock.now.getTime(),
      status: 'RTO Requested',
      location: 'Bengaluru',
      desc: 'forged',
      attempts: '0',
      wbn: '318019000001',
      id: awb,
      orderNumber: 'X',
    });
    const post = (headers: Record<string, string>) =>
      s.request(pathOf(API_COURIERS.webhook, { carrierCode: 'EK' }), {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...headers },
      });
    expect((await post({})).status).toBe(401);
    const wrong = createHmac('sha256', 'not-the-secret').update(body).digest('hex');
    expect((await post({ 'x-ekart-signature': wrong })).status).toBe(401);
    const secret = ekart.registeredWebhooks()[0].secret;
    const tampered = createHmac('sha256', secret).update(body.replace('forged', 'genuine')).digest('hex');
    expect((await post({ 'x-ekart-signature': tampered })).status).toBe(401);
    expect(await scans()).toBe(count);
    expect(await statusOf(prepaid.order.orderId)).toBe('DLV');
  });
});
