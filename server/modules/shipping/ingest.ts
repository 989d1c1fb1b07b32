import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { orderEvents, orders, shipments, shipmentScans } from '../../db/schema';
import { canMove, FORWARD_STATUSES, IN_FLIGHT, type ForwardStatus } from '../../../src/domain/order-status';
import { COURIER_STATUSES } from '../../../src/domain/shipping/courier-status';
import { GST_PERCENT } from '../../../src/domain/shipping/rates';
import type { CourierScan } from '../../carriers/adapter';
import { moveMoney } from '../wallet/ledger';
import { notifyBuyer } from '../tracking/buyer-notifications';
import { trackingCache } from '../tracking/tracking-cache';
import { transitionOrder } from '../orders/status';

// The one way courier scans come in (the sandbox network now, couriers' webhooks and polls later):
// each scan is stored once per (AWB, time, courier status), mapped to our status, and moves the
// order along the status table when the move is allowed (a late or repeated scan only adds to
// the timeline). A delivery records its date; a return to origin charges the RTO fee once.

export interface IngestResult {
  recorded: number;
  duplicates: number;
  unknown: number;
  moved: number;
}

export async function ingestScans(deps: AppDeps, scans: CourierScan[]): Promise<IngestResult> {
  const result: IngestResult = { recorded: 0, duplicates: 0, unknown: 0, moved: 0 };
  for (const scan of [...scans].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const status = COURIER_STATUSES[scan.courierStatus] as ForwardStatus | undefined;
    if (!status) {
      result.unknown++;
      continue;
    }
    let movedShipment: number | null = null;
    let touchedOrder: number | null = null;
    await deps.db.transaction(async (tx) => {
      const [s] = await tx
        .select()
        .from(shipments)
        .where(and(eq(shipments.awb, scan.awb), eq(shipments.state, 'BOOKED')));
      if (!s) {
        result.unknown++;
        return;
      }
      const [row] = await tx
        .insert(shipmentScans)
        .values({
          shipmentId: s.id,
          awb: scan.awb,
          at: scan.at,
          courierStatus: scan.courierStatus,
          status,
          location: scan.location,
          remark: scan.remark,
        })
        .onConflictDoNothing()
        .returning({ id: shipmentScans.id });
      if (!row) {
        result.duplicates++;
        return;
      }
      result.recorded++;
      touchedOrder = s.orderId;
      const [o] = await tx.select().from(orders).where(eq(orders.id, s.orderId)).for('update');
      const from = o.status as ForwardStatus;
      if (from === status || !canMove(from, status)) return;
      await transitionOrder(tx, o, status, {
        now: deps.now(),
        at: scan.at,
        also: {
          inTransitStatus: IN_FLIGHT.includes(status) ? scan.courierStatus : null,
          ...(status === 'RTO_INT' ? { rtoAt: scan.at } : {}),
        },
        note: [scan.remark, scan.location].filter(Boolean).join(' · '),
      });
      result.moved++;
      movedShipment = s.id;
      if (status === 'DLV') await tx.update(shipments).set({ deliveredAt: scan.at }).where(eq(shipments.id, s.id));
      if (status === 'RTO_INT' && s.rtoChargePaise > 0) {
        const amount = s.rtoChargePaise + Math.round((s.rtoChargePaise * GST_PERCENT) / 100);
        try {
          await moveMoney(tx, {
            orgId: s.orgId,
            kind: 'RTO_CHARGE',
            amountPaise: amount,
            externalKey: `shipment:${s.awb}:rto`,
            reference: s.awb,
            description: `Return to origin (${FORWARD_STATUSES.RTO_INT})`,
            at: scan.at,
          });
        } catch (e) {
          // the wallet cannot cover it now: the order says so, and staff settle it by adjustment
          await tx.insert(orderEvents).values({
            orderId: o.id,
            kind: 'NOTE',
            at: scan.at,
            note: `RTO charge of ₹${(amount / 100).toFixed(2)} is due: ${(e as Error).message}`,
          });
        }
      }
    });
    if (touchedOrder !== null) trackingCache(deps).forgetOrder(touchedOrder);
    // the buyer hears of the move once it is committed
    if (movedShipment !== null) await notifyBuyer(deps, movedShipment, status);
  }
  return result;
}
