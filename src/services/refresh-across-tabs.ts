// Tabs of one browser share the refresh cookie. Each tab already sends one refresh at a time;
// across tabs the Web Locks API makes them take turns, so a tab's refresh leaves only after the
// previous one's answer has set the new cookie, and it sends that cookie instead of the spent one.
// Where the browser has no Web Locks the refresh runs at once (the server answers a spent cookie
// with its one successor for a short while, so that stays safe).

export const REFRESH_LOCK = 'dakiya-refresh-token';

type Locks = Pick<LockManager, 'request'>;

export function oneRefreshAcrossTabs<T>(
  refresh: () => Promise<T>,
  locks: Locks | undefined = globalThis.navigator?.locks,
): Promise<T> {
  if (!locks) return refresh();
  // the lock is held until the refresh settles, and request answers what it settles to
  return locks.request(REFRESH_LOCK, () => refresh()) as unknown as Promise<T>;
}
