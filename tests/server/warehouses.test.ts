import { pathOf } from '../../src/domain/operation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { API_SETUP } from '../../src/domain/setup-contract';
import { exportPath } from '../../src/domain/setup-contract';
import { errorOf, type TestServer } from './harness';
import { checkExport, demoTokens, startDemoServer } from './helpers';
import { answer, answerOf } from './call';

const HOUSE = {
  warehouseName: 'Peenya main',
  contactName: 'Ravi Kumar',
  contactEmail: 'Ravi@AaravTraders.in',
  contactPhone: '+91 98450 12345',
  addressLine1: 'Plot 14, 2nd Phase',
  addressLine2: 'Peenya Industrial Area',
  pincode: '560058',
};

describe('warehouses', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
  });
  afterAll(() => s.close());

  const create = (json: unknown, token = seller) =>
    s.request(API_SETUP.warehouses.path, { method: 'POST', json, token });

  it('creates a warehouse with city and state from the pincode, normalised contacts', async () => {
    const row = await answerOf(API_SETUP.addWarehouse, await create(HOUSE));
    expect(row).toMatchObject({
      warehouseName: 'Peenya main',
      contactEmail: 'ravi@aaravtraders.in',
      contactPhone: '9845012345',
      city: 'Bengaluru',
      state: 'Karnataka',
      addressLine3: '',
    });
    const page = await answer(s, API_SETUP.warehouses, { query: { searchPattern: 'bengal' }, token: seller });
    expect(page.items.map((w) => w.warehouseName)).toEqual(['Peenya main']);
  });

  it.each([
    [{ ...HOUSE, warehouseName: 'AB' }, 'Warehouse name must be 3 to 50 characters'],
    [{ ...HOUSE, contactEmail: 'ravi@' }, 'Contact email: This email is invalid'],
    [{ ...HOUSE, contactPhone: '12345' }, 'Contact phone: This phone number is invalid'],
    [{ ...HOUSE, addressLine1: undefined }, 'Address line 1 is required'],
    [{ ...HOUSE, pincode: '056005' }, 'Pincode must be 6 digits and not start with 0'],
    [{ ...HOUSE, warehouseName: 'Other', pincode: '999999' }, 'Unknown pincode 999999'],
  ])('refuses %j: %s', async (json, message) => {
    const e = await errorOf(await create(json));
    expect(e.status).toBe(400);
    expect(e.message).toContain(message);
  });

  it('refuses a duplicate name', async () => {
    expect(await errorOf(await create({ ...HOUSE, warehouseName: 'PEENYA MAIN' }))).toMatchObject({
      status: 409,
      message: 'A warehouse named PEENYA MAIN already exists',
    });
  });

  it('edits and deletes only its own warehouses', async () => {
    const { warehouseId } = await answerOf(
      API_SETUP.addWarehouse,
      await create({ ...HOUSE, warehouseName: 'Okhla', pincode: '110020' }),
    );
    expect(
      (
        await s.request(pathOf(API_SETUP.editWarehouse, { warehouseId: warehouseId }), {
          method: 'PUT',
          json: HOUSE,
          token: meera,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await s.request(pathOf(API_SETUP.editWarehouse, { warehouseId: warehouseId }), {
          method: 'DELETE',
          token: meera,
        })
      ).status,
    ).toBe(404);
    expect((await answer(s, API_SETUP.warehouses, { token: meera })).total).toBe(0);
    const edited = await answer(s, API_SETUP.editWarehouse, {
      params: { warehouseId: warehouseId },
      body: { ...HOUSE, warehouseName: 'Okhla Phase 2', pincode: '400001' },
      token: seller,
    });
    expect(edited).toMatchObject({ warehouseName: 'Okhla Phase 2', city: 'Mumbai', state: 'Maharashtra' });
    expect(await answer(s, API_SETUP.deleteWarehouse, { params: { warehouseId: warehouseId }, token: seller })).toEqual(
      { deleted: true },
    );
    expect(
      (
        await s.request(pathOf(API_SETUP.editWarehouse, { warehouseId: warehouseId }), {
          method: 'DELETE',
          token: seller,
        })
      ).status,
    ).toBe(404);
  });

  it('is for sellers only', async () => {
    expect((await s.request(API_SETUP.warehouses.path)).status).toBe(401);
    expect((await create(HOUSE, staff)).status).toBe(403);
  });

  it('exports the current list as CSV, for its seller only', async () => {
    const list = await answer(s, API_SETUP.warehouses, { token: seller });
    const first = String(Object.values(list.items[0]).find((x) => typeof x === 'string'));
    const check = await checkExport(
      s,
      exportPath(API_SETUP.warehouses.path),
      { seller, meera, staff },
      'warehouseName,contactName,contactEmail,contactPhone,addressLine1,addressLine2,addressLine3,pincode,city,state',
      first,
    );
    expect(check).toEqual({
      status: 200,
      disposition: 'attachment; filename="warehouses-2026-11-20.csv"',
      header: true,
      contains: true,
      leaks: false,
      staff: 403,
      anonymous: 401,
    });
  });
});
