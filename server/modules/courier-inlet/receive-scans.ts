import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { shipments } from '../../db/schema';
import type { CourierScan } from '../../carriers/adapter';
import type { InletResult } from '../../carriers/inlet';
import { ingestScans } from './ingest';
import { raiseFromScans } from '../weight/raise';

// The one way courier scans come in: a courier's webhook, the poll of a live courier, the sandbox
// network's reports and staff's simulated steps all call this. A courier speaks only for the
// parcels it carries: a scan of an AWB booked with another courier (or never booked) is dropped.
// The scans then go through ingestion (stored once per AWB, time and status; a late or repeated
// scan never moves a parcel back; an unknown code is counted for staff) and the weight raise (a
// hub's weighing riding on a scan). What a scan makes us fetch from the courier (a hub photo, QC
// photos, a delivery OTP) is queued as jobs by those steps, never called here.

export async function receiveScans(deps: AppDeps, carrierCode: string, scans: CourierScan[]): Promise<InletResult> {
  if (!scans.length) return { recorded: 0, duplicates: 0, unknown: 0, moved: 0, ignored: 0 };
  // ingestion reads each scan's shipment anyway: it drops another courier's there, with no read of its own
  const result = await ingestScans(
    deps,
    scans.map((s) => ({ ...s, reportedBy: carrierCode })),
  );
  const weighed = scans.filter((s) => s.hubWeight);
  if (weighed.length) await raiseFromScans(deps, await carriedBy(deps, carrierCode, weighed));
  return result;
}

/** The scans of parcels booked with this courier. */
async function carriedBy(deps: AppDeps, carrierCode: string, scans: CourierScan[]): Promise<CourierScan[]> {
  const awbs = [...new Set(scans.map((s) => s.awb))];
  const carried = await deps.db
    .select({ awb: shipments.awb })
    .from(shipments)
    .where(and(sql`${shipments.awb} = any(${sql.param(awbs)}::text[])`, eq(shipments.carrierCode, carrierCode)));
  const ours = new Set(carried.map((r) => r.awb));
  return scans.filter((s) => ours.has(s.awb));
}
