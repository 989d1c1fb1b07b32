import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../scripts/server-process';
import autocannon from 'autocannon';

export { ROOT, startServerProcess as startProcess, type ServerProcess as Started } from '../scripts/server-process';

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
