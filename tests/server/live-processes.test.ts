import { API_SIMULATION } from '../../src/domain/simulation-contract';
import { pathOf } from '../../src/domain/operation';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_API, type SimulationOrder } from '../../src/domain/live-events-contract';
import { API_TRACKING, type TrackingData } from '../../src/domain/tracking-contract';
import {
  call,
  freshCluster,
  openStream,
  readySeller,
  step,
  STAFF_LOGIN,
  testOrder,
  tokenOf,
  type Cluster,
} from '../../scripts/live-cluster';
import type { ServerProcess } from '../../scripts/server-process';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { buildDeps, stopDeps } from '../../server/bootstrap';
import { applyStep, SIMULATION_STEP_QUEUE } from '../../server/modules/simulation/service';

// Dakiya on more than one process, on PostgreSQL: two API processes (WORKERS=off) and one worker.
// A change through one API process reaches the other's streams and its tracking cache at once;
// a stream cut by a killed process resumes with Last-Event-ID and misses nothing; SIGTERM closes
// streams without `event: end`, so their clients resume on the other process; a run's steps are jobs the worker process takes.

const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.DATABASE_URL;

describe.skipIf(!onPostgres)('live events across processes (PostgreSQL)', () => {
  let cluster: Cluster;
  let a: ServerProcess;
  let b: ServerProcess;
  let worker: ServerProcess;
  let staff: string;
  let order: SimulationOrder;

  beforeAll(async () => {
    cluster = await freshCluster(process.env.DATABASE_URL!);
    // the first process migrates and seeds; the others start on the ready database together
    a = await cluster.api();
    [b, worker] = await Promise.all([cluster.api(), cluster.worker()]);
    staff = await tokenOf(a.url, STAFF_LOGIN);
    const { accountId } = await readySeller(cluster, a.url, staff);
    order = await testOrder(a.url, staff, accountId);
  }, 120_000);

  afterAll(async () => {
    await cluster?.drop();
  });

  it('a change through one process reaches the other’s stream and its tracking cache', async () => {
    const onB = await openStream(b.url, pathOf(LIVE_API.staffOrder, { orderId: order.orderId }), staff);
    await onB.until((r) => r.statuses().length === 1);
    const tracking = pathOf(API_TRACKING.byNumber, { trackingRef: order.trackingNumber! });
    const before = (await (await fetch(b.url + tracking)).json()) as { data: TrackingData };
    expect(before.data.orderStatusCode).toBe('PKP_SCH');
    const t0 = Date.now();
    await step(a.url, staff, order.orderId, 'PKD');
    await onB.until((r) => r.statuses().some((e) => e.status === 'PKD'), 5_000);
    // B's cached answer was forgotten by the same notification: fresh at once, not after 15 s
    let fresh = '';
    while (Date.now() - t0 < 3_000) {
      fresh = ((await (await fetch(b.url + tracking)).json()) as { data: TrackingData }).data.orderStatusCode;
      if (fresh === 'PKD') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(fresh).toBe('PKD');
    expect(onB.statuses().map((e) => e.status)).toEqual(['PKP_SCH', 'PKD']);
    onB.abort();
  });

  it('resumes with Last-Event-ID after its process is killed, missing nothing', async () => {
    const port = Number(new URL(b.url).port);
    const onB = await openStream(b.url, pathOf(LIVE_API.staffOrder, { orderId: order.orderId }), staff);
    await onB.until((r) => r.statuses().length === 1);
    const last = onB.statuses().at(-1)!.eventId;
    b.proc.kill('SIGKILL');
    await onB.closed();
    // changes while B is down
    await step(a.url, staff, order.orderId, 'INT');
    await step(a.url, staff, order.orderId, 'NDR');
    b = await cluster.api(port);
    const resumed = await openStream(b.url, pathOf(LIVE_API.staffOrder, { orderId: order.orderId }), staff, last);
    await resumed.until((r) => r.statuses().length === 2, 5_000);
    expect(resumed.statuses().map((e) => e.status)).toEqual(['INT', 'NDR']);
    // the worker process takes a run's steps as jobs; B's stream sees them and ends at the last
    await call(a.url, pathOf(API_SIMULATION.run, { orderId: order.orderId }), staff, {
      method: 'POST',
      json: { steps: ['RTO_INT', 'RTO_DLV'], intervalSeconds: 1 },
    });
    await resumed.until((r) => r.events.at(-1)?.event === 'end', 15_000);
    expect(resumed.statuses().map((e) => e.status)).toEqual(['INT', 'NDR', 'RTO_INT', 'RTO_DLV']);
    const ids = resumed.statuses().map((e) => BigInt(e.eventId));
    expect(ids).toEqual([...ids].sort((x, y) => (x < y ? -1 : 1)));
  }, 60_000);

  it('a job whose worker died mid-way is retried by another worker and takes effect once', async () => {
    const meera = (
      await cluster.sql<{ id: number }>("select id from accounts where email = 'meera@demo.dakiya.in'")
    )[0];
    const next = await testOrder(a.url, staff, meera.id);
    worker.proc.kill('SIGKILL');
    await new Promise((r) => worker.proc.once('exit', r));
    await call(a.url, pathOf(API_SIMULATION.run, { orderId: next.orderId }), staff, {
      method: 'POST',
      json: { steps: ['PKD', 'INT'], intervalSeconds: 1 },
    });
    // a worker takes the step's job, makes its scan, and dies before the job is marked done
    const database = await openDatabase({ databaseUrl: cluster.url, poolSize: 2 });
    const deps = await buildDeps({ ...loadConfig({ NODE_ENV: 'test' }), workers: false }, database);
    const boss = new PgBoss({ connectionString: cluster.url, schema: 'pgboss', schedule: false, supervise: false });
    // its connections are cut when the test database is dropped
    boss.on('error', () => {});
    await boss.start();
    let job: PgBoss.Job<{ orderId: number; runId: string }> | undefined;
    while (!job) {
      [job] = await boss.fetch<{ orderId: number; runId: string }>(SIMULATION_STEP_QUEUE);
      if (!job) await new Promise((r) => setTimeout(r, 100));
    }
    // another worker starts meanwhile: the dead one's job comes back to it once its lease runs out
    const replacement = cluster.worker();
    const [run] = await cluster.sql<{ updated_at: Date }>(
      'select updated_at from simulation_runs where order_id = $1',
      [next.orderId],
    );
    await applyStep(deps, next.orderId, 'PKD', new Date(run.updated_at.getTime() + 1000));
    await boss.stop({ graceful: false, close: true });
    await stopDeps(deps);
    await database.close();
    worker = await replacement;
    const watch = await openStream(b.url, pathOf(LIVE_API.staffOrder, { orderId: next.orderId }), staff);
    await watch.until((r) => r.statuses().some((e) => e.status === 'INT'), 25_000);
    const events = await cluster.sql<{ status: string }>(
      'select status from live_order_events where order_id = $1 order by id',
      [next.orderId],
    );
    expect(events.map((e) => e.status)).toEqual(['PKP_SCH', 'PKD', 'INT']);
    const scans = await cluster.sql<{ n: number }>(
      "select count(*)::int as n from shipment_scans where awb = $1 and courier_status = 'PICKED_UP'",
      [next.trackingNumber],
    );
    expect(scans[0].n).toBe(1);
    watch.abort();
  }, 60_000);

  it('SIGTERM closes open streams without event: end and exits cleanly; the client resumes on the other process', async () => {
    const next = await testOrder(
      a.url,
      staff,
      (await cluster.sql<{ id: number }>("select id from accounts where email = 'meera@demo.dakiya.in'"))[0].id,
    );
    const onA = await openStream(a.url, pathOf(LIVE_API.staffOrder, { orderId: next.orderId }), staff);
    await onA.until((r) => r.statuses().length === 1);
    const exited = new Promise<number | null>((r) => a.proc.once('exit', (code) => r(code)));
    a.proc.kill('SIGTERM');
    await onA.closed();
    expect(onA.events.some((e) => e.event === 'end')).toBe(false);
    expect(await exited).toBe(0);
    // the client resumes on the other process from its last event and gets what came since
    const lastSeen = onA.statuses().at(-1)!.eventId;
    await step(b.url, staff, next.orderId, 'PKD');
    const onB = await openStream(b.url, pathOf(LIVE_API.staffOrder, { orderId: next.orderId }), staff, lastSeen);
    await onB.until((r) => r.statuses().some((e) => e.status === 'PKD'));
    expect(onB.statuses().map((e) => e.status)).toEqual(['PKD']);
  }, 30_000);
});
