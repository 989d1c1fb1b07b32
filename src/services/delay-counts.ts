import { API_ORDERS, type DelayCounts } from '../domain/orders-contract';
import { call } from './call';
import { keepDelayCounts, keptDelayCounts } from './delay-counts-kept';
import type { Http } from './types';

export { forgetDelayCounts } from './delay-counts-kept';

// Delayed order counts (spec sections 3 and 9): the shipment and pickup delay counts and the
// weight-discrepancy count, each kept in local storage under its own key with the time it was
// read, for 15 minutes. The home page asks on every visit; the server is asked only when one of
// them is missing or older than that. Signing out forgets them.

export async function fetchDelayCounts(http: Http, now = Date.now()): Promise<DelayCounts> {
  const kept = keptDelayCounts(now);
  if (kept) return kept;
  const counts = await call(http, API_ORDERS.delays);
  keepDelayCounts(counts, now);
  return counts;
}
