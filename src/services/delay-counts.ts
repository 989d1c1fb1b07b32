import { API_ORDERS, type DelayCounts } from '../domain/orders-contract';
import { STORAGE_KEYS, TIMING } from '../domain/constants';
import { dataOf } from './answer';
import type { Http } from './types';

// Delayed order counts (spec sections 3 and 9): the shipment and pickup delay counts and the
// weight-discrepancy count, each kept in local storage under its own key with the time it was
// read, for 15 minutes. The home page asks on every visit; the server is asked only when one of
// them is missing or older than that. Signing out forgets them.

const KEYS: Record<keyof DelayCounts, string> = {
  shipment: STORAGE_KEYS.shipmentDelays,
  pickup: STORAGE_KEYS.pickupDelays,
  discrepancy: STORAGE_KEYS.discrepancies,
};

interface Kept {
  count: number;
  at: number;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(key: string): Kept | null {
  try {
    const kept = JSON.parse(storage()?.getItem(key) ?? 'null') as Kept | null;
    return kept && Number.isFinite(kept.count) && Number.isFinite(kept.at) ? kept : null;
  } catch {
    return null;
  }
}

export async function fetchDelayCounts(http: Http, now = Date.now()): Promise<DelayCounts> {
  const kept = Object.fromEntries(Object.entries(KEYS).map(([name, key]) => [name, read(key)])) as Record<
    keyof DelayCounts,
    Kept | null
  >;
  const fresh = Object.values(kept).every((k) => k !== null && now - k.at < TIMING.delayCountsCacheMs);
  if (fresh)
    return { shipment: kept.shipment!.count, pickup: kept.pickup!.count, discrepancy: kept.discrepancy!.count };
  const counts = await dataOf<DelayCounts>(http.get(API_ORDERS.delays));
  for (const [name, key] of Object.entries(KEYS))
    storage()?.setItem(key, JSON.stringify({ count: counts[name as keyof DelayCounts], at: now } satisfies Kept));
  return counts;
}

/** After a sign-out, another seller must not see these. */
export function forgetDelayCounts(): void {
  for (const key of Object.values(KEYS)) storage()?.removeItem(key);
}
