import { addDays } from './cod-remittance';
import { formatDate } from './format';

// The days a seller may ask a courier to come: today up to six days ahead (IST), as couriers take
// pickup requests only for the coming week.

export const PICKUP_DAYS_AHEAD = 6;

/** The first and last day a pickup may be asked for, given today (IST, yyyy-mm-dd). */
export const pickupDayWindow = (today: string) => ({ first: today, last: addDays(today, PICKUP_DAYS_AHEAD) });

/** Why a pickup day cannot be asked for (named by the field's label), or null when it can. */
export function pickupDayError(day: string, today: string): string | null {
  const { first, last } = pickupDayWindow(today);
  if (day < first || day > last)
    return `Pickup date must be between ${formatDate(first)} and ${formatDate(last)} (today and the next ${PICKUP_DAYS_AHEAD} days)`;
  return null;
}

/** Every day a pickup may be asked for, in order, given today (IST, yyyy-mm-dd). */
export function pickupDayChoices(today: string): string[] {
  return Array.from({ length: PICKUP_DAYS_AHEAD + 1 }, (_, i) => addDays(today, i));
}
