import { API_CONFIG } from '../../src/domain/config-contract';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCUMENT_TEMPLATES } from '../../src/domain/document-templates-contract';
import { DEFAULT_TEMPLATES } from '../../src/domain/documents/template-settings';
import { freePort, ROOT } from '../../scripts/server-process';
import { freshPostgres } from './harness';
import { readPdf } from './pdf-reader';
import { API_AUTH } from '../../src/domain/auth-contract';

// `npm start` runs the server bundle (dist-server/, scripts/build-server.mjs) on plain node. Built
// here as `npm run build` builds it, then started as `npm start` starts it, on a store of its own
// (a fresh PGlite folder, or a fresh PostgreSQL database with TEST_DB=postgres): it migrates from
// the copied migrations, seeds the demo, signs a demo seller in and prints a label with the
// copied fonts and a barcode; then the worker bundle starts on the same store.

const OUT = join(ROOT, 'dist-server');
const READY = 'Dakiya is running at';

interface Running {
  proc: ChildProcess;
  output(): string;
}

async function startBundle(entry: string, env: Record<string, string>, readyLine: string): Promise<Running> {
  const proc = spawn(process.execPath, [join(OUT, entry)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout?.on('data', (d) => (output += d));
  proc.stderr?.on('data', (d) => (output += d));
  const deadline = Date.now() + 90_000;
  while (!output.includes(readyLine)) {
    if (proc.exitCode !== null) throw new Error(`${entry} exited early:\n${output}`);
    if (Date.now() > deadline) {
      proc.kill();
      throw new Error(`${entry} did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { proc, output: () => output };
}

/** SIGTERM, as a process manager stops it; resolves with how it ended ("exit 0" for a clean stop). */
function stop(proc: ChildProcess): Promise<string> {
  const ended = () => (proc.signalCode ? `signal ${proc.signalCode}` : `exit ${proc.exitCode}`);
  return new Promise((done) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return done(ended());
    proc.once('exit', () => done(ended()));
    proc.kill('SIGTERM');
  });
}

describe('the server bundle that npm start runs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dakiya-bundle-'));
  let store: Record<string, string>;
  let dropDatabase = async () => {};
  let web: Running | undefined;

  beforeAll(async () => {
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    if (process.env.TEST_DB === 'postgres') {
      const pg = await freshPostgres();
      store = { DATABASE_URL: pg.url };
      dropDatabase = pg.drop;
    } else store = { DATA_DIR: join(dir, 'pglite') };
    store = { ...store, REPORTS_DIR: join(dir, 'reports'), DIST_DIR: join(dir, 'no-spa') };
  });

  afterAll(async () => {
    if (web) await stop(web.proc);
    await dropDatabase();
    rmSync(dir, { recursive: true, force: true });
  });

  it('carries every migration and both fonts beside the bundle', () => {
    const journal = JSON.parse(readFileSync(join(OUT, 'migrations/meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    expect(journal.entries.length).toBeGreaterThan(0);
    for (const { tag } of journal.entries) expect(existsSync(join(OUT, 'migrations', `${tag}.sql`)), tag).toBe(true);
    for (const font of ['DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-Bold.ttf'])
      expect(existsSync(join(OUT, 'fonts', font)), font).toBe(true);
  });

  it('imports from node_modules only what package.json lists as dependencies', () => {
    // a production install (npm ci --omit=dev) has these and nothing else; tsx is not among the imports
    const { dependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const meta = JSON.parse(readFileSync(join(OUT, 'meta.json'), 'utf8')) as {
      outputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
    };
    const packages = new Set(
      Object.values(meta.outputs)
        .flatMap((o) => o.imports)
        .filter((i) => i.external && !i.path.startsWith('node:'))
        .map((i) =>
          i.path
            .split('/')
            .slice(0, i.path.startsWith('@') ? 2 : 1)
            .join('/'),
        ),
    );
    expect([...packages]).toContain('@electric-sql/pglite');
    expect([...packages].filter((p) => !(p in dependencies))).toEqual([]);
    expect(packages.has('tsx')).toBe(false);
  });

  it('starts on a fresh store with the demo, signs a demo seller in and prints a label', async () => {
    const port = await freePort();
    web = await startBundle('main.mjs', { ...store, PORT: String(port), HOST: '127.0.0.1' }, READY);
    expect(web.output()).toContain('Demo logins:');
    expect(web.output()).toMatch(/meera@demo\.dakiya\.in\s+Seller@123\s+Pro plan/);
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(base + API_CONFIG.appConfig.path)).status).toBe(200);

    const login = await fetch(base + API_AUTH.login.path, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('meera@demo.dakiya.in:Seller@123').toString('base64')}` },
    });
    expect(login.status).toBe(200);
    const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;

    const label = await fetch(base + API_DOCUMENT_TEMPLATES.preview.LABEL.path, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(DEFAULT_TEMPLATES.LABEL),
    });
    expect(label.status).toBe(200);
    const bytes = new Uint8Array(await label.arrayBuffer());
    // the product's fonts (read from dist-server/fonts) are embedded, and the barcode scans
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/BaseFont \/\w+\+DejaVuSansCondensed-Bold/);
    const read = readPdf(bytes);
    expect(read.pages).toBe(1);
    expect(read.barcodes).toContain('SAMPLE1001');

    expect(await stop(web.proc), web.output()).toBe('exit 0');
    web = undefined;
    // a fresh PGlite store takes seconds to create, many more on a busy machine
  }, 120_000);

  it('starts the worker bundle on the same store', async () => {
    const worker = await startBundle('worker.mjs', store, 'Dakiya worker is running');
    expect(await stop(worker.proc), worker.output()).toBe('exit 0');
  }, 60_000);
});
