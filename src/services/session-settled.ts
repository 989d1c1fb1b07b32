// Whether the session knows who is signed in, as far as the page's first render needs: anonymous,
// or signed in with the account read (or a temporary password to change first). Screens read the
// plan and role from the account as they first render (which filters a list offers, whether an
// order form asks for payment modes): rendered earlier, they started without them.

/** The part of a session actor this needs: its state now and its changes. */
export interface SessionStates {
  getSnapshot(): { matches(state: string | Record<string, string>): boolean };
  subscribe(observer: () => void): { unsubscribe(): void };
}

const settled = (s: ReturnType<SessionStates['getSnapshot']>) =>
  s.matches('anonymous') ||
  s.matches('refreshing') ||
  (s.matches('authenticated') && !s.matches({ authenticated: 'loadingProfile' }));

/** Resolves once the session has settled, or after `capMs` whatever it holds then (a slow profile read). */
export function sessionSettled(session: SessionStates, capMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (settled(session.getSnapshot())) return resolve();
    const timer = setTimeout(done, capMs);
    const subscription = session.subscribe(() => {
      if (settled(session.getSnapshot())) done();
    });
    function done() {
      clearTimeout(timer);
      subscription.unsubscribe();
      resolve();
    }
  });
}
