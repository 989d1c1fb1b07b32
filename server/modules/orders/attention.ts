import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, pickupAddresses } from '../../db/schema';
import type { DelayCounts, UnprocessableRow } from '../../../src/domain/api-orders';
import { lookupPincode } from '../pincodes/lookup';

// Orders that need the seller: ready ones that cannot ship, and shipped ones running late.

/** A pickup scheduled this long ago and not picked up is a pickup delay. */
export const PICKUP_DELAY_HOURS = 48;
/** Picked up this long ago and not delivered is a shipment delay. */
export const SHIPMENT_DELAY_DAYS = 7;

export async function unprocessableOrders(db: Db, orgId: number): Promise<UnprocessableRow[]> {
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, weight: orders.deadWeightKg, pincode: sql<string>`${orders.shipping}->>'pincode'`, pickupId: sql<number>`(${orders.pickup}->>'addressId')::int` })
    .from(orders)
    .where(and(eq(orders.orgId, orgId), eq(orders.status, 'RTS'), eq(orders.archived, false)));
  if (rows.length === 0) return [];
  const pickups = await db
    .select({ id: pickupAddresses.id, name: pickupAddresses.entityName, verifiedAt: pickupAddresses.verifiedAt, deletedAt: pickupAddresses.deletedAt })
    .from(pickupAddresses)
    .where(and(eq(pickupAddresses.orgId, orgId), inArray(pickupAddresses.id, [...new Set(rows.map((r) => r.pickupId))])));
  const byId = new Map(pickups.map((p) => [p.id, p]));
  const out: UnprocessableRow[] = [];
  for (const r of rows) {
    const reasons: string[] = [];
    const pickup = byId.get(r.pickupId);
    if (!pickup || pickup.deletedAt) reasons.push('Its pickup address was deleted: choose another');
    else if (!pickup.verifiedAt) reasons.push(`Pickup address ${pickup.name} is not verified: verify its phone`);
    if (!(r.weight > 0)) reasons.push('Dead weight is missing');
    if (!lookupPincode(r.pincode)) reasons.push(`Pincode ${r.pincode} is not serviceable`);
    if (reasons.length) out.push({ orderId: r.id, orderNumber: r.orderNumber, reasons });
  }
  return out;
}

export async function delayCounts(db: Db, orgId: number, now: Date): Promise<DelayCounts> {
  const pickupBefore = new Date(now.getTime() - PICKUP_DELAY_HOURS * 3_600_000);
  const shipmentBefore = new Date(now.getTime() - SHIPMENT_DELAY_DAYS * 86_400_000);
  const [{ pickup }] = await db.select({ pickup: count() }).from(orders).where(and(eq(orders.orgId, orgId), eq(orders.status, 'PKP_SCH'), lt(orders.shipmentBookedAt, pickupBefore)));
  const [{ shipment }] = await db
    .select({ shipment: count() })
    .from(orders)
    .where(and(eq(orders.orgId, orgId), inArray(orders.status, ['PKD', 'INT', 'OFD', 'NDR']), lt(orders.shipmentBookedAt, shipmentBefore)));
  return { shipment, pickup };
}
