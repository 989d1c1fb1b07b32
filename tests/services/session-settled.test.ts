import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionSettled, type SessionStates } from '../../src/services/session-settled';

// The first render waits for the session to know who is signed in: at once when it does, when the
// account is read, and no longer than its cap when the read is slow.

/** A session whose state is `state` until set(); `matches` as XState answers for these states. */
function fakeSession(initial: string) {
  let state = initial;
  const observers = new Set<() => void>();
  const session: SessionStates = {
    getSnapshot: () => ({
      matches: (v) =>
        typeof v === 'string'
          ? state === v || state.startsWith(`${v}.`)
          : Object.entries(v).every(([k, sub]) => state === `${k}.${sub}`),
    }),
    subscribe: (o) => {
      observers.add(o);
      return { unsubscribe: () => observers.delete(o) };
    },
  };
  const set = (next: string) => {
    state = next;
    for (const o of observers) o();
  };
  return { session, set, observers };
}

afterEach(() => vi.useRealTimers());

describe('sessionSettled', () => {
  it('resolves at once for an anonymous visitor or a signed-in seller whose account is read', async () => {
    await sessionSettled(fakeSession('anonymous').session, 3000);
    await sessionSettled(fakeSession('authenticated.ready').session, 3000);
    await sessionSettled(fakeSession('authenticated.passwordChange').session, 3000);
  });

  it('waits while the session checks and while the account is read, then lets go of the session', async () => {
    const { session, set, observers } = fakeSession('checking');
    let done = false;
    const settled = sessionSettled(session, 3000).then(() => (done = true));
    set('authenticated.loadingProfile');
    await Promise.resolve();
    expect(done).toBe(false);
    set('authenticated.ready');
    await settled;
    expect(done).toBe(true);
    expect(observers.size).toBe(0);
  });

  it('gives up waiting after its cap', async () => {
    vi.useFakeTimers();
    const { session, observers } = fakeSession('authenticated.loadingProfile');
    let done = false;
    const settled = sessionSettled(session, 3000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(2999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(observers.size).toBe(0);
  });
});
