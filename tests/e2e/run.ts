import { spawnSync } from 'node:child_process';
import { pipeline } from 'node:stream/promises';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { migrate, openDatabase } from '../../server/db/client';
import { startServerProcess } from '../../scripts/server-process';
import {
  createPgTemplate,
  PG_TEMPLATE_ENV,
  PGLITE_TEMPLATE_ENV,
  ROOT,
  SCREEN_RECORDS_DIR,
  SERVER_SCRIPT_ENV,
} from './support';

// Runs every tests/e2e/*.e2e.ts with node's test runner. Each file starts its own server (on a
// free port, with its own database) and browser, so two files run side by side
// (E2E_CONCURRENCY to change it; three were no faster on two cores). Needs the built SPA (npm run build) and Debian's Chromium.
// The database is migrated and seeded with the demo once, here, and each file's server starts on
// a copy of it: the migrations and the demo seed were most of a fresh server's start (about 2.5 s
// of its 4). A server finds the demo there and seeds nothing; the sandbox parcels' lives run from
// the seed, minutes before a file starts, as they would on a demo restarted later.

const only = process.argv.slice(2);
/**
 * The longest files start first, so the two lanes end together instead of one running a long file
 * alone at the end: each file's time from the last full run (FILE_TIMES, written by this runner at
 * the end of a run), a file not yet timed first of all (it may be long).
 */
const FILE_TIMES = join(ROOT, 'tests/e2e/file-times.json');
const lastTimes = existsSync(FILE_TIMES)
  ? (JSON.parse(readFileSync(FILE_TIMES, 'utf8')) as Record<string, number>)
  : {};
const rank = (f: string) => lastTimes[f] ?? Number.POSITIVE_INFINITY;
const files = readdirSync(join(ROOT, 'tests/e2e'))
  .filter((f) => f.endsWith('.e2e.ts') && (!only.length || only.some((o) => f.includes(o))))
  .sort((a, b) => rank(b) - rank(a) || a.localeCompare(b))
  .map((f) => join('tests/e2e', f));
// The servers run the built bundle, as `npm start` does: plain node starts in half the time of tsx.
const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
process.env[SERVER_SCRIPT_ENV] = 'dist-server/main.mjs';

// With a PostgreSQL server (DATABASE_URL) each file's server gets its own database, a copy of one
// migrated template; without one, a copy of a migrated embedded database.
let dropTemplate = async () => {};
if (process.env.DATABASE_URL) {
  const template = await createPgTemplate(process.env.DATABASE_URL);
  process.env[PG_TEMPLATE_ENV] = template.url;
  dropTemplate = template.drop;
} else {
  const template = join(ROOT, 'test-results/e2e-pglite-template');
  rmSync(template, { recursive: true, force: true });
  const migrated = await openDatabase({ dataDir: template });
  await migrate(migrated);
  await migrated.close();
  process.env[PGLITE_TEMPLATE_ENV] = template;
}
// the demo seeded into the template by the server itself, with no background jobs to leave behind
const seeder = await startServerProcess(
  'dist-server/main.mjs',
  process.env.DATABASE_URL
    ? { DATABASE_URL: process.env[PG_TEMPLATE_ENV]!, NODE_ENV: 'development', WORKERS: 'off' }
    : { DATABASE_URL: '', DATA_DIR: process.env[PGLITE_TEMPLATE_ENV]!, NODE_ENV: 'development', WORKERS: 'off' },
  '/api/v1/app-config',
  240_000,
);
await seeder.stop();

rmSync(SCREEN_RECORDS_DIR, { recursive: true, force: true });

const concurrency = Number(process.env.E2E_CONCURRENCY ?? 2);
// node's test API, not its command line: the command line sorts the files by name, the API takes
// them in the order given. Each file still runs in its own process (with this one's --import tsx).
const stream = run({
  files,
  concurrency,
  // E2E_NAME_PATTERN: only the tests whose name matches (one flow of a long file)
  ...(process.env.E2E_NAME_PATTERN ? { testNamePatterns: [process.env.E2E_NAME_PATTERN] } : {}),
});
/** each file's first and last report, for its time */
const seen = new Map<string, { first: number; last: number }>();
let failed = false;
stream.on('data', (event: { type: string; data?: { file?: string; nesting?: number } }) => {
  const file = event.data?.file;
  if (file) {
    const now = Date.now();
    const at = seen.get(file) ?? { first: now, last: now };
    at.last = now;
    seen.set(file, at);
  }
  if (event.type === 'test:fail') failed = true;
});
await pipeline(stream, new spec(), process.stdout, { end: false }).catch(() => {});

// each file's time (from its first report to its last; its server's start comes before the
// first), slowest first; a full run keeps them for the next run's order
const times = [...seen].map(
  ([file, t]) => [relative(join(ROOT, 'tests/e2e'), file), (t.last - t.first) / 1000] as const,
);
times.sort((a, b) => b[1] - a[1]);
console.log('\n# file times (s):');
for (const [file, s] of times) console.log(`#   ${s.toFixed(1).padStart(7)}  ${file}`);
if (!only.length && !process.env.E2E_NAME_PATTERN && !failed)
  writeFileSync(
    FILE_TIMES,
    `${JSON.stringify(Object.fromEntries(times.map(([f, s]) => [f, Math.round(s)])), null, 2)}\n`,
  );

// every screen any file opened, against every screen any file checked with axe (the route walk
// checks them all at both widths, so a full run reports none)
const opened = new Set<string>();
const checked = new Set<string>();
const records = existsSync(SCREEN_RECORDS_DIR) ? readdirSync(SCREEN_RECORDS_DIR, { withFileTypes: true }) : [];
for (const f of records.filter((e) => e.isFile())) {
  const record = JSON.parse(readFileSync(join(SCREEN_RECORDS_DIR, f.name), 'utf8')) as Record<string, string[]>;
  for (const s of record.opened) opened.add(s);
  for (const s of record.checked) checked.add(s);
}
const unchecked = [...opened].filter((s) => !checked.has(s)).sort();
if (opened.size)
  console.log(
    unchecked.length
      ? `# screens opened without an accessibility check: ${unchecked.join(', ')}`
      : `# every screen opened (${opened.size}) was checked with axe`,
  );
await dropTemplate();
process.exit(failed ? 1 : 0);
