import { pathOf } from '../../src/domain/operation';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_SETUP } from '../../src/domain/setup-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { API_NDR } from '../../src/domain/ndr-contract';
import { formatTime, istDay } from '../../src/domain/format';
import { CARRIER_BY_CODE } from '../../src/domain/shipping/carriers';
import {
  carriers,
  courierOperations,
  journalEntries,
  orderEvents,
  ndrActions,
  ndrRecords,
  orders,
  pickupAddresses,
  sandboxParcels,
  shipments,
} from '../../server/db/schema';
import { planLife, type LaneInfo } from '../../server/carriers/sandbox/parcel-life';
import { reloadCarrierNetwork } from '../../server/carriers/registry';
import { reportDueScans } from '../../server/carriers/sandbox/tick';
import { ingestScans } from '../../server/modules/courier-inlet/ingest';
import { runNdrDeadlines } from '../../server/modules/ndr/service';
import { ASYNC_NDR_COURIERS, CONFIRM_AFTER_MS } from '../../server/carriers/sandbox/ndr-requests';
import { pollCourierOperations } from '../../server/modules/courier-operations/poll';
import { settleCourierOperation } from '../../server/modules/courier-operations/settle';
import { errorOf, type TestServer } from './harness';
import { answer, answerOf, send } from './call';
import { csvLines, login, MEERA, SELLER, STAFF, startDemoServer } from './helpers';
import { fieldLabel } from '../../src/domain/schemas/labels';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BUYER_PHONE = '9988776655';

describe('failed deliveries (NDR) and returns (RTO)', () => {
  let s: TestServer;
  let pickupId: number;
  let meeraOrg: number;
  // sessions are short; the clock moves days: log in afresh at each step
  const meera = async () => (await login(s, MEERA)).token;
  const seller = async () => (await login(s, SELLER)).token;
  const staff = async () => (await login(s, STAFF)).token;

  beforeAll(async () => {
    s = await startDemoServer();
    const token = await meera();
    const address = await answer(s, API_SETUP.addAddress, {
      body: {
        entityName: 'Meera Jaipur',
        phoneNumber: '9123456780',
        email: 'p@m.in',
        addressLine1: 'Johari Bazaar',
        pincode: '302003',
      },
      token,
    });
    pickupId = address.addressId;
    await s.deps.db.update(pickupAddresses).set({ verifiedAt: s.clock.now }).where(eq(pickupAddresses.id, pickupId));
    [{ orgId: meeraOrg }] = await s.deps.db
      .select({ orgId: pickupAddresses.orgId })
      .from(pickupAddresses)
      .where(eq(pickupAddresses.id, pickupId));
    await s.request(pathOf(API_WALLET.adjust, { orgId: meeraOrg }), {
      method: 'POST',
      json: {
        direction: 'CREDIT',
        amount: 50_000,
        reason: 'Test float for NDR',
        idempotencyKey: `float-${crypto.randomUUID()}`,
      },
      token: await staff(),
    });
  });
  afterAll(() => s.close());

  type Behaviour = Partial<(typeof CARRIER_BY_CODE extends ReadonlyMap<string, infer P> ? P : never)['behaviour']>;

  /**
   * A COD order shipped with Delhivery (EOD-xx codes) whose life follows `behaviour`; `like`: on
   * another's courier and lane, so both lives keep one timetable (a lane's transit days vary by AWB)
   */
  async function shipWithLife(behaviour: Behaviour, like?: { info: { carrierCode: string }; lane: LaneInfo }) {
    const token = await meera();
    const o = await answer(s, API_ORDERS.create, {
      body: {
        orderDate: istDay(s.clock.now),
        paymentMethod: 'COD',
        buyerName: 'Kavya Reddy',
        buyerPhone: BUYER_PHONE,
        buyerEmail: 'kavya@example.in',
        shipping: { line1: '12, 4th Cross, Indiranagar', pincode: '560038' },
        items: [{ name: 'Blue Pottery Vase', sku: 'BPV-12', quantity: 1, unitPrice: 1450, taxRatePercent: 12 }],
        lengthCm: 20,
        breadthCm: 20,
        heightCm: 30,
        deadWeightKg: 1.2,
        pickupAddressId: pickupId,
      },
      token,
    });
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: o.orderId }, token });
    const carrierCode =
      like?.info.carrierCode ?? quotes.find((q) => q.carrierCode === 'DE')?.carrierCode ?? quotes[0].carrierCode;
    const info = await answer(s, API_SHIPPING.ship, { params: { orderId: o.orderId }, body: { carrierCode }, token });
    const profile = CARRIER_BY_CODE.get(info.carrierCode)!;
    const [parcel] = await s.deps.db.select().from(sandboxParcels).where(eq(sandboxParcels.awb, info.awb));
    const lane = like?.lane ?? parcel.lane;
    const plan = planLife(
      { ...profile, behaviour: { ...profile.behaviour, lossRate: 0, rtoNdrRate: 0, ...behaviour } },
      info.awb,
      lane,
    );
    // the network's own profile decides re-attempts: give it the same behaviour
    await s.deps.db
      .update(carriers)
      .set({ profile: { ...profile, behaviour: { ...profile.behaviour, lossRate: 0, rtoNdrRate: 0, ...behaviour } } })
      .where(eq(carriers.code, info.carrierCode));
    reloadCarrierNetwork(s.deps);
    await s.deps.db.update(sandboxParcels).set({ plan, lane }).where(eq(sandboxParcels.awb, info.awb));
    return { o, info, lane };
  }

  const statusOf = async (orderId: number) =>
    (await s.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0].status;

  /** Moves the clock in hour steps, the couriers reporting, until the order reaches `status`. */
  async function until(orderId: number, status: string, maxDays = 20): Promise<void> {
    for (let h = 0; h < maxDays * 24; h++) {
      await reportDueScans(s.deps);
      if ((await statusOf(orderId)) === status) return;
      s.clock.advance(HOUR);
    }
    const timeline = await s.deps.db
      .select({ at: orderEvents.at, to: orderEvents.toStatus, note: orderEvents.note })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId));
    throw new Error(
      `order ${orderId} never reached ${status} (at ${await statusOf(orderId)}): ${JSON.stringify(timeline)}`,
    );
  }

  /** The order's open NDR; `reason` fixes its reason (the courier's draw varies by AWB). */
  const openNdr = async (orderId: number, reason?: string) => {
    const where = and(eq(ndrRecords.orderId, orderId), eq(ndrRecords.status, 'ACTION_REQUIRED'));
    if (reason) await s.deps.db.update(ndrRecords).set({ reason }).where(where);
    const [open] = await s.deps.db.select().from(ndrRecords).where(where);
    if (open) return open;
    // say what there is instead, should a parcel's life have moved on
    const all = await s.deps.db.select().from(ndrRecords).where(eq(ndrRecords.orderId, orderId));
    throw new Error(
      `order ${orderId} (at ${await statusOf(orderId)}) has no open NDR: ${JSON.stringify(all.map((r) => [r.attempt, r.status]))}`,
    );
  };

  /** The token of the NDR link the buyer got by email for the order. */
  const buyerLinkToken = async (orderNumber: string) => {
    const msg = (await s.deps.messenger.recent()).find(
      (m) => m.recipient === 'kavya@example.in' && m.body.includes(orderNumber) && m.body.includes('/ndr/'),
    )!;
    return /\/ndr\/([0-9a-z]+\.[A-Za-z0-9_-]{22})/.exec(msg.body)![1];
  };
  const act = async (ndrId: number, json: Record<string, unknown>, token?: string) =>
    s.request(pathOf(API_NDR.action, { ndrId: ndrId }), { method: 'POST', json, token: token ?? (await meera()) });

  it('fail → the seller re-attempts on a chosen day → delivered; the buyer was told with a token link', async () => {
    const { o, info } = await shipWithLife({ ndrRate: 1, rtoRate: 0, reattemptFailRate: 0 });
    await until(o.orderId, 'NDR');
    const ndr = await openNdr(o.orderId, 'CONSIGNEE_UNAVAILABLE');
    expect(ndr).toMatchObject({ attempt: 1, awb: info.awb, paymentMethod: 'COD' });
    expect(ndr.deadlineAt.getTime() - ndr.raisedAt.getTime()).toBe(DAY);
    expect(ndr.courierReasonCode).toMatch(/^(EOD|ST)-\d+$|^[A-Z]{2}-[A-Z]{3}$/);
    const token = await meera();
    const list = await answer(s, API_NDR.list, { query: { tab: 'ACTION_REQUIRED' }, token });
    const row = list.items.find((r) => r.ndrId === ndr.id)!;
    expect(row).toMatchObject({ orderId: o.orderId, carrierCode: info.carrierCode, attempt: 1, action: null });
    expect(row.allowedActions).toContain('REATTEMPT');
    expect(list.counts.ACTION_REQUIRED).toBeGreaterThanOrEqual(1);
    // the buyer's SMS and email carry a signed link, never the AWB
    const sms = (await s.deps.messenger.recent()).filter((m) => m.recipient === `+91${BUYER_PHONE}`);
    const ndrSms = sms.find((m) => m.body.includes('could not deliver'))!;
    expect(ndrSms.body).toMatch(/\/ndr\/[0-9a-z]+\.[A-Za-z0-9_-]{22}/);
    expect(ndrSms.body).not.toContain(info.awb);
    const date = istDay(new Date(s.clock.now.getTime() + 2 * DAY));
    const outcome = await answerOf(
      API_NDR.action,
      await act(ndr.id, { action: 'REATTEMPT', reattemptDate: date }, token),
    );
    expect(outcome).toMatchObject({
      ndrId: ndr.id,
      status: 'ACTION_TAKEN',
      action: 'REATTEMPT',
      actionSource: 'SELLER',
    });
    if (ASYNC_NDR_COURIERS.has(info.carrierCode)) {
      // the courier took it as a request: its confirmation comes by the poll
      expect(outcome.courierRef).toBeNull();
      s.clock.advance(CONFIRM_AFTER_MS + 60_000);
      await pollCourierOperations(s.deps);
      const [after] = await s.deps.db.select().from(ndrRecords).where(eq(ndrRecords.id, ndr.id));
      expect(after.courierRef).toContain(info.awb);
    } else expect(outcome.courierRef).toContain(info.awb);
    await until(o.orderId, 'DLV');
    // the courier came back on the asked day (IST)
    const [delivered] = await s.deps.db.select().from(shipments).where(eq(shipments.awb, info.awb));
    expect(istDay(delivered.deliveredAt!)).toBe(date);
    const detail = await answer(s, API_NDR.one, { params: { ndrId: ndr.id }, token: await meera() });
    expect(detail.status).toBe('DELIVERED');
    expect(detail.history).toEqual([
      expect.objectContaining({ action: 'REATTEMPT', source: 'SELLER', outcome: 'APPLIED' }),
    ]);
    const tab = await answer(s, API_NDR.list, { query: { tab: 'DELIVERED' }, token: await meera() });
    expect(tab.items.map((r) => r.ndrId)).toContain(ndr.id);
  });

  it('fail → no action → the deadline job re-attempts → three failures → RTO, charged once, COD fee back once', async () => {
    const { o, info } = await shipWithLife({ ndrRate: 1, rtoRate: 0, reattemptFailRate: 1 });
    const [before] = await s.deps.db.select().from(shipments).where(eq(shipments.awb, info.awb));
    for (let attempt = 1; attempt <= 3; attempt++) {
      await until(o.orderId, 'NDR');
      const ndr = await openNdr(o.orderId);
      expect(ndr.attempt).toBe(attempt);
      // within the window the job leaves it alone
      expect(await runNdrDeadlines(s.deps)).toEqual({ acted: 0, refused: 0 });
      s.clock.now = ndr.deadlineAt;
      expect(await runNdrDeadlines(s.deps)).toEqual({ acted: 1, refused: 0 });
      const [after] = await s.deps.db.select().from(ndrRecords).where(eq(ndrRecords.id, ndr.id));
      expect(after).toMatchObject({
        status: 'ACTION_TAKEN',
        actionSource: 'AUTO',
        action: attempt < 3 ? 'REATTEMPT' : 'RTO',
      });
      if (attempt < 3) await until(o.orderId, 'OFD');
    }
    await until(o.orderId, 'RTO_DLV');
    const records = await s.deps.db.select().from(ndrRecords).where(eq(ndrRecords.orderId, o.orderId));
    expect(records.map((r) => [r.attempt, r.status]).sort()).toEqual([
      [1, 'SUPERSEDED'],
      [2, 'SUPERSEDED'],
      [3, 'RTO'],
    ]);
    const keys = (
      await s.deps.db
        .select({ k: journalEntries.externalKey })
        .from(journalEntries)
        .where(eq(journalEntries.reference, info.awb))
    ).map((r) => r.k);
    expect(keys.filter((k) => k === `shipment:${info.awb}:rto`)).toHaveLength(1);
    expect(keys.filter((k) => k === `shipment:${info.awb}:cod-refund`)).toHaveLength(1);
    // a courier repeating the return's scans charges nothing more
    const again = await ingestScans(s.deps, [
      { awb: info.awb, at: before.bookedAt, courierStatus: 'RTO_INITIATED', location: 'x', remark: 'repeat' },
    ]);
    expect(again.moved).toBe(0);
    expect((await s.deps.db.select().from(journalEntries).where(eq(journalEntries.reference, info.awb))).length).toBe(
      keys.length,
    );
    // the RTO view shows it delivered back with its charges; the seller acknowledges it once
    const token = await meera();
    const rto = await answer(s, API_NDR.rto, { query: { tab: 'DELIVERED' }, token });
    const row = rto.items.find((r) => r.awb === info.awb)!;
    expect(row).toMatchObject({ stage: 'DELIVERED', ack: null, paymentMethod: 'COD' });
    expect(row.rtoChargePaise).toBe(Math.round(info.rtoChargePaise * 1.18));
    expect(row.codFeeRefundPaise).toBe(info.codChargePaise + Math.round(info.codChargePaise * 0.18));
    const ack = (outcome: string, t = token) =>
      s.request(pathOf(API_NDR.rtoAcknowledge, { orderId: o.orderId }), {
        method: 'POST',
        json: { outcome, note: 'Box fine' },
        token: t,
      });
    expect(await answerOf(API_NDR.rtoAcknowledge, await ack('RECEIVED'))).toMatchObject({
      ack: 'RECEIVED',
      ackNote: 'Box fine',
    });
    expect((await ack('RECEIVED')).status).toBe(200);
    expect(await errorOf(await ack('DAMAGED'))).toMatchObject({ status: 409 });
    expect(await errorOf(await ack('BROKEN'))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Outcome must be one of/),
    });
    expect((await ack('RECEIVED', await seller())).status).toBe(404);
  });

  it('the buyer corrects the address through the link → the courier re-attempts there', async () => {
    const { o, info } = await shipWithLife({ ndrRate: 1, rtoRate: 0, reattemptFailRate: 0 });
    await until(o.orderId, 'NDR');
    const ndr = await openNdr(o.orderId, 'ADDRESS_ISSUE');
    const token = await buyerLinkToken(o.orderNumber);
    const view = await answer(s, API_NDR.buyer, { params: { token: token } });
    expect(view).toMatchObject({ orderNumber: o.orderNumber, attempt: 1, answered: null, paymentMethod: 'COD' });
    expect(JSON.stringify(view)).not.toContain(info.awb);
    expect(view.phoneHint).toMatch(/6655$/);
    // a forged or altered token is nobody's
    // (the next-to-last character: the last one of a base64url MAC carries padding bits a lenient decoder drops)
    const forged = `${token.slice(0, -2)}${token.at(-2) === 'x' ? 'y' : 'x'}${token.at(-1)}`;
    expect((await s.request(pathOf(API_NDR.buyer, { token: forged }))).status).toBe(404);
    expect((await s.request(pathOf(API_NDR.buyer, { token: info.awb }))).status).toBe(404);
    const reply = (json: Record<string, unknown>) =>
      s.request(pathOf(API_NDR.buyer, { token: token }), { method: 'POST', json });
    expect(await errorOf(await reply({ answer: 'UPDATE_DETAILS' }))).toMatchObject({
      status: 400,
      message: 'Address line 1 or Phone number is required to correct your details',
    });
    // an address is text, not markup: tags and control characters are refused, naming the field
    for (const [field, value] of [
      ['addressLine1', 'Flat 3 <script>alert(1)</script> Lake View'],
      ['addressLine1', 'Flat 3 <img src=x onerror=alert(1)> Lake View'],
      ['landmark', 'Opposite <b>the</b> metro'],
      ['addressLine2', 'Second line\u0007with a bell'],
    ] as const) {
      const res = await reply({
        answer: 'UPDATE_DETAILS',
        addressLine1: 'Flat 3, Lake View Apartments, 80 Feet Road',
        landmark: 'Opposite the metro station',
        pincode: '560038',
        [field]: value,
      });
      expect(await errorOf(res)).toMatchObject({
        status: 400,
        message: `${fieldLabel(field)} may not contain < or > or control characters: an address is plain text`,
      });
    }
    expect(
      await errorOf(await reply({ answer: 'UPDATE_DETAILS', addressLine1: 'Flat 3', pincode: '12345' })),
    ).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Pincode must be 6 digits/),
    });
    const done = await answerOf(
      API_NDR.buyerAnswer,
      await reply({
        answer: 'UPDATE_DETAILS',
        addressLine1: 'Flat 3, Lake View Apartments, 80 Feet Road',
        landmark: 'Opposite the metro station',
        pincode: '560038',
      }),
    );
    expect(done.answered).toMatchObject({ by: 'BUYER', answer: 'Change address' });
    expect(done.options).toEqual([]);
    const [r] = await s.deps.db.select().from(ndrRecords).where(eq(ndrRecords.id, ndr.id));
    expect(r).toMatchObject({ status: 'ACTION_TAKEN', action: 'CHANGE_ADDRESS', actionSource: 'BUYER' });
    const [order] = await s.deps.db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(order.shipping.line1).toBe('Flat 3, Lake View Apartments, 80 Feet Road');
    expect(order.shipping.line2).toContain('Opposite the metro station');
    // the seller comes second
    expect(await errorOf(await act(ndr.id, { action: 'RTO' }))).toMatchObject({
      status: 409,
      message: expect.stringContaining('acted on already'),
    });
    // a second answer from the buyer is kept, not applied, and refused as such (the page reads 409 as "Already answered")
    expect(await errorOf(await reply({ answer: 'DECLINE' }))).toMatchObject({
      status: 409,
      message: 'You answered this failed delivery already: your new answer was noted but not applied',
    });
    const history = await s.deps.db.select().from(ndrActions).where(eq(ndrActions.ndrId, ndr.id));
    expect(history.map((h) => [h.source, h.action, h.outcome])).toEqual([
      ['BUYER', 'CHANGE_ADDRESS', 'APPLIED'],
      ['BUYER', 'RTO', 'NOT_APPLIED'],
    ]);
    await until(o.orderId, 'DLV');
    // past the limit of answers a link is refused
    for (let i = 0; i < 3; i++) await reply({ answer: 'REATTEMPT' });
    expect((await reply({ answer: 'REATTEMPT' })).status).toBe(429);
  });

  it('a buyer who answers after the seller acted gets 409 naming the seller; the answer stays on the record, not applied', async () => {
    const { o } = await shipWithLife({ ndrRate: 1, rtoRate: 0, reattemptFailRate: 0 });
    await until(o.orderId, 'NDR');
    const ndr = await openNdr(o.orderId, 'ADDRESS_ISSUE');
    const token = await buyerLinkToken(o.orderNumber);
    expect((await act(ndr.id, { action: 'RTO' })).status).toBe(200);
    const late = await s.request(pathOf(API_NDR.buyer, { token: token }), {
      method: 'POST',
      json: { answer: 'REATTEMPT' },
    });
    expect(await errorOf(late)).toMatchObject({
      status: 409,
      message: 'The seller acted on this failed delivery first: your answer was noted but not applied',
    });
    const history = await s.deps.db.select().from(ndrActions).where(eq(ndrActions.ndrId, ndr.id));
    expect(history.map((h) => [h.source, h.action, h.outcome])).toEqual([
      ['SELLER', 'RTO', 'APPLIED'],
      ['BUYER', 'REATTEMPT', 'NOT_APPLIED'],
    ]);
    const [r] = await s.deps.db.select().from(ndrRecords).where(eq(ndrRecords.id, ndr.id));
    expect(r).toMatchObject({ action: 'RTO', actionSource: 'SELLER' });
  });

  it('acts on a selection in bulk with per-item outcomes; another seller’s NDR answers 404', async () => {
    // both on one courier and lane, so both wait at NDR at the same hour (with a day more in
    // transit, one would be re-attempted and delivered before the other failed)
    const a = await shipWithLife({ ndrRate: 1, rtoRate: 0, reattemptFailRate: 0 });
    const b = await shipWithLife({ ndrRate: 1, rtoRate: 0, reattemptFailRate: 0 }, a);
    expect(b.info.carrierCode).toBe(a.info.carrierCode);
    await until(a.o.orderId, 'NDR');
    await until(b.o.orderId, 'NDR');
    expect(await statusOf(a.o.orderId)).toBe('NDR');
    const [na, nb] = [await openNdr(a.o.orderId, 'OTHER'), await openNdr(b.o.orderId, 'OTHER')];
    const other = await seller();
    expect((await send(s, API_NDR.one, { params: { ndrId: na.id }, token: other })).status).toBe(404);
    expect(await errorOf(await act(na.id, { action: 'RTO' }, other))).toMatchObject({
      status: 404,
      message: 'No such NDR',
    });
    const theirs = await answer(s, API_NDR.list, { token: other });
    expect(theirs.items.map((r) => r.ndrId)).not.toContain(na.id);
    const bulk = await answer(s, API_NDR.bulkAction, {
      body: { ndrIds: [na.id, nb.id, 999_999], action: 'REATTEMPT' },
      token: await meera(),
    });
    expect(bulk).toMatchObject({ applied: 2, refused: 1 });
    expect(bulk.results).toEqual([
      expect.objectContaining({ ndrId: na.id, ok: true }),
      expect.objectContaining({ ndrId: nb.id, ok: true }),
      { ndrId: 999_999, ok: false, errorMessage: 'No such NDR' },
    ]);
    // the same selection again: the applied ones answer as they are
    const again = await answer(s, API_NDR.actionV2, {
      body: { ndrIds: [na.id, nb.id], action: 'REATTEMPT' },
      token: await meera(),
    });
    expect(again.applied).toBe(2);
    const search = await answer(s, API_NDR.searchV2, {
      body: { tab: 'ACTION_TAKEN', recordsPerPage: 50 },
      token: await meera(),
    });
    expect(search.items.map((r) => r.ndrId)).toEqual(expect.arrayContaining([na.id, nb.id]));
    const csv = await csvLines(await s.request(`${API_NDR.export.path}?tab=ACTION_TAKEN`, { token: await meera() }));
    expect(csv[0]).toBe('channelName,ndr_id,order_id,customerName,carrier_code,exceptionInfo,action');
    expect(csv.some((l) => l.includes(a.o.orderNumber) && l.includes('Re-attempt delivery (seller)'))).toBe(true);
  });

  it('names each invalid field by its label, refuses wrong callers, and acts once on concurrent repeats', async () => {
    const { o, info } = await shipWithLife({ ndrRate: 1, rtoRate: 0, reattemptFailRate: 0 });
    await until(o.orderId, 'NDR');
    const ndr = await openNdr(o.orderId, 'NOT_CONTACTABLE');
    const token = await meera();
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ action: 'TELEPORT' }, 400, /^Action must be one of/],
      [{ action: 'CHANGE_PHONE' }, 400, /^Phone number is required to change phone/],
      [{ action: 'CHANGE_PHONE', phone: '12345' }, 400, /valid/i],
      [{ action: 'CHANGE_ADDRESS', addressLine1: 'Flat 3', landmark: 'Temple' }, 400, /^Pincode is required/],
      [
        { action: 'CHANGE_ADDRESS', addressLine1: 'Flat 3', landmark: 'Temple', pincode: '999999' },
        400,
        /^Pincode 999999 is not a known pincode/,
      ],
      [{ action: 'REATTEMPT', reattemptDate: '2026-02-31' }, 400, /^Re-attempt date is not a real date/],
      [
        { action: 'REATTEMPT', reattemptDate: istDay(new Date(s.clock.now.getTime() + 9 * DAY)) },
        400,
        /^Re-attempt date must be within 6 days/,
      ],
      [{ action: 'FAKE_ATTEMPT' }, 400, /^Remarks is required/],
      [{ action: 'REATTEMPT', remarks: 'x'.repeat(401) }, 400, /^Remarks must be at most 400 characters/],
      [
        { action: 'FAKE_ATTEMPT', remarks: 'Buyer was home', evidenceFileIds: ['abcdefghijklmnop'] },
        400,
        /^Evidence images: upload each image first/,
      ],
    ];
    for (const [json, status, message] of cases) {
      const e = await errorOf(await act(ndr.id, json, token));
      expect({ json, status: e.status, message: e.message }).toEqual({
        json,
        status,
        message: expect.stringMatching(message),
      });
    }
    expect(
      (await s.request(pathOf(API_NDR.action, { ndrId: ndr.id }), { method: 'POST', json: { action: 'RTO' } })).status,
    ).toBe(401);
    expect(
      (
        await s.request(pathOf(API_NDR.action, { ndrId: ndr.id }), {
          method: 'POST',
          json: { action: 'RTO' },
          token: await staff(),
        })
      ).status,
    ).toBe(403);
    expect((await s.request(API_NDR.unknownCodes.path, { token })).status).toBe(403);
    // five presses at once: one action reaches the courier, all answer the same
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        act(ndr.id, { action: 'FAKE_ATTEMPT', remarks: 'The buyer was at home all day' }, token),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const applied = await s.deps.db.select().from(ndrActions).where(eq(ndrActions.ndrId, ndr.id));
    expect(applied.filter((a) => a.outcome === 'APPLIED')).toHaveLength(1);
    const notes = await s.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.orderId));
    expect(notes.filter((n) => n.note.startsWith('NDR attempt 1: Report a fake attempt'))).toHaveLength(1);
    expect(answers.length).toBe(5);
    void info;
  });

  it('an action the courier takes as a request waits for its confirmation, settled once by the poll or a call back', async () => {
    const { o, info } = await shipWithLife({ ndrRate: 1, rtoRate: 0, reattemptFailRate: 0 });
    expect(ASYNC_NDR_COURIERS.has(info.carrierCode)).toBe(true);
    await until(o.orderId, 'NDR');
    const ndr = await openNdr(o.orderId, 'CONSIGNEE_UNAVAILABLE');
    // earlier tests' requests settle first, so this one is alone in what follows
    s.clock.advance(CONFIRM_AFTER_MS + 60_000);
    await pollCourierOperations(s.deps);
    const asked = s.clock.now;
    const outcome = await answerOf(API_NDR.action, await act(ndr.id, { action: 'REATTEMPT' }));
    expect(outcome).toMatchObject({ status: 'ACTION_TAKEN', action: 'REATTEMPT', courierRef: null });
    const rowOf = async () =>
      (await answer(s, API_NDR.list, { query: { tab: 'ACTION_TAKEN' }, token: await meera() })).items.find(
        (r) => r.ndrId === ndr.id,
      )!;
    expect((await rowOf()).courierAnswer).toBe("Re-attempt delivery requested; waiting for the courier's confirmation");
    const [op] = await s.deps.db.select().from(courierOperations).where(eq(courierOperations.subjectId, ndr.id));
    expect(op).toMatchObject({ kind: 'NDR_ACTION', state: 'PENDING', carrierCode: info.carrierCode, polls: 0 });
    expect(op.requestId).toMatch(/^UPL/);
    // not due yet: nothing is asked
    expect(await pollCourierOperations(s.deps)).toEqual({ asked: 0, settled: 0 });
    // due, but the courier has not settled it: asked, and asked again later
    s.clock.advance(61_000);
    expect(await pollCourierOperations(s.deps)).toEqual({ asked: 1, settled: 0 });
    const [waiting] = await s.deps.db.select().from(courierOperations).where(eq(courierOperations.id, op.id));
    expect(waiting.polls).toBe(1);
    expect(waiting.nextPollAt.getTime()).toBe(s.clock.now.getTime() + 120_000);
    // settled: a call back and the poll at once apply it once
    s.clock.advance(CONFIRM_AFTER_MS);
    const confirmedAt = new Date(asked.getTime() + CONFIRM_AFTER_MS);
    const [byCallback] = await Promise.all([
      settleCourierOperation(
        s.deps,
        info.carrierCode,
        op.requestId,
        { state: 'DONE', reference: `DE-NDR-${info.awb}-1`, at: confirmedAt },
        'CALLBACK',
      ),
      pollCourierOperations(s.deps),
    ]);
    const [settled] = await s.deps.db.select().from(courierOperations).where(eq(courierOperations.id, op.id));
    expect(settled).toMatchObject({ state: 'DONE', result: `DE-NDR-${info.awb}-1` });
    expect(settled.settledVia).toBe(byCallback ? 'CALLBACK' : 'POLL');
    expect((await rowOf()).courierAnswer).toBe(
      `Re-attempt delivery requested; courier confirmed ${formatTime(confirmedAt)}`,
    );
    const [record] = await s.deps.db.select().from(ndrRecords).where(eq(ndrRecords.id, ndr.id));
    expect(record.courierRef).toBe(`DE-NDR-${info.awb}-1`);
    const notes = (await s.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.orderId))).filter((e) =>
      e.note?.includes('courier confirmed'),
    );
    expect(notes).toHaveLength(1);
    // a repeat of the answer changes nothing
    expect(
      await settleCourierOperation(
        s.deps,
        info.carrierCode,
        op.requestId,
        { state: 'FAILED', reason: 'late', at: s.clock.now },
        'CALLBACK',
      ),
    ).toBe(false);
  });

  it('a request the courier refuses later opens the NDR again, and the list says why', async () => {
    const { o, info } = await shipWithLife({ ndrRate: 1, rtoRate: 0, reattemptFailRate: 0 });
    await until(o.orderId, 'NDR');
    const ndr = await openNdr(o.orderId, 'CONSIGNEE_UNAVAILABLE');
    await answerOf(API_NDR.action, await act(ndr.id, { action: 'REATTEMPT' }));
    // the courier's side cancels the parcel before it settles the request
    await s.deps.db.update(sandboxParcels).set({ cancelled: true }).where(eq(sandboxParcels.awb, info.awb));
    s.clock.advance(CONFIRM_AFTER_MS + 60_000);
    expect((await pollCourierOperations(s.deps)).settled).toBeGreaterThanOrEqual(1);
    const [record] = await s.deps.db.select().from(ndrRecords).where(eq(ndrRecords.id, ndr.id));
    expect(record).toMatchObject({ status: 'ACTION_REQUIRED', action: null, courierRef: null });
    const row = (await answer(s, API_NDR.list, { query: { tab: 'ACTION_REQUIRED' }, token: await meera() })).items.find(
      (r) => r.ndrId === ndr.id,
    )!;
    expect(row.courierAnswer).toMatch(
      /^Re-attempt delivery requested; the courier refused .+: The shipment was cancelled$/,
    );
    expect(row.allowedActions).toContain('REATTEMPT');
    const [history] = await s.deps.db.select().from(ndrActions).where(eq(ndrActions.ndrId, ndr.id));
    expect(history).toMatchObject({ outcome: 'NOT_APPLIED', note: 'The courier refused: The shipment was cancelled' });
  });

  it('records and counts codes no table knows, and never moves a parcel back on a late scan', async () => {
    const { o, info } = await shipWithLife({ ndrRate: 1, rtoRate: 0, reattemptFailRate: 0 });
    await until(o.orderId, 'NDR');
    const at = s.clock.now;
    const res = await ingestScans(s.deps, [
      {
        awb: info.awb,
        at: new Date(at.getTime() + 1000),
        courierStatus: 'CUSTOMS_HOLD',
        location: 'Bengaluru',
        remark: 'Held',
      },
      {
        awb: info.awb,
        at: new Date(at.getTime() + 2000),
        courierStatus: 'CUSTOMS_HOLD',
        location: 'Bengaluru',
        remark: 'Held',
      },
      // a late out-for-delivery scan (before the failed attempt) does not undo the NDR
      {
        awb: info.awb,
        at: new Date(at.getTime() - 3 * HOUR),
        courierStatus: 'OUT_FOR_DELIVERY',
        location: 'Bengaluru',
        remark: 'late',
      },
    ]);
    expect(res).toMatchObject({ unknown: 2, recorded: 1, moved: 0 });
    expect(await statusOf(o.orderId)).toBe('NDR');
    await ingestScans(s.deps, [
      {
        awb: info.awb,
        at: new Date(at.getTime() + 3000),
        courierStatus: 'OUT_FOR_DELIVERY',
        location: 'x',
        remark: '',
      },
      {
        awb: info.awb,
        at: new Date(at.getTime() + 4000),
        courierStatus: 'UNDELIVERED',
        location: 'x',
        remark: 'Gate locked',
        reasonCode: 'EOD-999',
      },
    ]);
    const codes = await answer(s, API_NDR.unknownCodes, { token: await staff() });
    expect(codes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          carrierCode: info.carrierCode,
          kind: 'STATUS',
          code: 'CUSTOMS_HOLD',
          count: 2,
          sampleAwb: info.awb,
        }),
        expect.objectContaining({ carrierCode: info.carrierCode, kind: 'NDR_REASON', code: 'EOD-999', count: 1 }),
      ]),
    );
    // the unknown scan stays on the timeline; the unknown reason raises an NDR of reason "other"
    const track = await answer(s, API_SHIPPING.track, { params: { awb: info.awb }, token: await meera() });
    expect(track.scans.filter((x) => x.remark === 'Held')).toHaveLength(2);
    const second = await openNdr(o.orderId);
    expect(second).toMatchObject({ attempt: 2, reason: 'OTHER', courierReasonCode: 'EOD-999' });
  });
});
