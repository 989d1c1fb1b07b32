import * as v from 'valibot';
import { operation } from './operation';

// Couriers' webhooks: each courier posts its scans to its own address, authenticated by the scheme
// configured for it (a shared token header, an HMAC-SHA256 of the body, or its listed addresses).

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

export const API_COURIERS = {
  /** The courier calls it; the handler authenticates and reads the raw body itself */
  webhook: operation({
    method: 'post',
    path: '/rest/v1/couriers/:carrierCode/webhook',
    tag: 'couriers',
    params: v.object({ carrierCode: v.pipe(v.string(), v.maxLength(20)) }),
    summary:
      'A courier pushes its scans. Authenticated per courier (a shared token header, an HMAC-SHA256 of the raw body, or an allow-listed address); the body is the courier’s own push shape (Delhivery’s Shipment scan push for DE, DEHW, DEMW) or Dakiya’s { scans: [{ awb, at, status, location, remark, reasonCode?, hubWeight? }] }. A repeated delivery records nothing new.',
    errors: {
      400: 'the body is not the courier’s push shape (the message names the field)',
      401: 'the call is not authenticated as this courier',
      404: 'no such courier',
    },
    response: CourierPushAckSchema,
  }),
};
