import { describe, expect, it } from 'vitest';
import { REFRESH_LOCK, oneRefreshAcrossTabs } from '../../src/services/refresh-across-tabs';

// Two tabs sharing one cookie jar refresh at the same moment. A stand-in server rotates the
// cookie on each refresh after a network delay; a stand-in lock manager grants one named lock
// at a time in request order, as the Web Locks API does.

function cookieJarAndServer() {
  const jar = { cookie: 'P' };
  const sent: string[] = [];
  let n = 0;
  const refresh = async () => {
    sent.push(jar.cookie); // the browser reads the jar when the request leaves
    await new Promise((r) => setTimeout(r, 10));
    jar.cookie = `S${++n}`;
    return jar.cookie;
  };
  return { jar, sent, refresh };
}

function fifoLocks() {
  const queues = new Map<string, Promise<unknown>>();
  const names: string[] = [];
  return {
    names,
    request<T>(name: string, cb: () => Promise<T>): Promise<T> {
      names.push(name);
      const before = queues.get(name) ?? Promise.resolve();
      const run = before.then(cb, cb);
      queues.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

describe('one refresh across tabs', () => {
  it('two tabs refreshing at once take turns: the second sends the cookie the first one got', async () => {
    const { sent, refresh } = cookieJarAndServer();
    const locks = fifoLocks();
    const answers = await Promise.all([
      oneRefreshAcrossTabs(refresh, locks as unknown as LockManager),
      oneRefreshAcrossTabs(refresh, locks as unknown as LockManager),
    ]);
    expect(locks.names).toEqual([REFRESH_LOCK, REFRESH_LOCK]);
    expect(sent).toEqual(['P', 'S1']);
    expect(answers).toEqual(['S1', 'S2']);
  });

  it('without Web Locks both leave at once with the same cookie (the server answers both with one successor)', async () => {
    const { sent, refresh } = cookieJarAndServer();
    await Promise.all([oneRefreshAcrossTabs(refresh, undefined), oneRefreshAcrossTabs(refresh, undefined)]);
    expect(sent).toEqual(['P', 'P']);
  });
});
