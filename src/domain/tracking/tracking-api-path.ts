import { API_TRACKING } from '../tracking-contract';
import type { TrackingRef } from './track-route';

/**
 * The public API address of the tracking data a buyer's page shows: the page asks it, and the
 * server names it in the page's HTML as a preload, so the data is on its way before the script runs.
 */
export function trackingApiPath(ref: TrackingRef): string {
  if (ref.shortCode) return API_TRACKING.byShortCode(encodeURIComponent(ref.shortCode));
  if (ref.isReturn) return API_TRACKING.returnByNumber(encodeURIComponent(ref.trackingRef ?? ''));
  if (ref.orderRef)
    return API_TRACKING.byOrder(encodeURIComponent(ref.orderRef), encodeURIComponent(ref.trackingRef ?? ''));
  return API_TRACKING.byNumber(encodeURIComponent(ref.trackingRef ?? ''));
}
