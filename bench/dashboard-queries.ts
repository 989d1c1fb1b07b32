import type { Db } from '../server/db/client';
import { couriers, homeStats, money, spanOf, summary, top } from '../server/modules/dashboard/service';
import type { DashboardQueryInput } from '../src/domain/schemas/dashboard';

// Each dashboard query for one seller and period, as the routes run them, for a benchmark to time
// (p95 under 300 ms on 1M orders, 300,000 of them one seller's). `now` fixes "today".

export const DASHBOARD_QUERIES = ['summary', 'money', 'couriers', 'top', 'home'] as const;
export type DashboardQueryName = (typeof DASHBOARD_QUERIES)[number];

/** Runs one named query; resolves with its answer. */
export function runDashboardQuery(
  db: Db,
  name: DashboardQueryName,
  orgId: number,
  query: DashboardQueryInput = { period: '30d' },
  now: Date = new Date(),
): Promise<unknown> {
  const span = spanOf(query, now);
  switch (name) {
    case 'summary':
      return summary(db, orgId, span);
    case 'money':
      return money(db, orgId, span);
    case 'couriers':
      return couriers(db, orgId, span);
    case 'top':
      return top(db, orgId, span);
    case 'home':
      return homeStats(db, orgId, now);
  }
}

/** Runs every dashboard query once for an organisation and period; the milliseconds each took. */
export async function runDashboardQueries(
  db: Db,
  orgId: number,
  query: DashboardQueryInput = { period: '30d' },
  now: Date = new Date(),
): Promise<Record<DashboardQueryName, number>> {
  const ms = {} as Record<DashboardQueryName, number>;
  for (const name of DASHBOARD_QUERIES) {
    const t0 = performance.now();
    await runDashboardQuery(db, name, orgId, query, now);
    ms[name] = performance.now() - t0;
  }
  return ms;
}
