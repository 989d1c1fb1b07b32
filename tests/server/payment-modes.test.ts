import { pathOf } from '../../src/domain/operation';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ORDERS, type OrderDetail } from '../../src/domain/orders-contract';

import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { API_PAYMENT_MODES, type PaymentModeRow } from '../../src/domain/payment-modes-contract';
import { planFeatureRefusal } from '../../src/domain/plans';
import { API_COD_VERIFICATION } from '../../src/domain/cod-verification-contract';
import { codPayoutLines, orderEvents, orders, organisations, shipments } from '../../server/db/schema';
import { remitCollectedCod } from '../../server/carriers/sandbox/cod-remittance';
import { runCodCycle } from '../../server/modules/cod/cycle';
import { API_COD } from '../../src/domain/cod-contract';
import { istDate, isPayoutDay } from '../../src/domain/cod-remittance';
import { errorOf, type TestServer } from './harness';
import { answer, answerOf, send } from './call';
import {
  creditWallet,
  csvLines,
  login,
  MEERA,
  demoTokens,
  finishedUpload,
  startUpload,
  newShippableOrder,
  startDemoServer,
  verifiedPickup,
} from './helpers';
import { invitedUser, ownerOn } from './team-helpers';
import { readPdf } from './pdf-reader';

// Custom payment modes through HTTP: the plan gate (Pro refused, Premium allowed), the seller's
// modes and their checks, an order made with a mode (its advance and what the courier collects),
// shipping refused until the advance is paid, the buyer paying it through the sandbox gateway
// once however often asked, the seller marking it received, and the label's amounts.

const DAY = 86_400_000;

describe('custom payment modes', () => {
  let s: TestServer;
  let meera: string;
  let staff: string;
  let pickupId: number;
  let meeraOrg: number;
  let pcod: PaymentModeRow;
  /** the orders whose advance was paid online and to the seller, shipped (for the remittance) */
  const shipped: { paidOnline?: OrderDetail; paidToSeller?: OrderDetail } = {};
  beforeAll(async () => {
    s = await startDemoServer();
    ({ meera, staff } = await demoTokens(s));
    ({ pickupId, orgId: meeraOrg } = await verifiedPickup(s, meera));
    await creditWallet(s, staff, meeraOrg, 20_000, 'Test float for payment modes');
  }, 60_000);
  afterAll(() => s.close());

  const addMode = (json: Record<string, unknown>, token = meera) =>
    s.request(API_PAYMENT_MODES.addMode.path, { method: 'POST', token, json });
  const PARTIAL = {
    modeName: 'Partial COD 20%',
    modeCode: 'PCOD',
    modeBasis: 'COD',
    advanceKind: 'PERCENT',
    advancePercent: 20,
    labelNote: 'Advance paid online',
  };
  const newOrder = (over: Record<string, unknown> = {}) => newShippableOrder(s, meera, pickupId, over);
  const orderOf = async (id: number) => answer(s, API_ORDERS.order, { params: { orderId: id }, token: meera });
  const advance = async (id: number, token = meera) =>
    answer(s, API_PAYMENT_MODES.advance, { params: { orderId: id }, token });
  const ship = (orderId: number) =>
    send(s, API_SHIPPING.ship, { params: { orderId }, body: { carrierCode: 'DE' }, token: meera });
  const eventsOf = (orderId: number, kind: string) =>
    s.deps.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .then((rows) => rows.filter((e) => e.kind === kind));

  it('a Pro seller is refused with the plan’s sentence; Premium is allowed', async () => {
    const refused = expect.objectContaining({ status: 403, message: planFeatureRefusal('customPaymentModes') });
    expect(await errorOf(await s.request(API_PAYMENT_MODES.modes.path, { token: meera }))).toEqual(refused);
    expect(await errorOf(await addMode(PARTIAL))).toEqual(refused);
    // an order naming a mode on Pro: the plan's 403 too
    await expect(newOrder({ paymentModeCode: 'PCOD' })).rejects.toThrow(
      `403 ${planFeatureRefusal('customPaymentModes')}`,
    );
    const pro = await ownerOn(s, 'PRO');
    expect((await s.request(API_PAYMENT_MODES.modes.path, { token: pro.token })).status).toBe(403);
    await s.deps.db.update(organisations).set({ subscriptionType: 'PREMIUM' }).where(eq(organisations.id, meeraOrg));
    expect(await answer(s, API_PAYMENT_MODES.modes, { token: meera })).toEqual([]);
  });

  it('a Premium seller adds a mode; its code is kept in capitals and is theirs alone', async () => {
    pcod = await answerOf(API_PAYMENT_MODES.addMode, await addMode({ ...PARTIAL, modeCode: 'pcod' }));
    expect(pcod).toMatchObject({
      modeName: 'Partial COD 20%',
      modeCode: 'PCOD',
      modeBasis: 'COD',
      advanceKind: 'PERCENT',
      advancePercent: 20,
      advanceAmount: null,
      advanceText: '20% advance, rest on delivery',
      archived: false,
      ordersCount: 0,
    });
    expect(await errorOf(await addMode(PARTIAL))).toMatchObject({
      status: 409,
      message: 'Label code: you have a payment mode PCOD already',
    });
    // another seller may use the same code for their own mode
    const other = await ownerOn(s, 'PREMIUM');
    expect((await addMode(PARTIAL, other.token)).status).toBe(200);
  });

  it.each([
    [{ modeCode: 'COD' }, 'Label code cannot be PPD, COD, PREPAID: those are the standard payment methods'],
    [{ modeCode: 'P' }, 'Label code must be 2 to 8 capital letters or digits'],
    [{ advancePercent: 95 }, 'Advance (%) must be at most 90'],
    [{ advanceKind: 'FIXED', advancePercent: null }, 'Advance (₹) is required'],
    [{ modeBasis: 'PPD' }, 'Advance: a prepaid mode has no advance'],
    [{ modeName: '' }, 'Mode name must be 2 to 40 characters'],
  ])('a mode with %o is refused by its label', async (change, message) => {
    expect(await errorOf(await addMode({ ...PARTIAL, modeCode: 'NEW1', ...change }))).toMatchObject({
      status: 400,
      message,
    });
  });

  it('a user without the setup permission is refused; another seller’s mode and order are 404', async () => {
    const owner = await ownerOn(s, 'PREMIUM');
    const user = await invitedUser(s, owner.token, 'pm-user@team.test', { role: 'USER' });
    expect((await s.request(API_PAYMENT_MODES.modes.path, { token: user.token })).status).toBe(403);
    expect((await addMode({ ...PARTIAL, modeCode: 'USR1' }, user.token)).status).toBe(403);
    expect(
      (
        await s.request(pathOf(API_PAYMENT_MODES.mode, { modeId: pcod.modeId }), {
          method: 'PUT',
          token: owner.token,
          json: PARTIAL,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await s.request(pathOf(API_PAYMENT_MODES.archive, { modeId: pcod.modeId }), {
          method: 'POST',
          token: owner.token,
        })
      ).status,
    ).toBe(404);
    const o = await newOrder({ paymentModeCode: 'PCOD', buyerPhone: '9811200001' });
    expect(
      (await s.request(pathOf(API_PAYMENT_MODES.advance, { orderId: o.orderId }), { token: owner.token })).status,
    ).toBe(404);
    expect(
      (
        await s.request(pathOf(API_PAYMENT_MODES.advanceReceived, { orderId: o.orderId }), {
          method: 'POST',
          token: owner.token,
          json: { note: 'Paid on my store' },
        })
      ).status,
    ).toBe(404);
  });

  it('an order with the mode: the advance is 20% and the courier collects the rest', async () => {
    const o = await newOrder({ paymentModeCode: 'pcod', buyerPhone: '9811200002' });
    expect(o).toMatchObject({
      paymentMethod: 'COD',
      totalPaise: 145_000,
      paymentModeCode: 'PCOD',
      advancePaise: 29_000,
      codAmountPaise: 116_000,
      advancePaid: false,
    });
    expect(await advance(o.orderId)).toMatchObject({
      modeCode: 'PCOD',
      modeName: 'Partial COD 20%',
      paid: false,
      shippingRefusal: 'Advance of ₹290.00 not yet paid',
      mayMarkReceived: true,
      maySendLink: true,
    });
    const modes = await answer(s, API_PAYMENT_MODES.modes, { token: meera });
    expect(modes.find((m) => m.modeCode === 'PCOD')?.ordersCount).toBeGreaterThanOrEqual(1);
  });

  it.each([
    [{ paymentModeCode: 'NOPE' }, 'Payment mode: you have no payment mode NOPE'],
    [{ paymentModeCode: 'p-c' }, 'Payment mode must be 2 to 8 capital letters or digits'],
    [
      { paymentModeCode: 'PCOD', paymentMethod: 'PPD' },
      'Payment mode: PCOD is a cash-on-delivery mode: choose payment method COD',
    ],
  ])('an order with %o is refused by the field’s label', async (over, message) => {
    const res = await s.request(API_ORDERS.orders.path, {
      method: 'POST',
      token: meera,
      json: {
        orderDate: '2026-11-20',
        paymentMethod: 'COD',
        buyerName: 'Kavya Reddy',
        buyerPhone: '9988776655',
        shipping: { line1: '12, 4th Cross, Indiranagar', pincode: '560038' },
        items: [{ name: 'Blue Pottery Vase', sku: 'BPV-12', quantity: 1, unitPrice: 1450, taxRatePercent: 12 }],
        lengthCm: 20,
        breadthCm: 20,
        heightCm: 30,
        deadWeightKg: 1.2,
        pickupAddressId: pickupId,
        ...over,
      },
    });
    expect(await errorOf(res)).toMatchObject({ status: 400, message });
  });

  it('a fixed advance of the whole total, and an archived mode, are refused; restored, it works again', async () => {
    const fixed = await answerOf(
      API_PAYMENT_MODES.addMode,
      await addMode({
        modeName: 'Token advance',
        modeCode: 'TOK500',
        modeBasis: 'COD',
        advanceKind: 'FIXED',
        advanceAmount: 1450,
      }),
    );
    expect(fixed.advanceText).toBe('₹1,450.00 advance, rest on delivery');
    await expect(newOrder({ paymentModeCode: 'TOK500' })).rejects.toThrow(
      'Payment mode: TOK500: the advance of ₹1,450.00 must be less than the order total of ₹1,450.00',
    );
    const archived = await answer(s, API_PAYMENT_MODES.archive, { params: { modeId: fixed.modeId }, token: meera });
    expect(archived.archived).toBe(true);
    const active = await answer(s, API_PAYMENT_MODES.modes, { token: meera });
    expect(active.map((m) => m.modeCode)).not.toContain('TOK500');
    await expect(newOrder({ paymentModeCode: 'TOK500' })).rejects.toThrow(
      'Payment mode: TOK500 is archived: restore it to use it',
    );
    await answer(s, API_PAYMENT_MODES.restore, { params: { modeId: fixed.modeId }, token: meera });
    const o = await newOrder({
      paymentModeCode: 'TOK500',
      items: [{ name: 'Blue Pottery Vase', sku: 'BPV-12', quantity: 2, unitPrice: 1450, taxRatePercent: 12 }],
    });
    expect(o).toMatchObject({ advancePaise: 145_000, codAmountPaise: 145_000 });
  });

  it('shipping is refused until the advance is paid; the buyer pays it once through the gateway link', async () => {
    const o = await newOrder({ paymentModeCode: 'PCOD', buyerPhone: '9811200003', buyerEmail: 'kavya@example.in' });
    expect(await errorOf(await ship(o.orderId))).toMatchObject({
      status: 409,
      message: 'Advance of ₹290.00 not yet paid',
    });
    const auto = await answer(s, API_SHIPPING.autoShip, { body: { orderIds: [o.orderId] }, token: meera });
    expect(auto.results[0]).toMatchObject({ shipped: false, reason: 'Advance of ₹290.00 not yet paid' });

    const sent = await advance(o.orderId);
    expect(sent.linkSentAt).toBeNull();
    expect(
      (await answer(s, API_PAYMENT_MODES.advanceLink, { params: { orderId: o.orderId }, token: meera })).linkSentAt,
    ).not.toBeNull();
    const sms = (await s.deps.messenger.recent()).find(
      (m) => m.recipient === '+919811200003' && m.body.includes('/advance/'),
    );
    expect(sms?.body).toMatch(/advance of ₹290\.00 for your order .* \(₹1,160\.00 on delivery\)/);
    const token = /\/advance\/([^\s?]+)/.exec(sms!.body)![1];
    expect(await answer(s, API_PAYMENT_MODES.buyer, { params: { token } })).toMatchObject({
      orderNumber: o.orderNumber,
      modeName: 'Partial COD 20%',
      totalPaise: 145_000,
      advancePaise: 29_000,
      codAmountPaise: 116_000,
      paid: false,
      mayPay: true,
    });
    // a token with its last character changed (to another one, whatever it was) is nobody's
    const tampered = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    expect((await s.request(pathOf(API_PAYMENT_MODES.buyer, { token: tampered }))).status).toBe(404);

    const started = await answer(s, API_PAYMENT_MODES.buyerPay, { params: { token } });
    const check = () =>
      send(s, API_PAYMENT_MODES.buyerPayCheck, {
        params: { token },
        body: { merchantTransactionId: started.merchantTransactionId },
      });
    expect((await answerOf(API_PAYMENT_MODES.buyerPayCheck, await check())).paid).toBe(false);
    const paid = await s.request(new URL(started.url).pathname, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'success' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.status).toBeLessThan(400);
    // concurrent repeats of the settlement mark it paid once
    const answers = await Promise.all([check(), check(), check(), check()]);
    for (const a of answers) expect((await answerOf(API_PAYMENT_MODES.buyerPayCheck, a)).paid).toBe(true);
    expect(await eventsOf(o.orderId, 'ADVANCE_PAID')).toHaveLength(1);
    const after = await advance(o.orderId);
    expect(after).toMatchObject({ paid: true, paidVia: 'GATEWAY', shippingRefusal: null, maySendLink: false });
    expect(after.gatewayPaymentId).toMatch(/^SBX/);
    expect((await orderOf(o.orderId)).advancePaid).toBe(true);
    expect(
      (
        await errorOf(
          await s.request(pathOf(API_PAYMENT_MODES.buyerPayCheck, { token }), {
            method: 'POST',
            json: { merchantTransactionId: 'DKYADNOTOURS' },
          }),
        )
      ).status,
    ).toBe(404);
    expect((await s.request(pathOf(API_PAYMENT_MODES.buyerPay, { token }), { method: 'POST' })).status).toBe(409);

    expect((await ship(o.orderId)).status).toBe(200);
    shipped.paidOnline = o;
    const label = await s.request(pathOf(API_SHIPPING.label, { orderId: o.orderId }), { token: meera });
    expect(label.status).toBe(200);
    const { text } = readPdf(new Uint8Array(await label.arrayBuffer()));
    expect(text).toContain('PCOD');
    // the amount to collect may wrap below the line that names it
    expect(text).toMatch(/Partial COD 20%\s+·\s+Advance paid ₹290\.00\s+·\s+Collect[\s\S]{0,80}₹1,160\.00/);
    expect(text).toContain('Advance paid online');
    const invoice = await s.request(pathOf(API_SHIPPING.invoice, { orderId: o.orderId }), { token: meera });
    expect(readPdf(new Uint8Array(await invoice.arrayBuffer())).text).toMatch(
      /advance paid ₹290\.00, balance ₹1,160\.00 cash on delivery/,
    );
  });

  it('a CSV upload’s optional Payment mode column: the mode’s amounts, and each refusal by label', async () => {
    const header =
      'orderNumber,paymentMethod,buyerName,buyerPhone,shippingLine1,shippingPincode,sku,itemName,quantity,unitPrice,taxRatePercent,lengthCm,breadthCm,heightCm,deadWeightKg,pickupAddress,paymentModeCode';
    const row = (n: string, method: string, mode: string) =>
      `${n},${method},Kavya Reddy,9811200009,12 Indiranagar,560038,BPV-12,Blue Pottery Vase,1,1450,12,20,20,30,1.2,Meera Jaipur,${mode}`;
    const text = [
      header,
      row('PM-CSV-1', 'COD', 'pcod'),
      row('PM-CSV-2', 'COD', 'NOPE'),
      row('PM-CSV-3', 'PPD', 'PCOD'),
      row('PM-CSV-4', 'COD', ''),
    ].join('\n');
    const started = await startUpload(s, API_ORDERS.uploads, text, 'modes.csv', meera);
    const done = await finishedUpload(s, API_ORDERS.uploads, started.uploadId, meera);
    expect(done.result).toMatchObject({ created: 2, rejected: 2 });
    const errors = await (
      await answer(s, API_ORDERS.uploads.errorCsv, { params: { uploadId: started.uploadId }, token: meera })
    ).text();
    expect(errors).toContain('Payment mode: you have no payment mode NOPE');
    expect(errors).toContain('Payment mode: PCOD is a cash-on-delivery mode: choose payment method COD');
    const list = await answer(s, API_ORDERS.orders, { query: { searchPattern: 'PM-CSV' }, token: meera });
    const byNumber = new Map(list.items.map((o) => [o.orderNumber, o]));
    expect(byNumber.get('PM-CSV-1')).toMatchObject({
      paymentModeCode: 'PCOD',
      advancePaise: 29_000,
      codAmountPaise: 116_000,
    });
    expect(byNumber.get('PM-CSV-4')).toMatchObject({ paymentModeCode: null, advancePaise: 0, codAmountPaise: 145_000 });
    const first = byNumber.get('PM-CSV-1')!;
    expect(await advance(first.orderId)).toMatchObject({ modeName: 'Partial COD 20%', paid: false });
  });

  it('the seller marks an advance received with a note (once, however often asked); then it ships', async () => {
    const o = await newOrder({ paymentModeCode: 'PCOD', buyerPhone: '9811200004' });
    // an unpaid advance: the order page does not offer to ship
    expect((await orderOf(o.orderId)).actions.ship).toBe(false);
    const mark = (json: Record<string, unknown>) =>
      s.request(pathOf(API_PAYMENT_MODES.advanceReceived, { orderId: o.orderId }), {
        method: 'POST',
        token: meera,
        json,
      });
    expect(await errorOf(await mark({ note: '' }))).toMatchObject({
      status: 400,
      message: 'Note must be 3 to 200 characters',
    });
    const answers = await Promise.all([1, 2, 3].map(() => mark({ note: 'UPI on our store, ref 4471' })));
    for (const a of answers) expect((await answerOf(API_PAYMENT_MODES.advanceReceived, a)).paid).toBe(true);
    expect(await eventsOf(o.orderId, 'ADVANCE_PAID')).toHaveLength(1);
    expect(await advance(o.orderId)).toMatchObject({
      paidVia: 'SELLER',
      note: 'UPI on our store, ref 4471',
      gatewayPaymentId: null,
    });
    expect((await orderOf(o.orderId)).actions.ship).toBe(true);
    expect((await ship(o.orderId)).status).toBe(200);
    shipped.paidToSeller = o;
    // an order without a mode has no advance to read
    const plain = await newOrder({ buyerPhone: '9811200005' });
    expect(
      (await s.request(pathOf(API_PAYMENT_MODES.advance, { orderId: plain.orderId }), { token: meera })).status,
    ).toBe(404);
    expect(plain).toMatchObject({ paymentModeCode: null, advancePaise: 0, codAmountPaise: 145_000 });
  });

  it('the COD remittance carries each order’s mode, its buyer’s advance and the gateway payment of it', async () => {
    const ids = [shipped.paidOnline!.orderId, shipped.paidToSeller!.orderId];
    // the courier delivered both six days ago and collected what each label said
    const deliveredAt = new Date(s.clock.now.getTime() - 6 * DAY);
    await s.deps.db.update(orders).set({ status: 'DLV' }).where(inArray(orders.id, ids));
    await s.deps.db.update(shipments).set({ deliveredAt }).where(inArray(shipments.orderId, ids));
    await remitCollectedCod(s.deps);
    do s.clock.advance(DAY);
    while (!isPayoutDay(istDate(s.clock.now)));
    meera = (await login(s, MEERA)).token;
    await runCodCycle(s.deps);
    const [line] = await s.deps.db
      .select()
      .from(codPayoutLines)
      .where(eq(codPayoutLines.orderNumber, shipped.paidOnline!.orderNumber));
    const payout = await answer(s, API_COD.payout, { params: { payoutId: line.payoutId }, token: meera });
    const online = payout.lines.find((l) => l.orderNumber === shipped.paidOnline!.orderNumber);
    expect(online).toMatchObject({ amountPaise: 116_000, paymentModeCode: 'PCOD', buyerAdvancePaise: 29_000 });
    expect(online?.advancePaymentId).toMatch(/^SBX/);
    const toSeller = payout.lines.find((l) => l.orderNumber === shipped.paidToSeller!.orderNumber);
    expect(toSeller).toMatchObject({ amountPaise: 116_000, paymentModeCode: 'PCOD', advancePaymentId: null });
    const csv = await csvLines(await s.request(API_COD.statement.path, { token: meera }));
    expect(csv[0]).toContain('Payment mode,Buyer’s advance (₹),Advance payment id');
    const row = csv.find((r) => r.includes(shipped.paidOnline!.orderNumber))!;
    expect(row).toMatch(/,1160\.00,.*,PCOD,290\.00,SBX/);
  });

  it('COD verification does not ask again when the buyer pays an advance: a plain COD order is asked', async () => {
    const verify = (enabled: boolean) =>
      send(s, API_COD_VERIFICATION.saveSettings, {
        body: {
          enabled,
          scope: 'ALL',
          minOrderValueRupees: null,
          riskyPincodes: false,
          minPastRtos: null,
          waitHours: 2,
          afterWait: 'HOLD',
          offerPrepaid: false,
        },
        token: meera,
      });
    await answerOf(API_COD_VERIFICATION.saveSettings, await verify(true));
    const partial = await newOrder({ paymentModeCode: 'PCOD', buyerPhone: '9811200031' });
    const plain = await newOrder({ paymentMethod: 'COD', buyerPhone: '9811200032' });
    expect([partial.codVerification, plain.codVerification]).toEqual([null, 'PENDING']);
    await answerOf(API_COD_VERIFICATION.saveSettings, await verify(false));
  });
});
