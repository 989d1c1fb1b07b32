import { pathOf } from '../../src/domain/operation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCOUNT } from '../../src/domain/account-contract';
import { API_SETUP } from '../../src/domain/setup-contract';
import { exportPath } from '../../src/domain/setup-contract';
import { answer, answerOf } from './call';
import { errorOf, type TestServer } from './harness';
import { checkExport, demoTokens, startDemoServer } from './helpers';

const BOX = { packageName: 'Small box', packageLength: 20, packageBreadth: 15, packageHeight: 10 };

describe('package types', () => {
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
    s.request(API_SETUP.packageTypes.path, { method: 'POST', json, token });
  const list = (query = '', token = seller) => s.request(`${API_SETUP.packageTypes.path}${query}`, { token });

  it('creates a Box by default with its volumetric weight, and lists it', async () => {
    const row = await answerOf(API_SETUP.addPackageType, await create(BOX));
    expect(row).toMatchObject({
      packageName: 'Small box',
      packageType: 'Box',
      packageLength: 20,
      packageBreadth: 15,
      packageHeight: 10,
      volWeight: 0.6,
      status: 'ACTIVE',
    });
    await answerOf(
      API_SETUP.addPackageType,
      await create({
        packageName: 'Flat mailer',
        packageType: 'Envelope',
        packageLength: 35.5,
        packageBreadth: 25.25,
        packageHeight: 2,
      }),
    );
    const page = await answerOf(API_SETUP.packageTypes, await list());
    expect(page.total).toBe(2);
    expect(page.items.map((p) => p.packageName)).toEqual(['Flat mailer', 'Small box']);
    expect(page.items[0].volWeight).toBe(0.359); // 35.5 × 25.25 × 2 / 5000 = 0.35855
  });

  it('pages, searches and sorts on the server', async () => {
    const bySize = await answerOf(
      API_SETUP.packageTypes,
      await list('?sortBy=volWeight&sortOrder=DESC&recordsPerPage=1'),
    );
    expect(bySize).toMatchObject({ total: 2, recordsPerPage: 1, pageNumber: 0 });
    expect(bySize.items.map((p) => p.packageName)).toEqual(['Small box']);
    const second = await answerOf(
      API_SETUP.packageTypes,
      await list('?sortBy=volWeight&sortOrder=DESC&recordsPerPage=1&pageNumber=1'),
    );
    expect(second.items.map((p) => p.packageName)).toEqual(['Flat mailer']);
    const found = await answerOf(API_SETUP.packageTypes, await list('?searchPattern=MAIL'));
    expect(found.items.map((p) => p.packageName)).toEqual(['Flat mailer']);
    expect((await answerOf(API_SETUP.packageTypes, await list('?searchPattern=%25'))).items).toEqual([]);
    expect((await errorOf(await list('?sortBy=price'))).message).toMatch(
      /Sort by must be one of Package name, Vol weight, Created at/,
    );
    expect((await errorOf(await list('?recordsPerPage=500'))).message).toBe('Rows per page must be at most 100');
  });

  it.each([
    [{ ...BOX, packageName: 'AB' }, 'Package name must be 3 to 30 characters'],
    [{ ...BOX, packageName: 'x'.repeat(31) }, 'Package name must be 3 to 30 characters'],
    [{ ...BOX, packageName: undefined }, 'Package name is required'],
    [{ ...BOX, packageLength: undefined }, 'Length (cm) is required'],
    [{ ...BOX, packageBreadth: 0 }, 'Breadth (cm) must be a positive number'],
    [{ ...BOX, packageHeight: -2 }, 'Height (cm) must be a positive number'],
    [{ ...BOX, packageHeight: 301 }, 'Height (cm) must be at most 300 cm'],
    [{ ...BOX, packageLength: 10.123 }, 'Length (cm) may have at most 2 decimals'],
    [{ ...BOX, packageLength: '10' }, 'Length (cm) must be a number'],
  ])('refuses %j: %s', async (json, message) => {
    const e = await errorOf(await create(json));
    expect(e.status).toBe(400);
    expect(e.message).toContain(message);
  });

  it('refuses a second package with the same name (any case)', async () => {
    const e = await errorOf(await create({ ...BOX, packageName: 'SMALL BOX' }));
    expect(e).toMatchObject({ status: 409, message: 'A package named SMALL BOX already exists' });
  });

  it('edits, disables and deletes; another seller sees none of it', async () => {
    const row = await answerOf(
      API_SETUP.addPackageType,
      await create({ ...BOX, packageName: 'Large box', packageLength: 40, packageBreadth: 30, packageHeight: 20 }),
    );
    const id = row.packageTypeId;
    // another seller: 404 everywhere, and an empty list
    expect(
      (
        await s.request(pathOf(API_SETUP.editPackageType, { packageTypeId: id }), {
          method: 'PUT',
          json: BOX,
          token: meera,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await s.request(API_SETUP.packageTypeStatus.path, {
          method: 'PUT',
          json: { packageTypeId: id, packageStatus: 'INACTIVE' },
          token: meera,
        })
      ).status,
    ).toBe(404);
    expect(
      (await s.request(pathOf(API_SETUP.editPackageType, { packageTypeId: id }), { method: 'DELETE', token: meera }))
        .status,
    ).toBe(404);
    expect((await answerOf(API_SETUP.packageTypes, await list('', meera))).total).toBe(0);

    const edited = await answer(s, API_SETUP.editPackageType, {
      params: { packageTypeId: id },
      body: { ...BOX, packageName: 'Large box', packageHeight: 25 },
      token: seller,
    });
    expect(edited).toMatchObject({ packageLength: 20, packageBreadth: 15, packageHeight: 25, volWeight: 1.5 });
    const off = await answer(s, API_SETUP.packageTypeStatus, {
      body: { packageTypeId: id, packageStatus: 'INACTIVE' },
      token: seller,
    });
    expect(off.status).toBe('INACTIVE');
    expect(
      (
        await errorOf(
          await s.request(API_SETUP.packageTypeStatus.path, {
            method: 'PUT',
            json: { packageTypeId: id, packageStatus: 'OFF' },
            token: seller,
          }),
        )
      ).message,
    ).toBe('Package status must be one of Active, Inactive');
    expect(
      (
        await errorOf(
          await s.request(pathOf(API_SETUP.editPackageType, { packageTypeId: 'abc' }), {
            method: 'DELETE',
            token: seller,
          }),
        )
      ).message,
    ).toBe('Package must be a number');
    expect(await answer(s, API_SETUP.deletePackageType, { params: { packageTypeId: id }, token: seller })).toEqual({
      deleted: true,
    });
    expect(
      (await s.request(pathOf(API_SETUP.editPackageType, { packageTypeId: id }), { method: 'DELETE', token: seller }))
        .status,
    ).toBe(404);
  });

  it('is for sellers only: no token 401, staff 403', async () => {
    expect((await list('', '')).status).toBe(401);
    expect((await create(BOX, staff)).status).toBe(403);
    expect((await list('', staff)).status).toBe(403);
  });

  it('turns smart package selection on and off for the organisation', async () => {
    const put = (json: unknown, token = seller) =>
      s.request(API_SETUP.smartPackage.path, { method: 'PUT', json, token });
    expect(await answerOf(API_SETUP.smartPackage, await put({ activated: true }))).toEqual({
      smartPackageSelectionEnabled: true,
    });
    expect((await answer(s, API_ACCOUNT.accountInfo, { token: seller })).smartPackageSelectionEnabled).toBe(true);
    expect((await answer(s, API_ACCOUNT.accountInfo, { token: meera })).smartPackageSelectionEnabled).toBe(false);
    expect((await errorOf(await put({ activated: 'yes' }))).message).toBe('Active must be true or false');
    expect((await put({ activated: false }, staff)).status).toBe(403);
    expect(await answerOf(API_SETUP.smartPackage, await put({ activated: false }))).toEqual({
      smartPackageSelectionEnabled: false,
    });
  });

  it('exports the current list as CSV, for its seller only', async () => {
    const list = await answer(s, API_SETUP.packageTypes, { token: seller });
    const first = String(Object.values(list.items[0]).find((x) => typeof x === 'string'));
    const check = await checkExport(
      s,
      exportPath(API_SETUP.packageTypes.path),
      { seller, meera, staff },
      'packageName,packageType,packageLength,packageBreadth,packageHeight,volWeight,status',
      first,
    );
    expect(check).toEqual({
      status: 200,
      disposition: 'attachment; filename="package-types-2026-11-20.csv"',
      header: true,
      contains: true,
      leaks: false,
      staff: 403,
      anonymous: 401,
    });
  });
});
