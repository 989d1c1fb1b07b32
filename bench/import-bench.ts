import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { CsvUploadRow, UploadOperations } from '../src/domain/uploads-contract';
import { createApp } from '../server/app';
import { seedReference } from '../server/seeds/reference';
import { seedDemo } from '../server/seeds/demo-accounts';
import { appToken, freshProductDatabase, median, uploadUntilDone, writeReport } from './lib';

// A CSV bulk import measured through the product — multipart upload over the app's HTTP handler,
// checks, background job, validation, inserts, error rows — beside raw PostgreSQL COPYs of the
// same rows, in one run on one fresh database:
//  - into a scratch table shaped like the target (same column types, indexes and foreign keys),
//    the rows as the product stores them; the goal is measured against this one. Like the
//    target, it keeps the earlier runs' rows;
//  - into an all-text scratch table without indexes: the floor of ingesting the file at all.

export const ROWS = 10_000;
const RUNS = Number(process.env.RUNS ?? 5);
const SELLER = { email: 'seller@demo.dakiya.in', password: 'Seller@123' };

export interface ImportBench {
  name: string;
  /** the least share of the orders-shaped COPY's rows/s the import must reach */
  goalRatio: number;
  /** what the import writes, for the report */
  label: string;
  /** the target table the typed scratch copies its shape from, with its foreign keys */
  target: { table: string; foreignKeys: string };
  columns: readonly string[];
  ops: UploadOperations;
  /** run-specific CSV text (1% bad rows) */
  csv(run: number): string;
  /** the same rows as the target stores them, tab-separated, and the COPY column list */
  typed(run: number, orgId: number): string;
  typedColumns: string;
  /** what the seller needs before importing (an address to ship from) */
  prepare?(raw: pg.Client, orgId: number): Promise<void>;
}

export async function runImportBench(b: ImportBench): Promise<boolean> {
  const fresh = await freshProductDatabase({ jobPollSeconds: 0.5 });
  const { deps } = fresh;
  const raw = new pg.Client({ connectionString: fresh.url });
  try {
    await seedReference(deps.db);
    await seedDemo(deps);
    const { app } = createApp(deps);
    const token = await appToken(app, SELLER.email, SELLER.password);
    await raw.connect();
    const {
      rows: [{ org_id: orgId }],
    } = await raw.query<{ org_id: number }>('SELECT org_id FROM accounts WHERE email = $1', [SELLER.email]);
    await b.prepare?.(raw, orgId);
    await raw.query(`CREATE TABLE copy_scratch (${b.columns.map((c) => `"${c}" text`).join(', ')})`);
    // LIKE copies columns, defaults and indexes; the foreign keys are added as the target has them
    await raw.query(`CREATE TABLE typed_scratch (LIKE ${b.target.table} INCLUDING DEFAULTS INCLUDING INDEXES)`);
    await raw.query(`ALTER TABLE typed_scratch ${b.target.foreignKeys}`);

    const importMs: number[] = [];
    const copyMs: number[] = [];
    const typedMs: number[] = [];
    let last: CsvUploadRow | null = null;
    // run 0 warms both paths up and is not counted
    for (let r = 0; r <= RUNS; r++) {
      const text = b.csv(r);
      const t0 = performance.now();
      last = await uploadUntilDone<CsvUploadRow>(app, b.ops, token, text, `bench-${r}.csv`);
      const t1 = performance.now();
      await raw.query('TRUNCATE copy_scratch');
      const t2 = performance.now();
      await pipeline(
        Readable.from([text]),
        raw.query(copyFrom('COPY copy_scratch FROM STDIN WITH (FORMAT csv, HEADER true)')),
      );
      const t3 = performance.now();
      const tsv = b.typed(r, orgId);
      const t4 = performance.now();
      await pipeline(Readable.from([tsv]), raw.query(copyFrom(`COPY typed_scratch (${b.typedColumns}) FROM STDIN`)));
      const t5 = performance.now();
      if (r > 0) {
        importMs.push(t1 - t0);
        copyMs.push(t3 - t2);
        typedMs.push(t5 - t4);
      }
    }
    const rate = (ms: number) => Math.round((ROWS / ms) * 1000);
    const [imported, typed, copy] = [median(importMs), median(typedMs), median(copyMs)];
    const ratio = Number((rate(imported) / rate(typed)).toFixed(3));
    const floorRatio = Number((rate(imported) / rate(copy)).toFixed(3));
    const correct =
      last?.status === 'DONE' && last.result?.created === ROWS * 0.99 && last.result?.rejected === ROWS * 0.01;
    const met = correct && ratio >= b.goalRatio;
    const noun = b.target.table;
    const a = /^[aeiou]/.test(noun) ? 'an' : 'a';
    writeReport(
      {
        bench: b.name,
        figures: {
          rows: ROWS,
          badRows: ROWS / 100,
          runs: RUNS,
          importMs: importMs.map(Math.round),
          typedCopyMs: typedMs.map(Math.round),
          copyMs: copyMs.map(Math.round),
          importRowsPerSec: rate(imported),
          typedCopyRowsPerSec: rate(typed),
          textCopyRowsPerSec: rate(copy),
          ratio,
          ratioToTextCopy: floorRatio,
          lastResult: last?.result,
        },
        goal: `${noun} CSV import (10,000 rows, 1% bad, validation included) at least ${b.goalRatio} of a raw PostgreSQL COPY of the same rows into ${a} ${noun}-shaped scratch table`,
        met,
      },
      [
        ['path', 'median ms', 'rows/s'],
        [`Dakiya upload → DONE (${b.label}, reject 1%)`, Math.round(imported), rate(imported)],
        [`raw COPY into ${a} ${noun}-shaped scratch table`, Math.round(typed), rate(typed)],
        ['raw COPY into an all-text, unindexed scratch table', Math.round(copy), rate(copy)],
        [`ratio to the ${noun}-shaped COPY (goal)`, ratio, ''],
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
