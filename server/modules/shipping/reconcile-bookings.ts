import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { bookingClaims } from '../../db/schema';
import { claimBooking, RECONCILING, renewingClaim } from '../booking/booking-claim';
import { ordersWithOrphans, settleOrphans } from '../booking/booking-intents';
import { adoptOrphan } from './service';

// The reconciling job: courier bookings that requests which died mid-booking left unrecorded
// (their intent still CALLING after a while) are asked of the courier by their reference and
// adopted where the order still needs them (a ship with that courier: recorded and charged as
// the request would have), cancelled at the courier otherwise. It takes each order's booking
// claim first, so it never touches a booking a live request is making.

export const BOOKING_RECONCILE_QUEUE = 'booking-reconcile';

export async function reconcileBookings(deps: AppDeps): Promise<{ orders: number }> {
  const orphaned = await ordersWithOrphans(deps, deps.config.bookingReconcile.orphanAfterSeconds);
  let settled = 0;
  for (const { orderId, orgId } of orphaned) {
    if ((await claimBooking(deps, { orgId }, orderId, RECONCILING)) !== 'MINE') continue;
    try {
      await renewingClaim(deps, orderId, () =>
        settleOrphans(deps, orderId, (intent, found, carrier) => adoptOrphan(deps, intent, found, carrier)),
      );
      settled++;
    } finally {
      // an adoption released the claim with its commit: only the job's own claim is dropped here
      await deps.db
        .delete(bookingClaims)
        .where(and(eq(bookingClaims.orderId, orderId), eq(bookingClaims.idempotencyKey, RECONCILING)));
    }
  }
  return { orders: settled };
}
