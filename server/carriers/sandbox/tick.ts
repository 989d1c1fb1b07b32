import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { sandboxParcels } from '../../db/schema';
import type { CourierScan } from '../adapter';
import { dueScans } from './sandbox-carrier';

// The sandbox couriers report what has happened since they last reported: every parcel's scans
// that have come due on the sped-up clock go to the product's scan inlet (deps.courierInlet), one
// call per courier, as a live courier's poll answer or webhooks would. A hub's weighing rides on
// its scan, as a courier's tracking answer carries its charged weight.

export const TICK_QUEUE = 'sandbox-courier-tick';

export async function reportDueScans(deps: AppDeps): Promise<number> {
  const open = await deps.db
    .select()
    .from(sandboxParcels)
    .where(
      and(
        eq(sandboxParcels.cancelled, false),
        sql`${sandboxParcels.reported} < jsonb_array_length(${sandboxParcels.plan})`,
      ),
    );
  const byCourier = new Map<string, { scans: CourierScan[]; parcels: { awb: string; reported: number }[] }>();
  let reported = 0;
  for (const p of open) {
    const due = dueScans(p, deps.now(), deps.config.sandboxCourier.speed);
    if (due.length <= p.reported) continue;
    const batch = byCourier.get(p.carrierCode) ?? { scans: [], parcels: [] };
    byCourier.set(p.carrierCode, batch);
    batch.scans.push(...due.slice(p.reported));
    batch.parcels.push({ awb: p.awb, reported: due.length });
    reported += due.length - p.reported;
  }
  for (const [carrierCode, batch] of byCourier) {
    await deps.courierInlet.receiveScans(carrierCode, batch.scans);
    for (const p of batch.parcels)
      await deps.db.update(sandboxParcels).set({ reported: p.reported }).where(eq(sandboxParcels.awb, p.awb));
  }
  return reported;
}
