import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { sandboxParcels } from '../../db/schema';
import { ingestScans } from '../../modules/shipping/ingest';
import { raiseFromScans } from '../../modules/weight/raise';
import { dueScans } from './sandbox-carrier';

// The sandbox couriers report what has happened since they last reported: every parcel's scans
// that have come due on the sped-up clock go through the product's scan ingestion.

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
  let reported = 0;
  for (const p of open) {
    const due = dueScans(p, deps.now(), deps.config.sandboxCourier.speed);
    if (due.length <= p.reported) continue;
    await ingestScans(deps, due.slice(p.reported));
    // a hub's weighing rides on its scan, as a courier's tracking answer carries its charged weight
    await raiseFromScans(deps, due.slice(p.reported));
    await deps.db.update(sandboxParcels).set({ reported: due.length }).where(eq(sandboxParcels.awb, p.awb));
    reported += due.length - p.reported;
  }
  return reported;
}
