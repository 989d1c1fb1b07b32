import type { Page } from 'playwright-core';
import { API_AUTH } from '../../src/domain/auth-contract';

// A page left while its session refresh call is under way drops the rotated cookie, and the next
// load presents a spent one (and is logged out). Waiting for a quiet network instead costs the
// full wait on every page that holds a live event stream open (an order's, a parcel's), which
// never goes quiet: count the refresh calls in flight and wait for those alone.

const inFlight = new WeakMap<Page, number>();

/** Counts the page's refresh calls from now on (newPage does this for every page it opens). */
export function followRefreshes(page: Page): void {
  if (inFlight.has(page)) return;
  inFlight.set(page, 0);
  const add = (n: number) => (r: { url: () => string }) => {
    if (r.url().includes(API_AUTH.refreshToken.path)) inFlight.set(page, (inFlight.get(page) ?? 0) + n);
  };
  page.on('request', add(1));
  page.on('requestfinished', add(-1));
  page.on('requestfailed', add(-1));
}

/** Resolves once no session refresh of the page is under way. */
export async function refreshesSettled(page: Page): Promise<void> {
  while ((inFlight.get(page) ?? 0) > 0) await new Promise((r) => setTimeout(r, 25));
}
