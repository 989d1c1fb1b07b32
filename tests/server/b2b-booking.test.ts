import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_B2B } from '../../src/domain/b2b-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import type { FreightBooking, FreightCarrier } from '../../server/carriers/freight';
import { settlePendingBooking } from '../../server/modules/b2b-freight/booking';
import { followConsignment } from '../../server/modules/b2b-freight/tracking';
import { errorOf, startTestServer, type TestServer } from './harness';
import { answer, send } from './call';
import { fund, invitedUser } from './team-helpers';
import { b2bSeller, bookedB2bOrder, later, moneyOf, newB2bOrder, type B2bSeller } from './b2b-freight-setup';

// Booking a B2B order with a freight carrier (docs/decisions/b2b-orders.md): refused while an
// e-way bill is missing or the warehouse is not registered with the carrier; the wallet charged
// the quote once however often it is asked; a PENDING booking settled by its job; a refused one
// refunded; cancelled before pickup with the refund once, refused after.

let s: TestServer;
let seller: B2bSeller;

beforeAll(async () => {
  s = await startTestServer();
  seller = await b2bSeller(s);
});
afterAll(() => s.close());

const book = (orderId: number, carrierCode = 'GT', token = seller.token) =>
  send(s, API_B2B.book, { token, params: { orderId }, body: { carrierCode: carrierCode as 'GT' } });

describe('booking', () => {
  it('books with Gati: an LR, a number a box, Pickup Scheduled, and the quote charged once', async () => {
    await fund(s, seller.orgId, 20_000_00);
    const order = await newB2bOrder(s, seller);
    const quotes = await answer(s, API_B2B.orderQuotes, { token: seller.token, params: { orderId: order.orderId } });
    const charge = quotes.quotes.find((q) => q.carrierCode === 'GT')!.quote!.bookingChargePaise;
    const before = (await moneyOf(s, seller.orgId, order.orderNumber)).balancePaise;
    const booked = await answer(s, API_B2B.book, {
      token: seller.token,
      params: { orderId: order.orderId },
      body: { carrierCode: 'GT' },
    });
    expect(booked).toMatchObject({ status: 'PKP_SCH', bookingState: 'BOOKED', carrierCode: 'GT' });
    expect(booked.booking).toMatchObject({ state: 'BOOKED', carrierName: 'Gati', totalPaise: charge });
    const gati = quotes.quotes.find((q) => q.carrierCode === 'GT')!.quote!;
    // the booked quote keeps its GST beside its lines, so they add up to the total
    expect(booked.booking.gstPaise).toBe(gati.gstPaise);
    expect(booked.lrNumber).toMatch(/\S+/);
    expect(booked.boxNumbers.map((b) => b.position)).toEqual([1, 2, 3]);
    expect(booked.actions).toMatchObject({ book: false, cancel: true, documents: true });
    const money = await moneyOf(s, seller.orgId, order.orderNumber);
    expect(money.kinds).toEqual(['SHIPPING_CHARGE']);
    expect(money.balancePaise).toBe(before - charge);
    // a second ask is refused in words and charges nothing
    expect(await errorOf(await book(order.orderId))).toMatchObject({
      status: 409,
      message: expect.stringContaining(`booked already with Gati (LR ${booked.lrNumber})`),
    });
    expect((await moneyOf(s, seller.orgId, order.orderNumber)).kinds).toEqual(['SHIPPING_CHARGE']);
  });

  it('five books at once make one LR and one debit', async () => {
    await fund(s, seller.orgId, 20_000_00);
    const order = await newB2bOrder(s, seller);
    const answers = await Promise.all(Array.from({ length: 5 }, () => book(order.orderId)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const detail = await answer(s, API_B2B.one, { token: seller.token, params: { orderId: order.orderId } });
    expect(detail.bookingState).toBe('BOOKED');
    expect((await moneyOf(s, seller.orgId, order.orderNumber)).kinds).toEqual(['SHIPPING_CHARGE']);
  });

  it('is refused while an invoice needs an e-way bill it lacks, naming the invoice', async () => {
    await fund(s, seller.orgId, 20_000_00);
    const order = await newB2bOrder(s, seller, {
      invoices: [
        {
          invoiceNumber: 'BIG-1',
          invoiceDate: '2026-11-20',
          invoiceValuePaise: 75_000_00,
          ewayBillNumber: null,
          invoiceFileId: null,
          // ₹63,559.32 + 18 % GST = ₹75,000
          goods: [
            {
              goodsName: 'Cotton bedsheets',
              hsnCode: '6304',
              quantity: 500,
              quantityUnit: 'NOS',
              taxableValuePaise: 63_559_32,
              gstRate: 18,
            },
          ],
        },
      ],
    });
    expect(await errorOf(await book(order.orderId))).toMatchObject({
      status: 409,
      message: expect.stringMatching(/above ₹50,000.*e-way bill of invoice BIG-1/),
    });
    expect((await moneyOf(s, seller.orgId, order.orderNumber)).kinds).toEqual([]);
    // with the bill it books
    await answer(s, API_B2B.generateEwayBill, {
      token: seller.token,
      params: { orderId: order.orderId, invoiceId: order.invoices[0].invoiceId },
      body: { transDistance: 2100, vehicleNumber: null, overDimensional: false },
    });
    expect((await book(order.orderId)).status).toBe(200);
  });

  it('is refused while the origin warehouse has no registration with the carrier', async () => {
    const unregistered = await b2bSeller(s, [{ carrierCode: 'GT', registeredName: 'MEERA-JPR-01' }]);
    await fund(s, unregistered.orgId, 20_000_00);
    const order = await newB2bOrder(s, unregistered);
    expect(await errorOf(await book(order.orderId, 'DE-LTL', unregistered.token))).toMatchObject({
      status: 422,
      message: expect.stringContaining('is not registered with Delhivery LTL'),
    });
  });

  it('names the field by its label, answers 404 for another seller’s order and 403 without the permission', async () => {
    const order = await newB2bOrder(s, seller);
    const bad = await s.request(`/api/v1/b2b/orders/${order.orderId}/book`, {
      method: 'POST',
      token: seller.token,
      json: { carrierCode: 'XX' },
    });
    const refusal = await errorOf(bad);
    expect(refusal.status).toBe(400);
    expect(refusal.message).not.toMatch(/carrierCode/);
    expect(refusal.message).toBe('Courier must be one of Gati, Delhivery LTL');
    const other = await b2bSeller(s);
    expect((await errorOf(await book(order.orderId, 'GT', other.token))).status).toBe(404);
    const role = await answer(s, API_TEAM.addRole, {
      token: seller.token,
      body: { roleName: 'Viewers', permissions: ['orders.view'] },
    });
    const viewer = await invitedUser(s, seller.token, `viewer${order.orderId}@team.test`, { teamRoleId: role.roleId });
    expect((await errorOf(await book(order.orderId, 'GT', viewer.token))).status).toBe(403);
  });

  it('is refused with 422 when the wallet cannot pay the charge', async () => {
    const poor = await b2bSeller(s);
    const order = await newB2bOrder(s, poor);
    const refusal = await book(order.orderId, 'GT', poor.token);
    expect(refusal.status).toBe(422);
    expect(refusal.headers.get('x-recharge-paise')).toMatch(/^\d+$/);
    const detail = await answer(s, API_B2B.one, { token: poor.token, params: { orderId: order.orderId } });
    expect(detail.bookingState).toBe('NONE');
  });
});

describe('a booking the carrier answers later, or refuses', () => {
  /** Delhivery LTL's manifest as a stub: PENDING at booking, then whatever `settle` says. */
  function stubFreight(code: string, first: FreightBooking, settle: () => FreightBooking) {
    const real = s.deps.carriers.freight;
    s.deps.carriers = {
      ...s.deps.carriers,
      freight: (c) =>
        c !== code
          ? real(c)
          : () =>
              ({
                code,
                name: 'Delhivery LTL',
                book: async () => first,
                bookingStatus: async () => settle(),
              }) as unknown as FreightCarrier,
    };
    return () => (s.deps.carriers = { ...s.deps.carriers, freight: real });
  }

  it('a PENDING booking settles in its job into the LR and its box numbers', async () => {
    await fund(s, seller.orgId, 20_000_00);
    const order = await newB2bOrder(s, seller);
    let answerNow: FreightBooking = { state: 'PENDING', jobId: 'JOB-7' };
    const restore = stubFreight('DE-LTL', { state: 'PENDING', jobId: 'JOB-7' }, () => answerNow);
    try {
      const pending = await answer(s, API_B2B.book, {
        token: seller.token,
        params: { orderId: order.orderId },
        body: { carrierCode: 'DE-LTL' },
      });
      expect(pending).toMatchObject({ status: 'RTS', bookingState: 'PENDING', booking: { jobId: 'JOB-7' } });
      expect((await book(order.orderId, 'DE-LTL')).status).toBe(409);
      await settlePendingBooking(s.deps, order.orderId);
      expect(
        (await answer(s, API_B2B.one, { token: seller.token, params: { orderId: order.orderId } })).bookingState,
      ).toBe('PENDING');
      answerNow = { state: 'BOOKED', lrNumber: 'LTL-220011', boxNumbers: ['B1', 'B2', 'B3'] };
      await settlePendingBooking(s.deps, order.orderId);
      await settlePendingBooking(s.deps, order.orderId);
      const settled = await answer(s, API_B2B.one, { token: seller.token, params: { orderId: order.orderId } });
      expect(settled).toMatchObject({ status: 'PKP_SCH', bookingState: 'BOOKED', lrNumber: 'LTL-220011' });
      expect(settled.boxNumbers.map((b) => b.boxAwb)).toEqual(['B1', 'B2', 'B3']);
      expect((await moneyOf(s, seller.orgId, order.orderNumber)).kinds).toEqual(['SHIPPING_CHARGE']);
    } finally {
      restore();
    }
  });

  it('a FAILED booking keeps the carrier’s words and refunds the charge once; the order may be booked again', async () => {
    await fund(s, seller.orgId, 20_000_00);
    const order = await newB2bOrder(s, seller);
    const restore = stubFreight('DE-LTL', { state: 'PENDING', jobId: 'JOB-9' }, () => ({
      state: 'FAILED',
      reason: 'consignee pincode not serviceable for LTL',
    }));
    try {
      await book(order.orderId, 'DE-LTL');
      await settlePendingBooking(s.deps, order.orderId);
      await settlePendingBooking(s.deps, order.orderId);
    } finally {
      restore();
    }
    const failed = await answer(s, API_B2B.one, { token: seller.token, params: { orderId: order.orderId } });
    expect(failed).toMatchObject({
      status: 'RTS',
      bookingState: 'FAILED',
      booking: { failure: 'consignee pincode not serviceable for LTL' },
      actions: { book: true },
    });
    expect((await moneyOf(s, seller.orgId, order.orderNumber)).kinds).toEqual(['SHIPPING_CHARGE', 'SHIPMENT_REFUND']);
    expect((await book(order.orderId, 'GT')).status).toBe(200);
    expect((await moneyOf(s, seller.orgId, order.orderNumber)).kinds).toEqual([
      'SHIPPING_CHARGE',
      'SHIPMENT_REFUND',
      'SHIPPING_CHARGE',
    ]);
  });
});

describe('cancelling', () => {
  it('before pickup cancels the LR and refunds once, however many ask at once', async () => {
    const booked = await bookedB2bOrder(s, seller);
    const before = await moneyOf(s, seller.orgId, booked.orderNumber);
    const cancels = await Promise.all(
      Array.from({ length: 3 }, () =>
        send(s, API_B2B.cancel, {
          token: seller.token,
          params: { orderId: booked.orderId },
          body: { reason: 'Buyer postponed' },
        }),
      ),
    );
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const after = await moneyOf(s, seller.orgId, booked.orderNumber);
    expect(after.kinds).toEqual(['SHIPPING_CHARGE', 'SHIPMENT_REFUND']);
    expect(after.balancePaise).toBe(before.balancePaise + booked.booking.totalPaise!);
    const detail = await answer(s, API_B2B.one, { token: seller.token, params: { orderId: booked.orderId } });
    expect(detail).toMatchObject({ status: 'CAN', actions: { cancel: false } });
  });

  it('after pickup is refused with 409 and refunds nothing', async () => {
    const booked = await bookedB2bOrder(s, seller);
    // Gati's sandbox lane collects two days after booking: on the third the boxes are on the road
    const cancel = await later(s, seller, 3 * 24 * 3600_000, async () => {
      await followConsignment(s.deps, booked.orderId);
      return send(s, API_B2B.cancel, { token: seller.token, params: { orderId: booked.orderId }, body: {} });
    });
    expect(await errorOf(cancel)).toMatchObject({ status: 409, message: expect.stringContaining('picked up already') });
    expect((await moneyOf(s, seller.orgId, booked.orderNumber)).kinds).toEqual(['SHIPPING_CHARGE']);
  });

  it('another seller’s order is 404, and cancelling needs the cancel permission', async () => {
    const order = await newB2bOrder(s, seller);
    const other = await b2bSeller(s);
    expect(
      (
        await errorOf(
          await send(s, API_B2B.cancel, { token: other.token, params: { orderId: order.orderId }, body: {} }),
        )
      ).status,
    ).toBe(404);
    const role = await answer(s, API_TEAM.addRole, {
      token: seller.token,
      body: { roleName: 'Shippers', permissions: ['orders.view', 'orders.ship'] },
    });
    const shipper = await invitedUser(s, seller.token, `shipper${order.orderId}@team.test`, {
      teamRoleId: role.roleId,
    });
    expect(
      (
        await errorOf(
          await send(s, API_B2B.cancel, { token: shipper.token, params: { orderId: order.orderId }, body: {} }),
        )
      ).status,
    ).toBe(403);
    const long = await s.request(`/api/v1/b2b/orders/${order.orderId}/cancel`, {
      method: 'PUT',
      token: seller.token,
      json: { reason: 'x'.repeat(301) },
    });
    expect(await errorOf(long)).toMatchObject({ status: 400, message: expect.stringContaining('at most 300') });
  });
});
