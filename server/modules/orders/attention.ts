import { and, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, pickupAddresses, shipments } from '../../db/schema';
import { istDay } from '../../../src/domain/format';
import type { DelayCounts, UnprocessableRow } from '../../../src/domain/orders-contract';
import { lookupPincode } from '../pincodes/lookup';
import { ORDER_TYPE } from '../../../src/domain/order-type';
import { openCount } from '../weight/service';

// Forward orders that need the seller: ready ones that cannot ship, and shipped ones running late
// (a B2B order shares their statuses but is booked and followed on its own pages).

/** A pickup scheduled this long ago and not picked up is a pickup delay. */
export const PICKUP_DELAY_HOURS = 48;
/** Picked up this long ago and not delivered is a shipment delay (when the shipment has no expected delivery date). */
export const SHIPMENT_DELAY_DAYS = 7;

export async function unprocessableOrders(db: Db, orgId: number): Promise<UnprocessableRow[]> {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      weight: orders.deadWeightKg,
      pincode: sql<string>`${orders.shipping}->>'pincode'`,
      pickupId: sql<number>`(${orders.pickup}->>'addressId')::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.orgId, orgId),
        eq(orders.orderType, ORDER_TYPE.FORWARD),
        eq(orders.status, 'RTS'),
        eq(orders.archived, false),
      ),
    );
  if (rows.length === 0) return [];
  const pickups = await db
    .select({
      id: pickupAddresses.id,
      name: pickupAddresses.entityName,
      verifiedAt: pickupAddresses.verifiedAt,
      deletedAt: pickupAddresses.deletedAt,
    })
    .from(pickupAddresses)
    .where(
      and(eq(pickupAddresses.orgId, orgId), inArray(pickupAddresses.id, [...new Set(rows.map((r) => r.pickupId))])),
    );
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
  const [{ pickup }] = await db
    .select({ pickup: count() })
    .from(orders)
    .where(
      and(
        eq(orders.orgId, orgId),
        eq(orders.orderType, ORDER_TYPE.FORWARD),
        eq(orders.status, 'PKP_SCH'),
        lt(orders.shipmentBookedAt, pickupBefore),
      ),
    );
  // on the move past its expected delivery date (India's calendar), or, without one, a week after booking
  const today = istDay(now);
  const [{ shipment }] = await db
    .select({ shipment: count() })
    .from(orders)
    .leftJoin(shipments, and(eq(shipments.orderId, orders.id), eq(shipments.state, 'BOOKED')))
    .where(
      and(
        eq(orders.orgId, orgId),
        eq(orders.orderType, ORDER_TYPE.FORWARD),
        inArray(orders.status, ['PKD', 'INT', 'OFD', 'NDR']),
        or(
          sql`${shipments.expectedDeliveryDate} < ${today}::date`,
          and(isNull(shipments.expectedDeliveryDate), lt(orders.shipmentBookedAt, shipmentBefore)),
        ),
      ),
    );
  // weight discrepancies still waiting on the seller, staff or the courier
  const discrepancy = await openCount(db, orgId);
  return { shipment, pickup, discrepancy };
}
