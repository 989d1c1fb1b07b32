import { NDR_REASONS, type CourierStatus } from '../../../src/domain/shipping/courier-status';
import { pincodeDraw, type CarrierProfile } from '../../../src/domain/shipping/carriers';
import type { PlannedScan } from '../../db/schema';

// A sandbox parcel's whole life, planned at booking from its courier's behaviour profile and a
// draw seeded by the AWB (the same AWB always lives the same life): manifested, picked up,
// through the hubs, out for delivery, then delivered, or a failed attempt (NDR) followed by a
// second attempt or a return to origin (RTO); a few are lost in transit.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface LaneInfo {
  from: string;
  to: string;
  transitDays: number;
}

const scan = (afterMs: number, courierStatus: CourierStatus, location: string, remark: string): PlannedScan => ({
  afterMs,
  courierStatus,
  location,
  remark,
});

/** Delivery attempts from the given moment (courier time after booking). */
export function deliveryAttempt(
  startMs: number,
  lane: LaneInfo,
  outcome: 'DELIVER' | 'FAIL',
  reason = '',
): PlannedScan[] {
  // out for delivery at 9 in the morning of the next whole day after startMs
  const ofd = Math.ceil((startMs + 1) / DAY) * DAY + 9 * HOUR;
  return [
    scan(ofd, 'OUT_FOR_DELIVERY', lane.to, 'Out for delivery'),
    outcome === 'DELIVER'
      ? scan(ofd + 5 * HOUR, 'DELIVERED', lane.to, 'Delivered')
      : scan(ofd + 6 * HOUR, 'UNDELIVERED', lane.to, reason),
  ];
}

/** Back to the seller after a failed attempt: the courier waits a day for the seller's word, then returns it. */
export function returnToOrigin(failedMs: number, lane: LaneInfo): PlannedScan[] {
  return [
    scan(failedMs + DAY, 'RTO_INITIATED', lane.to, 'Return to origin initiated'),
    scan(failedMs + 2 * DAY, 'RTO_IN_TRANSIT', lane.to, 'Departed for origin'),
    scan(failedMs + (lane.transitDays + 2) * DAY, 'RTO_DELIVERED', lane.from, 'Returned to the seller'),
  ];
}

export function planLife(profile: CarrierProfile, awb: string, lane: LaneInfo): PlannedScan[] {
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
  if (draw('ndr') >= profile.behaviour.ndrRate) return [...plan, ...deliveryAttempt(arrive, lane, 'DELIVER')];
  const reason = NDR_REASONS[Math.floor(draw('reason') * NDR_REASONS.length)];
  const first = deliveryAttempt(arrive, lane, 'FAIL', reason);
  const failedAt = first[1].afterMs;
  // of the failed ones, the courier's RTO rate (relative to its NDR rate) go back
  const goesBack = draw('rto') < Math.min(1, profile.behaviour.rtoRate / Math.max(profile.behaviour.ndrRate, 1e-9));
  return [
    ...plan,
    ...first,
    ...(goesBack ? returnToOrigin(failedAt, lane) : deliveryAttempt(failedAt, lane, 'DELIVER')),
  ];
}
