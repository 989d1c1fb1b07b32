import { pathOf } from '../../src/domain/operation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { planFeatureRefusal } from '../../src/domain/plans';
import { API_TRACKING } from '../../src/domain/tracking-contract';
import { hyperlocalPrice, HYPERLOCAL_BY_CODE } from '../../src/domain/shipping/hyperlocal';
import { organisations, sandboxParcels, shipments } from '../../server/db/schema';
import { reportDueScans } from '../../server/carriers/sandbox/tick';
import { sendDeliveryOtps } from '../../server/modules/shipping/delivery-otp';
import { readPdf } from './pdf-reader';
import { errorOf, type TestServer } from './harness';
import { creditWallet, demoTokens, eventually, newShippableOrder, startDemoServer, verifiedPickup } from './helpers';
import { answer, answerOf, send } from './call';

// Hyperlocal partners end to end over HTTP: the quotes a Premium seller gets for a same-city
// order, the plan gate at its edge, a booking into a slot, the rider's scans through ingestion,
// the buyer's OTP by SMS, the handover against it, and the proof of delivery of any courier.

const LOCAL = { 'x-forwarded-for': '127.0.0.1', 'content-type': 'application/json' };
const BUYER = '+919988776655';

describe('hyperlocal delivery', () => {
  let s: TestServer;
  let meera: string;
  let seller: string;
  let staff: string;
  let pickupId: number;
  let orgId: number;
  const setPlan = (plan: string) =>
    s.deps.db.update(organisations).set({ subscriptionType: plan }).where(eq(organisations.id, orgId));
  const jaipurOrder = (pincode: string, over: Record<string, unknown> = {}) =>
    newShippableOrder(s, meera, pickupId, {
      paymentMethod: 'PPD',
      shipping: { line1: '14, Malviya Nagar', pincode },
      ...over,
    });
  const quotes = async (orderId: number) =>
    answer(s, API_SHIPPING.courierQuotes, { params: { orderId }, token: meera });
  const ship = (orderId: number, json: Record<string, unknown>, token = meera) =>
    s.request(pathOf(API_SHIPPING.ship, { orderId }), { method: 'POST', json, token });
  const dev = (awb: string, action: string, body: unknown = {}) =>
    s.request(`/api/dev/sandbox-courier/${awb}/${action}`, {
      method: 'POST',
      headers: LOCAL,
      body: JSON.stringify(body),
    });
  /** a minute later the courier reports what has happened */
  const report = async () => {
    s.clock.advance(60_000);
    await reportDueScans(s.deps);
  };
  const order = async (id: number) => answer(s, API_ORDERS.order, { params: { orderId: id }, token: meera });
  const pod = (orderId: number, token = meera) => send(s, API_SHIPPING.proofOfDelivery, { params: { orderId }, token });

  beforeAll(async () => {
    s = await startDemoServer();
    ({ meera, seller, staff } = await demoTokens(s));
    ({ pickupId, orgId } = await verifiedPickup(s, meera));
    await creditWallet(s, staff, orgId, 5000, 'Float for hyperlocal tests');
  });
  afterAll(() => s.close());

  it('offers a Premium seller the partners that reach a same-city drop, priced by distance with open slots', async () => {
    await setPlan('PREMIUM');
    const near = await jaipurOrder('302012');
    const answer = await quotes(near.orderId);
    const zip = answer.quotes.find((q) => q.carrierCode === 'HL-ZIP')!;
    const van = answer.quotes.find((q) => q.carrierCode === 'HL-CITY')!;
    // the pincodes' post offices average 7 km apart
    expect(zip.hyperlocal!.distanceKm).toBeGreaterThan(6.5);
    expect(zip.hyperlocal!.distanceKm).toBeLessThan(8);
    const price = hyperlocalPrice(HYPERLOCAL_BY_CODE.get('HL-ZIP')!, zip.hyperlocal!.distanceKm, 'PPD');
    expect(zip).toMatchObject({ mode: 'Hyperlocal', zone: 'A', totalPaise: price.totalPaise, rtoChargePaise: 0 });
    // booked at 12:00 IST: Zippy closes a slot 90 minutes before it starts, CityVan 3 hours
    expect(zip.hyperlocal!.slots.map((x) => x.label)).toEqual([
      'Today 14:00–16:00',
      'Today 16:00–18:00',
      'Today 18:00–20:00',
      'Tomorrow 10:00–12:00',
      'Tomorrow 14:00–16:00',
    ]);
    expect(zip.hyperlocal!.slots[0]).toMatchObject({
      startsAt: '2026-11-20T08:30:00.000Z',
      endsAt: '2026-11-20T10:30:00.000Z',
    });
    expect(zip.edd).toBe('2026-11-20');
    expect(zip.days).toBe(0);
    expect(van.hyperlocal!.slots[0].label).toBe('Today 16:00–20:00');
    // the couriers are still quoted beside them
    expect(answer.quotes.filter((q) => !q.hyperlocal).length).toBeGreaterThan(3);

    const far = await quotes((await jaipurOrder('302015')).orderId);
    expect(far.quotes.map((q) => q.carrierCode)).toContain('HL-CITY');
    expect(far.unserviceable.find((u) => u.carrierCode === 'HL-ZIP')?.reason).toMatch(
      /^Zippy Local delivers within 12 km of the pickup; this drop is 2\d\.\d km away$/,
    );
    const outOfTown = await quotes((await newShippableOrder(s, meera, pickupId)).orderId);
    expect(outOfTown.quotes.some((q) => q.hyperlocal)).toBe(false);
    expect(outOfTown.unserviceable).toContainEqual({
      carrierCode: 'HL-CITY',
      carrierName: 'CityVan Express',
      reason: 'CityVan Express delivers within one city only',
    });
    const cash = await quotes((await jaipurOrder('302012', { paymentMethod: 'COD' })).orderId);
    expect(cash.unserviceable.find((u) => u.carrierCode === 'HL-ZIP')?.reason).toBe(
      'Zippy Local does not collect cash',
    );
    expect(cash.quotes.find((q) => q.carrierCode === 'HL-CITY')?.codChargePaise).toBe(2500);
  });

  it('gates hyperlocal at Premium: a Pro seller is neither offered a partner nor may book one', async () => {
    await setPlan('PRO');
    const o = await jaipurOrder('302012');
    const answer = await quotes(o.orderId);
    expect(answer.quotes.some((q) => q.hyperlocal)).toBe(false);
    expect(answer.unserviceable.some((u) => u.carrierCode.startsWith('HL-'))).toBe(false);
    const refused = await errorOf(await ship(o.orderId, { carrierCode: 'HL-ZIP', slotId: '2026-11-20T14' }));
    expect(refused).toMatchObject({ status: 403, message: planFeatureRefusal('hyperlocal') });
    await setPlan('PREMIUM');
    expect((await ship(o.orderId, { carrierCode: 'HL-ZIP', slotId: '2026-11-20T14' })).status).toBe(200);
  });

  it('refuses a booking without an open slot, naming the field by its label', async () => {
    const o = await jaipurOrder('302012');
    expect(await errorOf(await ship(o.orderId, { carrierCode: 'HL-ZIP' }))).toMatchObject({
      status: 400,
      message: "Delivery slot: choose one of Zippy Local's slots",
    });
    const closed = await errorOf(await ship(o.orderId, { carrierCode: 'HL-ZIP', slotId: '2026-11-20T10' }));
    expect(closed.status).toBe(400);
    expect(closed.message).toMatch(
      /^Delivery slot: Zippy Local has no open slot 2026-11-20T10; choose one of Today 14:00–16:00/,
    );
    const malformed = await errorOf(await ship(o.orderId, { carrierCode: 'HL-ZIP', slotId: 'noon' }));
    expect(malformed).toMatchObject({ status: 400 });
    expect(malformed.message).toContain('Delivery slot');
    expect(malformed.message).not.toContain('slotId');
    const far = await jaipurOrder('302015');
    expect(await errorOf(await ship(far.orderId, { carrierCode: 'HL-ZIP', slotId: '2026-11-20T14' }))).toMatchObject({
      status: 422,
    });
  });

  it('books once however often the same request is repeated at once', async () => {
    const o = await jaipurOrder('302012');
    const json = { carrierCode: 'HL-CITY', slotId: '2026-11-21T09', idempotencyKey: 'hyperlocal-same-request-1' };
    const answers = await Promise.all([ship(o.orderId, json), ship(o.orderId, json), ship(o.orderId, json)]);
    const infos = await Promise.all(answers.map((r) => answerOf(API_SHIPPING.ship, r)));
    expect(new Set(infos.map((i) => i.awb)).size).toBe(1);
    expect(infos[0].awb).toMatch(/^CV\d{10}$/);
    // tomorrow's slot: the parcel is expected tomorrow, whatever the quote's first slot said
    expect(infos[0]).toMatchObject({
      expectedDeliveryDate: '2026-11-21',
      deliverySlot: {
        slotId: '2026-11-21T09',
        startsAt: '2026-11-21T03:30:00.000Z',
        endsAt: '2026-11-21T07:30:00.000Z',
      },
    });
    expect(await s.deps.db.select().from(shipments).where(eq(shipments.orderId, o.orderId))).toHaveLength(1);
  });

  it('carries the parcel through the rider’s scans, sends the buyer the OTP and delivers only against it', async () => {
    const o = await jaipurOrder('302012', { buyerName: 'Ananya Joshi' });
    const info = await answerOf(
      API_SHIPPING.ship,
      await ship(o.orderId, { carrierCode: 'HL-ZIP', slotId: '2026-11-20T16' }),
    );
    expect(info).toMatchObject({
      carrierCode: 'HL-ZIP',
      carrierName: 'Zippy Local',
      expectedDeliveryDate: '2026-11-20',
      deliverySlot: {
        slotId: '2026-11-20T16',
        startsAt: '2026-11-20T10:30:00.000Z',
        endsAt: '2026-11-20T12:30:00.000Z',
      },
    });
    // the buyer's page names the partner, its slot and the rider it sent
    const rider = info.deliverySlot!.riderName!;
    expect(rider).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    expect(await answer(s, API_TRACKING.byNumber, { params: { trackingRef: info.awb } })).toMatchObject({
      carrierName: 'Zippy Local',
      deliverySlot: info.deliverySlot,
    });
    await report();
    expect((await order(o.orderId)).status).toBe('PKP_SCH');
    expect(await errorOf(await dev(info.awb, 'deliver-with-otp', { otp: '1234' }))).toMatchObject({ status: 409 });

    for (const status of ['PKD', 'INT', 'OFD']) {
      expect((await dev(info.awb, 'rider-step')).status).toBe(200);
      await report();
      expect((await order(o.orderId)).status).toBe(status);
    }
    expect(await errorOf(await dev(info.awb, 'rider-step'))).toMatchObject({ status: 409 });

    // the partner is asked for the OTP by a queued job
    const sms = await eventually(
      async () => (await s.deps.messenger.recent()).filter((m) => m.recipient === BUYER && m.body.includes('OTP')),
      (list) => list.length > 0,
    );
    expect(sms).toHaveLength(1);
    expect(sms[0].body).toContain(`your order ${o.orderNumber} is out for delivery with Zippy Local`);
    const otp = /OTP (\d{4})/.exec(sms[0].body)![1];
    // a repeated report, or the job run again, sends no second OTP
    await report();
    const [{ id: shipmentId }] = await s.deps.db
      .select({ id: shipments.id })
      .from(shipments)
      .where(eq(shipments.awb, info.awb));
    expect(await sendDeliveryOtps(s.deps, [shipmentId])).toBe(0);
    expect(
      (await s.deps.messenger.recent()).filter((m) => m.recipient === BUYER && m.body.includes('OTP')),
    ).toHaveLength(1);

    const wrong = otp === '0000' ? '1111' : '0000';
    expect(await errorOf(await dev(info.awb, 'deliver-with-otp', { otp: wrong }))).toMatchObject({
      status: 422,
      message: 'Wrong OTP: 4 attempts left',
    });
    expect(await errorOf(await dev(info.awb, 'deliver-with-otp', { otp: '12' }))).toMatchObject({ status: 400 });
    await report();
    expect((await order(o.orderId)).status).toBe('OFD');
    expect(await errorOf(await pod(o.orderId))).toMatchObject({ status: 409 });

    // the rider enters it twice at once: one handover
    const both = await Promise.all([
      dev(info.awb, 'deliver-with-otp', { otp }),
      dev(info.awb, 'deliver-with-otp', { otp }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    await report();
    expect((await order(o.orderId)).status).toBe('DLV');

    const res = await pod(o.orderId);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = readPdf(new Uint8Array(await res.arrayBuffer()));
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain('Proof of delivery');
    expect(pdf.text).toContain('Ananya Joshi');
    expect(pdf.text).toContain('OTP-verified delivery');
    expect(pdf.text).toContain("Rider's photo at delivery");
    expect(pdf.text).toContain('20 Nov 2026');
    expect(pdf.images).toBe(1);
    expect(pdf.barcodes).toContain(info.awb);
    // another seller's order is not there for them
    expect(await errorOf(await pod(o.orderId, seller))).toMatchObject({ status: 404 });
  });

  it('locks the handover after five wrong OTPs', async () => {
    const o = await jaipurOrder('302012');
    const info = await answerOf(
      API_SHIPPING.ship,
      await ship(o.orderId, { carrierCode: 'HL-ZIP', slotId: '2026-11-20T18' }),
    );
    for (let i = 0; i < 3; i++) await dev(info.awb, 'rider-step');
    const statuses: number[] = [];
    const [parcel] = await s.deps.db.select().from(sandboxParcels).where(eq(sandboxParcels.awb, info.awb));
    const otp = parcel.delivery!.otp!;
    const wrong = otp === '9999' ? '8888' : '9999';
    for (let i = 0; i < 5; i++) statuses.push((await dev(info.awb, 'deliver-with-otp', { otp: wrong })).status);
    expect(statuses).toEqual([422, 422, 422, 422, 409]);
    expect(await errorOf(await dev(info.awb, 'deliver-with-otp', { otp }))).toMatchObject({
      status: 409,
      message: 'Too many wrong OTPs: the partner has locked this handover',
    });
  });

  it('gives a national courier’s delivery its proof too: the receiver’s signature, no OTP', async () => {
    const o = await newShippableOrder(s, meera, pickupId, { buyerName: 'Kavya Reddy' });
    const answer = await quotes(o.orderId);
    const courier = answer.quotes.find((q) => !q.hyperlocal)!;
    const info = await answerOf(API_SHIPPING.ship, await ship(o.orderId, { carrierCode: courier.carrierCode }));
    expect((await dev(info.awb, 'advance', { to: 'DELIVERED' })).status).toBe(200);
    await report();
    expect((await order(o.orderId)).status).toBe('DLV');
    const pdf = readPdf(new Uint8Array(await (await pod(o.orderId)).arrayBuffer()));
    expect(pdf.text).toContain("Receiver's signature");
    expect(pdf.text).toContain('Not asked by this courier');
    expect(pdf.text).toMatch(/Kavya Reddy/);
    expect(pdf.text).not.toContain('OTP-verified delivery');
    expect(pdf.images).toBe(1);
  });

  it('books the slot the seller saw when the day turns between the quote and the booking', async () => {
    const o = await jaipurOrder('302012');
    // 23:50 IST on 21 Nov: today's slots have closed, tomorrow's (22 Nov) are offered
    s.clock.advance(new Date('2026-11-21T18:20:00.000Z').getTime() - s.clock.now.getTime());
    ({ meera } = await demoTokens(s)); // signed in again on each jump of the clock
    await setPlan('PREMIUM');
    const answer = await quotes(o.orderId);
    expect(answer.unserviceable.filter((u) => u.carrierCode === 'HL-ZIP')).toEqual([]);
    const first = answer.quotes.find((q) => q.carrierCode === 'HL-ZIP')!.hyperlocal!.slots[0];
    expect(first).toMatchObject({ id: '2026-11-22T10', label: 'Tomorrow 10:00–12:00' });
    // booked at 00:10 IST, when that slot has become today's
    s.clock.advance(20 * 60_000);
    ({ meera } = await demoTokens(s));
    const info = await answerOf(API_SHIPPING.ship, await ship(o.orderId, { carrierCode: 'HL-ZIP', slotId: first.id }));
    expect(info.deliverySlot).toMatchObject({ slotId: first.id, startsAt: first.startsAt, endsAt: first.endsAt });
    expect(info.expectedDeliveryDate).toBe('2026-11-22');
  });
});
