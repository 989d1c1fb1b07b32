import type { JobQueue } from './queue';

// A process that runs no jobs (WORKERS=off) still makes every queue the workers take, by walking
// registerWorkers through this: work and schedule only make their queue; nothing is worked, sent,
// scheduled or timed. The first send of a kind then finds its queue there, and a database copied
// after a start (the browser tests' template) carries them all.

export function queuesOnly(jobs: JobQueue): JobQueue {
  return {
    send: async () => {},
    work: (queue) => jobs.prepare(queue),
    schedule: (queue) => jobs.prepare(queue),
    every: () => {},
    prepare: (queue) => jobs.prepare(queue),
    stop: () => jobs.stop(),
  };
}
