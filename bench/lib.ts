import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../scripts/server-process';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { queryRows } from '../server/db/rows';
import { API_AUTH } from '../src/domain/auth-contract';
import { pathOf } from '../src/domain/operation';
import type { UploadOperations } from '../src/domain/uploads-contract';

export { ROOT, startServerProcess as startProcess, type ServerProcess as Started } from '../scripts/server-process';

let bundle: string | undefined;

/**
 * The server as `npm start` runs it: the bundle (dist-server/main.mjs) on plain node, built from
 * the source once a bench run, so no bench measures an older server than the source.
 */
export function productServer(): string {
  if (!bundle) {
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`the server bundle did not build:\n${built.stderr}`);
    bundle = 'dist-server/main.mjs';
  }
  return bundle;
}

export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export interface LoadResult {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  total: number;
}

/** One load run with autocannon: a short warm-up, then the measured window. */
export async function load(
  url: string,
  opts: { connections?: number; seconds?: number; warmupSeconds?: number } = {},
): Promise<LoadResult> {
  const connections = opts.connections ?? 50;
  const warmup = opts.warmupSeconds ?? 2;
  if (warmup > 0) await autocannon({ url, connections, duration: warmup });
  const r = await autocannon({ url, connections, duration: opts.seconds ?? 8 });
  return {
    requestsPerSec: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    total: r.requests.total,
  };
}

/** One side's figures over the rounds of a side-by-side run: medians, and each round's requests/s. */
export interface SideResult extends LoadResult {
  roundsPerSec: number[];
}

/**
 * Loads several servers side by side on this shared machine: a warm-up of each, then `rounds`
 * rounds in which every side is loaded once, the order turned round each round so a drift in
 * the machine's load falls on all sides alike. Each side's figures are the medians of its rounds
 * (errors and non-2xx summed); `ratio(a, b)` is the median of the rounds' own a/b ratios.
 */
export async function loadSideBySide<K extends string>(
  urls: Record<K, string>,
  opts: { rounds?: number; seconds?: number; connections?: number; warmupSeconds?: number } = {},
): Promise<{
  sides: Record<K, SideResult>;
  rounds: number;
  ratio(a: K, b: K): number;
  /** the 1-minute load average before and after, to say how quiet the run was */
  loadAverage: { before: number; after: number };
}> {
  const rounds = opts.rounds ?? 5;
  const connections = opts.connections ?? 50;
  const keys = Object.keys(urls) as K[];
  const before = Math.round(loadavg()[0] * 10) / 10;
  for (const k of keys) await autocannon({ url: urls[k], connections, duration: opts.warmupSeconds ?? 2 });
  const runs = Object.fromEntries(keys.map((k) => [k, [] as LoadResult[]])) as Record<K, LoadResult[]>;
  for (let r = 0; r < rounds; r++) {
    for (const k of r % 2 === 0 ? keys : [...keys].reverse())
      runs[k].push(await load(urls[k], { connections, seconds: opts.seconds ?? 3, warmupSeconds: 0 }));
  }
  const sides = Object.fromEntries(
    keys.map((k) => {
      const xs = runs[k];
      const side: SideResult = {
        requestsPerSec: median(xs.map((x) => x.requestsPerSec)),
        p50Ms: median(xs.map((x) => x.p50Ms)),
        p99Ms: median(xs.map((x) => x.p99Ms)),
        errors: xs.reduce((n, x) => n + x.errors, 0),
        non2xx: xs.reduce((n, x) => n + x.non2xx, 0),
        total: xs.reduce((n, x) => n + x.total, 0),
        roundsPerSec: xs.map((x) => x.requestsPerSec),
      };
      return [k, side];
    }),
  ) as Record<K, SideResult>;
  const ratio = (a: K, b: K) =>
    Number(median(runs[a].map((x, i) => x.requestsPerSec / runs[b][i].requestsPerSec)).toFixed(3));
  return { sides, rounds, ratio, loadAverage: { before, after: Math.round(loadavg()[0] * 10) / 10 } };
}

export interface BenchReport {
  bench: string;
  figures: Record<string, unknown>;
  goal: string;
  met: boolean;
}

export function writeReport(report: BenchReport, rows: (string | number)[][]): void {
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench/results', `${report.bench}.json`),
    `${JSON.stringify({ ...report, measuredAt: new Date().toISOString() }, null, 2)}\n`,
  );
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  console.log(`\n${report.bench}`);
  for (const r of rows) console.log('  ' + r.map((c, i) => String(c).padEnd(widths[i])).join('  '));
  console.log(`  goal: ${report.goal} → ${report.met ? 'MET' : 'NOT MET'}`);
}

/** A fresh PostgreSQL database (on DATABASE_URL's server) with the product's deps on it, and its removal. */
/** workers false: no job runs in the benchmark's own process (one that measures queries alone) */
export async function freshProductDatabase(
  opts: { poolSize?: number; jobPollSeconds?: number; workers?: boolean } = {},
) {
  const { randomBytes } = await import('node:crypto');
  const pg = (await import('pg')).default;
  const { loadConfig } = await import('../server/config');
  const { openDatabase } = await import('../server/db/client');
  const { buildDeps } = await import('../server/bootstrap');
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `dakiya_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: opts.poolSize });
  const config = { ...loadConfig({ NODE_ENV: 'test' }), trustProxy: true };
  const deps = await buildDeps({ ...config, workers: opts.workers ?? config.workers }, database, {
    jobPollSeconds: opts.jobPollSeconds,
  });
  return {
    url: url.toString(),
    deps,
    async drop() {
      await deps.jobs.stop();
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

type AppLike = { request(path: string, init?: RequestInit): Response | Promise<Response> };
const FROM = { 'x-forwarded-for': '127.0.0.1' };

/** A demo login's access token through the app's own login route. */
export async function appToken(app: AppLike, email: string, password: string): Promise<string> {
  const res = await app.request(API_AUTH.login.path, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`, ...FROM },
  });
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** Uploads a CSV through the app's multipart route and polls the upload until DONE or FAILED. */
export async function uploadUntilDone<T extends { uploadId: number; status: string }>(
  app: AppLike,
  ops: UploadOperations,
  token: string,
  text: string,
  name: string,
): Promise<T> {
  const form = new FormData();
  form.set('file', new File([text], name, { type: 'text/csv' }));
  const headers = { authorization: `Bearer ${token}`, ...FROM };
  const res = await app.request(ops.upload.path, { method: 'POST', body: form, headers });
  const { uploadId } = ((await res.json()) as { data: T }).data;
  for (;;) {
    const row = ((await (await app.request(pathOf(ops.status, { uploadId }), { headers })).json()) as { data: T }).data;
    if (row.status === 'DONE' || row.status === 'FAILED') return row;
    await new Promise((done) => setTimeout(done, 25));
  }
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Runs a bulk seed with the tables' secondary indexes set aside, then builds them again in one
 * pass each (a bulk build is many times faster than a million one-row updates of each index).
 * Primary keys and unique indexes stay, so the seed keeps every constraint it would meet.
 */
export async function seedWithoutIndexes<T>(db: Db, tables: string[], seed: () => Promise<T>): Promise<T> {
  const rows = await queryRows<{ name: string; def: string }>(
    db,
    sql`select i.indexname as name, i.indexdef as def
        from pg_indexes i join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
        where i.schemaname = 'public' and i.tablename = any(${sql.param(tables)}::text[])
          and not x.indisunique and not x.indisprimary`,
  );
  for (const r of rows) await db.execute(sql.raw(`drop index "${r.name}"`));
  try {
    return await seed();
  } finally {
    for (const r of rows) await db.execute(sql.raw(r.def));
  }
}
