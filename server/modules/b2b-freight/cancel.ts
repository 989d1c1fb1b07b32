import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { b2bPickups } from '../../db/schema';
import { conflict } from '../../http/errors';
import type { SellerCaller } from '../../http/router';
import { CourierError } from '../../carriers/courier-error';
import { FORWARD_BEFORE_PICKUP } from '../../../src/domain/order-status';
import type { ForwardStatus } from '../../../src/domain/order-status';
import type { B2bOrderDetail } from '../../../src/domain/b2b-contract';
import { transitionOrder } from '../order-status/status';
import { b2bOrderDetail, ownB2bOrder } from '../b2b/detail';
import { carrierNameOf, freightCarrier, loadConsignment } from './consignment';
import { refundBooking } from './booking';

// Cancelling a B2B order before the carrier has the boxes: the LR is cancelled with the carrier
// and what the booking charged comes back through the ledger, once. The order's row stays locked
// while the carrier is asked, so a repeat waits and then finds it cancelled. After pickup the
// order is refused with 409, in the carrier's words when it is the one that refuses.

export async function cancelB2bOrder(
  deps: AppDeps,
  caller: SellerCaller,
  orderId: number,
  reason: string,
): Promise<B2bOrderDetail> {
  return deps.db.transaction(async (tx) => {
    const order = await ownB2bOrder(tx, caller.orgId, orderId, true);
    if (order.status === 'CAN') throw conflict('This order is cancelled already');
    if (!FORWARD_BEFORE_PICKUP.includes(order.status as ForwardStatus))
      throw conflict('The boxes are picked up already: the order can no longer be cancelled');
    const { facts } = await loadConsignment(tx, order);
    if (facts.bookingState === 'PENDING')
      throw conflict('This order is being booked; cancel it once the carrier has answered');
    const now = deps.now();
    if (facts.bookingState === 'BOOKED' && facts.lrNumber && facts.carrierCode) {
      try {
        await freightCarrier(deps, facts.carrierCode).cancel(facts.lrNumber);
      } catch (e) {
        if (e instanceof CourierError && e.kind === 'REFUSED')
          throw conflict(`${carrierNameOf(facts.carrierCode)} would not cancel LR ${facts.lrNumber}: ${e.remark}`);
        throw e;
      }
      await refundBooking(tx, facts, order.orderNumber, now, 'B2B booking cancelled');
    }
    // a pickup asked for goes with the LR it was for
    const withdrawn = await tx
      .update(b2bPickups)
      .set({ status: 'CANCELLED' })
      .where(and(eq(b2bPickups.orderId, orderId), eq(b2bPickups.status, 'REQUESTED')))
      .returning({ carrierCode: b2bPickups.carrierCode, carrierPickupId: b2bPickups.carrierPickupId });
    for (const pickup of withdrawn) await withdrawPickup(deps, pickup, order.orderNumber);
    await transitionOrder(tx, order, 'CAN', {
      now,
      accountId: caller.accountId,
      note: reason ? `Cancelled: ${reason}` : 'Cancelled',
    });
    return b2bOrderDetail(tx, await ownB2bOrder(tx, caller.orgId, orderId), now);
  });
}

/**
 * Tells the carrier not to send its truck for a cancelled order's pickup. The LR is cancelled at
 * the carrier already, so the order is cancelled whatever this answers (failing here would keep an
 * order booked that the carrier has cancelled): a truck that still comes finds nothing to carry. A carrier whose booking is its pickup has nothing more to withdraw.
 */
async function withdrawPickup(
  deps: AppDeps,
  pickup: { carrierCode: string; carrierPickupId: string },
  orderNumber: string,
): Promise<void> {
  const carrier = freightCarrier(deps, pickup.carrierCode);
  if (!carrier.cancelPickup) return;
  try {
    await carrier.cancelPickup(pickup.carrierPickupId);
  } catch (e) {
    const why = e instanceof CourierError ? e.remark : (e as Error).message;
    console.warn(
      `[b2b] ${carrierNameOf(pickup.carrierCode)} did not withdraw pickup ${pickup.carrierPickupId} of cancelled order ${orderNumber}: ${why}`,
    );
  }
}
