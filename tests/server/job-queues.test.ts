import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/rows';
import type { TestServer } from './harness';
import { startDemoServer } from './helpers';

// A queue is made by the first job sent to it. When many requests send the first jobs of a new
// queue at once (twenty-four shipments booked together, each queuing its pickup's job), every send
// succeeds and the queue is made once.

describe('job queues', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startDemoServer();
  });
  afterAll(() => s.close());

  it('takes concurrent first jobs of a new queue, each of them', async () => {
    const queue = `concurrent-first-${Date.now()}`;
    await expect(
      Promise.all(Array.from({ length: 24 }, (_, i) => s.deps.jobs.send(queue, { n: i }, { retryLimit: 0 }))),
    ).resolves.toHaveLength(24);
    const [{ n }] = await queryRows<{ n: number }>(
      s.deps.db,
      sql`select count(*)::int as n from pgboss.job where name = ${queue}`,
    );
    expect(n).toBe(24);
  });
});
