import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

// Background jobs on pg-boss, in the same database as the data (PostgreSQL, or PGlite through
// pg-boss's executeSql adapter). A job that throws is retried; handlers must be idempotent.

export type JobHandler<T> = (data: T) => Promise<void>;

export interface JobQueue {
  send<T extends object>(
    queue: string,
    data: T,
    options?: { retryLimit?: number; singletonKey?: string; startAfterSeconds?: number; id?: string },
  ): Promise<void>;
  work<T>(queue: string, handler: JobHandler<T>): Promise<void>;
  /** a cron schedule (IST): pg-boss sends one job a tick, however many processes keep schedules */
  schedule(queue: string, cron: string): Promise<void>;
  /** calls `tick` at every multiple of `periodMs` on the clock, until stop() (beats: server/jobs/beat.ts) */
  every(periodMs: number, tick: () => Promise<void>): void;
  /** makes the queue if it is new (pg-boss gives each queue a table of its own), once a process */
  prepare(queue: string): Promise<void>;
  stop(): Promise<void>;
}

export const JOBS_SCHEMA = 'pgboss';

/** pg-boss's own default lease: a job whose worker died is retried once it has run this long. */
export const JOB_LEASE_SECONDS = 15 * 60;

export async function startJobQueue(
  database: Database,
  opts: { pollingIntervalSeconds?: number; leaseSeconds?: number; cron?: boolean } = {},
): Promise<JobQueue> {
  const lease = opts.leaseSeconds ?? JOB_LEASE_SECONDS;
  // handlers and beats under way, and pg-boss's own statements: stop() lets them end before the
  // database is closed under them
  const underWay = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    underWay.add(work);
    void work.finally(() => underWay.delete(work)).catch(() => undefined);
    return work;
  };
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => track(database.query(text, values)) },
    schema: JOBS_SCHEMA,
    // cron schedules are kept by the processes that run jobs; supervision archives and expires
    // jobs (a dead worker's job), at least as often as a lease runs out
    schedule: opts.cron ?? false,
    maintenanceIntervalSeconds: Math.min(120, lease),
  });
  boss.on('error', (e: Error) => console.error('[jobs]', e.message));
  await boss.start();
  const workers = new Map<string, string>();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  // one creation a queue, shared by the calls that ask for it at once (concurrent first sends of a
  // new queue would otherwise each create it, and all but one fail)
  const created = new Map<string, Promise<void>>();
  const ensureQueue = (name: string): Promise<void> => {
    let done = created.get(name);
    if (!done) {
      done = boss.createQueue(name).catch(async (e: Error) => {
        // another process made it between pg-boss's look and its insert: it is there all the same
        if (await boss.getQueue(name).catch(() => null)) return;
        created.delete(name);
        throw e;
      });
      created.set(name, done);
    }
    return done;
  };
  return {
    async send(queue, data, options = {}) {
      await ensureQueue(queue);
      await boss.send(queue, data, {
        retryLimit: options.retryLimit ?? 3,
        retryDelay: 2,
        retryBackoff: true,
        expireInSeconds: lease,
        singletonKey: options.singletonKey,
        startAfter: options.startAfterSeconds,
        id: options.id,
      });
      // wake the local worker now rather than at its next poll
      const id = workers.get(queue);
      if (id) boss.notifyWorker(id);
    },
    async work(queue, handler) {
      await ensureQueue(queue);
      const id = await boss.work(
        queue,
        { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2, batchSize: 1 },
        (jobs) =>
          track(
            (async () => {
              for (const job of jobs) await handler(job.data as never);
            })(),
          ),
      );
      workers.set(queue, id);
    },
    async schedule(queue, cron) {
      await ensureQueue(queue);
      await boss.schedule(queue, cron, {}, { tz: 'Asia/Kolkata', retryLimit: 0, expireInSeconds: lease });
    },
    every(periodMs, tick) {
      const arm = () => {
        if (stopped) return;
        // just past the next multiple of the period, so every process sees the new period
        const t = setTimeout(
          () => {
            timers.delete(t);
            void track(tick())
              .catch((e: Error) => console.error('[jobs] beat:', e.message))
              .finally(arm);
          },
          periodMs - (Date.now() % periodMs) + 50,
        );
        t.unref();
        timers.add(t);
      };
      arm();
    },
    prepare: ensureQueue,
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      // jobs in flight finish first (up to 10 s): one cut short would still report back to a closed database
      await boss.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
      // pg-boss waits only for jobs it holds: a fetch still running when it stopped can still hand a
      // job to its handler, and a job's end is recorded a few ticks after its handler, unawaited.
      // So what is under way is let end (up to 30 s more), again each time it ends, until nothing
      // follows: otherwise it meets a closed pool, an error no one can catch.
      const deadline = Date.now() + 30_000;
      for (;;) {
        // the statements and handlers that follow the ones just ended are started by now
        await new Promise((r) => setImmediate(r));
        const left = deadline - Date.now();
        if (!underWay.size || left <= 0) break;
        await Promise.race([Promise.allSettled([...underWay]), new Promise((r) => setTimeout(r, left).unref())]);
      }
    },
  };
}
