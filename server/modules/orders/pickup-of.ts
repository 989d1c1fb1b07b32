import type { PickupCopy } from '../../db/schema';
import { conflict } from '../../http/errors';

// An order's pickup copy, for whatever hands the parcel over (quotes, booking, labels, invoices,
// manifests, returns). An order without one (an old row whose copy is empty) is refused with a
// clear answer instead of failing half-way on a missing city or phone.

export const noPickupMessage = (orderNumber: string) =>
  `Pickup address: order ${orderNumber} has no pickup address; choose one before shipping or printing its documents`;

const complete = (p: Partial<PickupCopy> | null | undefined): p is PickupCopy =>
  !!p && !!p.pincode && !!p.city && !!p.state && !!p.entityName && typeof p.phone === 'string' && !!p.line1;

/** The order's pickup copy, or a 409 naming the missing pickup address. */
export function pickupOf(o: { orderNumber: string; pickup: PickupCopy | null }): PickupCopy {
  if (!complete(o.pickup)) throw conflict(noPickupMessage(o.orderNumber));
  return o.pickup;
}

/** Where the order's parcel leaves from (for quotes and zones), or the same 409. */
export function pickupPlace(o: { orderNumber: string; pickup: PickupCopy | null }) {
  const { pincode, city, state } = pickupOf(o);
  return { pincode, city, state };
}
