import type { TrackingRef } from './tracking-api';

// The buyer's addresses (spec section 2), read without a router library:
//   /tracking/{trackingRef}, /tracking/return/{trackingRef}, /v2/track/{orderRef}/{trackingRef},
//   /s?r={shortCode}: a tracking page; /v2/track/{orderRef} and /public/track: the lookup page.

export type TrackRoute = { page: 'tracking'; ref: TrackingRef } | { page: 'lookup' } | { page: 'unknown' };

export function trackRoute(pathname: string, search: string): TrackRoute {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 's' && parts.length === 1) {
    const r = new URLSearchParams(search).get('r');
    return r ? { page: 'tracking', ref: { shortCode: r } } : { page: 'unknown' };
  }
  if (parts[0] === 'tracking' && parts[1] === 'return' && parts.length === 3) return { page: 'tracking', ref: { trackingRef: parts[2], isReturn: true } };
  if (parts[0] === 'tracking' && parts.length === 2) return { page: 'tracking', ref: { trackingRef: parts[1] } };
  if (parts[0] === 'v2' && parts[1] === 'track' && parts.length === 4) return { page: 'tracking', ref: { orderRef: parts[2], trackingRef: parts[3] } };
  if (parts[0] === 'v2' && parts[1] === 'track' && parts.length === 3) return { page: 'lookup' };
  if (parts[0] === 'public' && parts[1] === 'track' && parts.length === 2) return { page: 'lookup' };
  return { page: 'unknown' };
}

/** Paths the server answers with the tracking page's HTML. */
export const TRACK_PATH = /^\/(tracking\/|v2\/track\/|s$|public\/track$)/;
