import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../src/domain/operation';
import { API_B2B } from '../../src/domain/b2b-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { demoGstin } from '../../src/domain/gstin';
import { CONSIGNEE_WAREHOUSE, OWN_WAREHOUSE } from './b2b-fixtures';
import { errorOf, type TestServer } from './harness';
import { demoTokens, startDemoServer } from './helpers';
import { answer, answerOf } from './call';
import { invitedUser, ownerOn } from './team-helpers';

// B2B warehouses: the seller's own (pickup points) and its consignees', with a GSTIN checked
// against the pincode's state and the names carriers registered them under.

describe('B2B warehouses', () => {
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
    s.request(API_B2B.addWarehouse.path, { method: 'POST', json, token });

  it('adds the seller’s own warehouse and a consignee’s, placed by pincode, with carrier registrations', async () => {
    const own = await answerOf(API_B2B.addWarehouse, await create(OWN_WAREHOUSE));
    expect(own).toMatchObject({
      warehouseKind: 'OWN',
      warehouseKindText: 'Your warehouse',
      contactPhone: '9845012345',
      contactEmail: 'ravi@aaravtraders.in',
      city: 'Bengaluru',
      state: 'Karnataka',
      gstin: OWN_WAREHOUSE.gstin,
      registrations: [{ carrierCode: 'DE-LTL', carrierName: 'Delhivery LTL', registeredName: 'AARAV PEENYA' }],
    });
    const consignee = await answerOf(API_B2B.addWarehouse, await create(CONSIGNEE_WAREHOUSE));
    expect(consignee).toMatchObject({ warehouseKind: 'CONSIGNEE', state: 'Maharashtra', contactEmail: '' });
    // a consignee without a GSTIN (an unregistered retailer) is allowed
    const plain = await answerOf(
      API_B2B.addWarehouse,
      await create({ ...CONSIGNEE_WAREHOUSE, warehouseName: 'Kirana Andheri', gstin: '', pincode: '400053' }),
    );
    expect(plain.gstin).toBeNull();
  });

  it('lists by kind and search', async () => {
    const all = await answer(s, API_B2B.warehouses, { token: seller });
    expect(all.items.map((w) => w.warehouseName)).toEqual(['Bhiwandi FC', 'Kirana Andheri', 'Peenya DC']);
    const own = await answer(s, API_B2B.warehouses, { query: { warehouseKind: 'OWN' }, token: seller });
    expect(own.items.map((w) => w.warehouseName)).toEqual(['Peenya DC']);
    const found = await answer(s, API_B2B.warehouses, { query: { searchPattern: 'shree' }, token: seller });
    expect(found.total).toBe(2);
    expect(
      (await errorOf(await s.request(`${API_B2B.warehouses.path}?warehouseKind=HUB`, { token: seller }))).message,
    ).toBe('Warehouse type must be one of Your warehouse, Consignee warehouse');
  });

  it.each([
    [{ ...OWN_WAREHOUSE, warehouseName: 'AB' }, 'Warehouse name must be 3 to 60 characters'],
    [{ ...OWN_WAREHOUSE, warehouseKind: 'HUB' }, 'Warehouse type must be one of Your warehouse, Consignee warehouse'],
    [{ ...OWN_WAREHOUSE, gstin: '' }, 'GSTIN is required for your own warehouse'],
    [{ ...OWN_WAREHOUSE, gstin: '29AAACD1234K1Z' }, 'GSTIN must be 15 characters'],
    [{ ...OWN_WAREHOUSE, gstin: '29AAACD1234K1ZA' }, 'GSTIN has a wrong check character'],
    [{ ...OWN_WAREHOUSE, gstin: demoGstin('Delhi') }, "GSTIN starts with state code 07, but Karnataka's code is 29"],
    [{ ...OWN_WAREHOUSE, businessName: '' }, 'Business name must be 2 to 100 characters'],
    [{ ...OWN_WAREHOUSE, contactPhone: '12345' }, 'Contact phone: This phone number is invalid'],
    [{ ...OWN_WAREHOUSE, contactEmail: 'ravi@' }, 'Contact email: This email is invalid'],
    [{ ...OWN_WAREHOUSE, addressLine1: undefined }, 'Address line 1 is required'],
    [{ ...OWN_WAREHOUSE, pincode: '056005' }, 'Pincode must be 6 digits and not start with 0'],
    [{ ...OWN_WAREHOUSE, warehouseName: 'Nowhere', pincode: '999999' }, 'Pincode: unknown pincode 999999'],
    [
      { ...OWN_WAREHOUSE, registrations: [{ carrierCode: 'XX', registeredName: 'A1' }] },
      'Courier must be one of Gati, Delhivery LTL',
    ],
    [
      { ...OWN_WAREHOUSE, registrations: [{ carrierCode: 'GT', registeredName: '' }] },
      'Name registered with the carrier must be 2 to 100 characters',
    ],
    [
      {
        ...OWN_WAREHOUSE,
        registrations: [
          { carrierCode: 'GT', registeredName: 'A1' },
          { carrierCode: 'GT', registeredName: 'A2' },
        ],
      },
      'Carrier registrations: one a carrier',
    ],
  ])('refuses %j: %s', async (json, message) => {
    const e = await errorOf(await create(json));
    expect(e.status).toBe(400);
    expect(e.message).toContain(message);
  });

  it('refuses a second warehouse of one kind with the same name', async () => {
    expect(await errorOf(await create({ ...OWN_WAREHOUSE, warehouseName: 'PEENYA dc' }))).toMatchObject({
      status: 409,
      message: 'You already have a warehouse named PEENYA dc',
    });
  });

  it('edits its registrations, and deletes; another seller’s warehouse is a 404', async () => {
    const { warehouseId } = await answerOf(
      API_B2B.addWarehouse,
      await create({ ...OWN_WAREHOUSE, warehouseName: 'Okhla DC', gstin: demoGstin('Delhi'), pincode: '110020' }),
    );
    const path = pathOf(API_B2B.editWarehouse, { warehouseId });
    expect((await s.request(path, { method: 'PUT', json: OWN_WAREHOUSE, token: meera })).status).toBe(404);
    expect((await s.request(path, { method: 'DELETE', token: meera })).status).toBe(404);
    expect((await answer(s, API_B2B.warehouses, { token: meera })).total).toBe(0);
    const edited = await answer(s, API_B2B.editWarehouse, {
      params: { warehouseId },
      body: {
        ...OWN_WAREHOUSE,
        warehouseName: 'Okhla DC',
        gstin: demoGstin('Delhi'),
        pincode: '110020',
        registrations: [
          { carrierCode: 'GT', registeredName: 'GATI-CUST-88' },
          { carrierCode: 'DE-LTL', registeredName: 'AARAV OKHLA' },
        ],
      },
      token: seller,
    });
    expect(edited.registrations.map((r) => `${r.carrierCode}:${r.registeredName}`)).toEqual([
      'DE-LTL:AARAV OKHLA',
      'GT:GATI-CUST-88',
    ]);
    expect(await answer(s, API_B2B.deleteWarehouse, { params: { warehouseId }, token: seller })).toEqual({
      deleted: true,
    });
    expect((await s.request(path, { method: 'DELETE', token: seller })).status).toBe(404);
  });

  it('is for sellers whose role may view or change the setup', async () => {
    expect((await s.request(API_B2B.warehouses.path)).status).toBe(401);
    expect((await create(OWN_WAREHOUSE, staff)).status).toBe(403);
    const owner = await ownerOn(s, 'PREMIUM');
    const viewer = await answer(s, API_TEAM.addRole, {
      body: { roleName: 'Setup viewer', permissions: ['setup.view'] },
      token: owner.token,
    });
    const member = await invitedUser(s, owner.token, 'setup-viewer@team.test', { teamRoleId: Number(viewer.roleId) });
    expect((await s.request(API_B2B.warehouses.path, { token: member.token })).status).toBe(200);
    expect((await create(OWN_WAREHOUSE, member.token)).status).toBe(403);
    const walletOnly = await answer(s, API_TEAM.addRole, {
      body: { roleName: 'Wallet only', permissions: ['wallet.view'] },
      token: owner.token,
    });
    const other = await invitedUser(s, owner.token, 'wallet-b2b@team.test', { teamRoleId: Number(walletOnly.roleId) });
    expect((await s.request(API_B2B.warehouses.path, { token: other.token })).status).toBe(403);
  });
});
