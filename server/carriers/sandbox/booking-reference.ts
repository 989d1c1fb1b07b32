import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxParcels } from '../../db/schema';
import type { FoundBooking } from '../adapter';

// A sandbox courier's bookings by the shipper's client reference: a booking asked again with a
// reference it has answers the parcel booked the first time, and a lookup finds it.

export async function parcelByReference(db: Db, carrierCode: string, reference: string): Promise<FoundBooking | null> {
  const [p] = await db
    .select()
    .from(sandboxParcels)
    .where(and(eq(sandboxParcels.clientRef, reference), eq(sandboxParcels.carrierCode, carrierCode)));
  if (!p) return null;
  return {
    awb: p.awb,
    routingCode: p.routingCode ?? '',
    pickupAt: p.pickupAt ?? p.bookedAt,
    ...(p.riderName ? { riderName: p.riderName } : {}),
    cancelled: p.cancelled,
  };
}

/** The booking already made with this reference, as the booking answered it; null when none. */
export async function alreadyBooked(db: Db, carrierCode: string, reference: string | undefined) {
  if (!reference) return null;
  const found = await parcelByReference(db, carrierCode, reference);
  if (!found) return null;
  const { cancelled: _cancelled, ...booked } = found;
  return booked;
}
