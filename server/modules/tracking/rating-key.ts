import { createHmac, timingSafeEqual } from 'node:crypto';

// The buyer's rating key: what ties a rating to the messages the buyer received. It travels only
// in the SMS and email links (/s?r={shortCode}&k={key}) and is never part of the tracking data,
// so holding a tracking number or a short code is not enough to rate. It is derived from the
// shipment with a server secret (nothing stored), so every link ever sent keeps working.

export const RATING_KEY_LENGTH = 16;

export function ratingKey(secret: Uint8Array, shipmentId: number): string {
  return createHmac('sha256', secret)
    .update(`tracking-rating:${shipmentId}`)
    .digest('base64url')
    .slice(0, RATING_KEY_LENGTH);
}

export function ratingKeyMatches(secret: Uint8Array, shipmentId: number, given: string): boolean {
  const want = Buffer.from(ratingKey(secret, shipmentId));
  const got = Buffer.from(given);
  return got.length === want.length && timingSafeEqual(got, want);
}
