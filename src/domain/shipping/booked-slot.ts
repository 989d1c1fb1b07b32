import * as v from 'valibot';

// The delivery slot of a hyperlocal booking, on its own: the buyer's tracking page shows it
// (src/domain/tracking-contract.ts) without loading the rest of shipping's contract.

/** A hyperlocal booking: the delivery slot the seller chose (ISO instants) and the rider the partner sent. */
export const BookedDeliverySlotSchema = v.object({
  slotId: v.string(),
  startsAt: v.string(),
  endsAt: v.string(),
  riderName: v.nullable(v.string()),
});
export type BookedDeliverySlot = v.InferOutput<typeof BookedDeliverySlotSchema>;
