import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { startJobQueue } from '../../server/jobs/queue';
import { freshTestDatabase } from './harness';

// Stopping the job queue, then closing the database, as a process or a test does at its end. pg-boss
// waits only for the jobs it holds: a fetch still under way when it stops can hand a job to its
// handler afterwards, and pg-boss records a job's end without awaiting it. If the database is closed
// first, both fail on the closed pool, and the failure of the record is a rejection no one handles:
// the test runner reports it, and a process ends on it. Seen under load, when the fetch is slow.

const QUEUE = 'stop-while-fetching';
const FETCH_DELAY_MS = 800;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The database as pg-boss sees it, with the answer to a fetch of jobs held back (a slow database). */
function withSlowFetch(database: Database, onFetch: () => void): Database {
  return {
    ...database,
    query: async (text, values) => {
      const answer = await database.query(text, values);
      if (/SKIP LOCKED/i.test(text) && (answer.rows as unknown[]).length) {
        onFetch();
        await sleep(FETCH_DELAY_MS);
      }
      return answer;
    },
  };
}

describe('stopping the job queue', () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  afterEach(() => {
    process.off('unhandledRejection', record);
  });

  it('lets a job fetched as it stops run and record its end before stop() returns; nothing is left to fail on the closed database', async () => {
    process.on('unhandledRejection', record);
    const { database, drop } = await freshTestDatabase();
    let fetched!: () => void;
    const fetchedJob = new Promise<void>((r) => (fetched = r));
    const jobs = await startJobQueue(
      withSlowFetch(database, () => fetched()),
      { pollingIntervalSeconds: 1 },
    );
    const handled: string[] = [];
    await jobs.send(QUEUE, { n: 1 }, { retryLimit: 0 });
    await jobs.work<{ n: number }>(QUEUE, async (data) => {
      // the handler uses the database, as every handler does
      await database.query('select 1');
      handled.push(`job ${data.n}`);
    });
    // the job's fetch has its rows but has not answered pg-boss yet: the queue holds no job
    await fetchedJob;
    await jobs.stop();
    // by now the job ran and its end is recorded
    expect(handled).toEqual(['job 1']);
    const { rows } = await database.query('select state from pgboss.job where name = $1', [QUEUE]);
    expect(rows).toEqual([{ state: 'completed' }]);
    await database.close();
    await drop();
    // anything still to run after close() would have failed by now
    await sleep(FETCH_DELAY_MS);
    expect(unhandled.map((e) => (e instanceof Error ? e.message : String(e)))).toEqual([]);
  });
});
