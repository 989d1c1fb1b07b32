import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../scripts/server-process';
import { median, productServer, ROOT, tempDir, writeReport } from './lib';

// How fast `npm start`'s server comes up and how much memory it holds: the server bundle on plain
// node (dist-server/main.mjs, what `npm start` runs) beside the TypeScript source compiled at run
// time by tsx (`node --import tsx server/main.ts`, what `npm start` ran before and `npm run dev`
// runs). Interleaved round by round, on embedded PGlite (a fresh DATA_DIR, then the same one
// reopened) and, when PostgreSQL answers, on a fresh database (then the same one reopened).
// Figures: ms from spawn to the "Dakiya is running at" line and to the first 200 from
// /api/v1/app-config; RSS 1 s after that (the process and its children: tsx keeps an esbuild
// service beside node) and the process's peak RSS (VmHWM).

const ROUNDS = Number(process.env.START_ROUNDS || 5);
const READY_LINE = 'Dakiya is running at';
const SETTLE_MS = 1000;

/** How node starts each side: the bundle is built from the source once a run (productServer). */
const SIDES = {
  bundle: () => [productServer()],
  tsx: () => ['--import', 'tsx', 'server/main.ts'],
} as const;
type Side = keyof typeof SIDES;

interface StartFigures {
  readyMs: number;
  first200Ms: number;
  rssMb: number;
  peakRssMb: number;
}

const statusKb = (pid: number, field: string): number => {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return m ? Number(m[1]) : 0;
};

/** The process's resident memory plus its children's (one level: tsx's esbuild service). */
function treeRssKb(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return statusKb(pid, 'VmRSS') + children.reduce((sum, c) => sum + statusKb(Number(c), 'VmRSS'), 0);
}

function stop(proc: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (proc.exitCode !== null) return done();
    proc.once('exit', () => done());
    proc.kill('SIGTERM');
  });
}

/** Starts one server, measures it, stops it. */
async function startOnce(side: Side, env: Record<string, string>): Promise<StartFigures> {
  const port = await freePort();
  const t0 = performance.now();
  const proc = spawn(process.execPath, SIDES[side](), {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let readyMs = 0;
  proc.stdout?.on('data', (d) => {
    output += d;
    if (!readyMs && output.includes(READY_LINE)) readyMs = performance.now() - t0;
  });
  proc.stderr?.on('data', (d) => (output += d));
  try {
    while (!readyMs) {
      if (proc.exitCode !== null) throw new Error(`${side} exited early:\n${output}`);
      if (performance.now() - t0 > 120_000) throw new Error(`${side} did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    let first200Ms = 0;
    while (!first200Ms) {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/app-config`).catch(() => null);
      if (res?.status === 200) first200Ms = performance.now() - t0;
      else await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const rssMb = Math.round(treeRssKb(proc.pid!) / 1024);
    const peakRssMb = Math.round(statusKb(proc.pid!, 'VmHWM') / 1024);
    return { readyMs: Math.round(readyMs), first200Ms: Math.round(first200Ms), rssMb, peakRssMb };
  } finally {
    await stop(proc);
  }
}

/** The PostgreSQL server to make fresh databases on, or null when none answers. */
function postgresBase(): string | null {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const ok = spawnSync('psql', [base, '-qAtc', 'select 1'], { encoding: 'utf8' });
  return ok.status === 0 ? base : null;
}

function psql(base: string, statement: string): void {
  const r = spawnSync('psql', [base, '-qc', statement], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
}

const SCENARIOS = ['PGlite, fresh DATA_DIR', 'PGlite, reopened', 'PostgreSQL, fresh database', 'PostgreSQL, reopened'];

export async function run(): Promise<boolean> {
  const base = postgresBase();
  const scenarios = base ? SCENARIOS : SCENARIOS.slice(0, 2);
  const runs: Record<string, Record<Side, StartFigures[]>> = {};
  for (const s of scenarios) runs[s] = { bundle: [], tsx: [] };
  const dist = tempDir('dakiya-bench-start-dist-');
  for (let round = 0; round < ROUNDS; round++) {
    // alternate which side goes first, so neither always meets a warmer machine
    const order: Side[] = round % 2 ? ['tsx', 'bundle'] : ['bundle', 'tsx'];
    for (const side of order) {
      // the SPA is not built here: DIST_DIR points at an empty folder, alike for both sides
      const common = { DIST_DIR: dist.path };
      const data = tempDir('dakiya-bench-start-');
      try {
        const pglite = { ...common, DATA_DIR: join(data.path, 'pglite'), REPORTS_DIR: join(data.path, 'reports') };
        runs[SCENARIOS[0]][side].push(await startOnce(side, pglite));
        runs[SCENARIOS[1]][side].push(await startOnce(side, pglite));
        if (base) {
          const name = `dakiya_bench_start_${process.pid}_${round}_${side}`;
          const url = new URL(base);
          url.pathname = `/${name}`;
          psql(base, `CREATE DATABASE ${name}`);
          try {
            const pg = { ...common, DATABASE_URL: url.toString(), REPORTS_DIR: join(data.path, 'reports') };
            runs[SCENARIOS[2]][side].push(await startOnce(side, pg));
            runs[SCENARIOS[3]][side].push(await startOnce(side, pg));
          } finally {
            psql(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          }
        }
      } finally {
        data.remove();
      }
    }
  }
  dist.remove();

  const figures: Record<string, Record<Side, StartFigures> & { rssRatio: number; readyRatio: number }> = {};
  const rows: (string | number)[][] = [['scenario', 'side', 'ready ms', 'first 200 ms', 'RSS MB', 'peak RSS MB']];
  for (const s of scenarios) {
    const med = (side: Side): StartFigures => {
      const list = runs[s][side];
      return {
        readyMs: median(list.map((r) => r.readyMs)),
        first200Ms: median(list.map((r) => r.first200Ms)),
        rssMb: median(list.map((r) => r.rssMb)),
        peakRssMb: median(list.map((r) => r.peakRssMb)),
      };
    };
    const bundle = med('bundle');
    const tsx = med('tsx');
    const rssRatio = Number((bundle.rssMb / tsx.rssMb).toFixed(2));
    const readyRatio = Number((bundle.readyMs / tsx.readyMs).toFixed(2));
    figures[s] = { bundle, tsx, rssRatio, readyRatio };
    for (const [side, f] of [
      ['bundle', bundle],
      ['tsx', tsx],
    ] as const)
      rows.push([s, side, f.readyMs, f.first200Ms, f.rssMb, f.peakRssMb]);
    rows.push([s, 'bundle / tsx', readyRatio, '', rssRatio, '']);
  }
  // less memory everywhere; a faster start where the start is the server's own (a store reopened),
  // and nowhere a slower one beyond noise (a fresh PGlite store's start is mostly PGlite's initdb)
  const met = Object.entries(figures).every(
    ([s, f]) => f.rssRatio < 1 && f.readyRatio <= (s.endsWith('reopened') ? 0.9 : 1.1),
  );
  writeReport(
    {
      bench: 'start',
      figures: { rounds: ROUNDS, ...figures },
      goal: 'the bundle holds less memory after start than tsx in every scenario, starts in at most 0.9 of its time on a reopened store and at most 1.1 of it on a fresh one (medians)',
      met,
    },
    rows,
  );
  return met;
}
