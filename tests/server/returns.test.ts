import { answer, send } from './call';
import { pathOf, type InputOf } from '../../src/domain/operation';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { API_RETURNS } from '../../src/domain/returns-contract';
import { API } from '../../src/domain/account-contract';
import { API_ORDERS, type OrderDetail } from '../../src/domain/orders-contract';
import { CARRIER_BY_CODE } from '../../src/domain/shipping/carriers';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { API_DISPUTES } from '../../src/domain/disputes-contract';
import { delayProtectionPrice, freightCharged, insurancePremium } from '../../src/domain/shipping/cover';
import { solidPng } from './pdf-reader';
import { journalEntries, orders, sandboxParcels, shipments, type PlannedScan } from '../../server/db/schema';
import { planReverseLife } from '../../server/carriers/sandbox/parcel-life';
import { reportDueScans } from '../../server/carriers/sandbox/tick';
import { fetchQcPhotos } from '../../server/modules/returns/reverse-scans';
import { ingestScans } from '../../server/modules/courier-inlet/ingest';
import { ratingKey } from '../../server/modules/tracking/rating-key';
import { dataOf, errorOf, type TestServer } from './harness';
import {
  eventually,
  checkExport,
  creditWallet,
  finishedUpload,
  startUpload,
  login,
  MEERA,
  newShippableOrder,
  SELLER,
  STAFF,
  startDemoServer,
  verifiedPickup,
} from './helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BUYER_PHONE = '9988776655';
/** the development outbox answers a loopback client only */
const LOCAL = { headers: { 'x-forwarded-for': '127.0.0.1' } };

type InitiateInput = InputOf<typeof API_RETURNS.initiate>['body'];

describe('returns and reverse pickups', () => {
  let s: TestServer;
  let pickupId: number;
  let orgId: number;
  // sessions are short and the clock moves days: log in afresh at each step
  const meera = async () => (await login(s, MEERA)).token;
  const seller = async () => (await login(s, SELLER)).token;
  const staff = async () => (await login(s, STAFF)).token;

  beforeAll(async () => {
    s = await startDemoServer();
    ({ pickupId, orgId } = await verifiedPickup(s, await meera()));
    await creditWallet(s, await staff(), orgId, 50_000, 'Test float for returns');
  });
  afterAll(() => s.close());

  const statusOf = async (id: number) =>
    (await s.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0].status;

  /** A prepaid order shipped and delivered through the scan ingestion; answers the order and its shipment. */
  async function deliveredOrder(over: Record<string, unknown> = {}) {
    const token = await meera();
    const o = await newShippableOrder(s, token, pickupId, {
      paymentMethod: 'PPD',
      buyerEmail: 'kavya@example.in',
      items: [
        { name: 'Blue Pottery Vase', sku: 'BPV-12', quantity: 2, unitPrice: 1450, taxRatePercent: 12 },
        { name: 'Jaipur Quilt', sku: 'JQ-1', quantity: 1, unitPrice: 2200, taxRatePercent: 5 },
      ],
      ...over,
    });
    const params = { orderId: o.orderId };
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params, token });
    const info = await answer(s, API_SHIPPING.ship, { params, body: { carrierCode: quotes[0].carrierCode }, token });
    const t0 = s.clock.now.getTime();
    const steps = ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED'];
    await ingestScans(
      s.deps,
      steps.map((courierStatus, i) => ({
        awb: info.awb,
        at: new Date(t0 + (i + 1) * HOUR),
        courierStatus,
        location: 'Bengaluru',
        remark: courierStatus,
      })),
    );
    await s.deps.db.update(sandboxParcels).set({ cancelled: true }).where(eq(sandboxParcels.awb, info.awb));
    s.clock.advance(5 * HOUR);
    expect(await statusOf(o.orderId)).toBe('DLV');
    return { o, info };
  }

  /** A return of one unit of the order's first product, damaged, back to the pickup address. */
  const returnOf = async (o: OrderDetail, token: string): Promise<InitiateInput> => {
    const able = await answer(s, API_RETURNS.returnable, { params: { orderId: o.orderId }, token });
    return {
      forwardOrderId: o.orderId,
      items: [{ orderItemId: able.items[0].orderItemId, quantity: 1 }],
      reason: 'DAMAGED',
      subReason: 'BROKEN',
      comment: 'Cracked at the rim',
      returnToKind: 'PICKUP_ADDRESS',
      returnToId: pickupId,
      refundDecision: 'REFUND',
    };
  };
  const initiate = async (o: OrderDetail, over: Partial<InitiateInput> = {}) => {
    const token = await meera();
    return answer(s, API_RETURNS.initiate, { body: { ...(await returnOf(o, token)), ...over }, token });
  };

  /** Replaces a reverse parcel's planned life with `plan` (courier time after booking). */
  async function plan(awb: string, scans: PlannedScan[]) {
    await s.deps.db.update(sandboxParcels).set({ plan: scans }).where(eq(sandboxParcels.awb, awb));
  }

  async function until(id: number, status: string, maxDays = 10) {
    for (let h = 0; h < maxDays * 24; h++) {
      await reportDueScans(s.deps);
      if ((await statusOf(id)) === status) return;
      s.clock.advance(HOUR);
    }
    throw new Error(`return ${id} never reached ${status} (at ${await statusOf(id)})`);
  }

  const entries = async (awb: string) =>
    s.deps.db
      .select()
      .from(journalEntries)
      .where(like(journalEntries.externalKey, `shipment:${awb}:%`));

  const ship = async (returnId: number, carrierCode: string, key = `ret-${returnId}-${carrierCode}`) =>
    answer(s, API_RETURNS.ship, {
      params: { returnId },
      body: { carrierCode, idempotencyKey: key },
      token: await meera(),
    });

  it('answers reasons with sub-reasons, doorstep checks and refund decisions', async () => {
    const r = await answer(s, API_RETURNS.reasons, { token: await meera() });
    expect(r.reasons.find((x) => x.code === 'DAMAGED')?.subReasons.map((x) => x.code)).toContain('BROKEN');
    expect(r.qcChecks.map((c) => c.kind)).toEqual([
      'PRODUCT_IMAGE',
      'SKU',
      'COLOUR',
      'SIZE',
      'SERIAL',
      'UNUSED_WITH_TAGS',
    ]);
    expect(r.qcChecks.find((c) => c.kind === 'SERIAL')?.needsExpected).toBe(true);
    expect(r.refundDecisions.map((d) => d.code)).toEqual(['REFUND', 'EXCHANGE', 'STORE_CREDIT', 'NONE']);
  });

  it('lives a full reverse life on the sandbox clock: booked, attempted, picked, in transit, delivered to the seller', async () => {
    const { o } = await deliveredOrder();
    const created = await initiate(o);
    expect(created.returnNumber).toMatch(/^RET-\d{6}$/);
    expect(created.status).toBe('RFP');
    expect(created.forwardOrderNumber).toBe(o.orderNumber);
    expect(created.pickup).toMatchObject({ name: 'Kavya Reddy', pincode: '560038' });
    expect(created.returnTo).toMatchObject({ kind: 'PICKUP_ADDRESS', id: pickupId, pincode: '302003' });
    expect(created.items).toEqual([expect.objectContaining({ sku: 'BPV-12', quantity: 1, unitPricePaise: 145_000 })]);
    expect(created.actions).toMatchObject({ ship: true, cancel: true, cancelShipment: false, label: false });

    // only couriers that pick up returns are quoted; the others say why not
    const quotes = await answer(s, API_RETURNS.courierQuotes, {
      params: { returnId: created.returnId },
      token: await meera(),
    });
    expect(quotes.quotes.length).toBeGreaterThan(0);
    for (const q of quotes.quotes) expect(CARRIER_BY_CODE.get(q.carrierCode)?.reverse).toBeDefined();
    expect(quotes.unserviceable.find((u) => u.carrierCode === 'AZ')?.reason).toBe('Does not pick up returns');
    const carrier = quotes.quotes.find((q) => q.carrierCode === 'DE') ?? quotes.quotes[0];

    // booking twice with one key books once and charges once
    const [first, second] = await Promise.all([
      ship(created.returnId, carrier.carrierCode),
      ship(created.returnId, carrier.carrierCode),
    ]);
    expect(second.awb).toBe(first.awb);
    expect(first.totalPaise).toBe(carrier.totalPaise);
    expect(first.orderStatus).toBe('RPS');
    expect((await entries(first.awb)).map((e) => e.externalKey)).toEqual([`shipment:${first.awb}:freight`]);

    // the buyer hears that a courier will come, with the return's tracking page
    const told = (await s.deps.messenger.recent()).filter((m) => m.body.includes(`/tracking/return/${first.awb}`));
    expect(told.map((m) => [m.channel, m.recipient]).sort()).toEqual([
      ['EMAIL', 'kavya@example.in'],
      ['SMS', `+91${BUYER_PHONE}`],
    ]);

    // the label of the reverse leg
    const label = await s.request(`${pathOf(API_RETURNS.label, { returnId: created.returnId })}?layout=A4`, {
      token: await meera(),
    });
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toContain('application/pdf');

    // the buyer's return tracking page, by the reverse AWB
    const confirmed = await answer(s, API_RETURNS.tracking, { params: { trackingRef: first.awb } });
    expect(confirmed).toMatchObject({
      isReturn: true,
      orderStatusDesc: 'Return Confirmed',
      orderNumber: created.returnNumber,
    });
    // the receiver stands where a forward order's buyer does
    expect(confirmed.buyerName).toBe('Meera Jaipur');
    expect((await s.request(pathOf(API_RETURNS.tracking, { trackingRef: o.awb ?? 'NOPE000000' }))).status).toBe(404);

    await plan(first.awb, [
      { afterMs: 0, courierStatus: 'REV_MANIFESTED', location: 'Bengaluru', remark: 'Return pickup scheduled' },
      {
        afterMs: 20 * HOUR,
        courierStatus: 'REV_PICKUP_ATTEMPTED',
        location: 'Bengaluru',
        remark: 'Buyer not available',
        reasonCode: 'NOT-AVAILABLE',
      },
      { afterMs: 44 * HOUR, courierStatus: 'REV_PICKED_UP', location: 'Bengaluru', remark: 'Picked up' },
      { afterMs: 47 * HOUR, courierStatus: 'REV_IN_TRANSIT', location: 'Bengaluru hub', remark: 'Departed' },
      { afterMs: 4 * DAY, courierStatus: 'REV_DELIVERED', location: 'Jaipur', remark: 'Delivered to the seller' },
    ]);
    await until(created.returnId, 'RPA');
    await until(created.returnId, 'RINT');
    const shipped = await answer(s, API_RETURNS.tracking, { params: { trackingRef: first.awb } });
    expect(shipped.orderStatusDesc).toBe('Return Shipped');
    expect(shipped.trackingDetails.map((t) => t.scanStatus)).toContain('Return Pickup Attempted');
    await until(created.returnId, 'RDLV');
    const done = await answer(s, API_RETURNS.one, { params: { returnId: created.returnId }, token: await meera() });
    expect(done.status).toBe('RDLV');
    expect(done.pickedUpAt).not.toBeNull();
    expect(done.deliveredAt).not.toBeNull();
    expect(done.shipment?.scans.map((x) => x.status)).toEqual(['RPS', 'RPA', 'RPKD', 'RINT', 'RDLV']);
    expect(done.history.filter((h) => h.kind === 'STATUS').map((h) => h.toStatus)).toEqual([
      'RPS',
      'RPA',
      'RPKD',
      'RINT',
      'RDLV',
    ]);
    expect(done.actions).toMatchObject({ ship: false, cancel: false, cancelShipment: false });

    // the rest of the order may still come back; what came back may not come again
    const able = await answer(s, API_RETURNS.returnable, { params: { orderId: o.orderId }, token: await meera() });
    expect(able.items.find((i) => i.sku === 'BPV-12')).toMatchObject({ returnedQuantity: 1, returnableQuantity: 1 });
    const token = await meera();
    const tooMany = await errorOf(
      await send(s, API_RETURNS.initiate, {
        body: { ...(await returnOf(o, token)), items: [{ orderItemId: able.items[0].orderItemId, quantity: 2 }] },
        token,
      }),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.message).toMatch(/^Quantity: at most 1 of Blue Pottery Vase/);
  });

  it('a failed doorstep check cancels the pickup with its reason and photos, refunding all but the check', async () => {
    const { o } = await deliveredOrder();
    const created = await initiate(o, {
      qc: {
        checks: [{ kind: 'SERIAL', expected: 'SN-99812' }, { kind: 'UNUSED_WITH_TAGS' }, { kind: 'SKU' }],
      },
    });
    expect(created.qc).toBe(true);
    expect(created.qcResult).toBe('PENDING');
    // a check the seller left without words compares against the returned products
    expect(created.qcChecks.map((c) => [c.kind, c.expected, c.result]).sort()).toEqual([
      ['SERIAL', 'SN-99812', 'PENDING'],
      ['SKU', 'BPV-12 × 1', 'PENDING'],
      ['UNUSED_WITH_TAGS', 'Blue Pottery Vase × 1', 'PENDING'],
    ]);
    const quotes = await answer(s, API_RETURNS.courierQuotes, {
      params: { returnId: created.returnId },
      token: await meera(),
    });
    // couriers that do not check at the door are left out, with why
    expect(quotes.unserviceable.find((u) => u.carrierCode === 'EK')?.reason).toBe('Does not check parcels at the door');
    const q = quotes.quotes.find((x) => x.carrierCode === 'DE')!;
    expect(q.qcChargePaise).toBe(2500);
    const booked = await ship(created.returnId, 'DE');
    expect(booked.qcChargePaise).toBe(2950);
    expect((await entries(booked.awb)).map((e) => e.externalKey).sort()).toEqual([
      `shipment:${booked.awb}:freight`,
      `shipment:${booked.awb}:qc`,
    ]);
    // the sandbox courier's profile fails the check at the door
    const profile = CARRIER_BY_CODE.get('DE')!;
    const [parcel] = await s.deps.db.select().from(sandboxParcels).where(eq(sandboxParcels.awb, booked.awb));
    await plan(
      booked.awb,
      planReverseLife(
        { ...profile, reverse: { ...profile.reverse!, pickupAttemptFailRate: 0, qcFailRate: 1 } },
        booked.awb,
        parcel.lane,
        { qcChecks: [{ kind: 'SERIAL', expected: 'SN-99812' }] },
      ),
    );
    await until(created.returnId, 'RPF');
    // the courier's photos of the check are fetched by a queued job
    const failed = await eventually(
      async () => answer(s, API_RETURNS.one, { params: { returnId: created.returnId }, token: await meera() }),
      (r) => (r.qcFailure?.photos.length ?? 0) > 0,
    );
    expect(failed.qcResult).toBe('FAILED');
    expect(failed.qcFailure?.reason).toMatch(/^Serial number or IMEI matches: Quality check failed/);
    expect(failed.qcFailure?.photos).toHaveLength(2);
    expect((await s.request(failed.qcFailure!.photos[0].url)).headers.get('content-type')).toBe('image/png');
    // the photos' job run again keeps the photos it has and stores none
    const [reverse] = await s.deps.db.select().from(shipments).where(eq(shipments.awb, booked.awb));
    expect(await fetchQcPhotos(s.deps, { returnId: created.returnId, shipmentId: reverse.id })).toBe(0);
    expect(failed.qcChecks.find((c) => c.kind === 'SERIAL')?.result).toBe('FAILED');
    expect(failed.shipment?.state).toBe('CANCELLED');
    expect(failed.actions).toMatchObject({ ship: true, cancel: true, cancelShipment: false });
    const refund = (await entries(booked.awb)).find((e) => e.externalKey === `shipment:${booked.awb}:refund`);
    expect(refund).toBeDefined();
    // the seller may book it again, or cancel the return
    const cancelled = await answer(s, API_RETURNS.cancel, {
      params: { returnId: created.returnId },
      body: { reason: 'Buyer sent the wrong phone' },
      token: await meera(),
    });
    expect(cancelled.status).toBe('RCAN');
    // the list's QC filter finds it
    const list = await answer(s, API_RETURNS.returns, { query: { qc: 'FAILED' }, token: await meera() });
    expect(list.items.map((r) => r.returnId)).toContain(created.returnId);
  });

  it('cancelling a pickup refunds once under concurrent requests', async () => {
    const { o } = await deliveredOrder();
    const created = await initiate(o);
    const booked = await ship(created.returnId, 'DE');
    const token = await meera();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        s.request(pathOf(API_RETURNS.cancelShipment, { returnId: created.returnId }), { method: 'PUT', token }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const refunds = (await entries(booked.awb)).filter((e) => e.externalKey === `shipment:${booked.awb}:refund`);
    expect(refunds).toHaveLength(1);
    expect(await statusOf(created.returnId)).toBe('RFP');
    // a second booking then a reassignment: the first is refunded, the second charged
    const again = await ship(created.returnId, 'DE', 'second-booking-key');
    const moved = await answer(s, API_RETURNS.reassign, {
      params: { returnId: created.returnId },
      body: { carrierCode: 'XB', idempotencyKey: 'reassign-key-1' },
      token: await meera(),
    });
    expect(moved.carrierCode).toBe('XB');
    expect((await entries(again.awb)).some((e) => e.externalKey === `shipment:${again.awb}:refund`)).toBe(true);
    expect(
      (await answer(s, API_RETURNS.shipment, { params: { returnId: created.returnId }, token: await meera() })).awb,
    ).toBe(moved.awb);
  });

  it('insures and protects a pickup: charged once, a late return credited once, a damaged return claimed once, a cancel refunds it all', async () => {
    const { o } = await deliveredOrder();
    const created = await initiate(o);
    const [{ value }] = await s.deps.db
      .select({ value: orders.totalPaise })
      .from(orders)
      .where(eq(orders.id, created.returnId));
    const quotes = await answer(s, API_RETURNS.courierQuotes, {
      params: { returnId: created.returnId },
      token: await meera(),
    });
    // the returned goods are declared (and insured) at the return's value
    expect(quotes.cover).toMatchObject({ declaredValuePaise: value, insurance: insurancePremium(value) });
    const carrier = quotes.quotes.find((q) => q.carrierCode === 'DE') ?? quotes.quotes[0];
    const premium = insurancePremium(value).totalPaise;
    const protection = delayProtectionPrice(carrier.freightPaise).totalPaise;
    const book = async (returnId: number, key: string, cover: Record<string, unknown>) =>
      s.request(pathOf(API_RETURNS.ship, { returnId }), {
        method: 'POST',
        json: { carrierCode: carrier.carrierCode, idempotencyKey: key, ...cover },
        token: await meera(),
      });
    expect(await errorOf(await book(created.returnId, 'cover-bad-choice', { delayProtection: 'yes' }))).toMatchObject({
      status: 400,
      message: expect.stringContaining('Delay protection must be chosen or not'),
    });
    const balance = async () => (await answer(s, API_WALLET.wallet, { token: await meera() })).balancePaise;
    const before = await balance();
    const tries = await Promise.all(
      [1, 2, 3].map(async () =>
        book(created.returnId, `return-cover-${created.returnId}`, { insured: true, delayProtection: true }),
      ),
    );
    const booked = await Promise.all(tries.map(async (r) => (await dataOf(r)) as { awb: string }));
    expect(new Set(booked.map((b) => b.awb)).size).toBe(1);
    const awb = booked[0].awb;
    const shipment = await answer(s, API_RETURNS.shipment, {
      params: { returnId: created.returnId },
      token: await meera(),
    });
    expect(shipment).toMatchObject({
      insuredValuePaise: value,
      insurancePaise: premium,
      delayProtectionPaise: protection,
    });
    expect(await balance()).toBe(before - carrier.totalPaise - premium - protection);
    expect((await entries(awb)).map((e) => e.externalKey).sort()).toEqual(
      [`shipment:${awb}:delay-protection`, `shipment:${awb}:freight`, `shipment:${awb}:insurance`].sort(),
    );

    // delivered back to the seller two days after the promised date: the reverse freight back, once
    const promised = shipment.expectedDeliveryDate!;
    const late = new Date(new Date(`${promised}T12:00:00+05:30`).getTime() + 2 * 24 * HOUR);
    const scan = (courierStatus: string, hoursBefore: number) => ({
      awb,
      at: new Date(late.getTime() - hoursBefore * HOUR),
      courierStatus,
      location: 'Jaipur',
      remark: courierStatus,
    });
    await s.deps.db.update(sandboxParcels).set({ cancelled: true }).where(eq(sandboxParcels.awb, awb));
    await ingestScans(s.deps, [scan('REV_PICKED_UP', 30), scan('REV_IN_TRANSIT', 20)]);
    const beforeCredit = await balance();
    await Promise.all([1, 2, 3].map(() => ingestScans(s.deps, [scan('REV_DELIVERED', 0)])));
    expect(await statusOf(created.returnId)).toBe('RDLV');
    const credit = freightCharged(shipment.totalPaise - shipment.qcChargePaise, 0);
    expect(await balance()).toBe(beforeCredit + credit);
    expect((await entries(awb)).filter((e) => e.kind === 'DELAY_CREDIT')).toHaveLength(1);

    // the goods came back broken: an insurance claim through the dispute flow, capped, paid once
    s.clock.advance(HOUR);
    const form = new FormData();
    form.set('file', new File([new Uint8Array(solidPng(8, 8, [200, 40, 40]))], 'box.png', { type: 'image/png' }));
    const image = (await dataOf(
      await s.request(API_DISPUTES.evidence.path, { method: 'POST', body: form, token: await meera() }),
    )) as { fileId: number };
    const raise = async (category: string) =>
      s.request(API_DISPUTES.raise.path, {
        method: 'POST',
        json: {
          orderId: created.returnId,
          category,
          description: 'The returned vase came back in pieces',
          evidence: [image.fileId],
        },
        token: await meera(),
      });
    expect(await errorOf(await raise('WRONG_ITEM'))).toMatchObject({
      status: 400,
      message: expect.stringContaining('Category: a lost or damaged insured parcel'),
    });
    const d = (await dataOf(await raise('DAMAGED_BOX'))) as { disputeId: number; maxCreditPaise: number };
    expect(d.maxCreditPaise).toBe(value);
    await answer(s, API_DISPUTES.sendToCourier, { params: { disputeId: d.disputeId }, token: await staff() });
    const staffToken = await staff();
    const beforeClaim = await balance();
    const accepts = await Promise.all(
      [1, 2].map(() =>
        s.request(pathOf(API_DISPUTES.accept, { disputeId: d.disputeId }), {
          method: 'POST',
          json: { amount: value / 100, note: 'Courier accepted the damage' },
          token: staffToken,
        }),
      ),
    );
    expect(accepts.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balance()).toBe(beforeClaim + value);
    expect((await entries(awb)).filter((e) => e.kind === 'INSURANCE_CLAIM').map((e) => e.externalKey)).toEqual([
      `shipment:${awb}:insurance-claim`,
    ]);

    // another return's covered pickup cancelled before pickup: the cover goes back with the freight
    const second = await initiate((await deliveredOrder()).o);
    const beforeSecond = await balance();
    await dataOf(
      await book(second.returnId, `return-cover-${second.returnId}`, { insured: true, delayProtection: true }),
    );
    expect(await balance()).toBeLessThan(beforeSecond);
    expect(
      (
        await s.request(pathOf(API_RETURNS.cancelShipment, { returnId: second.returnId }), {
          method: 'PUT',
          token: await meera(),
        })
      ).status,
    ).toBe(200);
    expect(await balance()).toBe(beforeSecond);
  });

  it('offers a return on the order answer exactly when the order is delivered', async () => {
    const token = await meera();
    const waiting = await newShippableOrder(s, token, pickupId);
    expect(waiting.actions.return).toBe(false);
    const { o } = await deliveredOrder();
    // the sandbox clock moved hours on: a fresh sign-in
    const delivered = await answer(s, API_ORDERS.order, { params: { orderId: o.orderId }, token: await meera() });
    expect(delivered.actions).toMatchObject({ return: true, cancel: false });
  });

  it('refuses a return of an order that was not delivered, naming the field', async () => {
    const o = await newShippableOrder(s, await meera(), pickupId);
    const able = await answer(s, API_RETURNS.returnable, { params: { orderId: o.orderId }, token: await meera() });
    expect(able.returnable).toBe(false);
    expect(able.reason).toContain('only a delivered order can be returned');
    const res = await errorOf(
      await s.request(API_RETURNS.returns.path, {
        method: 'POST',
        token: await meera(),
        json: {
          forwardOrderId: o.orderId,
          items: [{ orderItemId: 1, quantity: 1 }],
          reason: 'DAMAGED',
          subReason: 'BROKEN',
          returnToKind: 'PICKUP_ADDRESS',
          returnToId: pickupId,
          refundDecision: 'REFUND',
        },
      }),
    );
    expect(res.status).toBe(409);
    expect(res.message).toBe(`Order ${o.orderNumber} is Ready To Ship; only a delivered order can be returned`);
    expect(res.header).toBe(res.message);
  });

  it('names the label of each field a request gets wrong', async () => {
    const { o } = await deliveredOrder();
    const cases: [Record<string, unknown>, string][] = [
      [{ reason: 'BORED' }, 'Reason'],
      [{ subReason: 'TOO_SMALL' }, 'Sub-reason'],
      [{ items: [] }, 'Products'],
      [{ returnToKind: 'SHOP' }, 'Return to'],
      [{ refundDecision: 'CASH' }, 'Refund decision'],
      [{ returnToId: 999999 }, 'Return to'],
      [{ qc: { checks: [{ kind: 'COLOUR' }] } }, 'Quality checks'],
      [{ qc: { checks: [{ kind: 'SMELL' }] } }, 'Quality check'],
      [{ photoFileIds: ['not a file'] }, 'Photos'],
      [{ comment: 'x'.repeat(501) }, 'Comment'],
    ];
    const token = await meera();
    for (const [json, label] of cases) {
      const res = await errorOf(
        await s.request(API_RETURNS.initiate.path, {
          method: 'POST',
          token,
          json: { ...(await returnOf(o, token)), ...json },
        }),
      );
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.message.startsWith(label), `${JSON.stringify(json)} → ${res.message}`).toBe(true);
    }
    const standalone = await errorOf(
      await s.request(API_RETURNS.standalone.path, {
        method: 'POST',
        token: await meera(),
        json: { orderNumber: 'AMZ-1', buyerName: 'K', buyerPhone: '12', items: [] },
      }),
    );
    expect(standalone.status).toBe(400);
    expect(standalone.message).toMatch(/^(Buyer name|Buyer phone|Products|Buyer address|Reason)/);
  });

  it('keeps each seller to its own returns (404) and sellers only (403)', async () => {
    const { o } = await deliveredOrder();
    const created = await initiate(o);
    const other = await seller();
    expect((await s.request(pathOf(API_RETURNS.one, { returnId: created.returnId }), { token: other })).status).toBe(
      404,
    );
    expect(
      (
        await s.request(pathOf(API_RETURNS.ship, { returnId: created.returnId }), {
          method: 'POST',
          token: other,
          json: { carrierCode: 'DE' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await s.request(pathOf(API_RETURNS.cancel, { returnId: created.returnId }), {
          method: 'PUT',
          token: other,
          json: {},
        })
      ).status,
    ).toBe(404);
    expect(
      (await s.request(pathOf(API_RETURNS.courierQuotes, { returnId: created.returnId }), { token: other })).status,
    ).toBe(404);
    expect((await s.request(pathOf(API_RETURNS.returnable, { orderId: o.orderId }), { token: other })).status).toBe(
      404,
    );
    const theirs = await s.request(API_RETURNS.returns.path, {
      method: 'POST',
      token: other,
      json: {
        forwardOrderId: o.orderId,
        items: [{ orderItemId: created.items[0].orderItemId, quantity: 1 }],
        reason: 'DAMAGED',
        subReason: 'BROKEN',
        returnToKind: 'PICKUP_ADDRESS',
        returnToId: pickupId,
        refundDecision: 'REFUND',
      },
    });
    expect(theirs.status).toBe(404);
    const list = await answer(s, API_RETURNS.returns, { token: other });
    expect(list.items.some((r) => r.returnId === created.returnId)).toBe(false);
    const ops = await staff();
    expect((await s.request(API_RETURNS.returns.path, { token: ops })).status).toBe(403);
    expect((await s.request(pathOf(API_RETURNS.one, { returnId: created.returnId }), { token: ops })).status).toBe(403);
    expect((await s.request(API_RETURNS.returns.path)).status).toBe(401);
    // a return is not a forward order: the orders area does not know it
    expect((await s.request(`/api/v1/orders/${created.returnId}`, { token: await meera() })).status).toBe(404);
  });

  it('a standalone return and an exchange: the replacement is a forward order linked to the return', async () => {
    const made = await answer(s, API_RETURNS.standalone, {
      token: await meera(),
      body: {
        orderNumber: 'AMZ-405-1188',
        channel: 'AMAZON',
        buyerName: 'Arjun Mehta',
        buyerPhone: '+91 98450 11223',
        buyerAddress: { line1: '7, MG Road', pincode: '560001' },
        items: [{ name: 'Brass Lamp', sku: 'BL-2', quantity: 1, unitPrice: 899 }],
        reason: 'WRONG_ITEM',
        subReason: 'WRONG_COLOUR',
        returnToKind: 'PICKUP_ADDRESS',
        returnToId: pickupId,
        refundDecision: 'EXCHANGE',
        lengthCm: 10,
        breadthCm: 10,
        heightCm: 20,
        deadWeightKg: 0.8,
      },
    });
    expect(made).toMatchObject({
      forwardOrderId: null,
      forwardOrderNumber: 'AMZ-405-1188',
      customerPhone: '9845011223',
    });
    const exchanged = await answer(s, API_RETURNS.exchange, {
      params: { returnId: made.returnId },
      body: {},
      token: await meera(),
    });
    expect(exchanged.exchangeOrderId).not.toBeNull();
    expect(exchanged.actions.exchange).toBe(false);
    const replacement = await answer(s, API_ORDERS.order, {
      params: { orderId: exchanged.exchangeOrderId! },
      token: await meera(),
    });
    expect(replacement).toMatchObject({ buyerName: 'Arjun Mehta', status: 'RTS', paymentMethod: 'PPD' });
    expect(replacement.items[0]).toMatchObject({ sku: 'BL-2', quantity: 1 });
    const twice = await s.request(pathOf(API_RETURNS.exchange, { returnId: made.returnId }), {
      method: 'POST',
      token: await meera(),
      json: {},
    });
    expect(twice.status).toBe(409);
  });

  it('makes one return for one request key, however often and however concurrently it is sent', async () => {
    const { o } = await deliveredOrder();
    const key = `return-key-${o.orderId}`;
    const made = await Promise.all([1, 2, 3].map(() => initiate(o, { idempotencyKey: key })));
    expect(new Set(made.map((m) => m.returnId)).size).toBe(1);
    // the order's other unit is still returnable: nothing was taken twice
    const able = await answer(s, API_RETURNS.returnable, { params: { orderId: o.orderId }, token: await meera() });
    expect(able.items[0].returnableQuantity).toBe(1);
    const standalone: InputOf<typeof API_RETURNS.standalone>['body'] = {
      orderNumber: 'FLP-77-2041',
      channel: 'FLIPKART',
      buyerName: 'Ritu Sharma',
      buyerPhone: '9845011224',
      buyerAddress: { line1: '12, Residency Road', pincode: '560025' },
      items: [{ name: 'Brass Lamp', sku: 'BL-2', quantity: 1, unitPrice: 899 }],
      reason: 'WRONG_ITEM',
      subReason: 'WRONG_COLOUR',
      returnToKind: 'PICKUP_ADDRESS',
      returnToId: pickupId,
      refundDecision: 'REFUND',
      lengthCm: 10,
      breadthCm: 10,
      heightCm: 20,
      deadWeightKg: 0.8,
      idempotencyKey: `standalone-key-${o.orderId}`,
    };
    const again = await Promise.all(
      [1, 2, 3].map(async () => answer(s, API_RETURNS.standalone, { body: standalone, token: await meera() })),
    );
    expect(new Set(again.map((m) => m.returnId)).size).toBe(1);
    const list = await answer(s, API_RETURNS.returns, {
      query: { searchPattern: 'FLP-77-2041' },
      token: await meera(),
    });
    expect(list.total).toBe(1);
  });

  it('a buyer asks for a return from the tracking link within the window; the seller approves; the buyer is told', async () => {
    await s.request(API_RETURNS.settings.path, {
      method: 'PUT',
      token: await meera(),
      json: { returnWindowDays: 7, autoApprove: false },
    });
    const { o, info } = await deliveredOrder();
    const k = ratingKey(s.deps.ratingKey, info.shipmentId);
    // the AWB alone is not enough
    expect(
      (await s.request(`${pathOf(API_RETURNS.buyerOffer, { trackingRef: info.awb })}?k=AAAAAAAAAAAAAAAA`)).status,
    ).toBe(403);
    const offer = await answer(s, API_RETURNS.buyerOffer, { params: { trackingRef: info.awb }, query: { k } });
    expect(offer.canRequest).toBe(true);
    expect(offer.items.map((i) => i.sku)).toEqual(['BPV-12', 'JQ-1']);
    const asked = await answer(s, API_RETURNS.buyerRequest, {
      params: { trackingRef: info.awb },
      body: {
        key: k,
        items: [{ orderItemId: offer.items[1].orderItemId, quantity: 1 }],
        reason: 'NOT_AS_DESCRIBED',
        subReason: 'LOOKS_DIFFERENT',
        comment: 'Colours are duller than the photos',
      },
    });
    expect(asked.canRequest).toBe(false);
    expect(asked.request?.state).toBe('PENDING');
    const again = await errorOf(
      await s.request(pathOf(API_RETURNS.buyerOffer, { trackingRef: info.awb }), {
        method: 'POST',
        json: {
          key: k,
          items: [{ orderItemId: offer.items[1].orderItemId, quantity: 1 }],
          reason: 'OTHER',
          subReason: 'OTHER',
        },
      }),
    );
    expect(again.status).toBe(409);
    const pending = await answer(s, API_RETURNS.requests, { token: await meera() });
    const request = pending.items.find((r) => r.forwardOrderId === o.orderId)!;
    expect(request).toMatchObject({ state: 'PENDING', reason: 'NOT_AS_DESCRIBED', customerName: 'Kavya Reddy' });
    // another seller cannot decide it
    expect(
      (
        await s.request(pathOf(API_RETURNS.approve, { requestId: request.requestId }), {
          method: 'POST',
          token: await seller(),
          json: {},
        })
      ).status,
    ).toBe(404);
    const approved = await answer(s, API_RETURNS.approve, {
      params: { requestId: request.requestId },
      body: {},
      token: await meera(),
    });
    expect(approved).toMatchObject({ state: 'APPROVED', decidedBy: 'SELLER' });
    expect(approved.returnNumber).toMatch(/^RET-/);
    const ret = await answer(s, API_RETURNS.one, { params: { returnId: approved.returnId! }, token: await meera() });
    expect(ret).toMatchObject({ source: 'BUYER', requestId: request.requestId, status: 'RFP' });
    const sent = (await s.deps.messenger.recent()).filter((m) => m.body.includes(`${o.orderNumber} is approved`));
    expect(sent.map((m) => m.channel).sort()).toEqual(['EMAIL', 'SMS']);
    expect(sent.find((m) => m.channel === 'SMS')?.recipient).toBe(`+91${BUYER_PHONE}`);
    // the development outbox lists them
    const outbox = await dataOf<{ channel: string; recipient: string; body: string }[]>(
      await s.request(API.devOutbox, LOCAL),
    );
    expect(
      outbox
        .filter((m) => m.body.includes(`${o.orderNumber} is approved`))
        .map((m) => m.channel)
        .sort(),
    ).toEqual(['EMAIL', 'SMS']);
    const twice = await s.request(pathOf(API_RETURNS.approve, { requestId: request.requestId }), {
      method: 'POST',
      token: await meera(),
      json: {},
    });
    expect(twice.status).toBe(409);

    // a rejection is told too; an auto-approve rule decides at once
    const second = await deliveredOrder();
    const k2 = ratingKey(s.deps.ratingKey, second.info.shipmentId);
    const offer2 = await answer(s, API_RETURNS.buyerOffer, {
      params: { trackingRef: second.info.awb },
      query: { k: k2 },
    });
    await s.request(pathOf(API_RETURNS.buyerOffer, { trackingRef: second.info.awb }), {
      method: 'POST',
      json: {
        key: k2,
        items: [{ orderItemId: offer2.items[0].orderItemId, quantity: 1 }],
        reason: 'OTHER',
        subReason: 'OTHER',
      },
    });
    const list2 = await answer(s, API_RETURNS.requests, { token: await meera() });
    const r2 = list2.items.find((r) => r.forwardOrderId === second.o.orderId)!;
    const badNote = await errorOf(
      await s.request(pathOf(API_RETURNS.reject, { requestId: r2.requestId }), {
        method: 'POST',
        token: await meera(),
        json: { note: '' },
      }),
    );
    expect(badNote.message.startsWith('Note')).toBe(true);
    await s.request(pathOf(API_RETURNS.reject, { requestId: r2.requestId }), {
      method: 'POST',
      token: await meera(),
      json: { note: 'Used products are not taken back' },
    });
    expect((await s.deps.messenger.recent()).some((m) => m.body.includes('Used products are not taken back'))).toBe(
      true,
    );

    await s.request(API_RETURNS.settings.path, {
      method: 'PUT',
      token: await meera(),
      json: { returnWindowDays: 7, autoApprove: true },
    });
    const third = await deliveredOrder();
    const k3 = ratingKey(s.deps.ratingKey, third.info.shipmentId);
    const offer3 = await answer(s, API_RETURNS.buyerOffer, {
      params: { trackingRef: third.info.awb },
      query: { k: k3 },
    });
    const auto = await answer(s, API_RETURNS.buyerRequest, {
      params: { trackingRef: third.info.awb },
      body: {
        key: k3,
        items: [{ orderItemId: offer3.items[0].orderItemId, quantity: 1 }],
        reason: 'SIZE_FIT',
        subReason: 'TOO_LARGE',
      },
    });
    expect(auto.request?.state).toBe('APPROVED');

    // past the window the page says so
    s.clock.advance(9 * DAY);
    const late = await answer(s, API_RETURNS.buyerOffer, {
      params: { trackingRef: second.info.awb },
      query: { k: k2 },
    });
    expect(late.canRequest).toBe(false);
    expect(late.reason).toMatch(/^The return window closed on /);
    await s.request(API_RETURNS.settings.path, {
      method: 'PUT',
      token: await meera(),
      json: { returnWindowDays: 7, autoApprove: false },
    });
  });

  it('the list has tabs with counts and filters, and exports as CSV', async () => {
    const token = await meera();
    const all = await answer(s, API_RETURNS.returns, { query: { recordsPerPage: 100 }, token });
    expect(all.counts.ALL).toBe(all.total);
    expect(all.counts.ALL).toBe(
      all.counts.READY +
        all.counts.SCHEDULED +
        all.counts.FAILED +
        all.counts.IN_TRANSIT +
        all.counts.DELIVERED +
        all.counts.CLOSED,
    );
    const delivered = await answer(s, API_RETURNS.returns, { query: { tab: 'DELIVERED' }, token });
    expect(delivered.items.every((r) => r.status === 'RDLV')).toBe(true);
    expect(delivered.total).toBeGreaterThan(0);
    const byReason = await answer(s, API_RETURNS.returns, { query: { reason: 'WRONG_ITEM' }, token });
    expect(byReason.items.every((r) => r.reason === 'WRONG_ITEM')).toBe(true);
    const search = await answer(s, API_RETURNS.returns, { query: { searchPattern: 'AMZ-405-1188' }, token });
    expect(search.items.map((r) => r.forwardOrderNumber)).toEqual(['AMZ-405-1188']);
    const badDates = await errorOf(
      await s.request(`${API_RETURNS.returns.path}?fromDate=2026-12-10&toDate=2026-12-01`, { token }),
    );
    expect(badDates.message).toBe('From date must be on or before To date');
    const badQc = await errorOf(await s.request(`${API_RETURNS.returns.path}?qc=MAYBE`, { token }));
    expect(badQc.message.startsWith('Qc') || badQc.message.startsWith('Quality check')).toBe(true);
    const exp = await checkExport(
      s,
      API_RETURNS.returnsExport.path,
      { seller: token, meera: await seller(), staff: await staff() },
      'return_number,order_number,status,created_at,customer_name,customer_phone,pincode,reason,items,value,qc,refund_decision,carrier_code,awb,exchange_order',
      'AMZ-405-1188',
    );
    expect(exp).toMatchObject({ status: 200, header: true, contains: true, leaks: false, staff: 403, anonymous: 401 });
  });

  it('returns in bulk from CSV: good rows make returns, bad rows come back with the reason', async () => {
    const one = await deliveredOrder();
    const two = await deliveredOrder();
    const notYet = await newShippableOrder(s, await meera(), pickupId);
    const token = await meera();
    const csv = [
      'orderNumber,sku,quantity,reason,subReason,returnTo,refundDecision,comment',
      `${one.o.orderNumber},BPV-12,1,DAMAGED,BROKEN,Meera Jaipur,REFUND,Cracked`,
      `${one.o.orderNumber},JQ-1,1,DAMAGED,BROKEN,Meera Jaipur,REFUND,Cracked`,
      `${two.o.orderNumber},BPV-12,1,size_fit,too_small,Meera Jaipur,,`,
      `${notYet.orderNumber},BPV-12,1,DAMAGED,BROKEN,Meera Jaipur,REFUND,`,
      `${two.o.orderNumber}X,BPV-12,1,DAMAGED,TOO_SMALL,Nowhere,REFUND,`,
    ].join('\n');
    const sample = await s.request(API_RETURNS.uploads.sample.path, { token });
    expect(sample.status).toBe(200);
    const up = await startUpload(s, API_RETURNS.uploads, csv, 'returns.csv', token);
    const done = await finishedUpload(s, API_RETURNS.uploads, up.uploadId, token);
    expect(done.status).toBe('DONE');
    expect(done.result).toMatchObject({ created: 2, rejected: 2 });
    const errors = await (
      await answer(s, API_RETURNS.uploads.errorCsv, { params: { uploadId: up.uploadId }, token })
    ).text();
    expect(errors).toContain('only a delivered order can be returned');
    expect(errors).toMatch(/Return to: no pickup address or warehouse named "Nowhere"|Sub-reason/);
    const lines = await answer(s, API_RETURNS.returnable, { params: { orderId: one.o.orderId }, token });
    expect(lines.items.map((i) => i.returnedQuantity)).toEqual([1, 1]);
    const list = await answer(s, API_RETURNS.returns, { query: { searchPattern: two.o.orderNumber }, token });
    expect(list.items[0]).toMatchObject({ source: 'CSV', reason: 'SIZE_FIT', refundDecision: 'REFUND' });
  });
});
