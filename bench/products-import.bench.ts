import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { API, type LoginAnswer } from '../src/domain/api';
import { API_PRODUCTS, type ProductUploadRow } from '../src/domain/api-setup';
import { createApp } from '../server/app';
import { seedDemo, seedReference } from '../server/db/seed';
import { PRODUCT_CSV_COLUMNS } from '../server/modules/product-uploads/product-csv';
import { freshProductDatabase, writeReport } from './lib';

// A products CSV of 10,000 rows (1% bad) imported through the product — multipart upload over
// the app's HTTP handler, checks, background job, validation, inserts, error rows — beside raw
// PostgreSQL COPYs of the same rows, in one run on one fresh database:
//  - into a scratch table shaped like products (same column types, indexes and foreign keys): the same
//    database work without any checking; the goal is measured against this one;
//  - into an all-text scratch table without indexes: the floor of ingesting the file at all.

const ROWS = 10_000;
const RUNS = 3;

function csvFile(run: number): string {
  const lines = [PRODUCT_CSV_COLUMNS.join(',')];
  for (let i = 0; i < ROWS; i++) {
    const bad = i % 100 === 42; // 1%: a price that is not a number
    lines.push(`"Handloom Cotton Saree ${run}-${i}, Maroon",SAREE-${run}-${i},Apparel & Fashion,${bad ? 'abc' : (499 + (i % 500)).toFixed(2)},yes,${i % 90},5,0.65,35,28,5,5208,5`);
  }
  return `${lines.join('\n')}\n`;
}

/** The same rows as products stores them (a bad price read as 0), tab-separated for COPY. */
function typedRows(run: number): string {
  const out: string[] = [];
  for (let i = 0; i < ROWS; i++) {
    const price = i % 100 === 42 ? 0 : (499 + (i % 500)) * 100;
    out.push(['1', '0', `Handloom Cotton Saree ${run}-${i}, Maroon`, `SAREE-${run}-${i}`, '1', price, 't', i % 90, '5', '0.65', '35', '28', '5', '5208', '5'].join('\t'));
  }
  return `${out.join('\n')}\n`;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run(): Promise<boolean> {
  const fresh = await freshProductDatabase({ jobPollSeconds: 0.5 });
  const { deps } = fresh;
  const raw = new pg.Client({ connectionString: fresh.url });
  try {
    await seedReference(deps.db);
    await seedDemo(deps);
    const { app } = createApp(deps);
    const loginRes = await app.request(API.login, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('seller@demo.dakiya.in:Seller@123').toString('base64')}`, 'x-forwarded-for': '127.0.0.1' },
    });
    const token = ((await loginRes.json()) as { data: LoginAnswer }).data.accessToken;
    await raw.connect();
    await raw.query(`CREATE TABLE copy_scratch (${PRODUCT_CSV_COLUMNS.map((c) => `"${c}" text`).join(', ')})`);
    // LIKE copies columns, defaults and indexes; the foreign keys are added as products has them
    await raw.query('CREATE TABLE typed_scratch (LIKE products INCLUDING DEFAULTS INCLUDING INDEXES)');
    await raw.query('ALTER TABLE typed_scratch ADD FOREIGN KEY (org_id) REFERENCES organisations (id), ADD FOREIGN KEY (category_id) REFERENCES product_categories (id)');

    const productMs: number[] = [];
    const copyMs: number[] = [];
    const typedMs: number[] = [];
    let last: ProductUploadRow | null = null;
    // run 0 warms both paths up and is not counted
    for (let r = 0; r <= RUNS; r++) {
      const text = csvFile(r);
      const form = new FormData();
      form.set('file', new File([text], `bench-${r}.csv`, { type: 'text/csv' }));
      const t0 = performance.now();
      const res = await app.request(API_PRODUCTS.uploads, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '127.0.0.1' } });
      const { uploadId } = ((await res.json()) as { data: ProductUploadRow }).data;
      for (;;) {
        const s = await app.request(API_PRODUCTS.upload(uploadId), { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '127.0.0.1' } });
        last = ((await s.json()) as { data: ProductUploadRow }).data;
        if (last.status === 'DONE' || last.status === 'FAILED') break;
        await new Promise((done) => setTimeout(done, 25));
      }
      const t1 = performance.now();
      await raw.query('TRUNCATE copy_scratch');
      const t2 = performance.now();
      await pipeline(Readable.from([text]), raw.query(copyFrom('COPY copy_scratch FROM STDIN WITH (FORMAT csv, HEADER true)')));
      const t3 = performance.now();
      await raw.query('TRUNCATE typed_scratch');
      const tsv = typedRows(r);
      const t4 = performance.now();
      await pipeline(
        Readable.from([tsv]),
        raw.query(copyFrom(`COPY typed_scratch (org_id, upload_id, product_name, sku, category_id, price_paise, inventory_managed, available_inventory, notify_threshold, weight_kg, length_cm, breadth_cm, height_cm, hsn_code, tax_rate_percent) FROM STDIN`)),
      );
      const t5 = performance.now();
      if (r > 0) {
        productMs.push(t1 - t0);
        copyMs.push(t3 - t2);
        typedMs.push(t5 - t4);
      }
    }
    const product = median(productMs);
    const copy = median(copyMs);
    const typed = median(typedMs);
    const productRate = Math.round((ROWS / product) * 1000);
    const copyRate = Math.round((ROWS / copy) * 1000);
    const typedRate = Math.round((ROWS / typed) * 1000);
    const ratio = Number((productRate / typedRate).toFixed(3));
    const floorRatio = Number((productRate / copyRate).toFixed(3));
    const correct = last?.status === 'DONE' && last.result?.created === ROWS * 0.99 && last.result?.rejected === ROWS * 0.01;
    const met = correct && ratio >= 0.25;
    writeReport(
      {
        bench: 'products-import',
        figures: { rows: ROWS, badRows: ROWS / 100, runs: RUNS, productMs: productMs.map(Math.round), copyMs: copyMs.map(Math.round), typedCopyMs: typedMs.map(Math.round), productRowsPerSec: productRate, typedCopyRowsPerSec: typedRate, textCopyRowsPerSec: copyRate, ratio, ratioToTextCopy: floorRatio, lastResult: last?.result },
        goal: 'products CSV import (10,000 rows, 1% bad, validation included) at least 0.25 of a raw PostgreSQL COPY of the same rows into a products-shaped scratch table',
        met,
      },
      [
        ['path', 'median ms', 'rows/s'],
        ['Dakiya upload → DONE (validate, insert, reject 1%)', Math.round(product), productRate],
        ['raw COPY into a products-shaped scratch table', Math.round(typed), typedRate],
        ['raw COPY into an all-text, unindexed scratch table', Math.round(copy), copyRate],
        ['ratio to the products-shaped COPY (goal)', ratio, ''],
        ['ratio to the all-text COPY', floorRatio, ''],
      ],
    );
    if (!correct) console.log(`  the import did not give 9,900 created and 100 rejected: ${JSON.stringify(last)}`);
    return met;
  } finally {
    await raw.end().catch(() => {});
    await fresh.drop();
  }
}
