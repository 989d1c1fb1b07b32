import type { AppDeps } from '../deps';

// A job that runs again and again on its own beat: each run, however it ends, sends the next one
// `everySeconds` later. The singleton key keeps one run waiting per queue, so several processes
// (or a restart) do not multiply the beat.

export interface Beat {
  everySeconds: number;
  /** pg-boss's singleton key for the waiting run */
  key: string;
  /** when the first run starts; the beat's own interval when not given */
  firstAfterSeconds?: number;
}

export async function workOnBeat(deps: AppDeps, queue: string, run: () => Promise<unknown>, beat: Beat): Promise<void> {
  const next = (startAfterSeconds: number) =>
    deps.jobs.send(queue, {}, { singletonKey: beat.key, startAfterSeconds, retryLimit: 0 });
  await deps.jobs.work(queue, async () => {
    try {
      await run();
    } finally {
      await next(beat.everySeconds);
    }
  });
  await next(beat.firstAfterSeconds ?? beat.everySeconds);
}
