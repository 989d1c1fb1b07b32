import { answer } from './call';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_NDR } from '../../src/domain/ndr-contract';
import { pathOf } from '../../src/domain/operation';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { ndrRecords } from '../../server/db/schema';
import { seedDemo } from '../../server/seeds/demo-accounts';
import { pollCourier } from '../../server/modules/courier-inlet/poll';
import { pollCourierOperations } from '../../server/modules/courier-operations/poll';
import {
  DELHIVERY_UPL_SETTLES_MS,
  startDelhiveryStandin,
  type DelhiveryStandin,
} from '../carriers/standin/delhivery-standin';
import { readPdf } from './pdf-reader';
import { startTestServer, type TestServer } from './harness';
import { creditWallet, eventually, login, MEERA, newShippableOrder, STAFF, verifiedPickup } from './helpers';

// The product with Delhivery live (DELHIVERY_TOKEN and DELHIVERY_BASE_URL pointing at Delhivery's
// stand-in): Meera ships through the product API and everything after follows from Delhivery's
// answers, polled as in production.

const TOKEN = 'dlv-live-key';
const HOUR = 3_600_000;

describe('Delhivery live through the product', () => {
  let s: TestServer;
  let dlv: DelhiveryStandin;
  let meera: string;
  let pickupId: number;
  let orgId: number;

  beforeAll(async () => {
    dlv = await startDelhiveryStandin({ token: TOKEN });
    const settings = { baseUrl: dlv.url, apiToken: TOKEN };
    s = await startTestServer({
      seed: async (deps) => void (await seedDemo(deps)),
      config: { couriers: { DE: settings, DEHW: settings, DEMW: settings } },
    });
    meera = (await login(s, MEERA)).token;
    ({ pickupId, orgId } = await verifiedPickup(s, meera));
    await creditWallet(s, (await login(s, STAFF)).token, orgId, 20_000, 'Float for Delhivery shipments');
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await dlv?.close();
  });

  // sessions are short and the clock moves hours: log in afresh at each step
  const me = async () => (await login(s, MEERA)).token;
  /** Both clocks move together: the product's and Delhivery's. */
  const advance = (ms: number) => {
    s.clock.advance(ms);
    dlv.advance(ms);
  };
  const balance = async () => (await answer(s, API_WALLET.wallet, { token: await me() })).balancePaise;
  const statusOf = async (orderId: number) =>
    (await answer(s, API_ORDERS.order, { params: { orderId }, token: await me() })).status;
  const ship = async (paymentMethod: 'PPD' | 'COD', buyerName: string) => {
    const o = await newShippableOrder(s, await me(), pickupId, { paymentMethod, buyerName });
    const info = await answer(s, API_SHIPPING.ship, {
      params: { orderId: o.orderId },
      body: { carrierCode: 'DE', idempotencyKey: `dlv-ship-${o.orderId}` },
      token: await me(),
    });
    return { o, info };
  };
  /** One poll of Delhivery's tracking, as the beat runs it, and the order's status after it. */
  const polled = async (orderId: number) => {
    await pollCourier(s.deps, 'DE');
    return statusOf(orderId);
  };

  let prepaid: Awaited<ReturnType<typeof ship>>;
  let cod: Awaited<ReturnType<typeof ship>>;

  it('books a prepaid and a COD order with Delhivery, charging the wallet once each; the label carries its AWB', async () => {
    const before = await balance();
    prepaid = await ship('PPD', 'Kavya Reddy');
    cod = await ship('COD', 'Rohan Iyer');
    expect(s.deps.carriers.live).toEqual(expect.arrayContaining(['DE', 'DEHW', 'DEMW']));
    const booked = dlv.bookings();
    expect(booked.map((b) => b.awb).sort()).toEqual([prepaid.info.awb, cod.info.awb].sort());
    expect(booked.find((b) => b.awb === cod.info.awb)).toMatchObject({ payment: 'COD', codAmountPaise: 1_450_00 });
    expect(booked.find((b) => b.awb === prepaid.info.awb)).toMatchObject({ payment: 'PPD', status: 'UD-Manifested' });
    // the warehouse was registered under the name every booking quotes
    expect(dlv.warehouseNames()).toEqual(['Meera Jaipur 302003']);
    expect(await balance()).toBe(before - prepaid.info.totalPaise - cod.info.totalPaise);
    expect(prepaid.info.orderStatus).toBe('PKP_SCH');

    const label = await s.request(`${pathOf(API_SHIPPING.label, { orderId: prepaid.o.orderId })}?layout=4x6`, {
      token: await me(),
    });
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toBe('application/pdf');
    const pdf = readPdf(new Uint8Array(await label.arrayBuffer()));
    expect(pdf.barcodes).toContain(prepaid.info.awb);
    expect(pdf.text).toContain('DEL/560');
    // the day's pickup is asked of Delhivery for the registered warehouse
    const pickups = await eventually(
      async () => dlv.pickupRequests(),
      (p) => p.length > 0,
    );
    expect(pickups[0]).toMatchObject({ location: 'Meera Jaipur 302003' });
  }, 30_000);

  it('follows the prepaid parcel by polling: picked up, in transit, out for delivery, delivered', async () => {
    dlv.pickUp(prepaid.info.awb);
    advance(HOUR);
    expect(await polled(prepaid.o.orderId)).toBe('PKD');
    dlv.depart(prepaid.info.awb);
    advance(HOUR);
    expect(await polled(prepaid.o.orderId)).toBe('INT');
    dlv.outForDelivery(prepaid.info.awb);
    advance(HOUR);
    expect(await polled(prepaid.o.orderId)).toBe('OFD');
    dlv.deliver(prepaid.info.awb);
    advance(HOUR);
    expect(await polled(prepaid.o.orderId)).toBe('DLV');
  });

  it('a failed attempt raises an NDR; the seller re-attempts and Delhivery settles the request', async () => {
    dlv.pickUp(cod.info.awb);
    dlv.failAttempt(cod.info.awb, 'EOD-11');
    advance(HOUR);
    expect(await polled(cod.o.orderId)).toBe('NDR');
    const [ndr] = await s.deps.db
      .select()
      .from(ndrRecords)
      .where(and(eq(ndrRecords.orderId, cod.o.orderId), eq(ndrRecords.status, 'ACTION_REQUIRED')));
    expect(ndr).toMatchObject({ reason: 'CONSIGNEE_UNAVAILABLE', courierReasonCode: 'EOD-11' });
    const outcome = await answer(s, API_NDR.action, {
      params: { ndrId: ndr.id },
      body: { action: 'REATTEMPT' },
      token: await me(),
    });
    expect(outcome).toMatchObject({ status: 'ACTION_TAKEN', action: 'REATTEMPT', courierRef: null });
    expect(dlv.ndrRequests()).toEqual([{ awb: cod.info.awb, action: 'RE-ATTEMPT' }]);
    advance(DELHIVERY_UPL_SETTLES_MS + 2 * 60_000);
    await pollCourierOperations(s.deps);
    const [after] = await s.deps.db.select().from(ndrRecords).where(eq(ndrRecords.id, ndr.id));
    expect(after.courierRef).toMatch(/^UPL/);
    // Delhivery goes out again an hour after, and delivers
    advance(HOUR);
    expect(await polled(cod.o.orderId)).toBe('OFD');
    dlv.deliver(cod.info.awb);
    advance(HOUR);
    expect(await polled(cod.o.orderId)).toBe('DLV');
  });

  it('an order cancelled in the product is cancelled at Delhivery, and the wallet refunded', async () => {
    const before = await balance();
    const third = await ship('PPD', 'Ananya Das');
    expect(await balance()).toBe(before - third.info.totalPaise);
    const cancelled = await answer(s, API_SHIPPING.cancelShipment, {
      params: { orderId: third.o.orderId },
      token: await me(),
    });
    expect(cancelled).toMatchObject({ awb: third.info.awb, state: 'CANCELLED' });
    expect(dlv.bookings().find((b) => b.awb === third.info.awb)).toMatchObject({ cancelled: true });
    expect(await balance()).toBe(before);
  });
});
