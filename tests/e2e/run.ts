import { spawnSync } from 'node:child_process';
import { runFiles } from './run-files';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { migrate, openDatabase } from '../../server/db/client';
import { SERVER_BUILT_ENV, serverScript, startServerProcess } from '../../scripts/server-process';
import { startJobsDone } from '../../scripts/start-jobs-done';
import { createPgTemplate, PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV, ROOT, SCREEN_RECORDS_DIR } from './support';

// Runs every tests/e2e/*.e2e.ts with node's test runner. Each file starts its own server (on a
// free port, with its own database) and browser, so three files run side by side on two cores
// (E2E_CONCURRENCY to change it): with two, the cores stood idle a seventh of the step while the
// files waited on the clock (figures in docs/performance.md). Needs the built SPA (npm run build)
// and Debian's Chromium.
// The database is migrated and seeded with the demo once, here, and each file's server starts on
// a copy of it: the migrations and the demo seed were most of a fresh server's start (about 2.5 s
// of its 4). A server finds the demo there and seeds nothing; the sandbox parcels' lives run from
// the seed, minutes before a file starts, as they would on a demo restarted later.

const only = process.argv.slice(2);
/**
 * The longest files start first, so the lanes end together instead of one running the longest
 * file alone at the end (the slowest of a run, as its last lines list them).
 */
const LONGEST_FIRST = [
  'new-seller.e2e.ts',
  'weight.e2e.ts',
  'ndr-bulk.e2e.ts',
  'staff-console.e2e.ts',
  'b2b.e2e.ts',
  'reports.e2e.ts',
  'tracking.e2e.ts',
  'cod-verification.e2e.ts',
  'ndr.e2e.ts',
];
const rank = (f: string) => (LONGEST_FIRST.includes(f) ? LONGEST_FIRST.indexOf(f) : LONGEST_FIRST.length);
const files = readdirSync(join(ROOT, 'tests/e2e'))
  .filter((f) => f.endsWith('.e2e.ts') && (!only.length || only.some((o) => f.includes(o))))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  .map((f) => join('tests/e2e', f));
// a run that checks nothing must not pass: a filter that names no file, or a lane count that is
// not a whole number (Number('two') would start no lane at all)
const concurrency = Number(process.env.E2E_CONCURRENCY ?? 3);
if (!Number.isInteger(concurrency) || concurrency < 1) {
  console.error(`E2E_CONCURRENCY must be a whole number of files at once, 1 or more: "${process.env.E2E_CONCURRENCY}"`);
  process.exit(2);
}
if (!files.length) {
  console.error(`no browser-test file in tests/e2e matches ${only.map((o) => `"${o}"`).join(' or ')}`);
  process.exit(2);
}
// The servers run the built bundle, as `npm start` does: plain node starts in half the time of tsx.
// `npm test` has just built it (SERVER_BUILT=1); run alone, this builds it from the source.
if (process.env[SERVER_BUILT_ENV] !== '1') {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  process.env[SERVER_BUILT_ENV] = '1';
}

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
// The demo seeded into the template by the server itself. On PostgreSQL its workers run too, and
// the template keeps what they did as the server started (the outcome, lane and risk tables
// rebuilt, the sweeps run): a beat runs once a period however often a server starts on a copy, so
// each file's server finds this period's runs done instead of making them again (a start on a
// copy: 2.8 s of the machine's processor time instead of 4.1 s, ready in 1.8 s instead of 2.6 s).
// The embedded database cannot be read while its server holds it: no workers there.
const seeder = await startServerProcess(
  serverScript('main'),
  process.env.DATABASE_URL
    ? { DATABASE_URL: process.env[PG_TEMPLATE_ENV]!, NODE_ENV: 'development' }
    : { DATABASE_URL: '', DATA_DIR: process.env[PGLITE_TEMPLATE_ENV]!, NODE_ENV: 'development', WORKERS: 'off' },
  '/api/v1/app-config',
  240_000,
);
try {
  if (process.env.DATABASE_URL) await startJobsDone(process.env[PG_TEMPLATE_ENV]!);
} finally {
  await seeder.stop();
}

rmSync(SCREEN_RECORDS_DIR, { recursive: true, force: true });

const failedFiles = await runFiles(files, concurrency);
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
process.exit(failedFiles.length ? 1 : 0);
