import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

// Background jobs on pg-boss, in the same database as the data (PostgreSQL, or PGlite through
// pg-boss's executeSql adapter). A job that throws is retried; handlers must be idempotent.

export type JobHandler<T> = (data: T) => Promise<void>;

export interface JobQueue {
  send<T extends object>(
    queue: string,
    data: T,
    options?: { retryLimit?: number; singletonKey?: string; startAfterSeconds?: number },
  ): Promise<void>;
  work<T>(queue: string, handler: JobHandler<T>): Promise<void>;
  stop(): Promise<void>;
}

export const JOBS_SCHEMA = 'pgboss';

export async function startJobQueue(
  database: Database,
  opts: { pollingIntervalSeconds?: number } = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.query(text, values) },
    schema: JOBS_SCHEMA,
    // no cron schedules yet; supervision archives and expires jobs
    schedule: false,
  });
  boss.on('error', (e: Error) => console.error('[jobs]', e.message));
  await boss.start();
  const workers = new Map<string, string>();
  const created = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    await boss.createQueue(name);
    created.add(name);
  };
  return {
    async send(queue, data, options = {}) {
      await ensureQueue(queue);
      await boss.send(queue, data, {
        retryLimit: options.retryLimit ?? 3,
        retryDelay: 2,
        retryBackoff: true,
        singletonKey: options.singletonKey,
        startAfter: options.startAfterSeconds,
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
        async (jobs) => {
          for (const job of jobs) await handler(job.data as never);
        },
      );
      workers.set(queue, id);
    },
    async stop() {
      await boss.stop({ graceful: false, close: false, wait: true });
    },
  };
}
