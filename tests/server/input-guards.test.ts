import { pathOf } from '../../src/domain/operation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { API_PRODUCTS, API_SETUP } from '../../src/domain/setup-contract';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_TRACKING } from '../../src/domain/tracking-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { fieldLabel, inSellerWords } from '../../src/domain/schemas/labels';
import { isRealDay } from '../../src/domain/schemas/fields';
import { headerSafe, onError } from '../../server/http/errors';
import { errorOf, type TestServer } from './harness';
import { csvForm, demoTokens, startDemoServer } from './helpers';

// The classes of bad input that once answered 500, each refused with a 400 that names the field
// as the seller knows it (the fuzz test walks every route; these pin the wording).

describe('bad input answers 400 naming the field', () => {
  let s: TestServer;
  let seller: string;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller } = await demoTokens(s));
  });
  afterAll(() => s?.close());

  const refused = async (res: Response) => {
    const e = await errorOf(res);
    expect(e.status, e.message).toBe(400);
    expect(e.header).toBe(headerSafe(e.message));
    return e.message;
  };

  it('refuses NUL in searches, names, codes, public lookups and upload file names', async () => {
    expect(await refused(await s.request(`${API_PRODUCTS.products.path}?searchPattern=a%00b`, { token: seller }))).toBe(
      'Search contains a character that is not allowed (a NUL or a broken Unicode character)',
    );
    expect(
      await refused(
        await s.request(API_SETUP.packageTypes.path, {
          method: 'POST',
          token: seller,
          json: { packageName: 'Box\u0000', packageLength: 1, packageBreadth: 1, packageHeight: 1 },
        }),
      ),
    ).toMatch(/^Package name contains a character that is not allowed/);
    expect(
      await refused(
        await s.request(API_WALLET.couponValidate.path, {
          method: 'POST',
          token: seller,
          json: { couponCode: 'FL\u0000AT', rechargeAmount: 500 },
        }),
      ),
    ).toMatch(/^Coupon code contains/);
    expect(await refused(await s.request(`${API_TRACKING.lookup.path}?trackingNumber=%00`))).toMatch(
      /^Tracking number contains/,
    );
    expect(await refused(await s.request('/api/v1/files/%00'))).toMatch(/^File contains/);
    expect(
      await refused(
        await s.request(API_PRODUCTS.uploads.upload.path, {
          method: 'POST',
          token: seller,
          body: csvForm('productName\n', 'a\u0000.csv'),
        }),
      ),
    ).toMatch(/^File contains/);
  });

  it('refuses half a surrogate pair in any text, and the error header never fails', async () => {
    expect(
      await refused(
        await s.request(API_SETUP.packageTypes.path, {
          method: 'POST',
          token: seller,
          json: { packageName: 'Box \ud800', packageLength: 1, packageBreadth: 1, packageHeight: 1 },
        }),
      ),
    ).toMatch(/^Package name contains/);
    expect(
      await refused(
        await s.request(API_ORDERS.archive.path, {
          method: 'PUT',
          token: seller,
          json: { orderIds: ['\udfff'], archived: true },
        }),
      ),
    ).toMatch(/^Orders contains/);
    expect(() => headerSafe('lone \ud800 half')).not.toThrow();
    expect(decodeURIComponent(headerSafe('lone \ud800 half ₹'))).toBe('lone \ufffd half ₹');
  });

  it('refuses ids and counts past the integer range, and 1e308', async () => {
    expect(
      await refused(
        await s.request(API_PRODUCTS.productStatus.path, {
          method: 'PUT',
          token: seller,
          json: { productId: 2147483648, activated: true },
        }),
      ),
    ).toBe('Product is not a known record');
    expect(
      await refused(
        await s.request(API_SHIPPING.labels.path, { method: 'POST', token: seller, json: { orderIds: [2147483648] } }),
      ),
    ).toBe('Orders is not a known record');
    expect(
      await refused(
        await s.request(API_SHIPPING.invoices.path, { method: 'POST', token: seller, json: { orderIds: [1e308] } }),
      ),
    ).toBe('Orders is not a known record');
    expect(
      await refused(
        await s.request(API_SETUP.addressDelete.path, {
          method: 'PUT',
          token: seller,
          json: { addressId: 2147483648 },
        }),
      ),
    ).toBe('Address is not a known record');
    expect(
      await refused(await s.request(pathOf(API_PRODUCTS.product, { productId: '2147483648' }), { token: seller })),
    ).toBe('Product must be a number');
    expect(await refused(await s.request(`${API_ORDERS.orders.path}?batchId=2147483648`, { token: seller }))).toBe(
      'Upload batch must be a number',
    );
  });

  it('refuses days that match yyyy-mm-dd but do not exist, and a from-date after the to-date', async () => {
    expect(
      await refused(await s.request(`${API_ORDERS.orders.path}?orderBookedFrom=2026-02-31`, { token: seller })),
    ).toBe('Ordered from is not a real date');
    expect(await refused(await s.request(`${API_WALLET.history.path}?fromDate=0000-01-01`, { token: seller }))).toBe(
      'From date is not a real date',
    );
    expect(
      await refused(await s.request(`${API_WALLET.history.path}/export?toDate=2026-13-01`, { token: seller })),
    ).toBe('To date is not a real date');
    expect(
      await refused(
        await s.request(`${API_WALLET.history.path}?fromDate=2026-11-20&toDate=2026-11-01`, { token: seller }),
      ),
    ).toBe('From date must be on or before To date');
    expect(
      await refused(
        await s.request(`${API_ORDERS.orders.path}/export?orderBookedFrom=2026-11-20&orderBookedTo=2026-11-01`, {
          token: seller,
        }),
      ),
    ).toBe('Ordered from must be on or before Ordered to');
    expect(
      (await s.request(`${API_WALLET.history.path}?fromDate=2026-11-01&toDate=2026-11-01`, { token: seller })).status,
    ).toBe(200);
    expect([
      isRealDay('2024-02-29'),
      isRealDay('2026-02-29'),
      isRealDay('2026-04-31'),
      isRealDay('0000-01-01'),
      isRealDay('2026-12-31'),
    ]).toEqual([true, false, false, false, true]);
  });

  it('says "must be a number" for text in a number field, and "is required" only when it is missing', async () => {
    const box = { packageName: 'Small box', packageLength: 20, packageBreadth: 15, packageHeight: 10 };
    expect(
      await refused(
        await s.request(API_SETUP.packageTypes.path, {
          method: 'POST',
          token: seller,
          json: { ...box, packageLength: 'abc' },
        }),
      ),
    ).toBe('Length (cm) must be a number');
    expect(
      await refused(
        await s.request(API_SETUP.packageTypes.path, {
          method: 'POST',
          token: seller,
          json: { ...box, packageLength: undefined },
        }),
      ),
    ).toBe('Length (cm) is required');
  });

  it('answers a database data exception with 400, not 500 (a safety net behind validation)', async () => {
    const app = new Hono();
    app.onError(onError);
    app.get('/int', async () => {
      await s.deps.db.execute(sql`select ${'2147483648'}::int4`);
      return new Response('unreachable');
    });
    app.get('/day', async () => {
      await s.deps.db.execute(sql`select ${'2026-02-31'}::date`);
      return new Response('unreachable');
    });
    const int = await errorOf(await app.request('/int'));
    expect(int).toMatchObject({ status: 400, message: 'A number in the request is out of range' });
    expect(await errorOf(await app.request('/day'))).toMatchObject({
      status: 400,
      message: 'A date in the request is out of range',
    });
  });

  it('names fields by their labels, one table for screen and API', () => {
    expect(inSellerWords('productName must be 3 to 100 characters')).toBe('Product name must be 3 to 100 characters');
    expect(inSellerWords('taxRatePercent is required')).toBe('Tax rate is required');
    expect(inSellerWords('originPincode must be 6 digits')).toBe('Pickup pincode must be 6 digits');
    expect(inSellerWords('instagramUrl must be an http(s) link')).toBe('Instagram link must be an http(s) link');
    expect(inSellerWords('firstName is too long')).toBe('First name is too long');
    expect(inSellerWords('Unknown pincode 999999')).toBe('Unknown pincode 999999');
    expect(fieldLabel('someNewField')).toBe('Some new field');
  });
});
