import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { b2bPickups } from '../../db/schema';
import { formatDay, istDay } from '../../../src/domain/format';
import { FORWARD_BEFORE_PICKUP } from '../../../src/domain/order-status';
import { slotText } from '../../../src/domain/b2b/freight-pickup';
import { FREIGHT_CARRIERS } from '../../../src/domain/b2b/order-facts';
import type { ForwardStatus } from '../../../src/domain/order-status';
import type { B2bPickup } from '../../../src/domain/b2b-contract';

// An order's first-mile pickup as the seller reads it: the one asked for last, with where it
// stands. REQUESTED stays open while its day has not passed and the boxes are not with the
// carrier; the boxes scanned as picked up close it, and a day gone by without them lapses it
// (another may then be asked for).

export type PickupRecord = typeof b2bPickups.$inferSelect;

const STATUS_TEXT: Record<B2bPickup['status'], string> = {
  REQUESTED: 'Pickup asked for',
  PICKED_UP: 'Picked up',
  LAPSED: 'Not picked up on the day: ask again',
  CANCELLED: 'Cancelled with the order',
};

export async function lastPickup(db: Executor, orderId: number): Promise<PickupRecord | null> {
  const [p] = await db
    .select()
    .from(b2bPickups)
    .where(eq(b2bPickups.orderId, orderId))
    .orderBy(desc(b2bPickups.id))
    .limit(1);
  return p ?? null;
}

/** Where the pickup stands, given the order's status now. */
export function pickupStatus(p: PickupRecord, status: ForwardStatus, now: Date): B2bPickup['status'] {
  if (p.status === 'CANCELLED') return 'CANCELLED';
  if (status !== 'CAN' && !FORWARD_BEFORE_PICKUP.includes(status)) return 'PICKED_UP';
  return p.pickupDate < istDay(now) ? 'LAPSED' : 'REQUESTED';
}

export function pickupRow(p: PickupRecord, status: ForwardStatus, now: Date): B2bPickup {
  const state = pickupStatus(p, status, now);
  return {
    carrierCode: p.carrierCode,
    carrierName: FREIGHT_CARRIERS[p.carrierCode as keyof typeof FREIGHT_CARRIERS] ?? p.carrierCode,
    carrierPickupId: p.carrierPickupId,
    pickupDate: p.pickupDate,
    readyAt: p.readyAt,
    whenText: `${formatDay(p.pickupDate)}, ${slotText(p.readyAt).toLowerCase()}`,
    boxCount: p.boxCount,
    weightKg: p.weightGrams / 1000,
    status: state,
    statusText: STATUS_TEXT[state],
    requestedAt: p.requestedAt.toISOString(),
  };
}
