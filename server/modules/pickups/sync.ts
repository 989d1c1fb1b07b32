import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { courierPickupLocations, pickupAddresses, pickupRequests, shipments } from '../../db/schema';
import { carrierNetwork } from '../../carriers/registry';
import type { CarrierAdapter } from '../../carriers/adapter';
import { CourierError } from '../../carriers/courier-error';

// The pickup job: tells the courier about a pickup request, or about its new count or day. The
// request's row is locked while the courier is asked, so runs for one request go one at a time,
// and a run that finds the courier already told the current count asks nothing (a repeat of the
// job makes no second courier request). The warehouse is registered with the courier once and
// every request quotes the name the courier answered, exactly as it spelt it. A courier's
// refusal leaves the request FAILED with its words and fails the job, which the queue retries
// with back-off.

export const PICKUP_SYNC_QUEUE = 'pickup-sync';
/** retries of a refused request, at 2 s doubling (about four minutes in all) */
const RETRIES = 7;

export type PickupSyncOutcome = 'ASKED' | 'SETTLED' | 'GONE' | 'FAILED';

export async function queuePickupSync(deps: AppDeps, pickupRequestId: number): Promise<void> {
  await deps.jobs.send(PICKUP_SYNC_QUEUE, { pickupRequestId }, { retryLimit: RETRIES });
}

/** The name the courier keeps for the warehouse: registered now when it has none yet. */
async function locationNameFor(tx: Tx, carrier: CarrierAdapter, carrierCode: string, addressId: number, now: Date) {
  const known = async () =>
    (
      await tx
        .select({ name: courierPickupLocations.registeredName })
        .from(courierPickupLocations)
        .where(
          and(
            eq(courierPickupLocations.carrierCode, carrierCode),
            eq(courierPickupLocations.pickupAddressId, addressId),
          ),
        )
    )[0]?.name;
  const kept = await known();
  if (kept !== undefined) return kept;
  const [address] = await tx.select().from(pickupAddresses).where(eq(pickupAddresses.id, addressId));
  if (!address) throw new Error(`pickup address ${addressId} is gone`);
  // a courier without registration takes the warehouse by the seller's own name for it
  const registeredName = carrier.registerPickupLocation
    ? (await carrier.registerPickupLocation(address)).registeredName
    : address.entityName;
  await tx
    .insert(courierPickupLocations)
    .values({ carrierCode, pickupAddressId: addressId, registeredName, registeredAt: now })
    .onConflictDoNothing();
  return (await known()) ?? registeredName;
}

/** Brings the courier's pickup request in line with ours; throws (for a retry) when the courier refused. */
export async function syncPickupRequest(deps: AppDeps, pickupRequestId: number): Promise<PickupSyncOutcome> {
  const network = await carrierNetwork(deps);
  let refusal: string | null = null;
  const outcome = await deps.db.transaction(async (tx): Promise<PickupSyncOutcome> => {
    const [r] = await tx.select().from(pickupRequests).where(eq(pickupRequests.id, pickupRequestId)).for('update');
    if (!r) return 'GONE';
    const now = deps.now();
    const told = r.state === 'REQUESTED' && r.requestedCount === r.expectedCount;
    // a request every parcel left has nothing to ask for (couriers take no count of none)
    if (told || r.expectedCount <= 0) return 'SETTLED';
    try {
      const carrier = network.adapters.get(r.carrierCode);
      if (!carrier) throw new Error(`no courier ${r.carrierCode}`);
      const locationName = await locationNameFor(tx, carrier, r.carrierCode, r.pickupAddressId, now);
      const parcels = await tx
        .select({ awb: shipments.awb })
        .from(shipments)
        .where(and(eq(shipments.pickupRequestId, r.id), eq(shipments.state, 'BOOKED')));
      const { pickupId } = await carrier.requestPickup({
        locationName,
        date: r.pickupDate,
        expectedCount: r.expectedCount,
        awbs: parcels.map((p) => p.awb),
      });
      await tx
        .update(pickupRequests)
        .set({
          state: 'REQUESTED',
          courierPickupId: pickupId,
          locationName,
          requestedCount: r.expectedCount,
          lastError: null,
          attempts: 0,
          requestedAt: now,
          updatedAt: now,
        })
        .where(eq(pickupRequests.id, r.id));
      return 'ASKED';
    } catch (e) {
      refusal = e instanceof CourierError ? e.remark : (e as Error).message;
      await tx
        .update(pickupRequests)
        .set({ state: 'FAILED', lastError: refusal, attempts: r.attempts + 1, updatedAt: now })
        .where(eq(pickupRequests.id, r.id));
      return 'FAILED';
    }
  });
  if (refusal) throw new Error(`pickup request ${pickupRequestId}: ${refusal}`);
  return outcome;
}
