import * as v from 'valibot';

// Couriers' webhooks: each courier posts its scans to its own address, authenticated by the scheme
// configured for it (a shared token header, an HMAC-SHA256 of the body, or its listed addresses).

export const API_COURIERS = {
  webhook: (carrierCode: string) => `/rest/v1/couriers/${carrierCode}/webhook`, // POST (the courier calls it)
};

/** What a push did: its scans counted by what became of them (a repeat is a duplicate, and changes nothing). */
export const CourierPushAckSchema = v.object({
  received: v.number(),
  recorded: v.number(),
  duplicates: v.number(),
  unknown: v.number(),
  moved: v.number(),
  /** scans of AWBs this courier did not book with us */
  ignored: v.number(),
});
export type CourierPushAck = v.InferOutput<typeof CourierPushAckSchema>;
