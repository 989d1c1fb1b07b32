import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshCluster, type Cluster } from '../../scripts/live-cluster';
import type { ServerProcess } from '../../scripts/server-process';
import { TICK_QUEUE } from '../../server/carriers/sandbox/tick';

// A repeating job runs once a period however many times the worker starts: the worker is
// started four times, killed with SIGKILL between starts, and the sandbox couriers' tick (a
// 2-second beat here) is counted over a window. Real processes on PostgreSQL only: PGlite has one
// process.

const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.DATABASE_URL;
const PERIOD_S = 2;
const WINDOW_S = 12;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!onPostgres)('beats across worker restarts (PostgreSQL; PGlite has one process)', () => {
  let cluster: Cluster;
  let last: ServerProcess;

  beforeAll(async () => {
    cluster = await freshCluster(process.env.DATABASE_URL!);
  }, 60_000);

  afterAll(async () => {
    await cluster?.drop();
  });

  it('a worker started 4 times (SIGKILL between) runs the courier tick once a period, with one run waiting at most', async () => {
    for (let i = 0; i < 4; i++) {
      last = await cluster.worker({ SANDBOX_COURIER_TICK_S: String(PERIOD_S) });
      if (i < 3) {
        last.proc.kill('SIGKILL');
        await new Promise((r) => last.proc.once('exit', r));
      }
    }
    // one more process beside it: two live workers still make one run a period
    const second = await cluster.worker({ SANDBOX_COURIER_TICK_S: String(PERIOD_S) });
    await sleep(PERIOD_S * 1000);
    const count = async () => {
      const [r] = await cluster.sql<{ n: number }>(
        `select (select count(*) from pgboss.job where name = $1 and state = 'completed')
              + (select count(*) from pgboss.archive where name = $1 and state = 'completed') as n`,
        [TICK_QUEUE],
      );
      return Number(r.n);
    };
    const waitingMost = { n: 0 };
    const before = await count();
    const until = Date.now() + WINDOW_S * 1000;
    while (Date.now() < until) {
      const [w] = await cluster.sql<{ n: number }>(
        "select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry')",
        [TICK_QUEUE],
      );
      waitingMost.n = Math.max(waitingMost.n, w.n);
      await sleep(250);
    }
    // the runs that started in the window have finished a moment later
    await sleep(1000);
    const ticks = (await count()) - before;
    const expected = WINDOW_S / PERIOD_S;
    console.info(
      `[faults] courier ticks in ${WINDOW_S} s at ${PERIOD_S} s a period: ${ticks}; most waiting at once: ${waitingMost.n}`,
    );
    expect(ticks).toBeGreaterThanOrEqual(expected - 1);
    expect(ticks).toBeLessThanOrEqual(expected + 1);
    expect(waitingMost.n).toBeLessThanOrEqual(1);
    expect(last.proc.exitCode).toBeNull();
    expect(second.proc.exitCode).toBeNull();
  }, 120_000);
});
