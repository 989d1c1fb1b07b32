import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { queryRows } from '../../db/rows';
import type { CarrierAdapter, CourierScan } from '../../carriers/adapter';
import { CourierRateLimited } from '../../carriers/rate-limited';
import { carrierNetwork } from '../../carriers/registry';
import { trackingLimitsOf, type TrackingLimits } from '../../carriers/tracking-limits';
import { RETURN_STATUS_CODES, RETURN_TRANSITIONS, TERMINAL_FORWARD } from '../../../src/domain/order-status';

// Polling a live courier for tracking, for couriers that do not push (or to catch what a push
// missed). Each run asks about the open parcels the courier's rate limit allows: AWBs in batches
// of its documented size, at most its calls per window spread over the runs in a window. Parcels
// that moved lately are asked about every run; quiet ones (no scan for a day) every QUIET_EVERY
// runs, each in its own run by a hash of its AWB, so quiet parcels spread evenly. A 429 stops the
// run and no call goes to that courier until its Retry-After has passed. What comes back goes
// through the scan inlet, where repeats are no-ops.

export const courierPollQueue = (carrierCode: string) => `courier-poll-${carrierCode.toLowerCase()}`;
export const MOVING_WITHIN_MS = 24 * 3_600_000;
export const QUIET_EVERY = 6;

export interface PollResult {
  calls: number;
  parcels: number;
  scans: number;
  /** set when the courier answered 429: no call before this time */
  backedOffUntil: Date | null;
}

const backoffs = new WeakMap<AppDeps, Map<string, Date>>();

/** Until when this courier's tracking is not to be called (a 429's Retry-After), as this process saw it. */
export function backedOffUntil(deps: AppDeps, carrierCode: string): Date | null {
  const until = backoffs.get(deps)?.get(carrierCode);
  return until && until > deps.now() ? until : null;
}

function backOff(deps: AppDeps, carrierCode: string, until: Date): void {
  let map = backoffs.get(deps);
  if (!map) backoffs.set(deps, (map = new Map()));
  map.set(carrierCode, until);
}

/** Which run of the QUIET_EVERY a quiet parcel is asked about in. */
const quietSlot = (awb: string) => createHash('sha256').update(awb).digest().readUInt32BE(0) % QUIET_EVERY;

const FINAL = [...TERMINAL_FORWARD, ...RETURN_STATUS_CODES.filter((s) => RETURN_TRANSITIONS[s].length === 0)];

/** The courier's open parcels due this run, the moving ones first. */
async function dueParcels(deps: AppDeps, carrierCode: string, run: number): Promise<string[]> {
  const now = deps.now();
  const rows = await queryRows<{ awb: string; last: string | Date }>(
    deps.db,
    sql`select s.awb, coalesce(s.last_scan_at, s.booked_at) as last
        from shipments s join orders o on o.id = s.order_id
        where s.carrier_code = ${carrierCode} and s.state = 'BOOKED'
          and o.status <> all(${sql.param(FINAL)}::text[])
        order by coalesce(s.last_scan_at, s.booked_at) desc, s.id`,
  );
  const moving: string[] = [];
  const quiet: string[] = [];
  for (const r of rows) {
    if (now.getTime() - new Date(r.last).getTime() <= MOVING_WITHIN_MS) moving.push(r.awb);
    else if (quietSlot(r.awb) === run % QUIET_EVERY) quiet.push(r.awb);
  }
  return [...moving, ...quiet];
}

/**
 * One run of a courier's poll. `run` numbers the runs (the beat's period by default); `adapter`
 * and `limits` are the courier's own unless given.
 */
export async function pollCourier(
  deps: AppDeps,
  carrierCode: string,
  opts: { adapter?: CarrierAdapter; run?: number; limits?: TrackingLimits } = {},
): Promise<PollResult> {
  const result: PollResult = { calls: 0, parcels: 0, scans: 0, backedOffUntil: backedOffUntil(deps, carrierCode) };
  if (result.backedOffUntil) return result;
  const adapter = opts.adapter ?? (await carrierNetwork(deps)).adapters.get(carrierCode);
  if (!adapter) return result;
  const limits = opts.limits ?? trackingLimitsOf(carrierCode);
  const everySeconds = deps.config.courierPollSeconds || limits.windowSeconds;
  const runsPerWindow = Math.max(1, limits.windowSeconds / everySeconds);
  const callsThisRun = Math.max(1, Math.floor(limits.callsPerWindow / runsPerWindow));
  const run = opts.run ?? Math.floor(deps.now().getTime() / (everySeconds * 1000));
  const batchSize = adapter.trackMany ? limits.batchSize : 1;
  const due = (await dueParcels(deps, carrierCode, run)).slice(0, callsThisRun * batchSize);
  for (let i = 0; i < due.length; i += batchSize) {
    const batch = due.slice(i, i + batchSize);
    let scans: CourierScan[];
    try {
      result.calls++;
      scans = adapter.trackMany ? await adapter.trackMany(batch) : await adapter.track(batch[0]);
    } catch (e) {
      if (e instanceof CourierRateLimited) {
        result.backedOffUntil = new Date(deps.now().getTime() + e.retryAfterSeconds * 1000);
        backOff(deps, carrierCode, result.backedOffUntil);
        break;
      }
      // one batch's failure (a timeout, a 5xx) leaves it for the next run; the rest are still asked
      console.error(`[courier-poll] ${carrierCode}:`, e instanceof Error ? e.message : e);
      continue;
    }
    result.parcels += batch.length;
    result.scans += scans.length;
    await deps.courierInlet.receiveScans(carrierCode, scans);
  }
  return result;
}
