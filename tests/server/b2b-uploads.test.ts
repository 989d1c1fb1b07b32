import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../src/domain/operation';
import { API_B2B } from '../../src/domain/b2b-contract';
import { paiseOf } from '../../src/domain/money';
import { B2B_ORDER_COLUMNS } from '../../server/modules/uploads/b2b-orders';
import { type TestServer } from './harness';
import { demoTokens, finishedUpload, startDemoServer, startUpload } from './helpers';
import { answer } from './call';
import { CONSIGNEE_WAREHOUSE, OWN_WAREHOUSE } from './b2b-fixtures';

// B2B orders by CSV through the upload engine: one row a box size, rows next to each other with
// the same order reference one order, a row's invoice columns one invoice of it; errors name the
// row and the column by its label.

describe('B2B orders by CSV', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
    await answer(s, API_B2B.addWarehouse, { body: OWN_WAREHOUSE, token: seller });
    await answer(s, API_B2B.addWarehouse, { body: CONSIGNEE_WAREHOUSE, token: seller });
  });
  afterAll(() => s.close());

  /** A row by column name; the rest empty. */
  const row = (cells: Partial<Record<(typeof B2B_ORDER_COLUMNS)[number], string>>) =>
    B2B_ORDER_COLUMNS.map((c) => cells[c] ?? '').join(',');
  const orderCells = {
    originWarehouse: 'Peenya DC',
    consigneeBusinessName: 'Shree Distributors',
    consigneePhone: '9810012345',
    consigneeAddressLine1: '14 Okhla Phase 2',
    consigneePincode: '110020',
    goodsDescription: 'Steel utensils',
    freightPayer: 'paid',
    risk: 'OWNER',
    handover: 'PICKUP',
  };
  const box = { lengthCm: '60', breadthCm: '40', heightCm: '40', weightKg: '18' };

  it('serves the sample: the header and example rows', async () => {
    const res = await s.request(API_B2B.uploads.sample.path, { token: seller });
    expect(res.status).toBe(200);
    const [header, ...rows] = (await res.text()).trim().split(/\r?\n/);
    expect(header).toBe(B2B_ORDER_COLUMNS.join(','));
    expect(rows.length).toBe(4);
  });

  it('makes one order of the rows sharing a reference, and tells each bad row by column label', async () => {
    const csv = [
      B2B_ORDER_COLUMNS.join(','),
      // B2B-2001: two box sizes, two invoices (₹72,000 and ₹48,000), a typed consignee
      row({
        orderReference: 'B2B-2001',
        ...orderCells,
        invoiceNumber: 'INV-1',
        invoiceDate: '2026-11-18',
        invoiceValue: '72000',
        goodsName: 'Steel tumblers',
        hsnCode: '73239390',
        quantity: '1200',
        quantityUnit: 'nos',
        taxableValue: '41016.95',
        gstRate: '18',
        ...box,
        count: '8',
      }),
      // a second goods line of INV-1 on a row of its own, with a box
      row({
        orderReference: 'B2B-2001',
        invoiceNumber: 'INV-1',
        goodsName: 'Steel plates',
        hsnCode: '7323',
        quantity: '40',
        quantityUnit: 'DOZ',
        taxableValue: '20000',
        gstRate: '18',
      }),
      row({
        orderReference: 'B2B-2001',
        invoiceNumber: 'INV-2',
        invoiceDate: '2026-11-18',
        invoiceValue: '48000',
        ewayBillNumber: '391002703919',
        ...box,
        count: '4',
      }),
      // B2B-2002: a consignee warehouse, an appointment
      row({
        orderReference: 'B2B-2002',
        originWarehouse: 'peenya dc',
        consigneeWarehouse: 'Bhiwandi FC',
        goodsDescription: 'Cotton bedsheets',
        freightPayer: 'TO_PAY',
        risk: 'OWNER',
        handover: 'SELF_DROP',
        appointmentDate: '2026-11-25',
        slotStart: '10:00',
        slotEnd: '12:00',
        poNumbers: 'PO-1;PO-2',
        invoiceNumber: 'INV-3',
        invoiceDate: '2026-11-19',
        invoiceValue: '38000',
        ...box,
        count: '6',
      }),
      // B2B-2003: an unknown warehouse, a box of no length on its second row, a value that is no number
      row({
        orderReference: 'B2B-2003',
        ...orderCells,
        originWarehouse: 'Nowhere',
        invoiceNumber: 'INV-4',
        invoiceDate: '2026-11-18',
        invoiceValue: 'lots',
        ...box,
        count: '1',
      }),
      row({ orderReference: 'B2B-2003', ...box, lengthCm: '0', count: '2' }),
      // B2B-2004: the consignee's GSTIN is another state's
      row({
        orderReference: 'B2B-2004',
        ...orderCells,
        consigneeGstin: OWN_WAREHOUSE.gstin!,
        invoiceNumber: 'INV-5',
        invoiceDate: '2026-11-18',
        invoiceValue: '1000',
        ...box,
        count: '1',
      }),
      // B2B-2005: a goods line with a short HSN code; another invoice whose lines do not make its value
      row({
        orderReference: 'B2B-2005',
        ...orderCells,
        invoiceNumber: 'INV-6',
        invoiceDate: '2026-11-18',
        invoiceValue: '1180',
        goodsName: 'Steel tumblers',
        hsnCode: '73',
        quantity: '10',
        quantityUnit: 'NOS',
        taxableValue: '1000',
        gstRate: '18',
        ...box,
        count: '1',
      }),
      row({
        orderReference: 'B2B-2005',
        invoiceNumber: 'INV-7',
        invoiceDate: '2026-11-18',
        invoiceValue: '5000',
        goodsName: 'Steel plates',
        hsnCode: '7323',
        quantity: '10',
        quantityUnit: 'NOS',
        taxableValue: '1000',
        gstRate: '18',
      }),
    ].join('\n');
    const up = await startUpload(s, API_B2B.uploads, csv, 'b2b.csv', seller);
    const done = await finishedUpload(s, API_B2B.uploads, up.uploadId, seller);
    expect(done).toMatchObject({ kind: 'B2B_ORDERS', status: 'DONE' });
    expect(done.result?.rejected).toBeGreaterThan(0);

    const list = await answer(s, API_B2B.orders, { token: seller });
    expect(list.items.map((o) => o.orderNumber).sort()).toEqual(['B2B-2001', 'B2B-2002']);
    const first = list.items.find((o) => o.orderNumber === 'B2B-2001')!;
    expect(first).toMatchObject({ boxCount: 12, invoiceCount: 2, invoiceValuePaise: paiseOf(120_000) });
    const firstWhole = await answer(s, API_B2B.one, { params: { orderId: first.orderId }, token: seller });
    expect(firstWhole.invoices[0].goods.map((l) => [l.goodsName, l.hsnCode, l.quantityUnit])).toEqual([
      ['Steel tumblers', '73239390', 'NOS'],
      ['Steel plates', '7323', 'DOZ'],
    ]);
    expect(firstWhole.invoices[0].goodsTax).toMatchObject({ taxKind: 'IGST', totalPaise: paiseOf(72_000) });
    expect(firstWhole.invoices[1].goods).toEqual([]);
    const second = await answer(s, API_B2B.one, {
      params: { orderId: list.items.find((o) => o.orderNumber === 'B2B-2002')!.orderId },
      token: seller,
    });
    expect(second).toMatchObject({
      consignee: { businessName: 'Shree Retail LLP' },
      freightPayer: 'TO_PAY',
      handover: 'SELF_DROP',
      appointment: { poNumbers: ['PO-1', 'PO-2'] },
      history: [expect.objectContaining({ kind: 'CREATED', note: 'From b2b.csv' })],
    });

    const errors = await (
      await answer(s, API_B2B.uploads.errorCsv, { params: { uploadId: up.uploadId }, token: seller })
    ).text();
    expect(errors).toContain('Pickup warehouse: you have no warehouse of your own named ""Nowhere""');
    expect(errors).toContain('Invoice value (₹) must be a number');
    expect(errors).toContain('Length (cm) must be a positive number');
    expect(errors).toContain("GSTIN starts with state code 29, but Delhi's code is 07");
    expect(errors).toContain('HSN code must be 4 to 8 digits');
    expect(errors).toContain(
      "Taxable value (₹): the lines' taxable values with GST come to ₹1,180.00, the invoice value is ₹5,000.00",
    );
  });

  it('is the seller’s own, for roles that create orders', async () => {
    const [latest] = (await answer(s, API_B2B.uploads.history, { token: seller })).items;
    expect(
      (await s.request(pathOf(API_B2B.uploads.status, { uploadId: latest.uploadId }), { token: meera })).status,
    ).toBe(404);
    expect((await s.request(API_B2B.uploads.sample.path, { token: staff })).status).toBe(403);
    expect((await s.request(API_B2B.uploads.sample.path)).status).toBe(401);
  });
});
