import { pathOf } from '../../src/domain/operation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_PRODUCTS, API_SETUP, exportPath, type ProductRow } from '../../src/domain/setup-contract';
import { FORWARD_STATUS_CODES, FORWARD_TRANSITIONS, type ForwardStatus } from '../../src/domain/order-status';
import { orders, pickupAddresses } from '../../server/db/schema';
import { errorOf, type TestServer } from './harness';
import { answer, answerOf } from './call';
import { csvLines, demoTokens, shippableOrderBody, startDemoServer, verifiedPickup } from './helpers';

describe('orders', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  let pickupId: number;
  let unverifiedId: number;
  let product: ProductRow;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
    const add = async (entityName: string, phoneNumber: string, token = meera) =>
      answer(s, API_SETUP.addAddress, {
        body: { entityName, phoneNumber, email: 'p@m.in', addressLine1: 'Johari Bazaar', pincode: '302003' },
        token,
      });
    // Meera (Pro) keeps two addresses: one verified, one not
    pickupId = (await add('Meera Jaipur', '9123456780')).addressId;
    unverifiedId = (await add('Meera Sanganer', '9123456781')).addressId;
    await s.deps.db.update(pickupAddresses).set({ verifiedAt: s.clock.now }).where(eq(pickupAddresses.id, pickupId));
    product = await answer(s, API_PRODUCTS.addProduct, {
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
      },
      token: meera,
    });
  });
  afterAll(() => s.close());

  const ORDER = () => ({
    orderDate: '2026-11-19',
    paymentMethod: 'COD',
    buyerName: 'Kavya Reddy',
    buyerPhone: '+91 99887 76655',
    buyerEmail: 'Kavya@Example.in',
    shipping: { line1: '12, 4th Cross, Indiranagar', line2: '', pincode: '560038' },
    items: [
      {
        productId: product.productId,
        name: 'Blue Pottery Vase',
        sku: 'BPV-12',
        quantity: 2,
        unitPrice: 1450,
        taxRatePercent: 12,
        hsnCode: '6913',
      },
    ],
    shippingCharges: 60,
    discount: 100,
    lengthCm: 20,
    breadthCm: 20,
    heightCm: 32,
    deadWeightKg: 2.5,
    pickupAddressId: pickupId,
  });
  const create = (json: unknown, token = meera) => s.request(API_ORDERS.orders.path, { method: 'POST', json, token });
  const list = async (query = '', token = meera) =>
    answerOf(API_ORDERS.orders, await s.request(`${API_ORDERS.orders.path}${query}`, { token }));

  it('creates a COD order: generated number, city from the pincode, totals, weights, history, customer and stock', async () => {
    const o = await answerOf(API_ORDERS.create, await create(ORDER()));
    expect(o).toMatchObject({
      orderNumber: 'ORD-000001',
      status: 'RTS',
      statusText: 'Ready To Ship',
      channel: 'DAKIYA',
      fulfilment: 'SELF',
      buyerPhone: '9988776655',
      buyerEmail: 'kavya@example.in',
      city: 'Bengaluru',
      state: 'Karnataka',
      subtotalPaise: 290_000,
      totalPaise: 286_000,
      codAmountPaise: 286_000,
      itemCount: 2,
      volWeightKg: 2.56,
      chargedWeightKg: 3,
      pickup: { addressId: pickupId, entityName: 'Meera Jaipur', city: 'Jaipur' },
      billing: { pincode: '560038', city: 'Bengaluru' },
      actions: { edit: true, cancel: true, archive: true, clone: true, escalate: false, ship: true, return: false },
    });
    expect(o.history.map((h) => [h.kind, h.toStatus])).toEqual([['CREATED', 'RTS']]);
    const customers = await answer(s, API_PRODUCTS.customers, { token: meera });
    expect(customers.items.map((c) => [c.entityName, c.ordersCount])).toEqual([['Kavya Reddy', 1]]);
    expect(
      (await answer(s, API_PRODUCTS.product, { params: { productId: product.productId }, token: meera }))
        .availableInventory,
    ).toBe(8);
  });

  it('checks custom order numbers for uniqueness within the seller', async () => {
    expect(await answer(s, API_ORDERS.numberAvailable, { query: { orderNumber: 'ord-000001' }, token: meera })).toEqual(
      { available: false, message: 'Order number ord-000001 already exists' },
    );
    expect(await answer(s, API_ORDERS.numberAvailable, { query: { orderNumber: 'SHOP-1001' }, token: meera })).toEqual({
      available: true,
      message: 'SHOP-1001 is available',
    });
    expect(
      (await answer(s, API_ORDERS.numberAvailable, { query: { orderNumber: 'bad number' }, token: meera })).available,
    ).toBe(false);
    expect(
      (await answer(s, API_ORDERS.numberAvailable, { query: { orderNumber: 'ORD-000001' }, token: seller })).available,
    ).toBe(true);
    const custom = await answerOf(
      API_ORDERS.create,
      await create({
        ...ORDER(),
        orderNumber: 'SHOP-1001',
        paymentMethod: 'PPD',
        billingSameAsShipping: false,
        billing: { line1: 'MG Road', pincode: '400001' },
      }),
    );
    expect(custom).toMatchObject({ orderNumber: 'SHOP-1001', codAmountPaise: 0, billing: { city: 'Mumbai' } });
    expect(await errorOf(await create({ ...ORDER(), orderNumber: 'shop-1001' }))).toMatchObject({
      status: 409,
      message: 'Order number shop-1001 already exists',
    });
  });

  it.each([
    [{ buyerPhone: '12345' }, 'Buyer phone: This phone number is invalid'],
    [{ buyerName: 'K' }, 'Buyer name must be 2 to 60 characters'],
    [{ buyerEmail: 'kavya@' }, 'Buyer email: This email is invalid'],
    [{ paymentMethod: 'CARD' }, 'Payment method must be one of Prepaid, Cash on delivery'],
    [{ channel: 'MEESHO' }, 'Channel must be one of Dakiya panel, Dakiya API'],
    [{ fulfilment: 'FBA' }, 'Fulfilment must be one of Self-fulfilled, Fulfilled by Dakiya'],
    [{ orderDate: '19-11-2026' }, 'Order date must be a date as yyyy-mm-dd'],
    [{ orderNumber: 'has space' }, 'Order number may use letters, digits'],
    [{ items: [] }, 'Products: add at least one product'],
    [
      { items: [{ name: 'Vase', sku: 'V', quantity: 0, unitPrice: 1, taxRatePercent: 12 }] },
      'Quantity must be at least 1',
    ],
    [{ items: [{ name: 'Vase', sku: 'V', quantity: 1, unitPrice: 1, taxRatePercent: 7 }] }, 'Tax rate must be one of'],
    [
      {
        discount: 0,
        items: [{ productId: 99999, name: 'Vase', sku: 'V', quantity: 1, unitPrice: 1, taxRatePercent: 12 }],
      },
      'Products: no such product of yours (99999)',
    ],
    [{ discount: 100_000 }, 'Discount cannot be more than the items and shipping'],
    [{ deadWeightKg: 0 }, 'Dead weight (kg) must be a positive number'],
    [{ lengthCm: null }, 'package: choose a package type or give length, breadth and height'],
    [{ packageTypeId: 9999 }, 'Package: no such package type of yours'],
    [{ shipping: { line1: 'Somewhere', pincode: '999999' } }, 'Shipping address pincode: Unknown pincode 999999'],
    [{ billingSameAsShipping: false }, 'Billing address: give the billing address, or mark it the same as shipping'],
    [{ pickupAddressId: undefined }, 'Pickup address is required'],
    [{ pickupAddressId: 0 }, 'Pickup address must be a whole number'],
  ])('refuses %j: %s', async (change, message) => {
    const e = await errorOf(await create({ ...ORDER(), ...change }));
    expect(e.status).toBe(400);
    expect(e.message).toContain(message);
  });

  it('ships only from a verified pickup address of the seller', async () => {
    expect((await errorOf(await create({ ...ORDER(), pickupAddressId: unverifiedId }))).message).toBe(
      'Pickup address: verify the phone of Meera Sanganer before shipping from it',
    );
    expect((await errorOf(await create({ ...ORDER(), pickupAddressId: pickupId }, seller))).message).toBe(
      'Pickup address: no such pickup address of yours',
    );
  });

  it('edits weight, number, products and sender address before shipping, and keeps the history', async () => {
    const { orderId } = await answerOf(API_ORDERS.create, await create(ORDER()));
    const resized = await answer(s, API_ORDERS.dimensions, {
      params: { orderId },
      body: { lengthCm: 30, breadthCm: 30, heightCm: 30, deadWeightKg: 1 },
      token: meera,
    });
    expect(resized).toMatchObject({ deadWeightKg: 1, volWeightKg: 5.4, chargedWeightKg: 5.5 });
    expect(
      (
        await errorOf(
          await s.request(pathOf(API_ORDERS.dimensions, { orderId }), {
            method: 'POST',
            json: { lengthCm: 30, breadthCm: 30, heightCm: 0, deadWeightKg: 1 },
            token: meera,
          }),
        )
      ).message,
    ).toContain('Height (cm) must be a positive number');
    const renumbered = await answer(s, API_ORDERS.orderNumber, {
      params: { orderId },
      body: { orderNumber: 'SHOP-2001' },
      token: meera,
    });
    expect(renumbered.orderNumber).toBe('SHOP-2001');
    expect(
      (
        await errorOf(
          await s.request(pathOf(API_ORDERS.orderNumber, { orderId }), {
            method: 'PUT',
            json: { orderNumber: 'SHOP-1001' },
            token: meera,
          }),
        )
      ).message,
    ).toBe('Order number SHOP-1001 already exists');
    const reproduct = await answer(s, API_ORDERS.products, {
      params: { orderId },
      body: {
        items: [{ name: 'Lac Bangles', sku: 'LAC-12', quantity: 3, unitPrice: 399, taxRatePercent: 3 }],
        shippingCharges: 0,
      },
      token: meera,
    });
    expect(reproduct).toMatchObject({
      totalPaise: 119_700,
      codAmountPaise: 119_700,
      items: [{ sku: 'LAC-12', quantity: 3 }],
    });
    expect(
      (
        await errorOf(
          await s.request(pathOf(API_ORDERS.senderAddress, { orderId }), {
            method: 'PUT',
            json: { pickupAddressId: unverifiedId },
            token: meera,
          }),
        )
      ).status,
    ).toBe(400);
    const detail = await answer(s, API_ORDERS.order, { params: { orderId }, token: meera });
    expect(detail.history.map((h) => h.kind)).toEqual(['CREATED', 'EDITED', 'EDITED', 'EDITED']);
    expect(detail.history[1].note).toBe('Package 30×30×30 cm, 1 kg (was 20×20×32 cm, 2.5 kg)');
  });

  it('clones an order with a fresh number, and cancels only what the status allows', async () => {
    const original = await answerOf(API_ORDERS.create, await create(ORDER()));
    const clone = await answer(s, API_ORDERS.clone, { params: { orderId: original.orderId }, token: meera });
    expect(clone).toMatchObject({
      status: 'RTS',
      buyerName: 'Kavya Reddy',
      totalPaise: original.totalPaise,
      clonedFromId: original.orderId,
    });
    expect(clone.orderNumber).not.toBe(original.orderNumber);
    expect(clone.history[0]).toMatchObject({ kind: 'CLONED', note: `Cloned from ${original.orderNumber}` });
    const cancelled = await answer(s, API_ORDERS.cancel, { params: { orderId: clone.orderId }, token: meera });
    expect(cancelled).toMatchObject({
      status: 'CAN',
      statusText: 'Cancelled',
      actions: { edit: false, cancel: false, archive: true },
    });
    expect(
      await errorOf(
        await s.request(pathOf(API_ORDERS.cancel, { orderId: clone.orderId }), { method: 'PUT', token: meera }),
      ),
    ).toMatchObject({ status: 409, message: 'An order that is Cancelled cannot be cancelled' });
    expect(
      await errorOf(
        await s.request(pathOf(API_ORDERS.dimensions, { orderId: clone.orderId }), {
          method: 'POST',
          json: { lengthCm: 1, breadthCm: 1, heightCm: 1, deadWeightKg: 1 },
          token: meera,
        }),
      ),
    ).toMatchObject({ status: 409, message: 'An order that is Cancelled cannot be edited' });
  });

  it('enforces every status for every action (allowed and refused)', async () => {
    const { orderId } = await answerOf(API_ORDERS.create, await create(ORDER()));
    const at = (status: ForwardStatus) =>
      s.deps.db.update(orders).set({ status, escalatedAt: null }).where(eq(orders.id, orderId));
    for (const status of FORWARD_STATUS_CODES) {
      await at(status);
      const cancel = await s.request(pathOf(API_ORDERS.cancel, { orderId }), { method: 'PUT', token: meera });
      expect(cancel.status, `cancel from ${status}`).toBe(FORWARD_TRANSITIONS[status].includes('CAN') ? 200 : 409);
      await at(status);
      const escalate = await s.request(pathOf(API_ORDERS.escalation, { orderId }), {
        method: 'POST',
        json: { reason: 'Stuck at the hub for days' },
        token: meera,
      });
      expect(escalate.status, `escalate from ${status}`).toBe(
        // a split order with packages on the move (Partially Shipped or Delivered) escalates too
        ['PKP_SCH', 'PKD', 'INT', 'OFD', 'NDR', 'RTO_INT', 'PART_SHP', 'PART_DLV'].includes(status) ? 200 : 409,
      );
      await at(status);
      const archive = await s.request(API_ORDERS.archive.path, {
        method: 'PUT',
        json: { orderIds: [orderId], archived: true },
        token: meera,
      });
      const result = await answerOf(API_ORDERS.archive, archive);
      expect(result.done.length, `archive from ${status}`).toBe(
        ['RTS', 'DLV', 'RTO_DLV', 'LST', 'DMG', 'CAN'].includes(status) ? 1 : 0,
      );
      await answer(s, API_ORDERS.archive, { body: { orderIds: [orderId], archived: false }, token: meera });
    }
    await at('INT');
    await answer(s, API_ORDERS.escalation, {
      params: { orderId },
      body: { reason: 'Stuck at the hub for days' },
      token: meera,
    });
    expect(
      await errorOf(
        await s.request(pathOf(API_ORDERS.escalation, { orderId }), {
          method: 'POST',
          json: { reason: 'Again please' },
          token: meera,
        }),
      ),
    ).toMatchObject({ status: 409 });
    expect(
      (
        await errorOf(
          await s.request(pathOf(API_ORDERS.escalation, { orderId }), {
            method: 'POST',
            json: { reason: 'no' },
            token: meera,
          }),
        )
      ).message,
    ).toContain('Reason must be 5 to 300 characters');
    await at('RTS');
  });

  it('archives in bulk, keeps archived orders out of the default list and the tab counts', async () => {
    const a = await answerOf(
      API_ORDERS.create,
      await create({ ...ORDER(), buyerName: 'Archie Sharma', buyerPhone: '9000000011' }),
    );
    const result = await answer(s, API_ORDERS.archive, {
      body: { orderIds: [a.orderId, 999999], archived: true },
      token: meera,
    });
    expect(result).toEqual({ done: [a.orderId], refused: [{ orderId: 999999, reason: 'No such order' }] });
    expect((await list('?searchPattern=Archie')).total).toBe(0);
    expect((await list('?searchPattern=Archie&archived=true')).items.map((o) => o.orderId)).toEqual([a.orderId]);
    const counts = await answer(s, API_ORDERS.counts, { token: meera });
    expect(counts.CAN).toBe(1);
    expect(
      (
        await errorOf(
          await s.request(API_ORDERS.archive.path, {
            method: 'PUT',
            json: { orderIds: [], archived: true },
            token: meera,
          }),
        )
      ).message,
    ).toContain('Orders: choose at least one order');
  });

  it('filters the list: each filter excludes what a wrong filter would include', async () => {
    const base = await answerOf(
      API_ORDERS.create,
      await create({
        ...ORDER(),
        buyerName: 'Filter Person',
        buyerPhone: '9111111111',
        channel: 'SHOPIFY',
        paymentMethod: 'PPD',
        fulfilment: 'EASY',
        orderDate: '2026-11-01',
      }),
    );
    await s.deps.db
      .update(orders)
      .set({
        awb: 'DKY123456789',
        carrierCode: 'DE',
        shipmentBookedAt: new Date('2026-11-02T10:00:00+05:30'),
        inTransitStatus: 'REACHED_HUB',
        rtoAt: new Date('2026-11-05T09:00:00+05:30'),
        status: 'INT',
      })
      .where(eq(orders.id, base.orderId));
    const only = async (q: string) => (await list(q)).items.map((o) => o.orderId);
    expect(await only('?orderStatusCodes=INT')).toEqual([base.orderId]);
    expect(await only('?orderSourcesFilter=SHOPIFY')).toEqual([base.orderId]);
    expect(await only('?orderFulfillmentTypeFilter=EASY')).toEqual([base.orderId]);
    expect(await only('?orderPaymentMethodFilter=PPD&orderStatusCodes=INT')).toEqual([base.orderId]);
    expect(await only('?orderCarrierCodesFilter=DE,XB')).toEqual([base.orderId]);
    expect(await only('?inTransitStatusFilter=REACHED_HUB')).toEqual([base.orderId]);
    expect(await only('?orderBookedFrom=2026-11-01&orderBookedTo=2026-11-01')).toEqual([base.orderId]);
    expect(await only('?shipmentBookedFrom=2026-11-02&shipmentBookedTo=2026-11-02')).toEqual([base.orderId]);
    expect(await only('?shipmentBookedFrom=2026-11-03')).toEqual([]);
    expect(await only('?rtoDate=2026-11-05')).toEqual([base.orderId]);
    expect(await only('?rtoDate=2026-11-04')).toEqual([]);
    expect(await only('?customerPhone=%2B91%2091111%2011111')).toEqual([base.orderId]);
    expect(await only('?customerName=filter')).toEqual([base.orderId]);
    for (const search of ['DKY123456789', '9111111111', 'filter pers', base.orderNumber.toLowerCase()])
      expect(await only(`?searchPattern=${encodeURIComponent(search)}`), search).toEqual([base.orderId]);
    expect(await only('?searchPattern=DKY12345')).toEqual([base.orderId]);
    expect(await only('?searchPattern=KY12345')).toEqual([]);
    const byTotal = (await list('?sortBy=total&sortOrder=ASC&recordsPerPage=100')).items.map((o) => o.totalPaise);
    expect(byTotal).toEqual([...byTotal].sort((x, y) => x - y));
    for (const [q, message] of [
      ['?orderStatusCodes=RTS,NOPE', 'Status may contain only RTS'],
      ['?orderPaymentMethodFilter=CARD', 'Payment method may contain only PPD, COD'],
      ['?orderBookedFrom=1-11-2026', 'Ordered from must be a date as yyyy-mm-dd'],
      ['?sortBy=buyer', 'Sort by must be one of Created at, Order date, Total, Order number'],
      ['?archived=maybe', 'Archived must be true or false'],
    ]) {
      expect((await errorOf(await s.request(`${API_ORDERS.orders.path}${q}`, { token: meera }))).message, q).toContain(
        message,
      );
    }
  });

  it('lists what cannot ship and why, and counts delays', async () => {
    const o = await answerOf(
      API_ORDERS.create,
      await create({ ...ORDER(), buyerName: 'Stuck Buyer', buyerPhone: '9222222222' }),
    );
    await s.deps.db.update(pickupAddresses).set({ verifiedAt: null }).where(eq(pickupAddresses.id, pickupId));
    const stuck = await answer(s, API_ORDERS.unprocessable, { token: meera });
    expect(stuck.find((x) => x.orderId === o.orderId)?.reasons).toEqual([
      'Pickup address Meera Jaipur is not verified: verify its phone',
    ]);
    await s.deps.db.update(pickupAddresses).set({ verifiedAt: s.clock.now }).where(eq(pickupAddresses.id, pickupId));
    expect(await answer(s, API_ORDERS.unprocessable, { token: meera })).toEqual([]);
    await s.deps.db
      .update(orders)
      .set({ status: 'PKP_SCH', shipmentBookedAt: new Date(s.clock.now.getTime() - 3 * 86_400_000) })
      .where(eq(orders.id, o.orderId));
    // the filter test's order has been in transit since 2 Nov: a shipment delay
    expect(await answer(s, API_ORDERS.delays, { token: meera })).toEqual({
      shipment: 1,
      pickup: 1,
      discrepancy: 0,
    });
  });

  it('exports the current list with its filters as CSV', async () => {
    const lines = await csvLines(
      await s.request(`${exportPath(API_ORDERS.orders.path)}?orderSourcesFilter=SHOPIFY`, { token: meera }),
    );
    expect(lines[0]).toBe(
      'orderNumber,orderDate,status,channel,paymentMethod,buyerName,buyerPhone,city,pincode,total,codAmount,chargedWeightKg,awb,carrier',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(2, 6).join(','))).toEqual([
      'In Transit,SHOPIFY,PPD,Filter Person',
    ]);
    expect(await csvLines(await s.request(exportPath(API_ORDERS.orders.path), { token: seller }))).toHaveLength(1);
    expect((await s.request(exportPath(API_ORDERS.orders.path), { token: staff })).status).toBe(403);
  });

  it("never shows or changes another seller's order, and is for sellers only", async () => {
    const { orderId } = await answerOf(API_ORDERS.create, await create(ORDER()));
    expect((await list('', seller)).total).toBe(0);
    for (const [method, path, json] of [
      ['GET', pathOf(API_ORDERS.order, { orderId }), undefined],
      ['PUT', pathOf(API_ORDERS.cancel, { orderId }), undefined],
      ['POST', pathOf(API_ORDERS.clone, { orderId }), undefined],
      ['POST', pathOf(API_ORDERS.dimensions, { orderId }), { lengthCm: 1, breadthCm: 1, heightCm: 1, deadWeightKg: 1 }],
      ['PUT', pathOf(API_ORDERS.orderNumber, { orderId }), { orderNumber: 'X-1' }],
      ['PUT', pathOf(API_ORDERS.senderAddress, { orderId }), { pickupAddressId: 1 }],
      ['POST', pathOf(API_ORDERS.escalation, { orderId }), { reason: 'Please look into it' }],
      [
        'POST',
        pathOf(API_ORDERS.products, { orderId }),
        { items: [{ name: 'Vase', sku: 'V', quantity: 1, unitPrice: 1, taxRatePercent: 12 }] },
      ],
    ] as const) {
      expect((await s.request(path, { method, json, token: seller })).status, `${method} ${path}`).toBe(404);
      expect((await s.request(path, { method, json, token: staff })).status, `${method} ${path}`).toBe(403);
      expect((await s.request(path, { method, json })).status, `${method} ${path}`).toBe(401);
    }
    const bulk = await answer(s, API_ORDERS.archive, { body: { orderIds: [orderId], archived: true }, token: seller });
    expect(bulk.refused).toEqual([{ orderId, reason: 'No such order' }]);
    for (const path of [
      API_ORDERS.orders.path,
      API_ORDERS.counts.path,
      API_ORDERS.unprocessable.path,
      API_ORDERS.delays.path,
      `${API_ORDERS.numberAvailable.path}?orderNumber=A`,
    ]) {
      expect((await s.request(path, { token: staff })).status).toBe(403);
    }
    expect(
      (await errorOf(await s.request(pathOf(API_ORDERS.order, { orderId: 'abc' }), { token: meera }))).message,
    ).toContain('Order must be a number');
  });

  it("searches as a seller types: number and AWB by their start, any part of a name, a phone's last digits; never another seller's", async () => {
    const make = async (token: string, pickup: number, over: Record<string, unknown>) =>
      answerOf(API_ORDERS.create, await create(shippableOrderBody(pickup, over), token));
    const ishaan = await make(meera, pickupId, {
      orderNumber: 'MC-2041',
      buyerName: 'Ishaan Vaswani',
      buyerPhone: '+91 98765 04321',
    });
    const diya = await make(meera, pickupId, {
      orderNumber: 'mc-2042',
      buyerName: 'Diya VASWANI-Rao',
      buyerPhone: '9876514321',
    });
    const later = await make(meera, pickupId, {
      orderNumber: 'MC-3001',
      buyerName: 'Tara Bose',
      buyerPhone: '9876500007',
    });
    await s.deps.db.update(orders).set({ awb: 'SFQ77001234' }).where(eq(orders.id, later.orderId));
    // another seller's order that every search below would match
    const other = await verifiedPickup(s, seller);
    const theirs = await make(seller, other.pickupId, {
      orderNumber: 'MC-2050',
      buyerName: 'Arjun Vaswani',
      buyerPhone: '9876524321',
    });
    await s.deps.db.update(orders).set({ awb: 'SFQ77009999' }).where(eq(orders.id, theirs.orderId));
    const found = async (search: string, token = meera) =>
      (await list(`?searchPattern=${encodeURIComponent(search)}&recordsPerPage=100`, token)).items
        .map((o) => o.orderId)
        .sort((a, b) => a - b);
    const cases: [string, number[]][] = [
      // order number by its start, any case
      ['MC-20', [ishaan.orderId, diya.orderId]],
      ['mc-204', [ishaan.orderId, diya.orderId]],
      ['MC-2042', [diya.orderId]],
      ['C-20', []],
      // AWB by its start, any case
      ['sfq7700', [later.orderId]],
      ['77001234', []],
      // any part of the buyer's name, any case
      ['vaswani', [ishaan.orderId, diya.orderId]],
      ['ASWAN', [ishaan.orderId, diya.orderId]],
      ['wani-r', [diya.orderId]],
      ['ishaan vas', [ishaan.orderId]],
      // one or two letters: names (and numbers) by their start
      ['Is', [ishaan.orderId]],
      // a phone by its last 4 or more digits, or whole in any usual form
      ['4321', [ishaan.orderId, diya.orderId]],
      ['514321', [diya.orderId]],
      ['+91 98765 04321', [ishaan.orderId]],
      ['09876504321', [ishaan.orderId]],
      ['321', []],
      // wildcards are text, not patterns
      ['%', []],
      ['_', []],
    ];
    for (const [search, ids] of cases) expect(await found(search), search).toEqual(ids);
    // the other seller finds only their own
    expect(await found('MC-20', seller)).toEqual([theirs.orderId]);
    expect(await found('4321', seller)).toEqual([theirs.orderId]);
    expect(await found('sfq77', seller)).toEqual([theirs.orderId]);
  });
});
