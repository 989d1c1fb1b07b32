import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../server/deps';
import { createApp } from '../server/app';
import { seedReference } from '../server/seeds/reference';
import { seedDemo } from '../server/seeds/demo-accounts';
import { organisations } from '../server/db/schema';
import { CARRIERS } from '../src/domain/shipping/carriers';
import { WEIGHT_COURIER_FILES } from '../src/domain/weight-contract';
import type { CsvUploadRow } from '../src/domain/uploads-contract';
import { WEIGHT_FILE_COLUMNS } from '../server/modules/uploads/weight-discrepancies';
import { appToken, freshProductDatabase, median, uploadUntilDone, writeReport } from './lib';
import { codRemittanceCycle } from './cod-remittance-seed';

// `npm run bench -- reconciliation`: money after delivery, in one run on one fresh PostgreSQL
// database. Each figure is measured on the same database, one after another, into one report:
//  - a courier's weight-discrepancy file of 10,000 rows imported through the product (multipart
//    upload, the import job, validation, the shipments read, slabs compared, discrepancies with
//    their timelines, the holds through the ledger), beside a raw COPY of the same discrepancies
//    into a weight_discrepancies-shaped scratch table, interleaved run by run, medians compared;
//    goal: at least 0.25 of the COPY.
//  - wallet debits/s through the ledger (moveMoney: the balanced entry and the guarded wallet
//    update in one statement) from N concurrent clients, each on its own seller's wallet, beside
//    pgbench's built-in simple-update (-N) at the same client count on the same database,
//    interleaved run by run, medians compared; goal: at least 0.5 of pgbench's transactions/s.
//  - a COD remittance cycle over 100,000 delivered COD shipments of 500 sellers (cod-remittance-seed.ts);
//    goal: under 10 s.
// FIGURE=<name>[,<name>] measures only those figures (the others' goals are then not judged).

const ROWS = 10_000;
const RUNS = Number(process.env.RUNS ?? 5);
const STAFF = { email: 'ops@dakiya.in', password: 'Staff@123' };

interface Bench {
  deps: AppDeps;
  raw: pg.Client;
  app: ReturnType<typeof createApp>['app'];
  staffToken: string;
  orgId: number;
}

interface Figure {
  name: string;
  goal: string;
  measure(b: Bench): Promise<{ figures: Record<string, unknown>; rows: (string | number)[][]; met: boolean }>;
}

/** 10,000 booked parcels of 0.5 kg for each run (the first warms up), so every run's file raises its own. */
async function seedShipments(b: Bench): Promise<void> {
  const total = ROWS * (RUNS + 1);
  const codes = CARRIERS.map((c) => c.code);
  await b.deps.db.execute(sql`
    insert into orders (org_id, order_number, status, channel, payment_method, order_date, buyer_name, buyer_phone,
      shipping, billing, subtotal_paise, total_paise, cod_amount_paise, length_cm, breadth_cm, height_cm, dead_weight_kg, pickup, awb, carrier_code)
    select ${b.orgId}::int, 'WB-' || lpad(n::text, 7, '0'), 'INT', 'SHOPIFY', 'PPD', date '2026-11-20',
      'Buyer ' || n, (9000000000 + n)::text,
      '{"line1":"House","line2":"","pincode":"560038","city":"Bengaluru","state":"Karnataka"}'::jsonb,
      '{"line1":"House","line2":"","pincode":"560038","city":"Bengaluru","state":"Karnataka"}'::jsonb,
      50000, 50000, 0, 20, 15, 10, 0.4, '{}'::jsonb,
      'WB' || lpad(n::text, 10, '0'), (${sql.param(codes)}::text[])[1 + n % ${codes.length}]
    from generate_series(0, ${total - 1}) as n`);
  await b.deps.db.execute(sql`
    insert into shipments (org_id, order_id, carrier_code, awb, zone, charged_weight_kg, freight_paise, cod_charge_paise, gst_paise,
      total_paise, rto_charge_paise, quote_steps, short_code, booked_at)
    select o.org_id, o.id, o.carrier_code, o.awb, 'D', 0.5, 100, 0, 18, 118, 100, '[]'::jsonb, 'wb' || o.id, now()
    from orders o where o.order_number like 'WB-%'`);
  await b.deps.db.execute(sql`vacuum analyze orders`);
  await b.deps.db.execute(sql`vacuum analyze shipments`);
}

const awbOf = (run: number, i: number) => `WB${String(run * ROWS + i).padStart(10, '0')}`;

function courierFile(run: number): string {
  const lines = [WEIGHT_FILE_COLUMNS.join(',')];
  for (let i = 0; i < ROWS; i++)
    lines.push(`${awbOf(run, i)},2.4,30,25,20,https://courier.example/hub/${awbOf(run, i)}.jpg`);
  return `${lines.join('\n')}\n`;
}

/** The same discrepancies as the import stores them, tab-separated, for the COPY. */
async function typedRows(b: Bench, run: number): Promise<string> {
  const { rows } = await b.raw.query<{ id: number; order_id: number; awb: string; carrier_code: string }>(
    `SELECT id, order_id, awb, carrier_code FROM shipments WHERE awb >= $1 AND awb <= $2 ORDER BY awb`,
    [awbOf(run, 0), awbOf(run, ROWS - 1)],
  );
  const seller = JSON.stringify({
    deadWeightKg: 0.4,
    lengthCm: 20,
    breadthCm: 15,
    heightCm: 10,
    volumetricKg: 0.6,
    chargedKg: 0.5,
  });
  const courier = JSON.stringify({
    deadWeightKg: 2.4,
    lengthCm: 30,
    breadthCm: 25,
    heightCm: 20,
    volumetricKg: 3,
    chargedKg: 3,
  });
  return (
    rows
      .map((s) =>
        [
          b.orgId,
          s.id,
          s.order_id,
          s.awb,
          s.carrier_code,
          'D',
          'FILE',
          seller,
          courier,
          0.5,
          3,
          1000,
          0,
          180,
          1180,
          JSON.stringify({ fileId: null, url: `https://courier.example/hub/${s.awb}.jpg`, name: 'Courier hub photo' }),
          'f',
          '2026-11-26T00:00:00Z',
          '2026-12-03T00:00:00Z',
        ].join('\t'),
      )
      .join('\n') + '\n'
  );
}

const discrepancyFile: Figure = {
  name: 'discrepancy-file',
  goal: 'a courier discrepancy file of 10,000 rows imported (validation, slabs, discrepancies, timelines, wallet holds) at least 0.25 of a raw PostgreSQL COPY of the same rows into a weight_discrepancies-shaped scratch table',
  async measure(b) {
    await seedShipments(b);
    await b.raw.query('CREATE TABLE typed_scratch (LIKE weight_discrepancies INCLUDING DEFAULTS INCLUDING INDEXES)');
    await b.raw.query(
      `ALTER TABLE typed_scratch ADD FOREIGN KEY (org_id) REFERENCES organisations (id),
         ADD FOREIGN KEY (shipment_id) REFERENCES shipments (id), ADD FOREIGN KEY (order_id) REFERENCES orders (id)`,
    );
    const importMs: number[] = [];
    const copyMs: number[] = [];
    let last: CsvUploadRow | null = null;
    for (let r = 0; r <= RUNS; r++) {
      const text = courierFile(r);
      const t0 = performance.now();
      last = await uploadUntilDone<CsvUploadRow>(b.app, WEIGHT_COURIER_FILES, b.staffToken, text, `courier-${r}.csv`);
      const t1 = performance.now();
      const tsv = await typedRows(b, r);
      const t2 = performance.now();
      await pipeline(
        Readable.from([tsv]),
        b.raw.query(
          copyFrom(`COPY typed_scratch (org_id, shipment_id, order_id, awb, carrier_code, zone, source, seller, courier,
            seller_charged_kg, courier_charged_kg, forward_paise, rto_paise, gst_paise, amount_paise, hub_photo, platform_borne,
            raised_at, deadline_at) FROM STDIN`),
        ),
      );
      const t3 = performance.now();
      if (r > 0) {
        importMs.push(t1 - t0);
        copyMs.push(t3 - t2);
      }
    }
    // a replay of the last file raises nothing more
    const replay = await uploadUntilDone<CsvUploadRow>(
      b.app,
      WEIGHT_COURIER_FILES,
      b.staffToken,
      courierFile(RUNS),
      'replay.csv',
    );
    const {
      rows: [{ n, held }],
    } = await b.raw.query<{ n: string; held: string }>(
      `SELECT count(*)::text AS n, (SELECT held_paise FROM ledger_accounts WHERE org_id = $1 AND kind = 'SELLER_WALLET')::text AS held
       FROM weight_discrepancies`,
      [b.orgId],
    );
    const rate = (ms: number) => Math.round((ROWS / ms) * 1000);
    const [imported, copied] = [median(importMs), median(copyMs)];
    const ratio = Number((rate(imported) / rate(copied)).toFixed(3));
    const correct =
      last?.status === 'DONE' &&
      last.result?.created === ROWS &&
      replay.result?.created === 0 &&
      Number(n) === ROWS * (RUNS + 1);
    return {
      figures: {
        rows: ROWS,
        runs: RUNS,
        importMs: importMs.map(Math.round),
        typedCopyMs: copyMs.map(Math.round),
        importRowsPerSec: rate(imported),
        typedCopyRowsPerSec: rate(copied),
        ratio,
        discrepancies: Number(n),
        heldPaise: Number(held),
        replayCreated: replay.result?.created ?? null,
        lastResult: last?.result,
      },
      rows: [
        ['courier discrepancy file (10,000 rows)', 'median ms', 'rows/s'],
        ['Dakiya upload → DONE (discrepancies, timelines, holds)', Math.round(imported), rate(imported)],
        ['raw COPY into a weight_discrepancies-shaped scratch table', Math.round(copied), rate(copied)],
        ['ratio (goal ≥ 0.25)', ratio, ''],
      ],
      met: correct && ratio >= 0.25,
    };
  },
};

// ---- wallet debits/s beside pgbench simple-update (self-contained: its own pool and wallets)

const DEBIT_CLIENTS = Number(process.env.DEBIT_CLIENTS ?? 8);
const DEBIT_SECONDS = Number(process.env.DEBIT_SECONDS ?? 5);

const walletDebits: Figure = {
  name: 'wallet-debits',
  goal: `wallet debits/s through the ledger (moveMoney) from ${DEBIT_CLIENTS} concurrent clients on ${DEBIT_CLIENTS} distinct sellers' wallets at least 0.5 of pgbench simple-update (-N) transactions/s at the same client count on the same database, interleaved runs, medians compared`,
  async measure(b) {
    const { execFileSync } = await import('node:child_process');
    const { openDatabase } = await import('../server/db/client');
    const { moveMoney } = await import('../server/modules/wallet/ledger');
    const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
    url.pathname = `/${b.raw.database}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: DEBIT_CLIENTS });
    try {
      // pgbench's own tables (pgbench_*) beside the product's, scale 1 (100,000 accounts)
      execFileSync('pgbench', ['-i', '-s', '1', '-q', url.toString()], { stdio: 'ignore' });
      const orgs = await b.deps.db
        .insert(organisations)
        .values(Array.from({ length: DEBIT_CLIENTS }, (_, i) => ({ companyName: `Bench Debit Seller ${i + 1}` })))
        .returning({ id: organisations.id });
      // funded far beyond any run, so no debit is refused for want of money
      for (const org of orgs)
        await moveMoney(database.db, {
          orgId: org.id,
          kind: 'RECHARGE',
          amountPaise: 1_000_000_000_000,
          externalKey: `bench-debit-fund:${org.id}`,
        });
      let seq = 0;
      const ledgerRun = async () => {
        const until = performance.now() + DEBIT_SECONDS * 1000;
        let done = 0;
        let failed = 0;
        const t0 = performance.now();
        await Promise.all(
          orgs.map(async (org) => {
            while (performance.now() < until) {
              const key = `bench-debit:${++seq}`;
              try {
                await moveMoney(database.db, {
                  orgId: org.id,
                  kind: 'SHIPPING_CHARGE',
                  amountPaise: 11_800,
                  externalKey: key,
                  reference: key,
                });
                done++;
              } catch {
                failed++;
              }
            }
          }),
        );
        return { perSec: done / ((performance.now() - t0) / 1000), done, failed };
      };
      const pgbenchRun = () => {
        const out = execFileSync(
          'pgbench',
          [
            '-N',
            '-n',
            '-M',
            'extended',
            '-c',
            String(DEBIT_CLIENTS),
            '-j',
            '2',
            '-T',
            String(DEBIT_SECONDS),
            url.toString(),
          ],
          { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
        );
        const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1];
        if (!tps) throw new Error(`pgbench said: ${out}`);
        return Number(tps);
      };
      const ledger: number[] = [];
      const pgbench: number[] = [];
      let debits = 0;
      let refused = 0;
      for (let r = 0; r <= RUNS; r++) {
        // interleaved, the order alternating, the first pair a warm-up
        const first = r % 2 === 0;
        const l1 = first ? await ledgerRun() : null;
        const p = pgbenchRun();
        const l = l1 ?? (await ledgerRun());
        if (r > 0) {
          ledger.push(l.perSec);
          pgbench.push(p);
        }
        debits += l.done;
        refused += l.failed;
      }
      // the invariants: every entry balanced, each wallet's running balance = its postings
      const {
        rows: [check],
      } = await b.raw.query<{ unbalanced: string; drift: string }>(
        `SELECT (SELECT count(*) FROM (SELECT entry_id FROM postings GROUP BY entry_id HAVING sum(amount_paise) <> 0) u)::text AS unbalanced,
                (SELECT count(*) FROM ledger_accounts a WHERE a.kind = 'SELLER_WALLET' AND a.balance_paise <>
                   (SELECT coalesce(sum(p.amount_paise), 0) FROM postings p WHERE p.account_id = a.id))::text AS drift`,
      );
      const [l, p] = [median(ledger), median(pgbench)];
      const ratio = Number((l / p).toFixed(3));
      const correct = refused === 0 && Number(check.unbalanced) === 0 && Number(check.drift) === 0;
      return {
        figures: {
          clients: DEBIT_CLIENTS,
          wallets: 'one distinct seller wallet per client',
          secondsPerRun: DEBIT_SECONDS,
          runs: RUNS,
          ledgerDebitsPerSec: ledger.map(Math.round),
          pgbenchTps: pgbench.map(Math.round),
          medianLedgerDebitsPerSec: Math.round(l),
          medianPgbenchTps: Math.round(p),
          ratio,
          debits,
          refused,
          unbalancedEntries: Number(check.unbalanced),
          walletsDrifted: Number(check.drift),
        },
        rows: [
          [`wallet debits, ${DEBIT_CLIENTS} clients`, 'median /s', ''],
          ['Dakiya moveMoney debits (distinct wallets)', Math.round(l), ''],
          ['pgbench -N simple-update, same database', Math.round(p), ''],
          ['ratio (goal ≥ 0.5)', ratio, ''],
        ],
        met: correct && ratio >= 0.5,
      };
    } finally {
      await database.close();
    }
  },
};

// FIGURE=wallet-debits (comma-separated names) measures only those figures
const only = process.env.FIGURE?.split(',').map((n) => n.trim());
const FIGURES: Figure[] = [discrepancyFile, walletDebits, codRemittanceCycle].filter(
  (f) => !only || only.includes(f.name),
);

export async function run(): Promise<boolean> {
  const fresh = await freshProductDatabase({ jobPollSeconds: 0.5 });
  const { deps } = fresh;
  const raw = new pg.Client({ connectionString: fresh.url });
  try {
    await seedReference(deps.db);
    await seedDemo(deps);
    const { app } = createApp(deps);
    await raw.connect();
    const [org] = await deps.db
      .insert(organisations)
      .values({ companyName: 'Bench Reconciliation Seller' })
      .returning({ id: organisations.id });
    const bench: Bench = {
      deps,
      raw,
      app,
      staffToken: await appToken(app, STAFF.email, STAFF.password),
      orgId: org.id,
    };
    const figures: Record<string, unknown> = {};
    const rows: (string | number)[][] = [];
    let met = true;
    for (const f of FIGURES) {
      const out = await f.measure(bench);
      figures[f.name] = { ...out.figures, goal: f.goal, met: out.met };
      rows.push(...out.rows, ['', '', '']);
      met &&= out.met;
    }
    writeReport(
      {
        bench: 'reconciliation',
        figures,
        goal: FIGURES.map((f) => f.goal).join('; '),
        met,
      },
      rows.slice(0, -1),
    );
    return met;
  } finally {
    await raw.end().catch(() => {});
    await fresh.drop();
  }
}
