import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orderPackages, orders, shipments, shipmentScans } from '../../db/schema/index';
import { FORWARD_STATUSES, type ForwardStatus } from '../../../src/domain/order-status';
import { scanTitle } from '../../../src/domain/shipping/courier-status';
import { carrierName } from '../../../src/domain/shipping/carriers';
import { packageOf } from '../../../src/domain/split-shipments';
import type { TrackedPackage } from '../../../src/domain/tracking-contract';
import { statusTitle } from '../../../src/domain/tracking/display';

// The buyer's view of a split order: every package with its own status and timeline, whichever
// package's tracking number or link the buyer opened. By box the pieces travel together under
// the master AWB, so each shows the master's timeline under its own child AWB.

type Order = typeof orders.$inferSelect;

export async function trackedPackages(db: Db, o: Order): Promise<TrackedPackage[]> {
  const packages = await db
    .select()
    .from(orderPackages)
    .where(eq(orderPackages.orderId, o.id))
    .orderBy(asc(orderPackages.packageNo));
  const live = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, o.id), eq(shipments.state, 'BOOKED')));
  const scans = live.length
    ? await db
        .select()
        .from(shipmentScans)
        .where(
          inArray(
            shipmentScans.shipmentId,
            live.map((s) => s.id),
          ),
        )
        .orderBy(asc(shipmentScans.at), asc(shipmentScans.id))
    : [];
  const items = new Map(
    (await db.select().from(orderItems).where(eq(orderItems.orderId, o.id))).map((i) => [i.id, i.name]),
  );
  const master = live.find((s) => s.packageId === null);
  return packages.map((p) => {
    const s = o.splitMode === 'BY_BOX' ? master : live.find((x) => x.packageId === p.id);
    const status = o.splitMode === 'BY_BOX' ? o.status : p.status;
    return {
      packageNo: p.packageNo,
      of: packageOf(p.packageNo, packages.length),
      trackingNumber: (o.splitMode === 'BY_BOX' ? p.childAwb : s?.awb) ?? null,
      carrierName: s ? carrierName(s.carrierCode) : null,
      statusCode: status,
      statusDesc: statusTitle(status, false),
      expectedDeliveryDate: s?.newExpectedDeliveryDate ?? s?.expectedDeliveryDate ?? null,
      deliveredDate: s?.deliveredAt?.toISOString() ?? null,
      items: p.lines.map((l) => ({ name: items.get(l.itemId) ?? '', quantity: l.quantity })),
      trackingDetails: scans
        .filter((x) => x.shipmentId === s?.id)
        .map((x) => ({
          scanDateTime: x.at.toISOString(),
          scanStatus: scanTitle(x.courierStatus, FORWARD_STATUSES[x.status as ForwardStatus] ?? x.status),
          scanLocation: x.location,
        }))
        .reverse(),
    };
  });
}
