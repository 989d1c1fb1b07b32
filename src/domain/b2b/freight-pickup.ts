import type { ForwardStatus } from '../order-status';
import { addDays } from '../cod-remittance';
import { formatDay, formatTime, istDay } from '../format';
import { pickupDayError, PICKUP_DAYS_AHEAD } from '../pickup-days';
import type { B2bBookingState, HandoverCode } from './order-facts';
import { FORWARD_BEFORE_PICKUP } from '../order-status';

// A first-mile pickup of a booked B2B consignment: the seller asks the carrier to collect the boxes
// from the warehouse on a day, from a time the boxes are ready. The days are those forward
// pickups offer (today and the next six, IST, pickup-days.ts) without Sundays, when freight
// carriers do not collect; today only before the day's cut-off, so a truck can still be sent.
// Delhivery LTL takes a start time (HH:MM:SS) and Gati a pickup moment: the seller chooses one of
// the slots below. The browser's dialog and the server refuse with these same words.

/** The times from which the boxes are ready (IST), as the dialog offers them. */
export const FREIGHT_PICKUP_SLOTS = ['10:00', '13:00', '16:00'] as const;
export type FreightPickupSlot = (typeof FREIGHT_PICKUP_SLOTS)[number];

/** After this time (IST) a pickup is no longer asked for the same day. */
export const FREIGHT_PICKUP_CUTOFF = '14:00';

const SUNDAY = 0;
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
/** HH:MM of a moment in India */
const istClock = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(11, 16);

/** "01:00 pm" */
export const slotTime = (slot: string) => formatTime(`2026-01-01T${slot}:00+05:30`);
/** "From 01:00 pm" */
export const slotText = (slot: string) => `From ${slotTime(slot)}`;

/** Whether today's pickups are closed at `now`. */
export const pastCutoff = (now: Date) => istClock(now) >= FREIGHT_PICKUP_CUTOFF;

/** The days a pickup may be asked for at `now`, in order (IST yyyy-mm-dd). */
export function freightPickupDays(now: Date): string[] {
  const today = istDay(now);
  return Array.from({ length: PICKUP_DAYS_AHEAD + 1 }, (_, i) => addDays(today, i)).filter(
    (day) => weekday(day) !== SUNDAY && !(day === today && pastCutoff(now)),
  );
}

/** The slots open on a day at `now`: on today those still ahead. */
export function freightPickupSlots(day: string, now: Date): FreightPickupSlot[] {
  return day === istDay(now) ? FREIGHT_PICKUP_SLOTS.filter((s) => s > istClock(now)) : [...FREIGHT_PICKUP_SLOTS];
}

/** Why this day and slot cannot be asked for, naming the field by its label; null when they can. */
export function freightPickupDayError(day: string, slot: string, now: Date): string | null {
  const today = istDay(now);
  const window = pickupDayError(day, today);
  if (window) return window;
  if (weekday(day) === SUNDAY)
    return `Pickup date ${formatDay(day)} is a Sunday, when freight carriers do not collect: choose another day`;
  if (day === today && pastCutoff(now))
    return `Pickup date: today's pickups close at ${slotTime(FREIGHT_PICKUP_CUTOFF)}; choose a later day`;
  if (!freightPickupSlots(day, now).includes(slot as FreightPickupSlot))
    return `Ready from: ${slotTime(slot)} has passed today; choose a later time or day`;
  return null;
}

/** An order's pickup as far as asking for another goes. */
export interface PickupFacts {
  status: ForwardStatus;
  bookingState: B2bBookingState;
  handover: HandoverCode;
  /** the day of a pickup asked for already and not lapsed (today or later), or null */
  openPickupDay: string | null;
}

/** Why a pickup cannot be asked for this order now, in words; null when it can. */
export function pickupRefusal(o: PickupFacts): string | null {
  if (o.status === 'CAN') return 'This order is cancelled: there is nothing to pick up';
  if (!FORWARD_BEFORE_PICKUP.includes(o.status)) return 'The boxes are with the carrier already: no pickup is needed';
  if (o.handover === 'SELF_DROP')
    return "This order is a self-drop: the boxes are taken to the carrier's hub, so no pickup is asked for";
  if (o.bookingState !== 'BOOKED') return 'Book this order with a carrier before asking for its pickup';
  if (o.openPickupDay) return `A pickup is asked for already, on ${formatDay(o.openPickupDay)}`;
  return null;
}
