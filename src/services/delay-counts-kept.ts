import type { DelayCounts } from '../domain/orders-contract';
import { STORAGE_KEYS, TIMING } from '../domain/constants';

// The delayed order counts kept in local storage (src/services/delay-counts.ts reads them from the
// server): apart from the orders contract, so signing out (the session, in the app's first chunk)
// forgets them without loading the orders' schemas.

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

/** The kept counts when every one of them is younger than 15 minutes, else null. */
export function keptDelayCounts(now: number): DelayCounts | null {
  const kept = Object.fromEntries(Object.entries(KEYS).map(([name, key]) => [name, read(key)])) as Record<
    keyof DelayCounts,
    Kept | null
  >;
  const fresh = Object.values(kept).every((k) => k !== null && now - k.at < TIMING.delayCountsCacheMs);
  if (!fresh) return null;
  return { shipment: kept.shipment!.count, pickup: kept.pickup!.count, discrepancy: kept.discrepancy!.count };
}

/** Keeps each count under its own key with the time it was read. */
export function keepDelayCounts(counts: DelayCounts, now: number): void {
  for (const [name, key] of Object.entries(KEYS))
    storage()?.setItem(key, JSON.stringify({ count: counts[name as keyof DelayCounts], at: now } satisfies Kept));
}

/** After a sign-out, another seller must not see these. */
export function forgetDelayCounts(): void {
  for (const key of Object.values(KEYS)) storage()?.removeItem(key);
}
