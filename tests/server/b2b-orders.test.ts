import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pathOf } from '../../src/domain/operation';
import { API_B2B } from '../../src/domain/b2b-contract';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { demoGstin } from '../../src/domain/gstin';
import { paiseOf } from '../../src/domain/money';
import { orders } from '../../server/db/schema';
import { storeGeneratedFile } from '../../server/modules/files/service';
import { errorOf, type TestServer } from './harness';
import { demoTokens, login, newShippableOrder, SELLER, startDemoServer, verifiedPickup } from './helpers';
import { answer, answerOf } from './call';
import { invitedUser, ownerOn } from './team-helpers';
import { CONSIGNEE_WAREHOUSE, OWN_WAREHOUSE } from './b2b-fixtures';
import { B2B_MSG } from '../../src/domain/b2b/messages';
import { INVOICE_FILE_TEXT } from '../../src/domain/b2b/order-facts';

// B2B orders: made Ready To Ship with a consignee (typed, or one of the seller's consignee
// warehouses), an origin warehouse of the seller's own, boxes and 1–20 invoices; listed with the
// orders list's filters (never API as a source); read whole; quoted per freight carrier.

describe('B2B orders', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  let orgId: number;
  let origin: number;
  let consigneeWarehouse: number;
  let meeraOrigin: number;
  let invoiceFile: string;

  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
    orgId = (await login(s, SELLER)).claims.oid!;
    origin = (await answer(s, API_B2B.addWarehouse, { body: OWN_WAREHOUSE, token: seller })).warehouseId;
    consigneeWarehouse = (await answer(s, API_B2B.addWarehouse, { body: CONSIGNEE_WAREHOUSE, token: seller }))
      .warehouseId;
    meeraOrigin = (
      await answer(s, API_B2B.addWarehouse, {
        body: { ...OWN_WAREHOUSE, gstin: demoGstin('Rajasthan'), pincode: '302003' },
        token: meera,
      })
    ).warehouseId;
    invoiceFile = await storeGeneratedFile(s.deps.db, {
      orgId,
      name: 'INV-2211.pdf',
      bytes: new TextEncoder().encode('%PDF-1.4'),
      now: s.clock.now,
      contentType: 'application/pdf',
    });
  });
  afterAll(() => s.close());

  /** 12 boxes and two invoices of ₹1,20,000 from Peenya to a distributor in Delhi. */
  const order = () => ({
    originWarehouseId: origin,
    consignee: {
      businessName: 'Shree Distributors',
      gstin: demoGstin('Delhi'),
      contactPhone: '+91 98100 12345',
      contactEmail: 'Orders@Shree.in',
      addressLine1: '14 Okhla Phase 2',
      pincode: '110020',
    },
    goodsDescription: 'Steel utensils',
    boxes: [
      { lengthCm: 60, breadthCm: 40, heightCm: 40, weightKg: 18, count: 8 },
      { lengthCm: 60, breadthCm: 40, heightCm: 40, weightKg: 18, count: 4 },
    ],
    invoices: [
      {
        invoiceNumber: 'INV-2211',
        invoiceDate: '2026-11-18',
        invoiceValuePaise: paiseOf(72_000),
        invoiceFileId: invoiceFile,
        // ₹61,016.95 + 18 % = ₹71,999.99: the invoice's value within the rupee
        goods: [
          {
            goodsName: 'Steel tumblers',
            hsnCode: '73239390',
            quantity: 1200,
            quantityUnit: 'NOS',
            taxableValuePaise: 41_016_95,
            gstRate: 18,
          },
          {
            goodsName: 'Steel plates',
            hsnCode: '7323',
            quantity: 40,
            quantityUnit: 'DOZ',
            taxableValuePaise: 20_000_00,
            gstRate: 18,
          },
        ],
      },
      {
        invoiceNumber: 'INV-2212',
        invoiceDate: '2026-11-18',
        invoiceValuePaise: paiseOf(48_000),
        ewayBillNumber: '3910 0270 3919',
      },
    ],
    freightPayer: 'PAID',
    risk: 'OWNER',
    handover: 'PICKUP',
    appointment: {
      appointmentDate: '2026-11-25',
      slotStart: '10:00',
      slotEnd: '12:00',
      poNumbers: ['PO-7781', 'PO-7782'],
    },
  });
  const create = (json: unknown, token = seller) => s.request(API_B2B.create.path, { method: 'POST', json, token });

  it('makes a B2B order Ready To Ship, numbered as the seller’s orders are, with its history', async () => {
    const o = await answerOf(API_B2B.create, await create(order()));
    expect(o).toMatchObject({
      orderNumber: expect.stringMatching(/^ORD-\d{6}$/),
      status: 'RTS',
      statusText: 'Ready To Ship',
      channel: 'DAKIYA',
      consigneeName: 'Shree Distributors',
      consigneeCity: 'New Delhi',
      consigneeState: 'Delhi',
      originWarehouseName: 'Peenya DC',
      boxCount: 12,
      invoiceCount: 2,
      invoiceValuePaise: paiseOf(120_000),
      freightPayer: 'PAID',
      bookingState: 'NONE',
      lrNumber: null,
      consignee: {
        warehouseId: null,
        gstin: demoGstin('Delhi'),
        contactPhone: '9810012345',
        contactEmail: 'orders@shree.in',
      },
      riskText: "Owner's risk",
      handoverText: 'Pickup from your warehouse',
      appointment: {
        appointmentDate: '2026-11-25',
        slotStart: '10:00',
        slotEnd: '12:00',
        poNumbers: ['PO-7781', 'PO-7782'],
      },
      ewayBillRequired: true,
      booking: { state: 'NONE', stateText: 'Not booked', lines: [], gstPaise: null, totalPaise: null },
      boxNumbers: [],
      tracking: { lrNumber: null, boxCount: 12, boxesDelivered: 0, summary: 'Not booked yet', scans: [] },
      actions: { book: true, cancel: true, documents: false },
    });
    expect(o.invoices).toEqual([
      expect.objectContaining({
        invoiceNumber: 'INV-2211',
        invoiceFileId: invoiceFile,
        ewayBill: null,
        goods: [
          expect.objectContaining({ goodsName: 'Steel tumblers', hsnCode: '73239390', taxPaise: 7_383_05 }),
          expect.objectContaining({ goodsName: 'Steel plates', quantityUnit: 'DOZ', taxPaise: 3_600_00 }),
        ],
        // Bengaluru to Delhi: across states, so IGST
        goodsTax: {
          taxKind: 'IGST',
          taxKindText: 'IGST (across states)',
          taxablePaise: 61_016_95,
          cgstPaise: 0,
          sgstPaise: 0,
          igstPaise: 10_983_05,
          totalPaise: 72_000_00,
        },
      }),
      expect.objectContaining({
        invoiceNumber: 'INV-2212',
        goods: [],
        goodsTax: null,
        ewayBill: expect.objectContaining({
          ewayBillNumber: '391002703919',
          source: 'ENTERED',
          status: 'ACT',
          partB: 'NONE',
        }),
      }),
    ]);
    expect(o.history).toEqual([expect.objectContaining({ kind: 'CREATED', toStatus: 'RTS' })]);
    // the same order read again, and never among the forward orders
    expect(await answer(s, API_B2B.one, { params: { orderId: o.orderId }, token: seller })).toEqual(o);
    const forward = await answer(s, API_ORDERS.orders, { query: { recordsPerPage: 100 }, token: seller });
    expect(forward.items.some((r) => r.orderId === o.orderId)).toBe(false);
    expect((await s.request(pathOf(API_ORDERS.order, { orderId: o.orderId }), { token: seller })).status).toBe(404);
    const [row] = await s.deps.db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(row.orderType).toBe('B2B');
  });

  it('takes the consignee from a consignee warehouse, self-drop, to-pay, with a number of the seller’s own', async () => {
    const o = await answerOf(
      API_B2B.create,
      await create({
        ...order(),
        orderNumber: 'B2B-1001',
        channel: 'AMAZON',
        consignee: null,
        consigneeWarehouseId: consigneeWarehouse,
        freightPayer: 'TO_PAY',
        handover: 'SELF_DROP',
        appointment: null,
        invoices: [{ invoiceNumber: 'INV-9', invoiceDate: '2026-11-19', invoiceValuePaise: paiseOf(38_000) }],
      }),
    );
    expect(o).toMatchObject({
      orderNumber: 'B2B-1001',
      channel: 'AMAZON',
      consignee: { warehouseId: consigneeWarehouse, businessName: 'Shree Retail LLP', state: 'Maharashtra' },
      appointment: null,
      ewayBillRequired: false,
      ewayBillMessage: B2B_MSG.ewayBillNotRequired(paiseOf(50_000)),
    });
    expect(await errorOf(await create({ ...order(), orderNumber: 'b2b-1001' }))).toMatchObject({
      status: 409,
      message: 'An order numbered b2b-1001 already exists',
    });
  });

  const bad = (patch: Record<string, unknown>) => ({ ...order(), ...patch });
  // ₹84.75 + 18 % GST = ₹100.01: the invoice's ₹100 within the rupee of rounding
  const line = (patch: Record<string, unknown>) => ({
    goodsName: 'Steel tumblers',
    hsnCode: '7323',
    quantity: 12,
    quantityUnit: 'NOS',
    taxableValuePaise: 84_75,
    gstRate: 18,
    ...patch,
  });
  const invoice = (patch: Record<string, unknown>) => ({
    invoiceNumber: 'INV-1',
    invoiceDate: '2026-11-18',
    invoiceValuePaise: 100_00,
    ...patch,
  });
  const CASES: [() => unknown, string][] = [
    [() => bad({ originWarehouseId: undefined }), 'Pickup warehouse is required'],
    [() => bad({ consignee: null }), 'Consignee: type the consignee, or choose one of your consignee warehouses'],
    [
      () => bad({ consigneeWarehouseId: 5 }),
      'Consignee: type the consignee, or choose one of your consignee warehouses',
    ],
    [
      () => bad({ consignee: { ...order().consignee, businessName: 'X' } }),
      'Business name must be 2 to 100 characters',
    ],
    [
      () => bad({ consignee: { ...order().consignee, contactPhone: '123' } }),
      'Contact phone: This phone number is invalid',
    ],
    [
      () => bad({ consignee: { ...order().consignee, pincode: '11002' } }),
      'Pincode must be 6 digits and not start with 0',
    ],
    [() => bad({ consignee: { ...order().consignee, pincode: '999999' } }), 'Pincode: unknown pincode 999999'],
    [
      () => bad({ consignee: { ...order().consignee, gstin: demoGstin('Karnataka') } }),
      "GSTIN starts with state code 29, but Delhi's code is 07",
    ],
    [() => bad({ goodsDescription: '' }), 'Description of goods must be 3 to 200 characters'],
    [() => bad({ boxes: [] }), 'Boxes: add at least one box'],
    [
      () => bad({ boxes: [{ lengthCm: 0, breadthCm: 40, heightCm: 40, weightKg: 18, count: 1 }] }),
      'Length (cm) must be a positive number',
    ],
    [
      () => bad({ boxes: [{ lengthCm: 60, breadthCm: 40, heightCm: 40, weightKg: 18, count: 1.5 }] }),
      'Number of boxes must be a whole number',
    ],
    [() => bad({ invoices: [] }), 'Invoices: add at least one invoice'],
    [
      () => bad({ invoices: Array.from({ length: 21 }, (_, i) => invoice({ invoiceNumber: `INV-${i}` })) }),
      'Invoices: at most 20 in one order',
    ],
    [() => bad({ invoices: [invoice({}), invoice({})] }), 'Invoices: each invoice number once'],
    [() => bad({ invoices: [invoice({ invoiceNumber: 'INV 1' })] }), 'Invoice number may use letters, digits, / and -'],
    [() => bad({ invoices: [invoice({ invoiceDate: '2026-02-30' })] }), 'Invoice date is not a real date'],
    [() => bad({ invoices: [invoice({ invoiceValuePaise: 0 })] }), 'Invoice value must be above zero'],
    [() => bad({ invoices: [invoice({ ewayBillNumber: '3910 0270 39' })] }), 'E-way bill number must be 12 digits'],
    [() => bad({ invoices: [invoice({ invoiceFileId: 'not a file' })] }), 'Invoice file must be a file id'],
    [
      () => bad({ invoices: [invoice({ invoiceFileId: 'AAAAAAAAAAAAAAAAAAAAAAAA' })] }),
      'Invoice file of invoice 1: no such file of yours',
    ],
    [() => bad({ invoices: [invoice({ goods: [line({ goodsName: '' })] })] }), 'Goods must be 2 to 100 characters'],
    [() => bad({ invoices: [invoice({ goods: [line({ hsnCode: '63' })] })] }), 'HSN code must be 4 to 8 digits'],
    [() => bad({ invoices: [invoice({ goods: [line({ hsnCode: '630400001' })] })] }), 'HSN code must be 4 to 8 digits'],
    [() => bad({ invoices: [invoice({ goods: [line({ quantity: 0 })] })] }), 'Quantity must be a positive number'],
    [() => bad({ invoices: [invoice({ goods: [line({ quantityUnit: 'CRATE' })] })] }), 'Unit must be one of NOS, PCS'],
    [
      () => bad({ invoices: [invoice({ goods: [line({ taxableValuePaise: 0 })] })] }),
      'Taxable value must be above zero',
    ],
    [() => bad({ invoices: [invoice({ goods: [line({ gstRate: 7 })] })] }), 'GST rate (%) must be one of 0, 0.25'],
    [
      () => bad({ invoices: [invoice({ goods: [line({ taxableValuePaise: 50_00 })] })] }),
      "Goods lines: the lines' taxable values with GST come to ₹59.00, the invoice value is ₹100.00",
    ],
    [() => bad({ freightPayer: 'CONSIGNEE' }), 'Freight paid by must be one of Paid, To pay'],
    [() => bad({ risk: 'NONE' }), 'Risk must be one of Owner, Carrier'],
    [
      () => bad({ handover: 'COURIER' }),
      'Handover must be one of Pickup from your warehouse, Self-drop at the carrier’s hub',
    ],
    [
      () => bad({ channel: 'API' }),
      'Channel must be one of Dakiya panel, Flipkart, Amazon, Shopify, WooCommerce, Magento 2, Wix (B2B orders are not made by API)',
    ],
    [
      () => bad({ appointment: { appointmentDate: '2026-11-25', slotStart: '12:00', slotEnd: '10:00' } }),
      'Slot to must be after the slot’s start',
    ],
    [
      () => bad({ appointment: { appointmentDate: '2026-11-25', slotStart: '9 am', slotEnd: '10:00' } }),
      'Slot from must be a time as HH:MM',
    ],
    [
      () =>
        bad({
          appointment: {
            appointmentDate: '2026-11-25',
            slotStart: '10:00',
            slotEnd: '12:00',
            poNumbers: ['1', '2', '3', '4', '5', '6'],
          },
        }),
      'PO numbers: at most 5',
    ],
    [() => bad({ originWarehouseId: consigneeWarehouse }), 'Pickup warehouse: no such warehouse of yours'],
    [() => bad({ originWarehouseId: meeraOrigin }), 'Pickup warehouse: no such warehouse of yours'],
    [
      () => bad({ consignee: null, consigneeWarehouseId: origin }),
      'Consignee warehouse: no such consignee warehouse of yours',
    ],
  ];
  it.each(CASES.map(([json, message]) => [message, json] as const))('refuses: %s', async (message, json) => {
    const e = await errorOf(await create(json()));
    expect([e.status, e.message]).toEqual([400, expect.stringContaining(message)]);
  });

  const upload = (bytes: string, name: string, token = seller) => {
    const form = new FormData();
    form.set('file', new File([bytes], name));
    return s.request(API_B2B.invoiceFile.path, { method: 'POST', body: form, token });
  };

  it('keeps an invoice’s file as the seller’s private file, a PDF or an image only', async () => {
    const up = await answerOf(API_B2B.invoiceFile, await upload('%PDF-1.4 invoice', 'INV 77.pdf'));
    expect(up).toMatchObject({ contentType: 'application/pdf', byteSize: 16 });
    const o = await answerOf(
      API_B2B.create,
      await create(bad({ invoices: [invoice({ invoiceNumber: 'INV-77', invoiceFileId: up.fileId })] })),
    );
    expect(o.invoices[0].invoiceFileId).toBe(up.fileId);
    const e = await errorOf(await upload('just text', 'invoice.txt'));
    expect([e.status, e.message]).toEqual([415, INVOICE_FILE_TEXT.wrongType]);
    expect((await upload('%PDF-1.4', 'x.pdf', staff)).status).toBe(403);
  });

  it('refuses another seller’s invoice file as none of the seller’s', async () => {
    const theirs = await answerOf(API_B2B.invoiceFile, await upload('%PDF-1.4', 'theirs.pdf', meera));
    const e = await errorOf(await create(bad({ invoices: [invoice({ invoiceFileId: theirs.fileId })] })));
    expect([e.status, e.message]).toEqual([400, 'Invoice file of invoice 1: no such file of yours']);
  });

  it('lists with the spec’s filters, API refused as a source', async () => {
    const all = await answer(s, API_B2B.orders, { token: seller });
    expect(all.items.map((o) => o.orderNumber)).toEqual([
      expect.stringMatching(/^ORD-/),
      'B2B-1001',
      expect.stringMatching(/^ORD-/),
    ]);
    const amazon = await answer(s, API_B2B.orders, { query: { orderSourcesFilter: 'AMAZON' }, token: seller });
    expect(amazon.items.map((o) => o.orderNumber)).toEqual(['B2B-1001']);
    const found = await answer(s, API_B2B.orders, { query: { searchPattern: 'shree retail' }, token: seller });
    expect(found.total).toBe(1);
    const ready = await answer(s, API_B2B.orders, { query: { orderStatusCodes: 'RTS,CAN' }, token: seller });
    expect(ready.total).toBe(3);
    const later = await answer(s, API_B2B.orders, { query: { orderBookedFrom: '2026-11-21' }, token: seller });
    expect(later.total).toBe(0);
    expect((await answer(s, API_B2B.orders, { token: meera })).total).toBe(0);
    for (const [query, message] of [
      [
        'orderSourcesFilter=API',
        'Channel may contain only DAKIYA, FLIPKART, AMAZON, SHOPIFY, WOOCOMMERCE, MAGENTO2, WIX',
      ],
      ['orderStatusCodes=NOPE', 'Status may contain only'],
      ['orderCarrierCodesFilter=XB', 'Courier may contain only GT, DE-LTL'],
      ['orderBookedFrom=2026-11-30&orderBookedTo=2026-11-01', 'Ordered from must be on or before'],
    ]) {
      const e = await errorOf(await s.request(`${API_B2B.orders.path}?${query}`, { token: seller }));
      expect([e.status, e.message]).toEqual([400, expect.stringContaining(message)]);
    }
  });

  it('quotes the order per freight carrier: its boxes, invoices, payer, appointment, and the green tax into Delhi', async () => {
    // the first order: 12 boxes and two invoices of ₹1,20,000 to Delhi
    const o = (
      await answer(s, API_B2B.orders, { query: { searchPattern: 'Shree Distributors' }, token: seller })
    ).items.find((r) => r.invoiceCount === 2)!;
    const q = await answer(s, API_B2B.orderQuotes, { params: { orderId: o.orderId }, token: seller });
    expect(q).toMatchObject({
      originZone: 'S1',
      destinationZone: 'N1',
      originPincode: '560058',
      destinationPincode: '110020',
      greenTax: true,
      oda: false,
    });
    const gati = q.quotes.find((c) => c.carrierCode === 'GT')!;
    // 407 kg on the metro lane: ₹4,070 + fuel ₹407 + docket ₹100 + FOV ₹120 + appointment ₹500 + green tax ₹100
    expect(gati.quote!.lines.map((l) => [l.code, l.amountPaise])).toEqual([
      ['FREIGHT', paiseOf(4070)],
      ['FUEL', paiseOf(407)],
      ['DOCKET', paiseOf(100)],
      ['FOV', paiseOf(120)],
      ['APPOINTMENT', paiseOf(500)],
      ['GREEN_TAX', paiseOf(100)],
    ]);
    expect(gati.quote!.subtotalPaise).toBe(paiseOf(5297));
    expect(gati.quote!.bookingChargePaise).toBe(gati.quote!.totalPaise);
    expect(q.quotes.map((c) => c.carrierCode)).toEqual(['GT', 'DE-LTL']);
    expect((await s.request(pathOf(API_B2B.orderQuotes, { orderId: o.orderId }), { token: meera })).status).toBe(404);
    expect((await s.request(pathOf(API_B2B.one, { orderId: o.orderId }), { token: meera })).status).toBe(404);
  });

  const calc = (json: unknown) => s.request(API_B2B.quote.path, { method: 'POST', json, token: seller });
  const asked = {
    boxes: [{ lengthCm: 60, breadthCm: 40, heightCm: 40, weightKg: 18, count: 12 }],
    invoiceValuePaise: paiseOf(120_000),
    freightPayer: 'PAID',
    risk: 'CARRIER',
  };

  it('the rate calculator: by pincodes, a quote per carrier line by line, or the carrier’s refusal in words', async () => {
    const q = await answerOf(
      API_B2B.quote,
      await calc({ ...asked, originPincode: '560058', destinationPincode: '110020', oda: true }),
    );
    expect(q).toMatchObject({
      originZone: 'S1',
      originZoneName: 'South 1 (Chennai, Bengaluru, Hyderabad)',
      destinationZone: 'N1',
      greenTax: true,
      oda: true,
    });
    const [gati, delhivery] = q.quotes;
    // 407 kg × ₹10 = ₹4,070; fuel ₹407; docket ₹100; carrier's risk 0.3 % of ₹1,20,000 = ₹360;
    // ODA 407 × ₹5 = ₹2,035; green tax ₹100: subtotal ₹7,072, GST ₹1,272.96, total ₹8,344.96
    expect(gati.quote!.lines.map((l) => [l.code, l.amountPaise])).toEqual([
      ['FREIGHT', paiseOf(4070)],
      ['FUEL', paiseOf(407)],
      ['DOCKET', paiseOf(100)],
      ['FOV', paiseOf(360)],
      ['ODA', paiseOf(2035)],
      ['GREEN_TAX', paiseOf(100)],
    ]);
    expect(gati.quote!.lines[0].basis).toBe('407 kg × ₹10.00');
    expect([gati.quote!.totalPaise, gati.refusal]).toEqual([paiseOf(8344.96), null]);
    expect(delhivery).toEqual({
      carrierCode: 'DE-LTL',
      carrierName: 'Delhivery LTL',
      quote: null,
      refusal: B2B_MSG.carrierRiskNotOffered,
    });
    // by regions, the North-East: Delhivery LTL has no such lane
    const byZone = await answerOf(
      API_B2B.quote,
      await calc({ ...asked, risk: 'OWNER', originZone: 'N1', destinationZone: 'NE' }),
    );
    expect(byZone.greenTax).toBe(false);
    expect(byZone.quotes[1].refusal).toBe(B2B_MSG.laneNotServed('N1', 'NE'));
  });

  it.each([
    [{ ...asked }, 'Pickup pincode: give the pickup and delivery pincodes, or the two regions'],
    [{ ...asked, originZone: 'N9', destinationZone: 'N1' }, 'Pickup region must be one of'],
    [{ ...asked, originPincode: '56005', destinationPincode: '110020' }, 'Pickup pincode must be 6 digits'],
    [{ ...asked, originPincode: '999999', destinationPincode: '110020' }, 'Pickup pincode: unknown pincode 999999'],
    [{ ...asked, originZone: 'N1', destinationZone: 'S1', boxes: [] }, 'Boxes: add at least one box'],
    [
      { ...asked, originZone: 'N1', destinationZone: 'S1', invoiceValuePaise: 10.5 },
      'Invoice value must be in whole paise',
    ],
    [
      { ...asked, originZone: 'N1', destinationZone: 'S1', freightPayer: 'X' },
      'Freight paid by must be one of Paid, To pay',
    ],
    [{ ...asked, originZone: 'N1', destinationZone: 'S1', oda: 'yes' }, 'Out of delivery area must be true or false'],
  ])('the rate calculator refuses %j: %s', async (json, message) => {
    const e = await errorOf(await calc(json));
    expect([e.status, e.message]).toEqual([400, expect.stringContaining(message)]);
  });

  it('answers 404 for an order of another type', async () => {
    const { pickupId } = await verifiedPickup(s, meera);
    const id = (await newShippableOrder(s, meera, pickupId)).orderId;
    expect((await s.request(pathOf(API_B2B.one, { orderId: id }), { token: meera })).status).toBe(404);
    expect((await s.request(pathOf(API_B2B.one, { orderId: id }), { token: seller })).status).toBe(404);
  });

  it('is for sellers whose role may view or create orders', async () => {
    expect((await s.request(API_B2B.orders.path)).status).toBe(401);
    expect((await create(order(), staff)).status).toBe(403);
    const owner = await ownerOn(s, 'PREMIUM');
    const viewerRole = await answer(s, API_TEAM.addRole, {
      body: { roleName: 'Order viewer', permissions: ['orders.view'] },
      token: owner.token,
    });
    const viewer = await invitedUser(s, owner.token, 'b2b-viewer@team.test', { teamRoleId: Number(viewerRole.roleId) });
    expect((await s.request(API_B2B.orders.path, { token: viewer.token })).status).toBe(200);
    expect((await create(order(), viewer.token)).status).toBe(403);
    const walletRole = await answer(s, API_TEAM.addRole, {
      body: { roleName: 'Wallet only', permissions: ['wallet.view'] },
      token: owner.token,
    });
    const other = await invitedUser(s, owner.token, 'b2b-wallet@team.test', { teamRoleId: Number(walletRole.roleId) });
    expect((await s.request(API_B2B.orders.path, { token: other.token })).status).toBe(403);
    expect((await s.request(API_B2B.quote.path, { method: 'POST', json: {}, token: other.token })).status).toBe(403);
  });
});
