import { pincodeDraw, type CarrierProfile } from '../../../src/domain/shipping/carriers';
import type { Zone } from '../../../src/domain/shipping/zones';
import { istDay } from '../../../src/domain/format';
import { addWorkingDays, calendarDaysBetween, dispatchDay } from '../../../src/domain/promises/promise-calendar';

// How long a sandbox parcel takes, lane by lane, so that the platform's history has something
// to learn (docs/simulated.md, "Transit time by lane"). The zone table is the courier's published
// days; the parcel's real working days from dispatch are that, scaled by how fast this courier
// is to the buyer's district, plus a slow origin hub, a remote last mile, and the day's luck.
// Dispatch follows the pickup cut-off, and nothing moves on Sunday (promise-calendar.ts).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface TransitLane {
  fromPincode: string;
  toPincode: string;
  /** "city|state" of each end, as the booking names them: the hub a parcel goes through */
  fromPlace: string;
  toPlace: string;
  zone: Zone;
}

/** Extra working days of bad luck for one parcel: none for most, up to four for a few. */
export function luckDays(u: number): number {
  if (u < 0.8) return 0;
  if (u < 0.95) return 1;
  if (u < 0.99) return 2;
  if (u < 0.998) return 3;
  return 4;
}

/** Working days from dispatch to delivery for one parcel (`awb`) on a lane. */
export function laneWorkingDays(profile: CarrierProfile, lane: TransitLane, awb: string): number {
  const draw = (key: string, what: string) => pincodeDraw(profile.code, key, what);
  const table = profile.transitDays[lane.zone];
  // published tables are padded: most districts are served well inside them, a few at the edge
  const speed = 0.25 + 0.5 * draw(lane.toPlace, 'lane-speed');
  const slowOrigin = draw(lane.fromPlace, 'origin-hub') < 0.2 ? 1 : 0;
  const remote = draw(lane.toPincode, 'last-mile') < 0.15 ? 1 : 0;
  const floor = lane.zone === 'A' ? 0 : 1;
  return Math.max(floor, Math.round(table * speed)) + slowOrigin + remote + luckDays(draw(awb, 'transit-luck'));
}

/** The IST day the parcel is delivered on its first attempt. */
export function laneDeliveryDay(profile: CarrierProfile, lane: TransitLane, bookedAt: Date, awb: string): string {
  return addWorkingDays(dispatchDay(bookedAt), laneWorkingDays(profile, lane, awb));
}

/**
 * The transit days to plan the parcel's life with (parcel-life.ts: the first attempt is at 9 the
 * morning after arrival, 14 hours past a whole day from booking) so that it is delivered on
 * `laneDeliveryDay`; never sooner than its pickup allows.
 */
export function sandboxTransitDays(profile: CarrierProfile, lane: TransitLane, bookedAt: Date, awb: string): number {
  const target = laneDeliveryDay(profile, lane, bookedAt, awb);
  const k = Math.max(1, calendarDaysBetween(istDay(new Date(bookedAt.getTime() + 14 * HOUR)), target));
  const pickup = profile.behaviour.pickupDelayHours * HOUR;
  return (k * DAY - 12 * HOUR - pickup + 14 * HOUR) / DAY;
}
