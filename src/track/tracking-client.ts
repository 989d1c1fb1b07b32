import type { TrackingRef } from '../domain/tracking/track-route';
import { API_TRACKING, type TrackingData, type TrackingLookup } from '../domain/tracking-contract';
import { trackingApiPath } from '../domain/tracking/tracking-api-path';

// The buyer's pages talk to the public API with plain fetch: none of the seller app's session,
// token renewal or HTTP client comes along (a cheap phone on a slow network loads less).

export async function get<T>(path: string): Promise<T> {
  // a plain request, as the page's preload of its data is (server/http/page-hints.ts), so it is the one used
  const res = await fetch(path);
  const body = (await res.json().catch(() => ({}))) as { data?: T; errorMessage?: string };
  if (!res.ok)
    throw {
      status: res.status,
      message: res.headers.get('x-error-message') ?? body.errorMessage ?? 'Something went wrong',
    };
  return body.data as T;
}

export async function post<T>(path: string, json: unknown): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(json),
  });
  const body = (await res.json().catch(() => ({}))) as { data?: T; errorMessage?: string };
  if (!res.ok)
    throw {
      status: res.status,
      message: res.headers.get('x-error-message') ?? body.errorMessage ?? 'Something went wrong',
    };
  return body.data as T;
}

export type { TrackingRef };

export const fetchTracking = (ref: TrackingRef): Promise<TrackingData> => get(trackingApiPath(ref));

export const lookupTrackingNumber = (trackingNumber: string) =>
  get<TrackingLookup>(`${API_TRACKING.lookup}?trackingNumber=${encodeURIComponent(trackingNumber)}`);

// ratingKey: the k of the buyer's SMS/email link; the tracking number alone does not rate
export const rateSeller = (trackingNumber: string, ratingKey: string, rating: number, feedback: string) =>
  post(API_TRACKING.customerFeedback, {
    entityType: 'ORDER',
    entityId: trackingNumber,
    ratingKey,
    customerRating: rating,
    customerFeedback: feedback,
  });
export const rateDelivery = (trackingNumber: string, ratingKey: string, rating: number, feedback: string) =>
  post(API_TRACKING.dakiyaFeedback, {
    entityType: 'ORDER',
    entityId: trackingNumber,
    ratingKey,
    dakiyaRating: rating,
    dakiyaFeedback: feedback,
  });
