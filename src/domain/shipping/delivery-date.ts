import { istDay } from '../format';
import type { CarrierProfile } from './carriers';
import type { Zone } from './zones';

// The estimated delivery date a courier is quoted with: picked up after its pickup delay, then
// its days in transit for the zone, counted in India's calendar; nothing is delivered on Sunday.

const DAY_MS = 86_400_000;

export function estimatedDeliveryDate(
  bookedAt: Date,
  carrier: Pick<CarrierProfile, 'transitDays' | 'behaviour'>,
  zone: Zone,
): string {
  const pickup = istDay(new Date(bookedAt.getTime() + carrier.behaviour.pickupDelayHours * 3_600_000));
  const day = new Date(`${pickup}T00:00:00Z`);
  let at = day.getTime() + carrier.transitDays[zone] * DAY_MS;
  if (new Date(at).getUTCDay() === 0) at += DAY_MS;
  return new Date(at).toISOString().slice(0, 10);
}

/** Whole days from booking to the estimated delivery date (what "fastest" compares). */
export function daysToDeliver(bookedAt: Date, edd: string): number {
  return Math.round(
    (new Date(`${edd}T00:00:00Z`).getTime() - new Date(`${istDay(bookedAt)}T00:00:00Z`).getTime()) / DAY_MS,
  );
}
