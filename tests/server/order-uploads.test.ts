import { pathOf } from '../../src/domain/operation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_PRODUCTS, API_SETUP, type ProductRow } from '../../src/domain/setup-contract';
import { orders, pickupAddresses } from '../../server/db/schema';
import { parseCsv } from '../../server/modules/uploads/csv-records';
import { csvDate, orderFieldColumn } from '../../server/modules/uploads/order-cells';
import { errorOf, type TestServer } from './harness';
import { answer, answerOf, send } from './call';
import { csvForm, demoTokens, finishedUpload, startDemoServer, uploadRoutes } from './helpers';

const HEADER =
  'orderNumber,orderDate,channel,paymentMethod,fulfilment,buyerName,buyerPhone,buyerEmail,shippingLine1,shippingLine2,shippingPincode,billingLine1,billingLine2,billingPincode,sku,itemName,quantity,unitPrice,taxRatePercent,hsnCode,discount,shippingCharges,packageType,lengthCm,breadthCm,heightCm,deadWeightKg,pickupAddress,paymentModeCode';

/** One order line; `over` replaces cells by column name. */
function line(over: Record<string, string> = {}): string {
  const base: Record<string, string> = {
    orderNumber: '',
    orderDate: '20-11-2026',
    channel: '',
    paymentMethod: 'COD',
    fulfilment: '',
    buyerName: 'Kavya Reddy',
    buyerPhone: '9988776655',
    buyerEmail: '',
    shippingLine1: '12, 4th Cross, Indiranagar',
    shippingLine2: '',
    shippingPincode: '560038',
    billingLine1: '',
    billingLine2: '',
    billingPincode: '',
    sku: 'TYPED-1',
    itemName: 'Handmade Soap',
    quantity: '1',
    unitPrice: '250',
    taxRatePercent: '18',
    hsnCode: '',
    discount: '',
    shippingCharges: '',
    packageType: '',
    lengthCm: '10',
    breadthCm: '10',
    heightCm: '10',
    deadWeightKg: '0.5',
    pickupAddress: '',
    paymentModeCode: '',
  };
  const cells = { ...base, ...over };
  return HEADER.split(',')
    .map((c) => (/[",]/.test(cells[c]) ? `"${cells[c].replace(/"/g, '""')}"` : cells[c]))
    .join(',');
}

describe('orders CSV upload, update-by-CSV and batch history', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  let product: ProductRow;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
    const add = async (entityName: string, phoneNumber: string) =>
      answer(s, API_SETUP.addAddress, {
        body: { entityName, phoneNumber, email: 'p@m.in', addressLine1: 'Johari Bazaar', pincode: '302003' },
        token: meera,
      });
    const primary = await add('Meera Jaipur', '9123456780');
    await add('Meera Sanganer', '9123456781');
    await s.deps.db
      .update(pickupAddresses)
      .set({ verifiedAt: s.clock.now })
      .where(eq(pickupAddresses.id, primary.addressId));
    product = await answer(s, API_PRODUCTS.addProduct, {
      token: meera,
      body: {
        productName: 'Blue Pottery Vase',
        sku: 'BPV-12',
        price: 1450,
        inventoryManagementEnabled: true,
        availableInventory: 10,
        notifyThreshold: 2,
        weightKg: 1.2,
        lengthCm: 15,
        breadthCm: 15,
        heightCm: 30,
        taxRatePercent: 12,
        hsnCode: '6913',
      },
    });
    await answer(s, API_SETUP.addPackageType, {
      body: { packageName: 'Vase carton', packageLength: 20, packageBreadth: 20, packageHeight: 35 },
      token: meera,
    });
  });
  afterAll(() => s.close());

  const upload = (text: string, token = meera, path = API_ORDERS.uploads.upload.path, name = 'orders.csv') =>
    s.request(path, { method: 'POST', body: csvForm(text, name), token });
  const finished = (uploadId: number, ops = API_ORDERS.uploads, token = meera) =>
    finishedUpload(s, ops, uploadId, token);
  const run = async (text: string, ops = API_ORDERS.uploads) =>
    finished((await answerOf(ops.upload, await upload(text, meera, ops.upload.path))).uploadId, ops);
  const errorRows = async (uploadId: number, ops = API_ORDERS.uploads) => {
    const [header, ...rows] = parseCsv(
      (await (await answer(s, ops.errorCsv, { params: { uploadId }, token: meera })).text()).replace(/^\uFEFF/, ''),
    );
    return { header, rows };
  };
  const byNumber = async (n: string) => {
    const page = await answer(s, API_ORDERS.orders, { query: { searchPattern: n }, token: meera });
    // a search finds numbers by their start ("B-1" finds "B-10" too): the exact number, or the one found
    const exact = page.items.find((o) => o.orderNumber === n) ?? page.items[0];
    return answer(s, API_ORDERS.order, { params: { orderId: exact.orderId }, token: meera });
  };

  it('serves a sample CSV that imports as it is: two lines of one order, and an order with a generated number', async () => {
    const res = await s.request(API_ORDERS.uploads.sample.path, { token: meera });
    expect(res.headers.get('content-disposition')).toContain('dakiya-orders-sample.csv');
    const text = (await res.text()).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toBe(HEADER);
    const row = await answerOf(
      API_ORDERS.uploads.upload,
      await upload(text, meera, API_ORDERS.uploads.upload.path, 'sample.csv'),
    );
    expect(row).toMatchObject({ kind: 'ORDERS', status: 'PENDING', totalRows: 3, result: null });
    expect(await finished(row.uploadId)).toMatchObject({
      status: 'DONE',
      percent: 100,
      result: { created: 2, rejected: 0, errorFileUrl: null },
    });
    const web = await byNumber('WEB-1001');
    expect(web).toMatchObject({
      status: 'RTS',
      paymentMethod: 'COD',
      orderDate: '2026-11-21',
      city: 'Bengaluru',
      itemCount: 3,
      subtotalPaise: 204_750,
      discountPaise: 5_000,
      shippingChargesPaise: 4_000,
      totalPaise: 203_750,
      codAmountPaise: 203_750,
      pickup: { entityName: 'Meera Jaipur' },
      dimensions: { lengthCm: 30, breadthCm: 25, heightCm: 6 },
    });
    expect(web.items.map((i) => [i.sku, i.quantity, i.unitPrice])).toEqual([
      ['KURTA-IND-M', 2, 799],
      ['DIYA-BRS-2', 1, 449.5],
    ]);
    expect(web.history[0]).toMatchObject({ kind: 'CREATED', toStatus: 'RTS', note: 'Uploaded from sample.csv' });
    const generated = await byNumber('9123456789');
    expect(generated).toMatchObject({
      channel: 'SHOPIFY',
      paymentMethod: 'PPD',
      codAmountPaise: 0,
      buyerPhone: '9123456789',
      city: 'Mumbai',
    });
    expect(generated.orderNumber).toMatch(/^ORD-\d{6}$/);
  });

  it('creates the good orders and returns every bad row with its row, column and reason, as a CSV that can be fixed and sent again', async () => {
    const lines = [
      HEADER,
      line({
        orderNumber: 'B-1',
        sku: 'BPV-12',
        itemName: '',
        unitPrice: '',
        taxRatePercent: '',
        quantity: '3',
        packageType: 'vase CARTON',
        lengthCm: '',
        breadthCm: '',
        heightCm: '',
      }), // 2: from the catalogue
      line({ orderNumber: 'B-2', buyerPhone: '12345' }), // 3
      line({ orderNumber: 'B-3', shippingPincode: '999999' }), // 4
      line({ orderNumber: 'B-4', quantity: 'two' }), // 5
      line({ orderNumber: 'B-5', paymentMethod: 'CARD' }), // 6
      line({ orderNumber: 'B-6', orderDate: '31-02-2026' }), // 7
      line({ orderNumber: 'B-7', packageType: 'Crate', lengthCm: '', breadthCm: '', heightCm: '' }), // 8
      line({ orderNumber: 'B-8', pickupAddress: 'Meera Sanganer' }), // 9
      line({ orderNumber: 'B-9', lengthCm: '' }), // 10
      line({ orderNumber: 'B-10', sku: 'NOT-IN-CATALOGUE', itemName: '' }), // 11
      line({ orderNumber: 'B-11', taxRatePercent: '7' }), // 12
      line({ orderNumber: 'B-12' }), // 13: first line of a two-line order ...
      line({ orderNumber: 'B-12', quantity: '0' }), // 14: ... whose second line is bad
      line({ orderNumber: 'B-1', buyerName: 'Someone Else' }), // 15: B-1 again, not next to its lines
      line({ orderNumber: 'WEB-1001' }), // 16: taken by the sample upload
      line({ orderNumber: 'B-13', discount: '900' }), // 17
      line({
        orderNumber: 'B-14',
        buyerName: 'Kavya Reddy',
        billingLine1: 'Office 3, MG Road',
        billingPincode: '400001',
        channel: 'amazon',
        fulfilment: 'easy',
      }), // 18
      line({ orderNumber: 'B-15', buyerPhone: "'+91 99887 76655", buyerEmail: 'KAVYA@EXAMPLE.IN' }), // 19: the error file's apostrophe
      line({ orderNumber: 'B-17', discount: 'lots', orderDate: '31-02-2026', paymentMethod: 'CARD' }), // 20: three problems, all told
    ];
    const done = await run(lines.join('\n'));
    expect(done).toMatchObject({
      status: 'DONE',
      totalRows: 19,
      processedRows: 19,
      result: { created: 3, errorFileUrl: pathOf(API_ORDERS.uploads.errorCsv, { uploadId: done.uploadId }) },
    });
    const { header, rows } = await errorRows(done.uploadId);
    expect(header.join(',')).toBe(`${HEADER},errorRow,errorColumn,errorReason`);
    expect(rows.map((r) => r.slice(-3))).toEqual([
      ['3', 'buyerPhone', 'Buyer phone: This phone number is invalid'],
      ['4', 'shippingPincode', 'Shipping pincode: unknown pincode 999999'],
      ['5', 'quantity', 'Quantity must be a whole number, not "two"'],
      ['6', 'paymentMethod', 'Payment method must be PPD (prepaid) or COD'],
      ['7', 'orderDate', 'Order date must be a date as dd-mm-yyyy or yyyy-mm-dd'],
      [
        '8',
        'packageType',
        'Package type: no active package type "Crate": add it under Setup → Package types, or give Length (cm), Breadth (cm) and Height (cm)',
      ],
      ['9', 'pickupAddress', 'Pickup address: verify the phone of Meera Sanganer before shipping from it'],
      ['10', 'lengthCm', 'Length (cm) is required when there is no package type'],
      ['11', 'itemName', 'SKU NOT-IN-CATALOGUE is not in your catalogue: give Item name, Unit price and Tax rate'],
      ['12', 'taxRatePercent', 'Tax rate must be one of 0, 0.25, 3, 5, 12, 18, 28, 40'],
      ['13', '', 'Not imported: row 14 of the same order has an error'],
      ['14', 'quantity', 'Quantity must be at least 1'],
      [
        '15',
        'orderNumber',
        "Order number B-1 appears earlier in this file (row 2); put an order's lines one under another",
      ],
      ['16', 'orderNumber', 'Order number WEB-1001 already exists'],
      ['17', 'discount', 'Discount cannot be more than the items and shipping'],
      [
        '20',
        'discount, orderDate, paymentMethod',
        'Discount must be a number, not "lots"; Order date must be a date as dd-mm-yyyy or yyyy-mm-dd; Payment method must be PPD (prepaid) or COD',
      ],
    ]);
    expect(done.result!.rejected).toBe(16);
    // the row as sent comes first
    expect(rows[0].slice(0, 7)).toEqual(['B-2', '20-11-2026', '', 'COD', '', 'Kavya Reddy', '12345']);

    const b1 = await byNumber('B-1');
    expect(b1).toMatchObject({
      packageTypeId: expect.any(Number),
      dimensions: { lengthCm: 20, breadthCm: 20, heightCm: 35 },
      totalPaise: 435_000,
    });
    expect(b1.items).toEqual([
      {
        productId: product.productId,
        name: 'Blue Pottery Vase',
        sku: 'BPV-12',
        quantity: 3,
        unitPrice: 1450,
        taxRatePercent: 12,
        hsnCode: '6913',
      },
    ]);
    expect(
      (await answer(s, API_PRODUCTS.product, { params: { productId: product.productId }, token: meera }))
        .availableInventory,
    ).toBe(7);
    expect(await byNumber('B-14')).toMatchObject({
      channel: 'AMAZON',
      fulfilment: 'EASY',
      billing: { city: 'Mumbai', line1: 'Office 3, MG Road' },
      city: 'Bengaluru',
    });
    expect(await byNumber('B-15')).toMatchObject({ buyerPhone: '9988776655', buyerEmail: 'kavya@example.in' });
    // one customer per phone, counting each order
    const customers = await answer(s, API_PRODUCTS.customers, { query: { searchPattern: '9988776655' }, token: meera });
    expect(customers.items.map((c) => [c.entityName, c.ordersCount, c.email])).toEqual([
      ['Kavya Reddy', 3, 'kavya@example.in'],
    ]);

    // fixed in place and uploaded again (error columns and all), the rejected orders go in
    const fixes: Record<string, Record<string, string>> = {
      3: { buyerPhone: '9876501234' },
      4: { shippingPincode: '560001' },
      5: { quantity: '2' },
      6: { paymentMethod: 'PPD' },
      7: { orderDate: '28-02-2026' },
      8: { packageType: 'Vase carton' },
      9: { pickupAddress: 'Meera Jaipur' },
      10: { lengthCm: '10' },
      11: { itemName: 'Neem Comb' },
      12: { taxRatePercent: '5' },
      14: { quantity: '1' },
      15: { orderNumber: 'B-16' },
      16: { orderNumber: 'WEB-1002' },
      17: { discount: '90' },
      20: { discount: '90', orderDate: '28-02-2026', paymentMethod: 'PPD' },
    };
    const fixedRows = rows.map((r) => r.map((cell, i) => fixes[r[header.indexOf('errorRow')]]?.[header[i]] ?? cell));
    const quote = (c: string) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
    const again = await run([header, ...fixedRows].map((r) => r.map(quote).join(',')).join('\r\n'));
    expect(again.result).toMatchObject({ created: 15, rejected: 0 });
  });

  it('reads dates as sellers type them and maps each rule to its column', () => {
    expect(['21-11-2026', '1/2/2026', '2026-11-21', '29-02-2028', '29-02-2027', '2026/11/21', ''].map(csvDate)).toEqual(
      ['2026-11-21', '2026-02-01', '2026-11-21', '2028-02-29', null, null, null],
    );
    expect(orderFieldColumn(['shipping', 'pincode'], '')).toBe('shippingPincode');
    expect(orderFieldColumn(['items', 2, 'name'], '')).toBe('itemName');
    expect(orderFieldColumn(['pickupAddressId'], '')).toBe('pickupAddress');
    expect(orderFieldColumn([], 'billing: give the billing address')).toBe('billingLine1');
  });

  it.each([
    ['an empty file', '', 'The file is empty'],
    ['a header without rows', `${HEADER}\n`, 'The file has a header but no order rows'],
    [
      'a missing column',
      'orderNumber,buyerName\nA,B',
      'Missing columns paymentMethod, buyerPhone, shippingLine1, shippingPincode, sku, quantity, deadWeightKg',
    ],
    ['an unknown column', `${HEADER},giftWrap\n${line()}`, 'Unknown column giftWrap'],
  ])('refuses %s at once', async (_, text, message) => {
    const e = await errorOf(await upload(text));
    expect(e.status).toBe(400);
    expect(e.message).toContain(message);
  });

  it('updates existing orders by CSV: only filled cells change, shipped or cancelled orders and unknown numbers are refused', async () => {
    const cancelled = await byNumber('B-14');
    await answer(s, API_ORDERS.cancel, { params: { orderId: cancelled.orderId }, token: meera });
    const text = [
      'orderNumber,deadWeightKg,lengthCm,breadthCm,heightCm,packageType,paymentMethod,buyerName,buyerPhone,buyerEmail,shippingLine1,shippingLine2,shippingPincode,pickupAddress',
      'b-1,2.75,,,,,PPD,,,,,,,', // 2
      'B-15,,40,30,20,,,Kavya R,,,"22, Brigade Road",,560025,', // 3
      'B-14,1,,,,,,,,,,,,', // 4: cancelled
      'NOPE-1,1,,,,,,,,,,,,', // 5
      'B-16,,,,,,,,,,,,,', // 6: nothing to change
      'B-15,3,,,,,,,,,,,,', // 7: B-15 again
      'WEB-1001,-1,,,,,,,,,,,,', // 8
      'WEB-1002,,,,,Crate,,,,,,,,', // 9
    ].join('\n');
    const done = await run(text, API_ORDERS.updates);
    expect(done).toMatchObject({ kind: 'ORDER_UPDATES', status: 'DONE', result: { created: 2, rejected: 6 } });
    expect((await errorRows(done.uploadId, API_ORDERS.updates)).rows.map((r) => r.slice(-3))).toEqual([
      ['4', 'orderNumber', 'An order that is Cancelled cannot be edited'],
      ['5', 'orderNumber', 'Order number: no order NOPE-1'],
      ['6', 'orderNumber', 'Nothing to change: fill at least one column besides orderNumber'],
      ['7', 'orderNumber', 'Order B-15 is changed earlier in this file (row 3); put all its changes in one row'],
      ['8', 'deadWeightKg', 'Dead weight (kg) must be a positive number'],
      ['9', 'packageType', 'Package type: no active package type "Crate"'],
    ]);
    const b1 = await byNumber('B-1');
    expect(b1).toMatchObject({
      deadWeightKg: 2.75,
      paymentMethod: 'PPD',
      codAmountPaise: 0,
      dimensions: { lengthCm: 20, breadthCm: 20, heightCm: 35 },
    });
    expect(b1.history.at(-1)).toMatchObject({
      kind: 'EDITED',
      note: 'Updated from orders.csv: deadWeightKg, paymentMethod',
    });
    expect(await byNumber('B-15')).toMatchObject({
      packageTypeId: null,
      dimensions: { lengthCm: 40, breadthCm: 30, heightCm: 20 },
      buyerName: 'Kavya R',
      shipping: { line1: '22, Brigade Road', pincode: '560025', city: 'Bengaluru' },
    });
    const sample = await s.request(API_ORDERS.updates.sample.path, { token: meera });
    expect((await sample.text()).replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'orderNumber,deadWeightKg,lengthCm,breadthCm,heightCm,packageType,paymentMethod,buyerName,buyerPhone,buyerEmail,shippingLine1,shippingLine2,shippingPincode,pickupAddress',
    );
  });

  it('keeps upload and batch history per seller, with each batch’s orders by where they are now', async () => {
    const history = await answer(s, API_ORDERS.uploads.history, { token: meera });
    expect(history).toMatchObject({ pageNumber: 0, recordsPerPage: 10, total: 3 });
    expect(history.items.every((u) => u.kind === 'ORDERS')).toBe(true);
    expect((await answer(s, API_ORDERS.uploads.latest, { token: meera }))?.uploadId).toBe(history.items[0].uploadId);
    expect((await answer(s, API_ORDERS.updates.history, { token: meera })).total).toBe(1);
    const batches = await answer(s, API_ORDERS.batches, { token: meera });
    expect(batches.items.map((b) => [b.fileName, b.orders, b.readyToShip, b.cancelled, b.rowsRejected])).toEqual([
      ['orders.csv', 15, 15, 0, 0],
      ['orders.csv', 3, 2, 1, 16],
      ['sample.csv', 2, 2, 0, 0],
    ]);
    // the list opens one batch
    const second = batches.items[1].batchId;
    const inBatch = await answer(s, API_ORDERS.orders, {
      query: { batchId: second, recordsPerPage: 50 },
      token: meera,
    });
    expect(inBatch.items.map((o) => o.orderNumber).sort()).toEqual(['B-1', 'B-14', 'B-15']);
    expect((await errorOf(await s.request(`${API_ORDERS.orders.path}?batchId=x`, { token: meera }))).message).toBe(
      'Upload batch must be a number',
    );
    expect(await s.deps.db.$count(orders, eq(orders.uploadBatchId, second))).toBe(3);

    // another seller sees none of it
    expect((await answer(s, API_ORDERS.batches, { token: seller })).total).toBe(0);
    expect((await answer(s, API_ORDERS.uploads.history, { token: seller })).total).toBe(0);
    const upload2 = { params: { uploadId: second } };
    expect((await send(s, API_ORDERS.uploads.status, { ...upload2, token: seller })).status).toBe(404);
    expect((await send(s, API_ORDERS.uploads.errorCsv, { ...upload2, token: seller })).status).toBe(404);
    // an order upload is not a products upload, nor an update upload
    expect((await send(s, API_PRODUCTS.uploads.status, { ...upload2, token: meera })).status).toBe(404);
    expect((await send(s, API_ORDERS.updates.status, { ...upload2, token: meera })).status).toBe(404);
  });

  it('is for sellers only', async () => {
    for (const [method, path] of [
      ...uploadRoutes(API_ORDERS.uploads),
      ['POST', API_ORDERS.updates.upload.path],
      ['GET', API_ORDERS.batches.path],
    ] as const) {
      expect(
        (
          await s.request(path, {
            method,
            body: method === 'POST' ? csvForm(`${HEADER}\n${line()}`) : undefined,
            token: staff,
          })
        ).status,
      ).toBe(403);
      expect((await s.request(path, { method })).status).toBe(401);
    }
  });

  it('tells every problem of a row at once, each under its column as the header names it and in the seller’s words', async () => {
    const lines = [
      HEADER,
      // 2: three problems: a phone the order form refuses, a payment method and a pincode we do not know
      line({ orderNumber: 'ALL-1', buyerPhone: '12345', paymentMethod: 'CARD', shippingPincode: '999999' }),
      // 3 and 4: one order whose two lines each have their own problems
      line({ orderNumber: 'ALL-2', quantity: 'two', unitPrice: 'free' }),
      line({ orderNumber: 'ALL-2', sku: 'NOT-IN-CATALOGUE', itemName: '', taxRatePercent: '7' }),
      line({ orderNumber: 'ALL-3' }), // 5: good
    ];
    const done = await run(lines.join('\n'));
    expect(done.result).toMatchObject({ created: 1, rejected: 3 });
    const { header, rows } = await errorRows(done.uploadId);
    expect(header).toEqual([...HEADER.split(','), 'errorRow', 'errorColumn', 'errorReason']);
    expect(rows.map((r) => r.slice(-3))).toEqual([
      [
        '2',
        'paymentMethod, shippingPincode, buyerPhone',
        'Payment method must be PPD (prepaid) or COD; Shipping pincode: unknown pincode 999999; Buyer phone: This phone number is invalid',
      ],
      [
        '3',
        'quantity, unitPrice',
        'Quantity must be a whole number, not "two"; Unit price must be a number, not "free"',
      ],
      [
        '4',
        'itemName, taxRatePercent',
        'SKU NOT-IN-CATALOGUE is not in your catalogue: give Item name, Unit price and Tax rate; Tax rate must be one of 0, 0.25, 3, 5, 12, 18, 28, 40',
      ],
    ]);
    // each rejected row as sent, under the sample's header
    expect(rows[0][HEADER.split(',').indexOf('buyerPhone')]).toBe('12345');
    expect(rows[0][HEADER.split(',').indexOf('paymentMethod')]).toBe('CARD');

    const update = await run(
      [
        'orderNumber,deadWeightKg,lengthCm,breadthCm,heightCm,packageType,paymentMethod,buyerName,buyerPhone,buyerEmail,shippingLine1,shippingLine2,shippingPincode,pickupAddress',
        'ALL-3,heavy,,,,,CARD,,12345,,,,,', // three problems
      ].join('\n'),
      API_ORDERS.updates,
    );
    expect(update.result).toMatchObject({ created: 0, rejected: 1 });
    expect((await errorRows(update.uploadId, API_ORDERS.updates)).rows.map((r) => r.slice(-3))).toEqual([
      [
        '2',
        'deadWeightKg, paymentMethod, buyerPhone',
        'Dead weight (kg) must be a number, not "heavy"; Payment method must be PPD or COD; Buyer phone: This phone number is invalid',
      ],
    ]);
  });
});
