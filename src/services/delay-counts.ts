import { API_ORDERS, type DelayCounts } from '../domain/api-orders';
import { TIMING } from '../domain/constants';
import { dataOf } from './answer';
import type { Http } from './types';

// Delayed order counts by type (shipment or pickup), kept for 15 minutes (spec section 9): the
// home page asks on every visit, the server is asked at most four times an hour.

let kept: { at: number; counts: DelayCounts } | null = null;

export async function fetchDelayCounts(http: Http, now = Date.now()): Promise<DelayCounts> {
  if (kept && now - kept.at < TIMING.delayCountsCacheMs) return kept.counts;
  const counts = await dataOf<DelayCounts>(http.get(API_ORDERS.delays));
  kept = { at: now, counts };
  return counts;
}

/** After a sign-out, another seller must not see these. */
export function forgetDelayCounts(): void {
  kept = null;
}
