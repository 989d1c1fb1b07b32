import { istDay } from '../format';

// The calendar a delivery promise is counted in: a parcel booked before the pickup cut-off
// leaves that day, one booked after it the next; nothing moves on Sunday (no pickup, no
// line-haul, no delivery), so transit is counted in working days, Monday to Saturday. Counting
// this way takes the weekday and the cut-off out of the lane's history: what is left to learn
// is how many working days the lane takes.

/** Bookings after this hour (IST) miss the day's pickup run. */
export const PICKUP_CUTOFF_HOUR_IST = 14;

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;

const dayMs = (day: string) => new Date(`${day}T00:00:00Z`).getTime();
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isSunday = (ms: number) => new Date(ms).getUTCDay() === 0;

/** The day a parcel booked at `bookedAt` leaves the seller: the booking's IST day, or the next working day. */
export function dispatchDay(bookedAt: Date, cutoffHourIst = PICKUP_CUTOFF_HOUR_IST): string {
  const istHour = new Date(bookedAt.getTime() + IST_OFFSET_MS).getUTCHours();
  let at = dayMs(istDay(bookedAt)) + (istHour >= cutoffHourIst ? DAY_MS : 0);
  while (isSunday(at)) at += DAY_MS;
  return dayOf(at);
}

/** The working day `n` working days after `day` (a Sunday start counts from the Monday). */
export function addWorkingDays(day: string, n: number): string {
  let at = dayMs(day);
  while (isSunday(at)) at += DAY_MS;
  for (let left = n; left > 0;) {
    at += DAY_MS;
    if (!isSunday(at)) left--;
  }
  return dayOf(at);
}

/** Working days from `from` to `to` (0 when `to` is not after `from`); Sundays do not count. */
export function workingDaysBetween(from: string, to: string): number {
  let n = 0;
  for (let at = dayMs(from) + DAY_MS; at <= dayMs(to); at += DAY_MS) if (!isSunday(at)) n++;
  return n;
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS);
}
