import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWorkers } from '../../server/job-workers';
import type { JobQueue } from '../../server/jobs/queue';
import { queuesOnly } from '../../server/jobs/queues-only';
import { startTestServer, type TestServer } from './harness';

// A process that runs no jobs still makes every queue the workers take, and runs nothing; the
// test template (made as such a start makes a database) carries them all to every copy.

/** A job queue that writes down what is asked of it. */
function recordingQueue() {
  const asked: string[] = [];
  const jobs: JobQueue = {
    send: async (queue) => void asked.push(`send ${queue}`),
    work: async (queue) => void asked.push(`work ${queue}`),
    schedule: async (queue) => void asked.push(`schedule ${queue}`),
    every: () => void asked.push('every'),
    prepare: async (queue) => void asked.push(`prepare ${queue}`),
    stop: async () => void asked.push('stop'),
  };
  return { jobs, asked };
}

describe('the job queues of a process that runs no jobs', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ config: { workers: false } });
  });
  afterAll(() => s.close());

  it('only makes queues: nothing is worked, sent, scheduled or timed', async () => {
    const { jobs, asked } = recordingQueue();
    await registerWorkers({ ...s.deps, jobs: queuesOnly(jobs) });
    expect(asked.length).toBeGreaterThan(20);
    expect(asked.filter((a) => !a.startsWith('prepare '))).toEqual([]);
  });

  it('finds every queue the workers take already made in its database', async () => {
    const { jobs, asked } = recordingQueue();
    await registerWorkers({ ...s.deps, jobs: queuesOnly(jobs) });
    const wanted = [...new Set(asked.map((a) => a.slice('prepare '.length)))].sort();
    const { rows } = await s.deps.database.query('select name from pgboss.queue order by name');
    const made = (rows as { name: string }[]).map((r) => r.name);
    expect(made).toEqual(expect.arrayContaining(wanted));
  });
});
