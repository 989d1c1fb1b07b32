import type { AppDeps } from '../../deps';
import { b2bPickups } from '../../db/schema';
import { ApiError, badRequest, conflict } from '../../http/errors';
import type { SellerCaller } from '../../http/router';
import { CourierError } from '../../carriers/courier-error';
import { consignmentGrams } from '../../carriers/freight';
import { freightPickupDayError, pickupRefusal } from '../../../src/domain/b2b/freight-pickup';
import type { ForwardStatus } from '../../../src/domain/order-status';
import type { B2bOrderDetail } from '../../../src/domain/b2b-contract';
import type { B2bPickupInput } from '../../../src/domain/schemas/b2b';
import { b2bOrderDetail, ownB2bOrder } from '../b2b/detail';
import { lastPickup, pickupStatus } from '../b2b/pickup-row';
import { boxCountOf, carrierNameOf, freightCarrier, loadConsignment, registeredName } from './consignment';

// A first-mile pickup of a booked consignment (handover PICKUP): the carrier is asked to collect
// the order's boxes from the origin warehouse, under the name it registered the warehouse by, on
// a day and from a time the seller chose (src/domain/b2b/freight-pickup.ts decides which). The
// order's row stays locked while the carrier is asked, so a repeat (a double click, a retry, a
// second tab) waits, then finds the pickup open and is refused: one request reaches the carrier.
// The carrier's refusal is the seller's in its words (422); its silence is 503 and keeps nothing.

export async function requestB2bPickup(
  deps: AppDeps,
  caller: SellerCaller,
  orderId: number,
  input: B2bPickupInput,
): Promise<B2bOrderDetail> {
  return deps.db.transaction(async (tx) => {
    const order = await ownB2bOrder(tx, caller.orgId, orderId, true);
    const c = await loadConsignment(tx, order);
    const now = deps.now();
    const status = order.status as ForwardStatus;
    const last = await lastPickup(tx, orderId);
    const refusal = pickupRefusal({
      status,
      bookingState: c.facts.bookingState,
      handover: c.facts.handover,
      openPickupDay: last && pickupStatus(last, status, now) === 'REQUESTED' ? last.pickupDate : null,
    });
    if (refusal) throw conflict(refusal);
    const dayError = freightPickupDayError(input.pickupDate, input.readyAt, now);
    if (dayError) throw badRequest(dayError);
    const carrierCode = c.facts.carrierCode!;
    const carrierName = carrierNameOf(carrierCode);
    const warehouseName = await registeredName(tx, c.origin.id, carrierCode);
    if (!warehouseName)
      throw new ApiError(
        422,
        `${c.origin.name} is no longer registered with ${carrierName}: add its registration to the warehouse, then ask again`,
      );
    const boxCount = boxCountOf(c.boxes);
    let pickupId: string;
    try {
      ({ pickupId } = await freightCarrier(deps, carrierCode).requestPickup({
        warehouseName,
        date: input.pickupDate,
        readyAt: input.readyAt,
        expectedBoxes: boxCount,
        lrNumbers: [c.facts.lrNumber!],
      }));
    } catch (e) {
      if (!(e instanceof CourierError)) throw e;
      if (e.kind === 'REFUSED') throw new ApiError(422, `${carrierName} refused the pickup: ${e.remark}`);
      throw new ApiError(503, `${carrierName} did not answer the pickup request; try again shortly`);
    }
    await tx.insert(b2bPickups).values({
      orderId,
      carrierCode,
      carrierPickupId: pickupId,
      pickupDate: input.pickupDate,
      readyAt: input.readyAt,
      boxCount,
      weightGrams: consignmentGrams(c.boxes),
      requestedBy: caller.accountId,
      requestedAt: now,
    });
    return b2bOrderDetail(tx, await ownB2bOrder(tx, caller.orgId, orderId), now);
  });
}
