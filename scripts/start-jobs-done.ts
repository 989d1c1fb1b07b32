import pg from 'pg';
import { JOBS_SCHEMA } from '../server/jobs/queue';

/**
 * Waits until the jobs a server sent as it started have ended, in the PostgreSQL database at
 * `url`: the server sends them before it answers (the start-of-period runs of its beats: the
 * outcome, lane and risk rebuilds and the sweeps), so every job made up to now is one of them or
 * a beat's later run, and none that is due may still be waiting or running (one put off to a
 * later time is not waited for).
 */
export async function startJobsDone(url: string, timeoutMs = 120_000): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ now: Date; made: string }>(
      `select now(), (select count(*) from ${JOBS_SCHEMA}.job) as made`,
    );
    const [{ now, made }] = rows;
    if (Number(made) === 0) throw new Error('the server sent no job as it started: are its workers off?');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const pending = await client.query<{ n: string }>(
        `select count(*) as n from ${JOBS_SCHEMA}.job where created_on <= $1 and start_after <= now() and state in ('created', 'retry', 'active')`,
        [now],
      );
      if (Number(pending.rows[0].n) === 0) return;
      if (Date.now() > deadline)
        throw new Error(`${pending.rows[0].n} start jobs still under way after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await client.end();
  }
}
