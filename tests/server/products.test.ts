import { pathOf } from '../../src/domain/operation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PRODUCTS, exportPath, type ProductCategory } from '../../src/domain/setup-contract';
import { errorOf, type TestServer } from './harness';
import { answer, answerOf } from './call';
import { demoTokens, startDemoServer } from './helpers';

const KURTA = {
  productName: 'Cotton Kurta - Indigo',
  sku: 'KURTA-IND-M',
  price: 799,
  inventoryManagementEnabled: true,
  availableInventory: 20,
  notifyThreshold: 5,
  weightKg: 0.35,
  lengthCm: 30,
  breadthCm: 25,
  heightCm: 4,
  hsnCode: '6211',
  taxRatePercent: 5,
};

describe('products', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  let apparel: ProductCategory;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
    const categories = await answer(s, API_PRODUCTS.categories, { token: seller });
    apparel = categories.find((c) => c.categoryName === 'Apparel & Fashion')!;
  });
  afterAll(() => s.close());

  const create = (json: unknown, token = seller) =>
    s.request(API_PRODUCTS.products.path, { method: 'POST', json, token });
  const list = async (query = '', token = seller) =>
    answerOf(API_PRODUCTS.products, await s.request(`${API_PRODUCTS.products.path}${query}`, { token }));

  it('lists categories to choose from', async () => {
    expect(apparel).toBeDefined();
    const categories = await answer(s, API_PRODUCTS.categories, { token: seller });
    expect(categories.length).toBeGreaterThanOrEqual(10);
    expect(categories.at(-1)!.categoryName).toBe('Other');
  });

  it('creates a product with its category, price in rupees and the section 3 columns', async () => {
    const row = await answerOf(
      API_PRODUCTS.addProduct,
      await create({ ...KURTA, categoryId: apparel.categoryId, price: 799.5 }),
    );
    expect(row).toMatchObject({
      productName: 'Cotton Kurta - Indigo',
      sku: 'KURTA-IND-M',
      inventoryManagementEnabled: true,
      availableInventory: 20,
      notifyThreshold: 5,
      price: 799.5,
      enabled: true,
      categoryName: 'Apparel & Fashion',
      weightKg: 0.35,
      hsnCode: '6211',
      taxRatePercent: 5,
      lowStock: false,
    });
    expect(await answer(s, API_PRODUCTS.product, { params: { productId: row.productId }, token: seller })).toEqual(row);
  });

  it('refuses a second product with the same SKU in any case', async () => {
    expect(await errorOf(await create({ ...KURTA, sku: 'kurta-ind-m' }))).toMatchObject({
      status: 409,
      message: 'SKU kurta-ind-m already exists',
    });
  });

  it.each([
    [{ ...KURTA, productName: 'AB' }, 'Product name must be 3 to 100 characters'],
    [{ ...KURTA, productName: undefined }, 'Product name is required'],
    [{ ...KURTA, sku: '' }, 'SKU must be 1 to 40 characters'],
    [{ ...KURTA, sku: 'BAD SKU' }, 'SKU may use letters, digits and . _ / - only'],
    [{ ...KURTA, sku: 'A'.repeat(41) }, 'SKU must be 1 to 40 characters'],
    [{ ...KURTA, price: -1 }, 'Price cannot be negative'],
    [{ ...KURTA, price: 10.555 }, 'Price may have at most 2 decimals'],
    [{ ...KURTA, price: '799' }, 'Price must be a number'],
    [{ ...KURTA, price: 10_000_001 }, 'Price must be at most 10000000'],
    [{ ...KURTA, availableInventory: 1.5 }, 'Available inventory must be a whole number'],
    [{ ...KURTA, notifyThreshold: -2 }, 'Notify below cannot be negative'],
    [{ ...KURTA, weightKg: 0 }, 'Weight (kg) must be a positive number'],
    [{ ...KURTA, weightKg: 101 }, 'Weight (kg) must be at most 100 kg'],
    [{ ...KURTA, lengthCm: undefined }, 'Length (cm) is required'],
    [{ ...KURTA, heightCm: 301 }, 'Height (cm) must be at most 300 cm'],
    [{ ...KURTA, hsnCode: '12345' }, 'HSN code must be 4, 6 or 8 digits'],
    [{ ...KURTA, taxRatePercent: 7 }, 'Tax rate must be one of 0, 0.25, 3, 5, 12, 18, 28, 40'],
    [{ ...KURTA, taxRatePercent: undefined }, 'Tax rate is required'],
    [{ ...KURTA, inventoryManagementEnabled: 'yes' }, 'Manage inventory must be true or false'],
    [{ ...KURTA, sku: 'NEW-1', categoryId: 99999 }, 'Category: no such category'],
  ])('refuses %j: %s', async (json, message) => {
    const e = await errorOf(await create(json));
    expect(e.status).toBe(400);
    expect(e.message).toContain(message);
  });

  it('pages, searches and sorts on the server', async () => {
    for (const [i, name] of ['Brass Diya', 'Jute Bag', 'Clay Pot'].entries()) {
      await answerOf(
        API_PRODUCTS.addProduct,
        await create({
          ...KURTA,
          productName: name,
          sku: `SKU-${i}`,
          price: 100 * (i + 1),
          inventoryManagementEnabled: false,
        }),
      );
    }
    expect((await list('?searchPattern=diya')).items.map((p) => p.sku)).toEqual(['SKU-0']);
    expect((await list('?searchPattern=sku-')).total).toBe(3);
    expect((await list('?searchPattern=zzz')).items).toEqual([]);
    expect((await list('?sortBy=price&sortOrder=DESC')).items.map((p) => p.price)).toEqual([799.5, 300, 200, 100]);
    const page1 = await list('?recordsPerPage=2&pageNumber=1&sortBy=productName');
    expect(page1).toMatchObject({ total: 4, pageNumber: 1, recordsPerPage: 2 });
    expect(page1.items.map((p) => p.productName)).toEqual(['Cotton Kurta - Indigo', 'Jute Bag']);
    expect(
      (await errorOf(await s.request(`${API_PRODUCTS.products.path}?sortBy=weight`, { token: seller }))).message,
    ).toContain('Sort by must be one of Product name, SKU, Price, Available inventory, Created at');
    expect(
      (await errorOf(await s.request(`${API_PRODUCTS.products.path}?recordsPerPage=0`, { token: seller }))).message,
    ).toContain('Rows per page must be at least 1');
  });

  it('exports the current list as CSV with search and sort kept', async () => {
    const res = await s.request(
      `${exportPath(API_PRODUCTS.products.path)}?searchPattern=sku-&sortBy=price&sortOrder=DESC`,
      {
        token: seller,
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="products-2026-11-20.csv"/);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'productName,sku,category,price,inventoryManagementEnabled,availableInventory,notifyThreshold,weightKg,lengthCm,breadthCm,heightCm,hsnCode,taxRatePercent,enabled',
    );
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['SKU-2', 'SKU-1', 'SKU-0']);
    expect((await s.request(exportPath(API_PRODUCTS.products.path), { token: meera })).status).toBe(200);
    expect(
      (await (await s.request(exportPath(API_PRODUCTS.products.path), { token: meera })).text()).trim().split('\r\n'),
    ).toHaveLength(1);
  });

  it('neutralises spreadsheet formulas in exported cells', async () => {
    await answerOf(
      API_PRODUCTS.addProduct,
      await create({ ...KURTA, productName: '=HYPERLINK("http://x")', sku: 'FORMULA-1' }),
    );
    const text = await (
      await s.request(`${exportPath(API_PRODUCTS.products.path)}?searchPattern=formula`, { token: seller })
    ).text();
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    const [{ productId }] = (await list('?searchPattern=formula')).items;
    await answer(s, API_PRODUCTS.deleteProduct, { params: { productId }, token: seller });
  });

  it('edits, enables, disables and deletes only its own products', async () => {
    const { productId } = await answerOf(API_PRODUCTS.addProduct, await create({ ...KURTA, sku: 'EDIT-1' }));
    expect((await s.request(pathOf(API_PRODUCTS.product, { productId }), { token: meera })).status).toBe(404);
    expect(
      (await s.request(pathOf(API_PRODUCTS.product, { productId }), { method: 'PUT', json: KURTA, token: meera }))
        .status,
    ).toBe(404);
    expect(
      (
        await s.request(API_PRODUCTS.productStatus.path, {
          method: 'PUT',
          json: { productId, activated: false },
          token: meera,
        })
      ).status,
    ).toBe(404);
    expect(
      (await s.request(pathOf(API_PRODUCTS.product, { productId }), { method: 'DELETE', token: meera })).status,
    ).toBe(404);
    const edited = await answer(s, API_PRODUCTS.editProduct, {
      params: { productId },
      body: { ...KURTA, sku: 'EDIT-2', price: 10 },
      token: seller,
    });
    expect(edited).toMatchObject({ sku: 'EDIT-2', price: 10 });
    expect(
      await errorOf(
        await s.request(pathOf(API_PRODUCTS.product, { productId }), { method: 'PUT', json: KURTA, token: seller }),
      ),
    ).toMatchObject({ status: 409, message: 'SKU KURTA-IND-M already exists' });
    expect(
      (await answer(s, API_PRODUCTS.productStatus, { body: { productId, activated: false }, token: seller })).enabled,
    ).toBe(false);
    expect(
      (
        await errorOf(
          await s.request(API_PRODUCTS.productStatus.path, {
            method: 'PUT',
            json: { productId, activated: 'no' },
            token: seller,
          }),
        )
      ).message,
    ).toContain('Active must be true or false');
    expect(
      (
        await errorOf(
          await s.request(API_PRODUCTS.productStatus.path, { method: 'PUT', json: { activated: true }, token: seller }),
        )
      ).message,
    ).toContain('Product is required');
    expect(await answer(s, API_PRODUCTS.deleteProduct, { params: { productId }, token: seller })).toEqual({
      deleted: true,
    });
    expect((await s.request(pathOf(API_PRODUCTS.product, { productId }), { token: seller })).status).toBe(404);
    expect(
      (await errorOf(await s.request(pathOf(API_PRODUCTS.product, { productId: 'abc' }), { token: seller }))).message,
    ).toContain('Product must be a number');
  });

  it('sends one stock alert when inventory falls to the threshold, and again only after a restock', async () => {
    const { productId } = await answerOf(
      API_PRODUCTS.addProduct,
      await create({ ...KURTA, productName: 'Silk Saree', sku: 'SAREE-1', availableInventory: 10, notifyThreshold: 3 }),
    );
    const alerts = async () =>
      (await s.deps.messenger.recent()).filter((m) => m.subject === 'Low stock: Silk Saree (SAREE-1)');
    expect(await alerts()).toHaveLength(0);
    const put = (availableInventory: number) =>
      s.request(pathOf(API_PRODUCTS.product, { productId }), {
        method: 'PUT',
        json: { ...KURTA, productName: 'Silk Saree', sku: 'SAREE-1', availableInventory, notifyThreshold: 3 },
        token: seller,
      });
    const low = await answerOf(API_PRODUCTS.editProduct, await put(3));
    expect(low.lowStock).toBe(true);
    await answerOf(API_PRODUCTS.editProduct, await put(2));
    expect(await alerts()).toHaveLength(1);
    expect((await alerts())[0]).toMatchObject({ recipient: 'seller@demo.dakiya.in' });
    expect((await alerts())[0].body).toContain('down to 3 units, at or below your stock alert of 3');
    await answerOf(API_PRODUCTS.editProduct, await put(8));
    await answerOf(API_PRODUCTS.editProduct, await put(1));
    expect(await alerts()).toHaveLength(2);
  });

  it('keeps channel mappings per product, unique per store listing', async () => {
    const { productId } = await answerOf(API_PRODUCTS.addProduct, await create({ ...KURTA, sku: 'MAP-1' }));
    const path = pathOf(API_PRODUCTS.mappings, { productId });
    const m = await answer(s, API_PRODUCTS.addMapping, {
      params: { productId },
      body: { channelProductId: '7001234', storeId: 'aarav.myshopify.com' },
      token: seller,
    });
    expect(m).toMatchObject({ channelProductId: '7001234', storeId: 'aarav.myshopify.com' });
    expect(
      (
        await errorOf(
          await s.request(path, {
            method: 'POST',
            json: { channelProductId: '7001234', storeId: 'aarav.myshopify.com' },
            token: seller,
          }),
        )
      ).status,
    ).toBe(409);
    expect(
      (
        await errorOf(
          await s.request(path, { method: 'POST', json: { channelProductId: '', storeId: 'x' }, token: seller }),
        )
      ).message,
    ).toContain('Channel product id must be 1 to 64 characters');
    expect(
      (await errorOf(await s.request(path, { method: 'POST', json: { channelProductId: '1' }, token: seller })))
        .message,
    ).toContain('Store id is required');
    expect(await answer(s, API_PRODUCTS.mappings, { params: { productId }, token: seller })).toEqual([m]);
    expect((await s.request(path, { token: meera })).status).toBe(404);
    expect(
      (await s.request(path, { method: 'POST', json: { channelProductId: '1', storeId: 'x' }, token: meera })).status,
    ).toBe(404);
    expect(
      (
        await s.request(pathOf(API_PRODUCTS.deleteMapping, { productId, mappingId: m.mappingId }), {
          method: 'DELETE',
          token: meera,
        })
      ).status,
    ).toBe(404);
    expect(
      await answer(s, API_PRODUCTS.deleteMapping, { params: { productId, mappingId: m.mappingId }, token: seller }),
    ).toEqual({ deleted: true });
    expect(await answer(s, API_PRODUCTS.mappings, { params: { productId }, token: seller })).toEqual([]);
  });

  it('is for sellers only: staff get 403, no token 401', async () => {
    for (const [method, path] of [
      ['GET', API_PRODUCTS.products.path],
      ['POST', API_PRODUCTS.products.path],
      ['GET', API_PRODUCTS.categories.path],
      ['GET', exportPath(API_PRODUCTS.products.path)],
      ['PUT', API_PRODUCTS.productStatus.path],
      ['GET', pathOf(API_PRODUCTS.product, { productId: 1 })],
      ['PUT', pathOf(API_PRODUCTS.product, { productId: 1 })],
      ['DELETE', pathOf(API_PRODUCTS.product, { productId: 1 })],
      ['GET', pathOf(API_PRODUCTS.mappings, { productId: 1 })],
      ['POST', pathOf(API_PRODUCTS.mappings, { productId: 1 })],
      ['DELETE', pathOf(API_PRODUCTS.deleteMapping, { productId: 1, mappingId: 1 })],
    ] as const) {
      expect(
        (
          await s.request(path, {
            method,
            json: method === 'GET' || method === 'DELETE' ? undefined : KURTA,
            token: staff,
          })
        ).status,
        `${method} ${path}`,
      ).toBe(403);
      expect((await s.request(path, { method })).status, `${method} ${path}`).toBe(401);
    }
  });
});
