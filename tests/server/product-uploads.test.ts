import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseCsv } from '../../server/modules/uploads/csv-records';
import { pathOf } from '../../src/domain/operation';

import { API_PRODUCTS } from '../../src/domain/setup-contract';
import { csvUploads, products } from '../../server/db/schema';
import { CHUNK_ROWS, runCsvImport } from '../../server/modules/uploads/import-job';
import { productUploads } from '../../server/modules/uploads/products';
import { errorOf, type TestServer } from './harness';
import { csvForm, demoTokens, finishedUpload, startDemoServer, uploadRoutes } from './helpers';
import { answer, answerOf, send } from './call';

const HEADER =
  'productName,sku,category,price,inventoryManagementEnabled,availableInventory,notifyThreshold,weightKg,lengthCm,breadthCm,heightCm,hsnCode,taxRatePercent';
const good = (i: number) => `Steel Tumbler ${i},TUMB-${i},Home & Kitchen,249.00,yes,50,5,0.2,8,8,12,7323,12`;

const form = (text: string | Uint8Array<ArrayBuffer>, name = 'products.csv') => csvForm(text, name);

describe('products CSV upload', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
  });
  afterAll(() => s.close());

  const upload = (body: FormData, token = seller) =>
    s.request(API_PRODUCTS.uploads.upload.path, { method: 'POST', body, token });
  const finished = (uploadId: number, token = seller) => finishedUpload(s, API_PRODUCTS.uploads, uploadId, token);

  it('serves a sample CSV whose header the importer accepts', async () => {
    const res = await s.request(API_PRODUCTS.uploads.sample.path, { token: seller });
    expect(res.headers.get('content-disposition')).toContain('dakiya-products-sample.csv');
    const text = (await res.text()).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toBe(HEADER);
    const row = await answerOf(API_PRODUCTS.uploads.upload, await upload(form(text, 'sample.csv')));
    expect(row).toMatchObject({ status: 'PENDING', fileName: 'sample.csv', totalRows: 2, percent: 0, result: null });
    expect(await finished(row.uploadId)).toMatchObject({
      status: 'DONE',
      percent: 100,
      result: { created: 2, rejected: 0, errorFileUrl: null },
    });
  });

  it('imports the good rows, rejects each bad row with its row, column and reason, and serves them as CSV', async () => {
    const lines = [
      HEADER,
      good(1),
      'Bad Price,TUMB-BAD1,Home & Kitchen,abc,no,,,0.2,8,8,12,,12', // row 3
      good(2),
      'Tumbler dup,tumb-1,,10,no,,,0.2,8,8,12,,12', // row 5: same SKU as row 2
      'Odd Category,TUMB-BAD2,Gadgets,10,no,,,0.2,8,8,12,,12', // row 6
      ',TUMB-BAD3,,10,no,,,0.2,8,8,12,,12', // row 7
      '"Quoted, with comma",TUMB-3,,10,no,,,0.2,8,8,12,,5', // row 8
      'Bad tax,TUMB-BAD4,,10,no,,,0.2,8,8,12,,7', // row 9
      'Sample kurta,KURTA-IND-M,,10,no,,,0.2,8,8,12,,5', // row 10: created by the sample upload
      ',TUMB-BAD5,Gadgets,abc,maybe,,,0.2,8,8,12,,7', // row 11: five problems, all told
      ',,,,,,,,,,,,', // an empty spreadsheet line: skipped
    ];
    const row = await answerOf(API_PRODUCTS.uploads.upload, await upload(form(lines.join('\n'))));
    const done = await finished(row.uploadId);
    expect(done).toMatchObject({
      status: 'DONE',
      totalRows: 10,
      processedRows: 10,
      result: {
        created: 3,
        rejected: 7,
        errorFileUrl: pathOf(API_PRODUCTS.uploads.errorCsv, { uploadId: row.uploadId }),
      },
    });
    const errorCsv = (
      await (
        await answer(s, API_PRODUCTS.uploads.errorCsv, { params: { uploadId: row.uploadId }, token: seller })
      ).text()
    ).replace(/^\uFEFF/, '');
    const [header, ...rejected] = parseCsv(errorCsv);
    expect(header.join(',')).toBe(`${HEADER},errorRow,errorColumn,errorReason`);
    expect(rejected.map((r) => r.slice(-3))).toEqual([
      ['3', 'price', 'Price must be a number, not "abc"'],
      ['5', 'sku', 'SKU tumb-1 appears earlier in this file (row 2)'],
      ['6', 'category', 'Category: no category named "Gadgets"'],
      ['7', 'productName', 'Product name must be 3 to 100 characters'],
      ['9', 'taxRatePercent', 'Tax rate must be one of 0, 0.25, 3, 5, 12, 18, 28, 40'],
      ['10', 'sku', 'SKU KURTA-IND-M already exists'],
      [
        '11',
        'price, inventoryManagementEnabled, category, productName, taxRatePercent',
        'Price must be a number, not "abc"; Manage inventory must be yes or no; Category: no category named "Gadgets"; Product name must be 3 to 100 characters; Tax rate must be one of 0, 0.25, 3, 5, 12, 18, 28, 40',
      ],
    ]);
    // the row as sent comes first, so the file can be fixed and uploaded again
    expect(rejected[0].slice(0, 4)).toEqual(['Bad Price', 'TUMB-BAD1', 'Home & Kitchen', 'abc']);
    const products = await answer(s, API_PRODUCTS.products, {
      query: { searchPattern: 'tumb', recordsPerPage: '50' },
      token: seller,
    });
    expect(products.items.map((p) => p.sku).sort()).toEqual(['TUMB-1', 'TUMB-2', 'TUMB-3']);
    expect(products.items.find((p) => p.sku === 'TUMB-3')!.productName).toBe('Quoted, with comma');
    expect(products.items.find((p) => p.sku === 'TUMB-1')).toMatchObject({
      price: 249,
      categoryName: 'Home & Kitchen',
      inventoryManagementEnabled: true,
      availableInventory: 50,
      hsnCode: '7323',
    });
  });

  it('tells every problem of a row at once, under the sample’s header whatever the order of the seller’s columns', async () => {
    const text = [
      'sku,productName,price,weightKg,lengthCm,breadthCm,heightCm,taxRatePercent,hsnCode',
      'ALL-1,Brass Lamp,free,0,10,10,10,5,12', // three problems: price, weight and HSN code
    ].join('\n');
    const done = await finished((await answerOf(API_PRODUCTS.uploads.upload, await upload(form(text)))).uploadId);
    expect(done.result).toMatchObject({ created: 0, rejected: 1 });
    const [header, ...rejected] = parseCsv(
      (
        await (
          await answer(s, API_PRODUCTS.uploads.errorCsv, { params: { uploadId: done.uploadId }, token: seller })
        ).text()
      ).replace(/^\uFEFF/, ''),
    );
    expect(header.join(',')).toBe(`${HEADER},errorRow,errorColumn,errorReason`);
    expect(rejected).toHaveLength(1);
    expect(rejected[0].slice(-3)).toEqual([
      '2',
      'price, weightKg, hsnCode',
      'Price must be a number, not "free"; Weight (kg) must be a positive number; HSN code must be 4, 6 or 8 digits',
    ]);
    const cell = (name: string) => rejected[0][header.indexOf(name)];
    expect([cell('productName'), cell('sku'), cell('price'), cell('weightKg'), cell('hsnCode')]).toEqual([
      'Brass Lamp',
      'ALL-1',
      'free',
      '0',
      '12',
    ]);
  });

  it('accepts columns in any order and the error file uploaded again as it is', async () => {
    const text =
      'sku,productName,price,weightKg,lengthCm,breadthCm,heightCm,taxRatePercent,errorRow,errorColumn,errorReason\nREORD-1,Reordered one,5,1,1,1,1,0,3,price,old reason\n';
    const done = await finished((await answerOf(API_PRODUCTS.uploads.upload, await upload(form(text)))).uploadId);
    expect(done.result).toMatchObject({ created: 1, rejected: 0 });
  });

  it.each([
    ['an empty file', '', 400, 'The file is empty'],
    ['blank lines only', '\n\n  \n', 400, 'The file is empty'],
    ['a header without rows', `${HEADER}\n`, 400, 'The file has a header but no product rows'],
    [
      'a wrong header',
      `name,code,price\n${good(9)}`,
      400,
      'Unknown columns name, code. The first row must be the header: productName,sku,',
    ],
    [
      'a missing column',
      'productName,sku,price\nA,B,1',
      400,
      'Missing columns weightKg, lengthCm, breadthCm, heightCm, taxRatePercent',
    ],
    ['a header given twice', `${HEADER},sku\n${good(9)}`, 400, 'Unknown column sku (twice)'],
  ])('refuses %s with a clear answer', async (_, text, status, message) => {
    const e = await errorOf(await upload(form(text)));
    expect(e).toMatchObject({ status });
    expect(e.message).toContain(message);
  });

  it('refuses a file that is not UTF-8, not a CSV name, or not a file', async () => {
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode(`${HEADER}\nCaf`),
      0xe9,
      ...new TextEncoder().encode(',X-1,,1,no,,,1,1,1,1,,0\n'),
    ]);
    expect((await errorOf(await upload(form(latin1)))).message).toContain('The file is not UTF-8 text');
    expect((await errorOf(await upload(form(`${HEADER}\n${good(1)}`, 'products.xlsx')))).message).toBe(
      'Please choose a .csv file',
    );
    const f = new FormData();
    f.set('file', 'just text');
    expect((await errorOf(await upload(f))).message).toBe('File: choose a CSV file to upload');
    expect(
      (
        await errorOf(
          await s.request(API_PRODUCTS.uploads.upload.path, { method: 'POST', json: { file: 'x' }, token: seller }),
        )
      ).status,
    ).toBe(400);
  });

  it('refuses 200,000 rows and a file over 50 MB', async () => {
    const many = `${HEADER}\n${'A,B,,1,no,,,1,1,1,1,,0\n'.repeat(200_000)}`;
    expect((await errorOf(await upload(form(many)))).message).toBe(
      'The file has 2,00,000 rows; upload at most 1,00,000 rows per file',
    );
    const huge = new Uint8Array(50 * 1024 * 1024 + 100 * 1024).fill(0x41);
    const e = await errorOf(await upload(form(huge)));
    expect(e).toMatchObject({ status: 413, message: 'The file is larger than 50 MB; split it into smaller files' });
  });

  it('resumes a retried import after the last committed chunk without counting a row twice', async () => {
    const total = Math.round(CHUNK_ROWS * 2.5);
    const lines = [HEADER, ...Array.from({ length: total }, (_, i) => good(10_000 + i))];
    // the first run committed its first chunk and then the process died
    const [u] = await s.deps.db
      .insert(csvUploads)
      .values({
        orgId: 1,
        kind: 'PRODUCTS',
        accountId: 1,
        fileName: 'retry.csv',
        content: lines.slice(0, CHUNK_ROWS + 1).join('\n'),
        totalRows: CHUNK_ROWS,
      })
      .returning();
    await runCsvImport(s.deps, productUploads, u.id);
    await s.deps.db
      .update(csvUploads)
      .set({ status: 'IN_PROGRESS', content: lines.join('\n'), totalRows: total, finishedAt: null })
      .where(eq(csvUploads.id, u.id));
    // the retried job
    await runCsvImport(s.deps, productUploads, u.id);
    const made = await s.deps.db.$count(products, eq(products.uploadId, u.id));
    expect(made).toBe(total);
    const [after] = await s.deps.db.select().from(csvUploads).where(eq(csvUploads.id, u.id));
    expect(after).toMatchObject({
      status: 'DONE',
      createdRows: total,
      rejectedRows: 0,
      processedRows: total,
      content: null,
    });
    // a job that runs again after DONE changes nothing
    await runCsvImport(s.deps, productUploads, u.id);
    const [again] = await s.deps.db.select().from(csvUploads).where(eq(csvUploads.id, u.id));
    expect(again.createdRows).toBe(total);
  });

  it('keeps history per seller, newest first, page 0 size 10 by default, with the previous status', async () => {
    const history = await answer(s, API_PRODUCTS.uploads.history, { token: seller });
    expect(history).toMatchObject({ pageNumber: 0, recordsPerPage: 10 });
    expect(history.items.length).toBeGreaterThanOrEqual(3);
    expect(history.items[0].uploadId).toBeGreaterThan(history.items[1].uploadId);
    const latest = await answer(s, API_PRODUCTS.uploads.latest, { token: seller });
    if (!latest) throw new Error('no previous upload');
    expect(latest.uploadId).toBe(history.items[0].uploadId);
    expect(await answer(s, API_PRODUCTS.uploads.latest, { token: meera })).toBeNull();
    expect((await answer(s, API_PRODUCTS.uploads.history, { token: meera })).total).toBe(0);
    expect(
      (await send(s, API_PRODUCTS.uploads.status, { params: { uploadId: latest.uploadId }, token: meera })).status,
    ).toBe(404);
    expect(
      (await send(s, API_PRODUCTS.uploads.errorCsv, { params: { uploadId: latest.uploadId }, token: meera })).status,
    ).toBe(404);
    expect(
      (await errorOf(await s.request(`${API_PRODUCTS.uploads.history.path}?pageNumber=x`, { token: seller }))).message,
    ).toContain('Page must be a whole number');
  });

  it('is for sellers only', async () => {
    for (const [method, path] of uploadRoutes(API_PRODUCTS.uploads)) {
      expect(
        (
          await s.request(path, {
            method,
            body: method === 'POST' ? form(`${HEADER}\n${good(1)}`) : undefined,
            token: staff,
          })
        ).status,
      ).toBe(403);
      expect((await s.request(path, { method })).status).toBe(401);
    }
  });
});
