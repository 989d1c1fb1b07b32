import { and, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db, Executor } from '../../db/client';
import { pickupAddresses, pickupRequests, shipments } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { carrierName } from '../../../src/domain/shipping/carriers';
import { istDay } from '../../../src/domain/format';
import { pickupDayError } from '../../../src/domain/pickup-days';
import type { PickupList, PickupRequestRow, PickupState } from '../../../src/domain/pickups-contract';
import { queuePickupSync } from './sync';

// The seller's pickup requests: listed by day, and moved whole to another day while the courier
// has collected none of their parcels.

const NOT_FOUND = 'No such pickup request of yours';

/** Some parcel of the request is with the courier already (its order has left Pickup Scheduled). */
// spelt out with table names: drizzle leaves columns unqualified in a one-table select
const pickedUp = sql<boolean>`exists (
  select 1 from shipments s join orders o on o.id = s.order_id
  where s.pickup_request_id = pickup_requests.id and s.state = 'BOOKED' and o.status <> 'PKP_SCH')`;

async function rows(db: Executor, where: SQL | undefined): Promise<PickupRequestRow[]> {
  const found = await db
    .select({
      pickupRequestId: pickupRequests.id,
      pickupAddressId: pickupRequests.pickupAddressId,
      addressName: pickupAddresses.entityName,
      carrierCode: pickupRequests.carrierCode,
      pickupDate: pickupRequests.pickupDate,
      parcels: pickupRequests.expectedCount,
      state: pickupRequests.state,
      courierPickupId: pickupRequests.courierPickupId,
      lastError: pickupRequests.lastError,
      pickedUp,
    })
    .from(pickupRequests)
    .innerJoin(pickupAddresses, eq(pickupAddresses.id, pickupRequests.pickupAddressId))
    .where(where)
    .orderBy(desc(pickupRequests.pickupDate), desc(pickupRequests.id));
  return found.map(({ pickedUp: taken, ...r }) => ({
    ...r,
    carrierName: carrierName(r.carrierCode),
    state: r.state as PickupState,
    movable: !taken,
  }));
}

export async function listPickups(
  db: Db,
  orgId: number,
  filter: { fromDate?: string; toDate?: string },
): Promise<PickupList> {
  const items = await rows(
    db,
    and(
      eq(pickupRequests.orgId, orgId),
      // a request every parcel left (cancelled, or moved to another day's request) is nothing to show
      ne(pickupRequests.expectedCount, 0),
      filter.fromDate ? gte(pickupRequests.pickupDate, filter.fromDate) : undefined,
      filter.toDate ? lte(pickupRequests.pickupDate, filter.toDate) : undefined,
    ),
  );
  return { items };
}

/**
 * Moves a whole request to another day. When the warehouse already has a request with that
 * courier on that day, the parcels join it (the courier is then told its new count) and that
 * request answers; a repeat of the same move changes nothing more.
 */
export async function movePickup(
  deps: AppDeps,
  orgId: number,
  pickupRequestId: number,
  pickupDate: string,
): Promise<PickupRequestRow> {
  const now = deps.now();
  const moved = await deps.db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(pickupRequests)
      .where(and(eq(pickupRequests.id, pickupRequestId), eq(pickupRequests.orgId, orgId)))
      .for('update');
    if (!r) throw notFound(NOT_FOUND);
    if (r.pickupDate === pickupDate) return { id: r.id, changed: false };
    // the day is checked after the request is found: another seller's request stays a 404
    const dayError = pickupDayError(pickupDate, istDay(now));
    if (dayError) throw badRequest(dayError);
    const [{ taken }] = await tx.select({ taken: pickedUp }).from(pickupRequests).where(eq(pickupRequests.id, r.id));
    if (taken) throw conflict('The courier has picked up a parcel of this pickup already: its date cannot change');
    const [there] = await tx
      .select()
      .from(pickupRequests)
      .where(
        and(
          eq(pickupRequests.orgId, orgId),
          eq(pickupRequests.pickupAddressId, r.pickupAddressId),
          eq(pickupRequests.carrierCode, r.carrierCode),
          eq(pickupRequests.pickupDate, pickupDate),
        ),
      )
      .for('update');
    if (there) {
      await tx.update(shipments).set({ pickupRequestId: there.id }).where(eq(shipments.pickupRequestId, r.id));
      await tx
        .update(pickupRequests)
        .set({ expectedCount: there.expectedCount + r.expectedCount, updatedAt: now })
        .where(eq(pickupRequests.id, there.id));
      await tx.update(pickupRequests).set({ expectedCount: 0, updatedAt: now }).where(eq(pickupRequests.id, r.id));
      return { id: there.id, changed: r.expectedCount > 0 };
    }
    // the courier is asked afresh for the new day
    await tx
      .update(pickupRequests)
      .set({
        pickupDate,
        state: 'PENDING',
        requestedCount: 0,
        courierPickupId: null,
        lastError: null,
        attempts: 0,
        requestedAt: null,
        updatedAt: now,
      })
      .where(eq(pickupRequests.id, r.id));
    return { id: r.id, changed: true };
  });
  if (moved.changed) await queuePickupSync(deps, moved.id);
  const [row] = await rows(deps.db, eq(pickupRequests.id, moved.id));
  return row;
}
