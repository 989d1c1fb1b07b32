import { spawnSync } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../server/deps';
import { reportRequests } from '../server/db/schema';
import { DASHBOARD_QUERIES, runDashboardQuery } from './dashboard-queries';
import { freshProductDatabase, ROOT, tempDir, writeReport } from './lib';
import { BIG, seedOrders, TOTAL } from './orders-seed';

// Reports on PostgreSQL with 1,000,000 orders (300,000 for one seller):
// 1. the dashboard's queries for the big seller, p95 under 300 ms each;
// 2. the big seller's orders report of the year (300,000 rows) and then a 1,000,000-row one (all
//    orders moved to that seller) streamed to CSV, each by the product's report job in a process of
//    its own: under 60 s and under 300 MB resident memory.

const RUNS = 20;

/** A dashboard query for one seller, as its route runs it. */
export interface DashboardQuery {
  name: string;
  run: (deps: AppDeps, orgId: number) => Promise<unknown>;
}

/** Every dashboard query (bench/dashboard-queries.ts) over the last 7 and 30 days and this month. */
function dashboardQueries(): { source: string; queries: DashboardQuery[] } {
  const periods = ['7d', '30d', 'month'] as const;
  return {
    source: 'bench/dashboard-queries.ts',
    queries: periods.flatMap((period) =>
      DASHBOARD_QUERIES.map((name) => ({
        name: `${name}, ${period}`,
        run: (deps: AppDeps, orgId: number) => runDashboardQuery(deps.db, name, orgId, { period }),
      })),
    ),
  };
}

async function timeQueries(deps: AppDeps, orgId: number, queries: DashboardQuery[]) {
  const results: { name: string; p50: number; p95: number }[] = [];
  for (const q of queries) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 2; i++) {
      const t = performance.now();
      await q.run(deps, orgId);
      if (i >= 2) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    results.push({
      name: q.name,
      p50: Number(times[Math.floor(RUNS * 0.5)].toFixed(1)),
      p95: Number(times[Math.floor(RUNS * 0.95)].toFixed(1)),
    });
  }
  return results;
}

/** An orders report of the year for the seller, made by the job in its own process. */
async function streamedReport(deps: AppDeps, url: string, orgId: number, dir: string) {
  const [req] = await deps.db
    .insert(reportRequests)
    .values({
      orgId,
      type: 'ORDERS',
      format: 'CSV',
      fromDate: '2025-11-21',
      toDate: '2026-11-20',
      filters: {},
    })
    .returning({ id: reportRequests.id });
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'bench/report-process.ts', url, String(req.id), dir], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`report process failed: ${child.stderr}`);
  const { ms, peakRssMb } = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { ms: number; peakRssMb: number };
  const [done] = await deps.db.select().from(reportRequests).where(eq(reportRequests.id, req.id));
  return { rows: done.rowCount, status: done.status, bytes: done.byteSize ?? 0, seconds: ms / 1000, peakRssMb };
}

export async function run(): Promise<boolean> {
  // the report is made in a process of its own; no job runs here to outlive the database at the end
  const fresh = await freshProductDatabase({ poolSize: 4, workers: false });
  const { deps } = fresh;
  const dir = tempDir('dakiya-bench-reports-');
  try {
    const t0 = performance.now();
    const big = await seedOrders(deps.db);
    console.log(
      `  seeded ${TOTAL.toLocaleString('en-IN')} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const { source, queries } = dashboardQueries();
    const dashboard = await timeQueries(deps, big, queries);
    const worstDashboard = Math.max(...dashboard.map((r) => r.p95));

    const seller = await streamedReport(deps, fresh.url, big, dir.path);
    console.log(`  ${seller.rows.toLocaleString('en-IN')}-row report: ${seller.seconds.toFixed(1)} s`);
    // every order becomes the big seller's (and none archived): its report of the year has them all
    const t1 = performance.now();
    await deps.db.execute(sql`update orders set org_id = ${big}, archived = false`);
    await deps.db.execute(sql`vacuum analyze orders`);
    console.log(`  moved every order to one seller in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    const million = await streamedReport(deps, fresh.url, big, dir.path);

    const reportsMet = [seller, million].every((r) => r.status === 'READY' && r.seconds < 60 && r.peakRssMb < 300);
    const met = worstDashboard < 300 && reportsMet && million.rows === TOTAL && seller.rows > 0.95 * BIG;
    const mb = (n: number) => Number(n.toFixed(1));
    writeReport(
      {
        bench: 'reports',
        figures: {
          orders: TOTAL,
          bigSeller: BIG,
          runs: RUNS,
          dashboardSource: source,
          dashboard,
          worstDashboardP95Ms: worstDashboard,
          reports: [
            {
              name: "big seller's orders, CSV",
              ...seller,
              seconds: mb(seller.seconds),
              peakRssMb: mb(seller.peakRssMb),
            },
            {
              name: '1,000,000 orders, CSV',
              ...million,
              seconds: mb(million.seconds),
              peakRssMb: mb(million.peakRssMb),
            },
          ],
        },
        goal: "the dashboard's queries p95 < 300 ms; a 1,000,000-row orders report streamed to CSV in < 60 s and < 300 MB RSS",
        met,
      },
      [
        ['measure', 'p50 ms / s', 'p95 ms / MB', 'rows'],
        ...dashboard.map((r) => [`dashboard: ${r.name}`, r.p50, r.p95, '']),
        ...[
          ["report: big seller's orders", seller],
          ['report: 1,000,000 orders', million],
        ].map(([name, r]) => {
          const x = r as typeof seller;
          return [
            name as string,
            `${x.seconds.toFixed(1)} s`,
            `${x.peakRssMb.toFixed(0)} MB RSS`,
            x.rows.toLocaleString('en-IN'),
          ];
        }),
        ['dashboard queries from', source, '', ''],
      ],
    );
    return met;
  } finally {
    dir.remove();
    await fresh.drop();
  }
}
