import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

export const ROOT = resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

export interface Started {
  url: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a server script in its own process and waits until `url + probe` answers. */
export async function startProcess(script: string, env: Record<string, string>, probe: string): Promise<Started> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: env.NODE_ENV ?? 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout?.on('data', (d) => (output += d));
  proc.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${script} exited early:\n${output}`);
    try {
      const r = await fetch(url + probe);
      if (r.ok) break;
    } catch {
      /* not yet listening */
    }
    if (Date.now() > deadline) throw new Error(`${script} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    proc,
    stop: () =>
      new Promise((res) => {
        proc.once('exit', () => res());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 5000).unref();
      }),
  };
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
export async function load(url: string, opts: { connections?: number; seconds?: number; warmupSeconds?: number } = {}): Promise<LoadResult> {
  const connections = opts.connections ?? 50;
  await autocannon({ url, connections, duration: opts.warmupSeconds ?? 2 });
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

export interface BenchReport {
  bench: string;
  figures: Record<string, unknown>;
  goal: string;
  met: boolean;
}

export function writeReport(report: BenchReport, rows: (string | number)[][]): void {
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results', `${report.bench}.json`), `${JSON.stringify({ ...report, measuredAt: new Date().toISOString() }, null, 2)}\n`);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  console.log(`\n${report.bench}`);
  for (const r of rows) console.log('  ' + r.map((c, i) => String(c).padEnd(widths[i])).join('  '));
  console.log(`  goal: ${report.goal} → ${report.met ? 'MET' : 'NOT MET'}`);
}
