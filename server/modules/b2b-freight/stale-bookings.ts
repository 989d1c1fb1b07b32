import { and, eq, gte, lt } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { b2bOrders } from '../../db/schema';
import { RECONCILE_AFTER_SECONDS, RECONCILE_TRIES, reconcileLostBooking, settlePendingBooking } from './booking';

// A booking whose process died after claiming the order (PENDING, charged, its reference written)
// and before the carrier's answer was written has no job asking about it: the one queued for a
// lost answer or a manifest job is sent after the carrier answers. This sweep finds such attempts
// once they are older than any live request can be, and settles them as a lost answer is settled:
// looked up by reference (adopted with its LR and box numbers, or failed with the charge refunded
// once), or asked about by the manifest job id when that was written. Each settlement is once,
// under the order's lock, so overlapping sweeps and the lost-answer job act once between them.

export const B2B_STALE_BOOKING_QUEUE = 'b2b-stale-bookings';
/** How often the sweep runs: as often as a lost answer's lookup is repeated. */
export const STALE_SWEEP_EVERY_SECONDS = RECONCILE_AFTER_SECONDS;
/** An attempt older than this has outlived its request (carrier timeouts are seconds). */
export const STALE_AFTER_SECONDS = RECONCILE_AFTER_SECONDS;
/** After this long, an attempt the carrier never answered about is left to staff, still PENDING. */
const GIVE_UP_AFTER_SECONDS = STALE_AFTER_SECONDS + RECONCILE_TRIES * RECONCILE_AFTER_SECONDS;

export async function reconcileStaleBookings(deps: AppDeps): Promise<{ orders: number }> {
  const now = deps.now().getTime();
  const stale = await deps.db
    .select({ orderId: b2bOrders.orderId, jobId: b2bOrders.bookingJobId })
    .from(b2bOrders)
    .where(
      and(
        eq(b2bOrders.bookingState, 'PENDING'),
        lt(b2bOrders.bookedAt, new Date(now - STALE_AFTER_SECONDS * 1000)),
        gte(b2bOrders.bookedAt, new Date(now - GIVE_UP_AFTER_SECONDS * 1000)),
      ),
    );
  for (const { orderId, jobId } of stale)
    if (jobId) await settlePendingBooking(deps, orderId);
    else await reconcileLostBooking(deps, orderId, 0, false);
  return { orders: stale.length };
}
