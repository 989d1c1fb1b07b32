import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderPackages, orders, shipments } from '../../db/schema';
import type { WeighedPackage } from '../../../src/domain/weight-contract';

// The packages a weighed parcel is made of, for a dispute on a split order
// (docs/decisions/split-shipments.md): split by item, a package is a shipment of its own, so the
// parcel is that one package; split by box, the parcel is the multi-piece shipment and each box
// is a piece of it under its own child AWB, so the seller names the box the courier weighed wrong.

/** The parcel's packages by number with the AWB each travels under; none for an order not split. */
export async function weighedPackages(db: Executor, shipmentId: number): Promise<WeighedPackage[]> {
  // a package's own shipment names its package; a multi-piece one names none
  const [parcel] = await db
    .select({
      awb: shipments.awb,
      orderId: shipments.orderId,
      splitMode: orders.splitMode,
      ownPackageNo: orderPackages.packageNo,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .leftJoin(orderPackages, eq(orderPackages.id, shipments.packageId))
    .where(eq(shipments.id, shipmentId));
  if (parcel?.ownPackageNo != null) return [{ packageNo: parcel.ownPackageNo, awb: parcel.awb }];
  if (parcel?.splitMode !== 'BY_BOX') return [];
  const boxes = await db
    .select({ packageNo: orderPackages.packageNo, awb: orderPackages.childAwb })
    .from(orderPackages)
    .where(and(eq(orderPackages.orderId, parcel.orderId), isNotNull(orderPackages.childAwb)))
    .orderBy(asc(orderPackages.packageNo));
  return boxes.map((b) => ({ packageNo: b.packageNo, awb: b.awb! }));
}
