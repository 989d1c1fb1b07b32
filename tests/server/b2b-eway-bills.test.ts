import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_B2B, type B2bOrderDetail } from '../../src/domain/b2b-contract';
import { demoGstin } from '../../src/domain/gstin';
import type { InputOf } from '../../src/domain/operation';
import { API_TEAM } from '../../src/domain/team-contract';
import { notifications, sandboxParcels } from '../../server/db/schema';
import { watchEwayBills } from '../../server/modules/b2b-freight/eway-bill-expiry';
import { errorOf, startTestServer, type TestServer } from './harness';
import { answer, send } from './call';
import { invitedUser } from './team-helpers';
import { b2bSeller, bookedB2bOrder, later, newB2bOrder, ORIGIN_PINCODE, type B2bSeller } from './b2b-freight-setup';

// An invoice's e-way bill: generated through the provider (the sandbox here: 12-digit numbers
// starting with 9), entered when the seller has one, its vehicle (Part B) added, extended in its
// window; the portal's refusals in its words; the seller warned before a bill lapses; a booked
// consignment's carrier told the bill.

let s: TestServer;
let seller: B2bSeller;

beforeAll(async () => {
  s = await startTestServer();
  seller = await b2bSeller(s);
});
afterAll(() => s.close());

const HOUR = 3600_000;
const bill = (order: B2bOrderDetail, i = 0) => ({ orderId: order.orderId, invoiceId: order.invoices[i].invoiceId });

/** The bill of the order's first invoice, generated through the provider: the invoice's row. */
const generated = (order: B2bOrderDetail, body: InputOf<typeof API_B2B.generateEwayBill>['body']) =>
  answer(s, API_B2B.generateEwayBill, { token: seller.token, params: bill(order), body });

const generate = (order: B2bOrderDetail, body: Record<string, unknown>, token = seller.token) =>
  s.request(`/api/v1/b2b/orders/${order.orderId}/invoices/${order.invoices[0].invoiceId}/eway-bill`, {
    method: 'POST',
    token,
    json: body,
  });

describe('generating', () => {
  it('Part A alone: a number, active, its validity waiting for the vehicle', async () => {
    const order = await newB2bOrder(s, seller);
    const row = await generated(order, { transDistance: 450, vehicleNumber: null, overDimensional: false });
    expect(row.ewayBill).toMatchObject({
      ewayBillNumber: expect.stringMatching(/^9\d{11}$/),
      source: 'GENERATED',
      status: 'ACT',
      expiresAt: null,
      partB: 'NONE',
      distanceKm: 450,
    });
    expect(await errorOf(await generate(order, { transDistance: 450 }))).toMatchObject({
      status: 409,
      message: expect.stringContaining(`already has e-way bill ${row.ewayBill!.ewayBillNumber}`),
    });
  });

  it('with the vehicle: valid for a day a 200 km, until midnight IST', async () => {
    const order = await newB2bOrder(s, seller);
    const row = await generated(order, { transDistance: 450, vehicleNumber: 'rj14 gb 4321', overDimensional: false });
    // generated 12:00 IST on 20 Nov 2026: three days, so valid until midnight at the end of 23 Nov
    expect(row.ewayBill).toMatchObject({ vehicleNumber: 'RJ14GB4321', partB: 'ADDED' });
    expect(row.ewayBill!.expiresAt).toBe('2026-11-23T18:30:00.000Z');
    expect(row.ewayBill!.validityText).toBe('Valid until midnight at the end of 23 Nov 2026');
  });

  it('a document the portal has a bill for already is refused in the portal’s words', async () => {
    const first = await newB2bOrder(s, seller);
    const again = await newB2bOrder(s, seller, {
      invoices: [{ ...(await invoiceOf(first)), ewayBillNumber: null, invoiceFileId: null }],
    });
    await generated(first, { transDistance: 300 });
    expect(await errorOf(await generate(again, { transDistance: 300 }))).toMatchObject({
      status: 422,
      message: 'The e-way bill portal refused it: E-way bill(s) are already generated for the same document number',
    });
  });

  it('Part A lists the invoice’s goods line by line: HSN, quantity, taxable value, IGST from Rajasthan to Karnataka', async () => {
    const order = await newB2bOrder(s, seller);
    expect(order.invoices[0].goodsTax).toMatchObject({ taxKind: 'IGST', igstPaise: 3_904_76, totalPaise: 40_000_00 });
    const row = await generated(order, { transDistance: 2100, vehicleNumber: null, overDimensional: false });
    const record = await s.deps.ewayBills.get(row.ewayBill!.ewayBillNumber);
    expect(record.ok && record.items).toEqual([
      {
        productName: 'Cotton bedsheets',
        hsnCode: '63040000',
        quantity: 200,
        unit: 'NOS',
        taxableValuePaise: 30_000_00,
        cgstRate: 0,
        sgstRate: 0,
        igstRate: 12,
      },
      {
        productName: 'Pillow covers',
        hsnCode: '6304',
        quantity: 150,
        unit: 'PCS',
        taxableValuePaise: 6_095_24,
        cgstRate: 0,
        sgstRate: 0,
        igstRate: 5,
      },
    ]);
  });

  it('within Rajasthan the goods carry CGST and SGST, half the rate each', async () => {
    const order = await newB2bOrder(s, seller, {
      consignee: {
        businessName: 'Pink City Linen House',
        gstin: demoGstin('Rajasthan'),
        contactName: '',
        contactPhone: '9810012345',
        contactEmail: '',
        addressLine1: '22 Malviya Nagar',
        addressLine2: '',
        pincode: ORIGIN_PINCODE,
      },
    });
    expect(order.invoices[0].goodsTax).toMatchObject({
      taxKind: 'CGST_SGST',
      cgstPaise: 1_952_38,
      sgstPaise: 1_952_38,
      igstPaise: 0,
    });
    const row = await generated(order, { transDistance: 20, vehicleNumber: null, overDimensional: false });
    const record = await s.deps.ewayBills.get(row.ewayBill!.ewayBillNumber);
    expect(record.ok && record.items.map((i) => [i.cgstRate, i.sgstRate, i.igstRate])).toEqual([
      [6, 6, 0],
      [2.5, 2.5, 0],
    ]);
  });

  it('an invoice without goods lines has no bill generated, and is told to enter the one it has', async () => {
    const order = await newB2bOrder(s, seller, {
      invoices: [{ invoiceNumber: 'NOGOODS-1', invoiceDate: '2026-11-20', invoiceValuePaise: 40_000_00 }],
    });
    expect(await errorOf(await generate(order, { transDistance: 300 }))).toMatchObject({
      status: 409,
      message: expect.stringContaining('Invoice NOGOODS-1 lists no goods'),
    });
  });

  it('names each bad field by its label', async () => {
    const order = await newB2bOrder(s, seller);
    for (const [body, label] of [
      [{}, 'Distance (km)'],
      [{ transDistance: 0 }, 'Distance (km)'],
      [{ transDistance: 300, vehicleNumber: 'NOT A TRUCK' }, 'Vehicle number'],
    ] as const) {
      const refusal = await errorOf(await generate(order, body));
      expect(refusal.status).toBe(400);
      expect(refusal.message).toContain(label);
    }
  });

  it('another seller’s order is 404, an invoice of another order 404, and it needs the ship permission', async () => {
    const order = await newB2bOrder(s, seller);
    const other = await b2bSeller(s);
    expect((await errorOf(await generate(order, { transDistance: 300 }, other.token))).status).toBe(404);
    const mine = await newB2bOrder(s, seller);
    const wrongInvoice = await send(s, API_B2B.generateEwayBill, {
      token: seller.token,
      params: { orderId: order.orderId, invoiceId: mine.invoices[0].invoiceId },
      body: { transDistance: 300, vehicleNumber: null, overDimensional: false },
    });
    expect(await errorOf(wrongInvoice)).toMatchObject({ status: 404, message: 'No such invoice in this order' });
    const role = await answer(s, API_TEAM.addRole, {
      token: seller.token,
      body: { roleName: 'Readers', permissions: ['orders.view'] },
    });
    const reader = await invitedUser(s, seller.token, 'reader-ewb@team.test', { teamRoleId: role.roleId });
    expect((await errorOf(await generate(order, { transDistance: 300 }, reader.token))).status).toBe(403);
  });
});

async function invoiceOf(order: B2bOrderDetail) {
  const i = order.invoices[0];
  return {
    invoiceNumber: i.invoiceNumber,
    invoiceDate: i.invoiceDate,
    invoiceValuePaise: i.invoiceValuePaise,
    goods: i.goods.map(({ taxPaise: _, ...line }) => line),
  };
}

describe('entering a number the seller has', () => {
  it('takes 12 digits as typed with spaces, its validity worked from its day and distance', async () => {
    const order = await newB2bOrder(s, seller);
    const row = await answer(s, API_B2B.enterEwayBill, {
      token: seller.token,
      params: bill(order),
      body: { ewayBillNumber: '3910 0270 3919', ewayBillDate: '2026-11-19', transDistance: 700 },
    });
    expect(row.ewayBill).toMatchObject({ ewayBillNumber: '391002703919', source: 'ENTERED', status: 'ACT' });
    // made on 19 Nov for 700 km: four days, valid until midnight at the end of 23 Nov
    expect(row.ewayBill!.expiresAt).toBe('2026-11-23T18:30:00.000Z');
  });

  it('refuses a number that is not 12 digits, and a bill that has lapsed already', async () => {
    const order = await newB2bOrder(s, seller);
    const put = (body: object) =>
      s.request(`/api/v1/b2b/orders/${order.orderId}/invoices/${order.invoices[0].invoiceId}/eway-bill`, {
        method: 'PUT',
        token: seller.token,
        json: body,
      });
    const short = await errorOf(
      await put({ ewayBillNumber: '39100270391', ewayBillDate: '2026-11-19', transDistance: 100 }),
    );
    expect(short).toMatchObject({
      status: 400,
      message: expect.stringContaining('E-way bill number must be 12 digits'),
    });
    expect(
      await errorOf(await put({ ewayBillNumber: '391002703919', ewayBillDate: '2026-11-10', transDistance: 100 })),
    ).toMatchObject({
      status: 409,
      message: expect.stringContaining('has expired'),
    });
  });
});

describe('Part B and extension', () => {
  /** A new order whose invoice has a bill for 150 km, generated without a vehicle. */
  async function orderWithBill() {
    const order = await newB2bOrder(s, seller);
    await generated(order, { transDistance: 150 });
    return order;
  }

  it('adds the vehicle, which starts the validity; extends only in its window, in the product’s words', async () => {
    const order = await orderWithBill();
    const extendBody = {
      extendReason: 5 as const,
      extendRemarks: 'Truck met with an accident',
      currentPlace: 'Bhilwara',
      currentState: 'Rajasthan',
      currentPincode: '311001',
      remainingDistance: 180,
      vehicleNumber: 'RJ14GB9999',
    };
    const early = await send(s, API_B2B.extendEwayBill, { token: seller.token, params: bill(order), body: extendBody });
    expect(await errorOf(early)).toMatchObject({
      status: 409,
      message: 'Add the vehicle (Part B) before extending the e-way bill',
    });
    const withVehicle = await answer(s, API_B2B.ewayBillPartB, {
      token: seller.token,
      params: bill(order),
      body: {
        vehicleNumber: 'RJ14GB4321',
        fromPlace: 'Jaipur',
        fromState: 'Rajasthan',
        currentPincode: '302022',
        vehicleReason: 4,
        vehicleRemarks: '',
      },
    });
    expect(withVehicle.ewayBill).toMatchObject({ vehicleNumber: 'RJ14GB4321', partB: 'ADDED' });
    // one day (150 km): until midnight at the end of 21 Nov (IST)
    expect(withVehicle.ewayBill!.expiresAt).toBe('2026-11-21T18:30:00.000Z');
    const tooEarly = await send(s, API_B2B.extendEwayBill, {
      token: seller.token,
      params: bill(order),
      body: extendBody,
    });
    expect(await errorOf(tooEarly)).toMatchObject({
      status: 409,
      message: expect.stringContaining('can be extended only from 8 hours before it expires'),
    });
    // 20:00 IST on 21 Nov: within 8 hours of its end
    const extended = await later(s, seller, Date.parse('2026-11-21T14:30:00Z') - s.clock.now.getTime(), () =>
      answer(s, API_B2B.extendEwayBill, { token: seller.token, params: bill(order), body: extendBody }),
    );
    expect(extended.ewayBill).toMatchObject({ status: 'ACT', vehicleNumber: 'RJ14GB9999' });
    expect(extended.ewayBill!.expiresAt).toBe('2026-11-22T18:30:00.000Z');
  });

  it('NIC’s reason is named, never coded: missing, unknown, Others without remarks, and the portal’s refusal of it', async () => {
    const order = await orderWithBill();
    const body = {
      vehicleNumber: 'RJ14GB4321',
      fromPlace: 'Jaipur',
      fromState: 'Rajasthan',
      currentPincode: '302022',
      vehicleRemarks: '',
    };
    const partB = (over: Record<string, unknown>) =>
      send(s, API_B2B.ewayBillPartB, { token: seller.token, params: bill(order), body: { ...body, ...over } as never });
    expect(await errorOf(await partB({}))).toMatchObject({
      status: 400,
      message: 'Reason for the vehicle change is required',
    });
    expect(await errorOf(await partB({ vehicleReason: 7 }))).toMatchObject({
      status: 400,
      message:
        "Reason for the vehicle change must be one of NIC's reasons: Due to break down, Due to transhipment, Others or First time",
    });
    expect(await errorOf(await partB({ vehicleReason: 3 }))).toMatchObject({
      status: 400,
      message: 'Remarks must say what happened when the reason is Others',
    });
    // the portal refuses the reason (NIC 307): the seller reads the field and the reason by name
    const portal = s.deps.ewayBills;
    const updatePartB = portal.updatePartB.bind(portal);
    portal.updatePartB = async () => ({ ok: false, reason: 'REFUSED', codes: ['307'], detail: '307: Invalid reason' });
    try {
      const refused = await errorOf(await partB({ vehicleReason: 1 }));
      expect(refused).toMatchObject({ status: 422 });
      expect(refused.message).toBe(
        'Reason for the vehicle change: the e-way bill portal would not take “Due to break down” with these remarks; say in the remarks what happened, or choose another reason',
      );
      expect(refused.message).not.toMatch(/\d{3}/);
    } finally {
      portal.updatePartB = updatePartB;
    }
    const changed = await answer(s, API_B2B.ewayBillPartB, {
      token: seller.token,
      params: bill(order),
      body: { ...body, vehicleReason: 3, vehicleRemarks: 'Goods moved to a bigger truck' },
    });
    expect(changed.ewayBill).toMatchObject({ vehicleNumber: 'RJ14GB4321', partB: 'ADDED' });
  });

  it('Part B by rail takes the railway receipt, and each missing field is named by its label', async () => {
    const order = await orderWithBill();
    const base = {
      transMode: 'RAIL' as const,
      fromPlace: 'Jaipur',
      fromState: 'Rajasthan',
      currentPincode: '302022',
      vehicleReason: 4 as const,
      vehicleRemarks: '',
    };
    const noDocument = await send(s, API_B2B.ewayBillPartB, { token: seller.token, params: bill(order), body: base });
    expect(await errorOf(noDocument)).toMatchObject({
      status: 400,
      message: 'Transport document number is required by rail, air or ship',
    });
    const noState = await send(s, API_B2B.ewayBillPartB, {
      token: seller.token,
      params: bill(order),
      body: { ...base, fromState: 'Atlantis', transportDocNumber: 'RR-88123', transportDocDate: '2026-11-20' },
    });
    expect(await errorOf(noState)).toMatchObject({
      status: 400,
      message: 'From state must be a state or union territory of India',
    });
    const byRail = await answer(s, API_B2B.ewayBillPartB, {
      token: seller.token,
      params: bill(order),
      body: { ...base, transportDocNumber: 'RR-88123', transportDocDate: '2026-11-20' },
    });
    expect(byRail.ewayBill).toMatchObject({ status: 'ACT', partB: 'ADDED', vehicleNumber: 'RR-88123' });
    // another seller's order is not theirs to change
    const other = await b2bSeller(s);
    const theirs = await send(s, API_B2B.ewayBillPartB, {
      token: other.token,
      params: bill(order),
      body: { ...base, transportDocNumber: 'RR-88123', transportDocDate: '2026-11-20' },
    });
    expect(theirs.status).toBe(404);
  });

  it('Part B of an invoice without a bill is refused', async () => {
    const order = await newB2bOrder(s, seller);
    const res = await send(s, API_B2B.ewayBillPartB, {
      token: seller.token,
      params: bill(order),
      body: {
        vehicleNumber: 'RJ14GB4321',
        fromPlace: 'Jaipur',
        fromState: 'Rajasthan',
        currentPincode: '302022',
        vehicleReason: 4,
        vehicleRemarks: '',
      },
    });
    expect(await errorOf(res)).toMatchObject({
      status: 409,
      message: expect.stringContaining('has no e-way bill yet'),
    });
  });
});

describe('the bill and the carrier, and the warning before it lapses', () => {
  it('a bill made after booking travels to the carrier', async () => {
    const booked = await bookedB2bOrder(s, seller);
    const row = await generated(booked, { transDistance: 2100, vehicleNumber: 'RJ14GB4321', overDimensional: false });
    const [lr] = await s.deps.db
      .select({ lane: sandboxParcels.lane })
      .from(sandboxParcels)
      .where(and(eq(sandboxParcels.awb, booked.lrNumber!), eq(sandboxParcels.carrierCode, 'GT')));
    expect(lr.lane.ewayBills).toContain(row.ewayBill!.ewayBillNumber);
  });

  it('warns the seller once when the extension window opens, and marks the bill expired after', async () => {
    const order = await newB2bOrder(s, seller);
    const row = await generated(order, { transDistance: 100, vehicleNumber: 'RJ14GB4321', overDimensional: false });
    const expires = new Date(row.ewayBill!.expiresAt!);
    const warnings = async () =>
      (
        await s.deps.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.orgId, seller.orgId), eq(notifications.kind, 'EWAY_BILL_EXPIRY')))
      ).filter((n) => n.ref.startsWith(`${row.invoiceId}:`));
    await watchEwayBills(s.deps);
    expect(await warnings()).toEqual([]);
    const start = s.clock.now;
    s.clock.now = new Date(expires.getTime() - 2 * HOUR);
    await watchEwayBills(s.deps);
    await watchEwayBills(s.deps);
    s.clock.now = start;
    const warned = await warnings();
    expect(warned).toHaveLength(1);
    expect(warned[0].title).toBe(`E-way bill ${row.ewayBill!.ewayBillNumber} expires soon`);
    expect(warned[0].body).toContain(`order ${order.orderNumber}`);
    const after = await later(s, seller, expires.getTime() + HOUR - s.clock.now.getTime(), async () => {
      await watchEwayBills(s.deps);
      return answer(s, API_B2B.one, { token: seller.token, params: { orderId: order.orderId } });
    });
    expect(after.invoices[0].ewayBill).toMatchObject({ status: 'EXP', statusText: 'Expired' });
  });
});
