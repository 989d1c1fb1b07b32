import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { pickupRequests, shipments } from '../../db/schema';

// A booked parcel joins the courier's pickup request for its warehouse and day, in the booking's
// own transaction: the day's request is made or its count raised in one statement, so
// concurrent bookings from one warehouse add up on one request.

export interface PickupJoin {
  orgId: number;
  pickupAddressId: number;
  carrierCode: string;
  /** IST day, yyyy-mm-dd */
  pickupDate: string;
  shipmentId: number;
  now: Date;
}

/** Adds the shipment to the day's request (made when it is the first) and answers the request's id. */
export async function joinPickup(tx: Tx, join: PickupJoin): Promise<number> {
  const [row] = await tx
    .insert(pickupRequests)
    .values({
      orgId: join.orgId,
      pickupAddressId: join.pickupAddressId,
      carrierCode: join.carrierCode,
      pickupDate: join.pickupDate,
      expectedCount: 1,
      updatedAt: join.now,
    })
    .onConflictDoUpdate({
      target: [
        pickupRequests.orgId,
        pickupRequests.pickupAddressId,
        pickupRequests.carrierCode,
        pickupRequests.pickupDate,
      ],
      set: { expectedCount: sql`${pickupRequests.expectedCount} + 1`, updatedAt: join.now },
    })
    .returning({ id: pickupRequests.id });
  await tx.update(shipments).set({ pickupRequestId: row.id }).where(eq(shipments.id, join.shipmentId));
  return row.id;
}

/** A cancelled shipment leaves its request: the courier should expect one parcel fewer. */
export async function leavePickup(tx: Tx, pickupRequestId: number | null, now: Date): Promise<void> {
  if (!pickupRequestId) return;
  await tx
    .update(pickupRequests)
    .set({ expectedCount: sql`greatest(0, ${pickupRequests.expectedCount} - 1)`, updatedAt: now })
    .where(eq(pickupRequests.id, pickupRequestId));
}
