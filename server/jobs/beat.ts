import { createHash } from 'node:crypto';
import type { AppDeps } from '../deps';

// A job that runs again and again on its own beat, once a period however many worker processes
// run it or restart. Time is cut into periods of `everySeconds` (counted from the epoch); each
// worker process sends the run of the current period when the period starts, under a job id
// drawn from the queue's name and the period's number. pg-boss keeps one job per id (the
// others' sends find it there and add nothing), so N processes, or a process started N times,
// send one run a period. No run depends on the one before it: a worker killed mid-run leaves
// that period's run to fail at its lease, and the next period's run is sent all the same.

export interface Beat {
  everySeconds: number;
  /** names the beat: two beats on one queue would have different keys */
  key: string;
  /** 0: the current period's run is sent at start (it runs at once unless it ran already); the next period's otherwise */
  firstAfterSeconds?: number;
}

/** The run of one period: the same id in every process, a UUID pg-boss accepts. */
export function periodJobId(queue: string, key: string, period: number): string {
  const h = createHash('sha256').update(`${queue}:${key}:${period}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export async function workOnBeat(deps: AppDeps, queue: string, run: () => Promise<unknown>, beat: Beat): Promise<void> {
  const periodMs = beat.everySeconds * 1000;
  await deps.jobs.work(queue, async () => {
    await run();
  });
  let last = Math.floor(Date.now() / periodMs);
  if (beat.firstAfterSeconds === 0) await sendPeriod(deps, queue, beat.key, last);
  deps.jobs.every(periodMs, async () => {
    const period = Math.floor(Date.now() / periodMs);
    if (period === last) return;
    last = period;
    await sendPeriod(deps, queue, beat.key, period);
  });
}

function sendPeriod(deps: AppDeps, queue: string, key: string, period: number) {
  return deps.jobs.send(queue, {}, { id: periodJobId(queue, key, period), retryLimit: 0 });
}
