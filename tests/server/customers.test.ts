import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { API_PRODUCTS, exportPath } from '../../src/domain/setup-contract';
import { upsertCustomerFromOrder } from '../../server/modules/customers/service';
import { errorOf, type TestServer } from './harness';
import { demoTokens, startDemoServer } from './helpers';
import { answerOf } from './call';

const BUYER = {
  entityName: 'Kavya Reddy',
  phone: '9988776655',
  email: 'kavya@example.in',
  addressLine1: '12, 4th Cross, Indiranagar',
  pincode: '560038',
  city: 'Bengaluru',
  state: 'Karnataka',
  channel: 'SHOPIFY',
};

describe('customers', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
  });
  afterAll(() => s.close());

  const list = async (query = '', token = seller) =>
    answerOf(API_PRODUCTS.customers, await s.request(`${API_PRODUCTS.customers.path}${query}`, { token }));

  it('answers an empty list before any order', async () => {
    expect(await list()).toEqual({ items: [], total: 0, pageNumber: 0, recordsPerPage: 10 });
  });

  it('creates a customer from an order and refreshes it from the next one, counting orders', async () => {
    await upsertCustomerFromOrder(s.deps.db, 1, BUYER, new Date('2026-11-01T10:00:00Z'));
    const second = await upsertCustomerFromOrder(
      s.deps.db,
      1,
      { ...BUYER, email: '', addressLine1: '7, HAL 2nd Stage', channel: 'DAKIYA' },
      new Date('2026-11-10T10:00:00Z'),
    );
    expect(second).toMatchObject({
      entityName: 'Kavya Reddy',
      email: 'kavya@example.in',
      ordersCount: 2,
      channel: 'DAKIYA',
      lastOrderAt: '2026-11-10T10:00:00.000Z',
    });
    expect(second.address).toBe('7, HAL 2nd Stage, Bengaluru, Karnataka, 560038');
    await Promise.all(
      ['Arjun Mehta', 'Arjun Mehta'].map((name) =>
        upsertCustomerFromOrder(
          s.deps.db,
          1,
          { ...BUYER, entityName: name, phone: '9000000001', city: 'Pune', state: 'Maharashtra', pincode: '411001' },
          new Date('2026-11-05T10:00:00Z'),
        ),
      ),
    );
    const page = await list('?sortBy=entityName');
    expect(page.items.map((c) => [c.entityName, c.ordersCount])).toEqual([
      ['Arjun Mehta', 2],
      ['Kavya Reddy', 2],
    ]);
  });

  it('searches by name, phone, email, city or pincode and sorts by last order', async () => {
    expect((await list('?searchPattern=pune')).items.map((c) => c.entityName)).toEqual(['Arjun Mehta']);
    expect((await list('?searchPattern=99887')).items.map((c) => c.entityName)).toEqual(['Kavya Reddy']);
    expect((await list('?searchPattern=nobody')).total).toBe(0);
    expect((await list('?sortBy=lastOrderAt&sortOrder=DESC')).items.map((c) => c.entityName)).toEqual([
      'Kavya Reddy',
      'Arjun Mehta',
    ]);
    expect(
      (await errorOf(await s.request(`${API_PRODUCTS.customers.path}?sortOrder=UP`, { token: seller }))).message,
    ).toContain('Sort order must be one of Ascending, Descending');
  });

  it("never shows another seller's customers", async () => {
    expect((await list('', meera)).total).toBe(0);
    const csv = await (await s.request(exportPath(API_PRODUCTS.customers.path), { token: meera })).text();
    expect(csv).not.toContain('Kavya');
  });

  it('exports the current list as CSV', async () => {
    const res = await s.request(`${exportPath(API_PRODUCTS.customers.path)}?searchPattern=99887`, { token: seller });
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'entityName,phoneNumber,email,address,channel,ordersCount,lastOrderOn',
      'Kavya Reddy,9988776655,kavya@example.in,"7, HAL 2nd Stage, Bengaluru, Karnataka, 560038",DAKIYA,2,10 Nov 2026',
    ]);
  });

  it('is for sellers only', async () => {
    for (const path of [API_PRODUCTS.customers.path, exportPath(API_PRODUCTS.customers.path)]) {
      expect((await s.request(path, { token: staff })).status).toBe(403);
      expect((await s.request(path)).status).toBe(401);
    }
  });
});
