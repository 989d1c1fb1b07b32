import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_B2B } from '../../src/domain/b2b-contract';
import { loadConfig } from '../../server/config';
import { eq, sql } from 'drizzle-orm';
import { claimB2bBooking, reconcileLostBooking, settlePendingBooking } from '../../server/modules/b2b-freight/booking';
import { reconcileStaleBookings, STALE_AFTER_SECONDS } from '../../server/modules/b2b-freight/stale-bookings';
import { accounts } from '../../server/db/schema';
import { followConsignment } from '../../server/modules/b2b-freight/tracking';
import { errorOf, startTestServer, type TestServer } from './harness';
import { answer, send } from './call';
import { fund } from './team-helpers';
import { GATI_STANDIN_KEYS, startGatiStandin } from '../carriers/standin/gati-standin';
import {
  DELHIVERY_LTL_STANDIN_LOGIN,
  DELHIVERY_LTL_STANDIN_WAREHOUSE,
  startDelhiveryLtlStandin,
} from '../carriers/standin/delhivery-ltl-standin';
import { b2bSeller, later, moneyOf, newB2bOrder, type B2bSeller } from './b2b-freight-setup';

// The same consignment booked through Gati's and Delhivery LTL's real adapters, each speaking to
// its protocol stand-in (GATI_BASE_URL, DELHIVERY_LTL_BASE_URL): Gati books a docket at once;
// Delhivery's manifest answers a job that settles later, in the product's job. A manifest whose
// answer is lost (the connection dropped) is looked up by its reference: adopted when Delhivery
// made the LR, failed and refunded once when it did not; so is a booking whose process died
// between asking the carrier and writing its answer. A delivered LR brings Delhivery's POD.

let s: TestServer;
let seller: B2bSeller;
let gati: Awaited<ReturnType<typeof startGatiStandin>>;
let ltl: Awaited<ReturnType<typeof startDelhiveryLtlStandin>>;

beforeAll(async () => {
  gati = await startGatiStandin();
  ltl = await startDelhiveryLtlStandin();
  const { couriers } = loadConfig({
    NODE_ENV: 'test',
    GATI_CUST_CODE: GATI_STANDIN_KEYS.customerCode,
    GATI_ENC_CUST_CODE: GATI_STANDIN_KEYS.encodedCustomerCode,
    GATI_API_KEY: GATI_STANDIN_KEYS.apiKey,
    GATI_BASE_URL: gati.url,
    DELHIVERY_LTL_USERNAME: DELHIVERY_LTL_STANDIN_LOGIN.username,
    DELHIVERY_LTL_PASSWORD: DELHIVERY_LTL_STANDIN_LOGIN.password,
    DELHIVERY_LTL_BASE_URL: ltl.url,
  });
  s = await startTestServer({ config: { couriers } });
  seller = await b2bSeller(s, [
    { carrierCode: 'GT', registeredName: 'JAIPUR-SITAPURA' },
    { carrierCode: 'DE-LTL', registeredName: DELHIVERY_LTL_STANDIN_WAREHOUSE },
  ]);
  await fund(s, seller.orgId, 50_000_00);
});
afterAll(async () => {
  await s.close();
  await gati.close();
  await ltl.close();
});

/** A new order booked with Delhivery LTL, its manifest job settled into the LR. */
async function bookedWithLtl() {
  const order = await newB2bOrder(s, seller);
  await answer(s, API_B2B.book, {
    token: seller.token,
    params: { orderId: order.orderId },
    body: { carrierCode: 'DE-LTL' },
  });
  ltl.advance(60_000);
  await settlePendingBooking(s.deps, order.orderId);
  return order;
}

describe('booking through the carriers’ own APIs', () => {
  it('serves GT and DE-LTL with their real adapters', () => {
    expect([...s.deps.carriers.liveFreight].sort()).toEqual(['DE-LTL', 'GT']);
  });

  it('Gati books the docket at once with a number a box, and its tracking moves the order', async () => {
    const order = await newB2bOrder(s, seller);
    const booked = await answer(s, API_B2B.book, {
      token: seller.token,
      params: { orderId: order.orderId },
      body: { carrierCode: 'GT' },
    });
    expect(booked).toMatchObject({ bookingState: 'BOOKED', status: 'PKP_SCH' });
    expect(booked.boxNumbers).toHaveLength(3);
    const docket = gati.consignments().find((c) => c.lrNumber === booked.lrNumber);
    expect(docket).toBeDefined();
    gati.deliver(booked.lrNumber!);
    await followConsignment(s.deps, order.orderId);
    const tracking = await answer(s, API_B2B.tracking, { token: seller.token, params: { orderId: order.orderId } });
    expect(tracking.boxesDelivered).toBe(3);
    const detail = await answer(s, API_B2B.one, { token: seller.token, params: { orderId: order.orderId } });
    expect(detail.status).toBe('DLV');
  });

  it('Delhivery LTL answers a manifest job; the job settles it into the LR and its box numbers', async () => {
    const order = await newB2bOrder(s, seller);
    const pending = await answer(s, API_B2B.book, {
      token: seller.token,
      params: { orderId: order.orderId },
      body: { carrierCode: 'DE-LTL' },
    });
    // the stand-in's clock stood still while the adapter polled: its job is still running
    expect(pending).toMatchObject({ bookingState: 'PENDING', status: 'RTS' });
    expect(pending.booking.jobId).toMatch(/\S/);
    ltl.advance(60_000);
    await settlePendingBooking(s.deps, order.orderId);
    const booked = await answer(s, API_B2B.one, { token: seller.token, params: { orderId: order.orderId } });
    expect(booked).toMatchObject({ bookingState: 'BOOKED', status: 'PKP_SCH' });
    expect(booked.boxNumbers).toHaveLength(3);
    expect(ltl.consignments().map((c) => c.lrNumber)).toContain(booked.lrNumber);
  }, 40_000);

  it('a manifest whose answer is lost is found by its reference and adopted once, the charge taken once', async () => {
    const order = await newB2bOrder(s, seller);
    const before = (await moneyOf(s, seller.orgId, order.orderNumber)).balancePaise;
    ltl.loseNextManifestAnswer('drop');
    const lost = await answer(s, API_B2B.book, {
      token: seller.token,
      params: { orderId: order.orderId },
      body: { carrierCode: 'DE-LTL' },
    });
    // the attempt is kept, neither failed nor refunded: the carrier may have booked it
    expect(lost).toMatchObject({ bookingState: 'PENDING', status: 'RTS' });
    expect(lost.booking.jobId).toBeNull();
    // a repeat of the booking finds it claimed
    const repeat = await s.request(API_B2B.book.path.replace(':orderId', String(order.orderId)), {
      method: 'POST',
      token: seller.token,
      json: { carrierCode: 'DE-LTL' },
    });
    expect(repeat.status).toBe(409);
    ltl.advance(60_000);
    await Promise.all([reconcileLostBooking(s.deps, order.orderId), reconcileLostBooking(s.deps, order.orderId)]);
    const booked = await answer(s, API_B2B.one, { token: seller.token, params: { orderId: order.orderId } });
    expect(booked).toMatchObject({ bookingState: 'BOOKED', status: 'PKP_SCH' });
    expect(booked.boxNumbers).toHaveLength(3);
    expect(ltl.consignments().filter((c) => c.reference === order.orderNumber)).toHaveLength(1);
    expect(booked.lrNumber).toBe(ltl.consignments().find((c) => c.reference === order.orderNumber)!.lrNumber);
    const money = await moneyOf(s, seller.orgId, order.orderNumber);
    expect(money.kinds).toEqual(['SHIPPING_CHARGE']);
    expect(money.balancePaise).toBe(before - booked.booking.totalPaise!);
    // asked again, it changes nothing
    await reconcileLostBooking(s.deps, order.orderId);
    expect((await moneyOf(s, seller.orgId, order.orderNumber)).kinds).toEqual(['SHIPPING_CHARGE']);
  });

  it('a manifest lost before Delhivery took it fails the attempt and refunds the charge once', async () => {
    const order = await newB2bOrder(s, seller);
    const before = (await moneyOf(s, seller.orgId, order.orderNumber)).balancePaise;
    ltl.loseNextManifestAnswer('drop-unmade');
    const lost = await answer(s, API_B2B.book, {
      token: seller.token,
      params: { orderId: order.orderId },
      body: { carrierCode: 'DE-LTL' },
    });
    expect(lost.bookingState).toBe('PENDING');
    ltl.advance(60_000);
    await Promise.all([reconcileLostBooking(s.deps, order.orderId), reconcileLostBooking(s.deps, order.orderId)]);
    const failed = await answer(s, API_B2B.one, { token: seller.token, params: { orderId: order.orderId } });
    expect(failed).toMatchObject({ bookingState: 'FAILED', status: 'RTS' });
    expect(failed.booking.failure).toContain(`no consignment under reference ${order.orderNumber}`);
    const money = await moneyOf(s, seller.orgId, order.orderNumber);
    expect(money.kinds.sort()).toEqual(['SHIPMENT_REFUND', 'SHIPPING_CHARGE']);
    expect(money.balancePaise).toBe(before);
    // booked again, it books
    const again = await answer(s, API_B2B.book, {
      token: seller.token,
      params: { orderId: order.orderId },
      body: { carrierCode: 'DE-LTL' },
    });
    expect(again.bookingState).toBe('PENDING');
    expect(again.booking.jobId).toMatch(/\S/);
  }, 40_000);

  it('a delivered Delhivery LTL LR keeps Delhivery’s POD scan as the proof of delivery', async () => {
    const order = await bookedWithLtl();
    const booked = await answer(s, API_B2B.one, { token: seller.token, params: { orderId: order.orderId } });
    const before = await s.request(API_B2B.pod.path.replace(':orderId', String(order.orderId)), {
      token: seller.token,
    });
    expect(before.status).toBe(404);
    ltl.deliver(booked.lrNumber!);
    await followConsignment(s.deps, order.orderId);
    expect(ltl.podDownloads()).toBe(1);
    const pod = await s.request(API_B2B.pod.path.replace(':orderId', String(order.orderId)), { token: seller.token });
    expect(pod.status).toBe(200);
    expect(pod.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pod.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // the scan is drawn on the page: the PDF carries an image
    expect(bytes.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    // another seller cannot read it
    const other = await b2bSeller(s);
    const theirs = await s.request(API_B2B.pod.path.replace(':orderId', String(order.orderId)), { token: other.token });
    expect(theirs.status).toBe(404);
  }, 40_000);
});

describe('a booking interrupted by a crash', () => {
  /** What the booking step writes before it asks the carrier: the order claimed PENDING and charged. */
  async function claimAsTheBookingDoes(orderId: number) {
    const [account] = await s.deps.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(sql`lower(${accounts.email})`, seller.email.toLowerCase()));
    return claimB2bBooking(s.deps, { orgId: seller.orgId, accountId: account.id }, orderId, 'DE-LTL');
  }
  const staleMs = (STALE_AFTER_SECONDS + 60) * 1000;

  it('is found at the carrier by the sweep and adopted once with its LR and box numbers', async () => {
    const order = await newB2bOrder(s, seller);
    const before = (await moneyOf(s, seller.orgId, order.orderNumber)).balancePaise;
    const { request, carrier } = await claimAsTheBookingDoes(order.orderId);
    // the manifest reaches Delhivery; the process dies before its answer is written
    await carrier.book(request);
    ltl.advance(60_000);
    // a fresh attempt may be a live request still waiting for the carrier: the sweep leaves it
    expect(await reconcileStaleBookings(s.deps)).toEqual({ orders: 0 });
    const inFlight = await answer(s, API_B2B.one, { token: seller.token, params: { orderId: order.orderId } });
    expect(inFlight).toMatchObject({ bookingState: 'PENDING', status: 'RTS' });
    const booked = await later(s, seller, staleMs, async () => {
      // two sweeps at once (two worker processes) settle it once between them
      await Promise.all([reconcileStaleBookings(s.deps), reconcileStaleBookings(s.deps)]);
      return answer(s, API_B2B.one, { token: seller.token, params: { orderId: order.orderId } });
    });
    expect(booked).toMatchObject({ bookingState: 'BOOKED', status: 'PKP_SCH' });
    const made = ltl.consignments().filter((c) => c.reference === order.orderNumber);
    expect(made).toHaveLength(1);
    expect(booked.lrNumber).toBe(made[0].lrNumber);
    expect(booked.boxNumbers).toHaveLength(3);
    const money = await moneyOf(s, seller.orgId, order.orderNumber);
    expect(money.kinds).toEqual(['SHIPPING_CHARGE']);
    expect(money.balancePaise).toBe(before - booked.booking.totalPaise!);
    // swept again, nothing more happens
    await later(s, seller, staleMs * 2, () => reconcileStaleBookings(s.deps));
    expect((await moneyOf(s, seller.orgId, order.orderNumber)).kinds).toEqual(['SHIPPING_CHARGE']);
  }, 40_000);

  it('not found at the carrier, fails the attempt and refunds the charge once', async () => {
    const order = await newB2bOrder(s, seller);
    const before = (await moneyOf(s, seller.orgId, order.orderNumber)).balancePaise;
    // the process dies after claiming, before the manifest leaves
    await claimAsTheBookingDoes(order.orderId);
    expect((await moneyOf(s, seller.orgId, order.orderNumber)).kinds).toEqual(['SHIPPING_CHARGE']);
    const failed = await later(s, seller, staleMs, async () => {
      await Promise.all([reconcileStaleBookings(s.deps), reconcileStaleBookings(s.deps)]);
      await reconcileStaleBookings(s.deps);
      return answer(s, API_B2B.one, { token: seller.token, params: { orderId: order.orderId } });
    });
    expect(failed).toMatchObject({ bookingState: 'FAILED', status: 'RTS' });
    expect(failed.booking.failure).toContain(`no consignment under reference ${order.orderNumber}`);
    const money = await moneyOf(s, seller.orgId, order.orderNumber);
    expect(money.kinds.sort()).toEqual(['SHIPMENT_REFUND', 'SHIPPING_CHARGE']);
    expect(money.balancePaise).toBe(before);
    expect(ltl.consignments().filter((c) => c.reference === order.orderNumber)).toHaveLength(0);
  }, 40_000);
});

describe('a first-mile pickup through the carriers’ own APIs', () => {
  const TODAY_1PM = { pickupDate: '2026-11-20', readyAt: '13:00' } as const;

  it('Delhivery LTL is asked at its registered warehouse for the day, the start time and the box count', async () => {
    const order = await bookedWithLtl();
    const before = ltl.pickupRequests().length;
    const asked = await answer(s, API_B2B.requestPickup, {
      token: seller.token,
      params: { orderId: order.orderId },
      body: TODAY_1PM,
    });
    expect(ltl.pickupRequests().slice(before)).toEqual([
      {
        id: expect.any(Number),
        warehouse: DELHIVERY_LTL_STANDIN_WAREHOUSE,
        date: '2026-11-20',
        count: 3,
        startTime: '13:00:00',
        cancelled: false,
      },
    ]);
    expect(asked.pickup).toMatchObject({ carrierCode: 'DE-LTL', status: 'REQUESTED', boxCount: 3 });
    expect(asked.pickup!.carrierPickupId).toMatch(/^\d+$/);
  }, 40_000);

  it('Delhivery LTL’s refusal reaches the seller in its words, and nothing is kept', async () => {
    const order = await bookedWithLtl();
    ltl.refuseNext('No pickup capacity at this warehouse on the date');
    const refused = await send(s, API_B2B.requestPickup, {
      token: seller.token,
      params: { orderId: order.orderId },
      body: TODAY_1PM,
    });
    expect(await errorOf(refused)).toMatchObject({
      status: 422,
      message: expect.stringMatching(
        /^Delhivery LTL refused the pickup: .*No pickup capacity at this warehouse on the date/,
      ),
    });
    const after = await answer(s, API_B2B.one, { token: seller.token, params: { orderId: order.orderId } });
    expect(after.pickup).toBeNull();
    expect(after.actions.requestPickup).toBe(true);
  }, 40_000);

  it('Delhivery LTL withdraws the pickup when the order is cancelled; one it cannot find does not stop the cancel', async () => {
    const cancelWith = async (reason: string) => {
      const order = await bookedWithLtl();
      const asked = await answer(s, API_B2B.requestPickup, {
        token: seller.token,
        params: { orderId: order.orderId },
        body: TODAY_1PM,
      });
      return { order, pickupId: Number(asked.pickup!.carrierPickupId), reason };
    };
    const first = await cancelWith('Distributor changed the order');
    const gone = await answer(s, API_B2B.cancel, {
      token: seller.token,
      params: { orderId: first.order.orderId },
      body: { reason: first.reason },
    });
    expect(gone.pickup).toMatchObject({ status: 'CANCELLED' });
    expect(ltl.pickupRequests().find((p) => p.id === first.pickupId)).toMatchObject({ cancelled: true });
    // the carrier has closed the request on its side (a 404): the LR is cancelled, so the order is too
    const second = await cancelWith('Stock sold locally');
    ltl.closePickup(second.pickupId);
    const cancelled = await answer(s, API_B2B.cancel, {
      token: seller.token,
      params: { orderId: second.order.orderId },
      body: { reason: second.reason },
    });
    expect(cancelled.status).toBe('CAN');
    expect(cancelled.pickup).toMatchObject({ status: 'CANCELLED' });
  }, 40_000);

  it('Gati: its booking is its pickup request; the docket’s pickup is kept for the day asked', async () => {
    const order = await newB2bOrder(s, seller);
    const booked = await answer(s, API_B2B.book, {
      token: seller.token,
      params: { orderId: order.orderId },
      body: { carrierCode: 'GT' },
    });
    const asked = await answer(s, API_B2B.requestPickup, {
      token: seller.token,
      params: { orderId: order.orderId },
      body: { pickupDate: '2026-11-21', readyAt: '10:00' },
    });
    expect(asked.pickup).toMatchObject({ carrierCode: 'GT', pickupDate: '2026-11-21', status: 'REQUESTED' });
    expect(asked.pickup!.carrierPickupId).toContain(booked.lrNumber!);
  });
});
