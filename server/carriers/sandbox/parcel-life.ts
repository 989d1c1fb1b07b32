import type { CourierStatus } from '../../../src/domain/shipping/courier-status';
import { pincodeDraw, type CarrierProfile } from '../../../src/domain/shipping/carriers';
import { mapNdrReason, ndrReasonCodes } from '../../../src/domain/shipping/courier-codes';
import { MAX_DELIVERY_ATTEMPTS } from '../../../src/domain/ndr-rules';
import type { PlannedScan } from '../../db/schema';
import { firstAttemptFailRate, type Consignee } from './rto-world';

// A sandbox parcel's whole life, planned at booking from its courier's behaviour profile and a
// draw seeded by the AWB (the same AWB always lives the same life): manifested, picked up,
// through the hubs, out for delivery, then delivered, or a failed attempt (NDR). After a failed
// attempt the courier waits a day for word from the seller; without any it follows its own habit
// (try again, or send the parcel back; back for good after the third failure). An NDR action
// replans the rest (sandbox-carrier.ts). On the way back the seller's address may fail once
// (RTO-NDR): one more try, then the courier holds the parcel. A few are lost in transit.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** how long the courier waits for an instruction after a failed attempt */
export const COURIER_WAIT_MS = DAY + HOUR;

export interface LaneInfo {
  from: string;
  to: string;
  transitDays: number;
}

const scan = (
  afterMs: number,
  courierStatus: CourierStatus,
  location: string,
  remark: string,
  reasonCode?: string,
): PlannedScan => ({ afterMs, courierStatus, location, remark, ...(reasonCode ? { reasonCode } : {}) });

/** The courier's reason code and words for a failed attempt, drawn from its own table. */
export function failureReason(profile: CarrierProfile, awb: string, attempt: number): { code: string; text: string } {
  const codes = ndrReasonCodes(profile.code);
  const code = codes[Math.floor(pincodeDraw(profile.code, awb, `reason${attempt}`) * codes.length)];
  return { code, text: mapNdrReason(profile.code, code)?.text ?? 'Delivery failed' };
}

/** One delivery attempt at 9 in the morning of the first whole day after `startMs` (or of `dayMs`). */
export function deliveryAttempt(
  startMs: number,
  lane: LaneInfo,
  outcome: 'DELIVER' | 'FAIL',
  reason: { code: string; text: string } = { code: '', text: '' },
  dayMs?: number,
): PlannedScan[] {
  const ofd = Math.max(Math.ceil((startMs + 1) / DAY) * DAY, dayMs ?? 0) + 9 * HOUR;
  return [
    scan(ofd, 'OUT_FOR_DELIVERY', lane.to, 'Out for delivery'),
    outcome === 'DELIVER'
      ? scan(ofd + 5 * HOUR, 'DELIVERED', lane.to, 'Delivered')
      : scan(ofd + 6 * HOUR, 'UNDELIVERED', lane.to, reason.text, reason.code),
  ];
}

/** Back to the seller from `startMs`; the seller's address may fail once (then once more: held). */
export function returnToOrigin(profile: CarrierProfile, awb: string, startMs: number, lane: LaneInfo): PlannedScan[] {
  const back = [
    scan(startMs, 'RTO_INITIATED', lane.to, 'Return to origin initiated'),
    scan(startMs + DAY, 'RTO_IN_TRANSIT', lane.to, 'Departed for origin'),
  ];
  const arrive = startMs + (lane.transitDays + 1) * DAY;
  const rtoNdrRate = profile.behaviour.rtoNdrRate ?? 0;
  if (pincodeDraw(profile.code, awb, 'rto-ndr') >= rtoNdrRate)
    return [...back, scan(arrive, 'RTO_DELIVERED', lane.from, 'Returned to the seller')];
  back.push(scan(arrive, 'RTO_UNDELIVERED', lane.from, 'Seller’s address closed; return delivery failed'));
  if (pincodeDraw(profile.code, awb, 'rto-ndr-2') >= rtoNdrRate)
    return [...back, scan(arrive + DAY, 'RTO_DELIVERED', lane.from, 'Returned to the seller')];
  return [
    ...back,
    scan(arrive + DAY, 'RTO_UNDELIVERED', lane.from, 'Return delivery failed again'),
    scan(arrive + DAY + HOUR, 'RTO_HELD', lane.from, 'Held at the courier’s hub for the seller'),
  ];
}

/**
 * From a failed attempt (the `attempt`-th) at `failedMs`: what the courier does without word.
 * The first failure follows the profile's RTO share; later ones try again up to the last attempt.
 */
export function afterFailure(
  profile: CarrierProfile,
  awb: string,
  failedMs: number,
  attempt: number,
  lane: LaneInfo,
): PlannedScan[] {
  const draw = (what: string) => pincodeDraw(profile.code, awb, what);
  const b = profile.behaviour;
  const goesBack = attempt >= MAX_DELIVERY_ATTEMPTS || draw('rto') < Math.min(1, b.rtoRate / Math.max(b.ndrRate, 1e-9));
  if (goesBack) return returnToOrigin(profile, awb, failedMs + COURIER_WAIT_MS, lane);
  return nextAttempt(profile, awb, failedMs + COURIER_WAIT_MS, attempt + 1, lane, 1);
}

/**
 * The `attempt`-th delivery attempt from `startMs`, failing with the profile's re-attempt failure
 * rate times `failFactor` (what was asked changes the odds), and what follows it.
 */
export function nextAttempt(
  profile: CarrierProfile,
  awb: string,
  startMs: number,
  attempt: number,
  lane: LaneInfo,
  failFactor: number,
  dayMs?: number,
): PlannedScan[] {
  const b = profile.behaviour;
  const failRate = Math.min(1, (b.reattemptFailRate ?? b.ndrRate) * failFactor);
  const fails = pincodeDraw(profile.code, awb, `attempt${attempt}`) < failRate;
  if (!fails) return deliveryAttempt(startMs, lane, 'DELIVER', undefined, dayMs);
  const tried = deliveryAttempt(startMs, lane, 'FAIL', failureReason(profile, awb, attempt), dayMs);
  return [...tried, ...afterFailure(profile, awb, tried[1].afterMs, attempt, lane)];
}

/** `consignee`: who receives it, whose hidden factors move the first attempt's odds (rto-world.ts) */
export function planLife(profile: CarrierProfile, awb: string, lane: LaneInfo, consignee?: Consignee): PlannedScan[] {
  const draw = (what: string) => pincodeDraw(profile.code, awb, what);
  const pickup = profile.behaviour.pickupDelayHours * HOUR;
  const plan = [
    scan(0, 'MANIFESTED', lane.from, 'Shipment manifested; pickup scheduled'),
    scan(pickup, 'PICKED_UP', lane.from, 'Picked up from the seller'),
    scan(pickup + 3 * HOUR, 'IN_TRANSIT', `${lane.from} hub`, 'Departed from origin hub'),
  ];
  if (draw('lost') < profile.behaviour.lossRate) {
    return [...plan, scan(pickup + 2 * DAY, 'LOST', 'In transit', 'Shipment lost in transit')];
  }
  const arrive = Math.max(pickup + 6 * HOUR, pickup + lane.transitDays * DAY - 14 * HOUR);
  plan.push(scan(arrive, 'IN_TRANSIT', `${lane.to} hub`, 'Arrived at destination hub'));
  if (draw('ndr') >= firstAttemptFailRate(profile, consignee))
    return [...plan, ...deliveryAttempt(arrive, lane, 'DELIVER')];
  const first = deliveryAttempt(arrive, lane, 'FAIL', failureReason(profile, awb, 1));
  return [...plan, ...first, ...afterFailure(profile, awb, first[1].afterMs, 1, lane)];
}

/** What the seller asked the courier to check at the buyer's door (a return's reverse pickup). */
export interface ReverseRequest {
  qcChecks: { kind: string; expected: string }[];
}

/**
 * A reverse pickup's life: manifested; at the buyer's door the courier may find nobody (it tries
 * again the next day, up to the profile's attempts, then gives up); with a quality check it
 * checks each thing asked and, by the profile's QC failure rate, finds one that does not match
 * (the pickup fails with that reason); else it picks up and carries the parcel to the seller.
 */
export function planReverseLife(
  profile: CarrierProfile,
  awb: string,
  lane: LaneInfo,
  req: ReverseRequest,
): PlannedScan[] {
  const draw = (what: string) => pincodeDraw(profile.code, awb, what);
  const service = profile.reverse;
  const attempts = service?.maxPickupAttempts ?? 3;
  const plan = [scan(0, 'REV_MANIFESTED', lane.from, 'Return pickup scheduled')];
  let at = profile.behaviour.pickupDelayHours * HOUR;
  for (let attempt = 1; ; attempt++) {
    if (draw(`rev-attempt${attempt}`) >= (service?.pickupAttemptFailRate ?? 0)) break;
    if (attempt >= attempts) {
      plan.push(
        scan(
          at,
          'REV_PICKUP_FAILED',
          lane.from,
          'Buyer not available at any attempt; pickup cancelled',
          'NOT-AVAILABLE',
        ),
      );
      return plan;
    }
    plan.push(
      scan(at, 'REV_PICKUP_ATTEMPTED', lane.from, 'Buyer not available; the courier will try again', 'NOT-AVAILABLE'),
    );
    at += DAY;
  }
  if (req.qcChecks.length && draw('rev-qc') < (service?.qcFailRate ?? 0)) {
    const failed = req.qcChecks[Math.floor(draw('rev-qc-kind') * req.qcChecks.length)];
    plan.push(
      scan(
        at,
        'REV_PICKUP_FAILED',
        lane.from,
        `Quality check failed: ${failed.kind} does not match`,
        `QC-${failed.kind}`,
      ),
    );
    return plan;
  }
  const checked = req.qcChecks.length ? '; quality check passed' : '';
  plan.push(scan(at, 'REV_PICKED_UP', lane.from, `Picked up from the buyer${checked}`));
  plan.push(scan(at + 3 * HOUR, 'REV_IN_TRANSIT', `${lane.from} hub`, 'Departed for the seller'));
  if (draw('rev-lost') < profile.behaviour.lossRate)
    return [...plan, scan(at + 2 * DAY, 'REV_LOST', 'In transit', 'Return shipment lost in transit')];
  const arrive = at + Math.max(1, lane.transitDays) * DAY;
  plan.push(scan(arrive, 'REV_DELIVERED', lane.to, 'Delivered to the seller'));
  return plan;
}
