import { pathOf } from '../operation';
import { API_TRACKING } from '../tracking-contract';
import type { TrackingRef } from './track-route';

/**
 * The public API address of the tracking data a buyer's page shows: the page asks it, and the
 * server names it in the page's HTML as a preload, so the data is on its way before the script runs.
 */
export function trackingApiPath(ref: TrackingRef): string {
  const trackingRef = ref.trackingRef ?? '';
  if (ref.shortCode) return pathOf(API_TRACKING.byShortCode, { code: ref.shortCode });
  if (ref.isReturn) return pathOf(API_TRACKING.returnByNumber, { trackingRef });
  if (ref.orderRef) return pathOf(API_TRACKING.byOrder, { orderRef: ref.orderRef, trackingRef });
  return pathOf(API_TRACKING.byNumber, { trackingRef });
}
