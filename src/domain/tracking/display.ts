import {
  BUYER_TITLES,
  FORWARD_BEFORE_PICKUP,
  FORWARD_STATUSES,
  RETURN_BEFORE_PICKUP,
  RETURN_STATUSES,
  type ForwardStatus,
  type ReturnStatus,
} from '../order-status';

// What the buyer's tracking page shows, as pure rules (spec sections 2 and 4): status titles in
// the buyer's words, the delivery date card, which banners show for which status, the colour of
// the delivery state by India's calendar, and the rating images.

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Statuses of a parcel the courier has not taken (or never will): its journey is still to come. */
const BEFORE_PICKUP = new Set<string>([...FORWARD_BEFORE_PICKUP, 'CAN', ...RETURN_BEFORE_PICKUP, 'RCAN']);

/**
 * With no scans to show: whether the courier is yet to pick the parcel up. A parcel past pickup
 * (delivered, say) with no scans had them withheld, and the page says so rather than promise them.
 */
export const awaitingPickup = (code: string): boolean => BEFORE_PICKUP.has(code);

/** The main status title: 'Order Confirmed' for Ready To Ship, 'Return Shipped' for a return in transit, … */
export function statusTitle(code: string, isReturn: boolean): string {
  const mapped = BUYER_TITLES[code as ForwardStatus | ReturnStatus];
  if (mapped && (isReturn ? code in RETURN_STATUSES : code in FORWARD_STATUSES)) return mapped;
  if (isReturn && code === 'INT') return 'Return Shipped';
  if (isReturn && code === 'RTS') return 'Return Confirmed';
  return (
    (isReturn ? RETURN_STATUSES[code as ReturnStatus] : undefined) ?? FORWARD_STATUSES[code as ForwardStatus] ?? code
  );
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 23rd, 31st */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const dayParts = (ymd: string) => {
  const [y, m, d] = ymd.slice(0, 10).split('-').map(Number);
  return { y, m, d, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay() };
};

/** The estimated-delivery card: month name and the day with its suffix ('November', '28th'). */
export function eddCard(ymd: string): { month: string; day: string } {
  const { m, d } = dayParts(ymd);
  return { month: MONTHS[m - 1], day: ordinal(d) };
}

/** The primary and promised date cards: day name, day number, month, year. */
export function dateCard(ymd: string): { weekday: string; day: number; month: string; year: number } {
  const { y, m, d, weekday } = dayParts(ymd);
  return { weekday: DAYS[weekday], day: d, month: MONTHS[m - 1], year: y };
}

/** Today in India as yyyy-mm-dd. */
const istToday = (now: Date) => new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** 'Order Delayed' (support's new date): hidden once the parcel is delivered, back with the seller or lost; shown while that date is already past. */
export function showDelayedBanner(status: string, newExpectedDeliveryDate: string | null, now: Date): boolean {
  if (['DLV', 'RTO_DLV', 'LST', 'RDLV', 'RLST', 'RCAN'].includes(status) || !newExpectedDeliveryDate) return false;
  return newExpectedDeliveryDate.slice(0, 10) < istToday(now);
}

/** 'to be delivered soon': hidden for those and also while the parcel returns to origin. */
export function showSoonBanner(status: string): boolean {
  return !['DLV', 'RTO_DLV', 'LST', 'RTO_INT', 'RDLV', 'RLST', 'RCAN'].includes(status);
}

export type DeliveryTone = 'overdue' | 'warning' | 'ok';

/** Overdue (red) when the expected day has passed in India, warning when it is today or tomorrow, else ok (green). */
export function deliveryTone(expectedDeliveryDate: string, now: Date): DeliveryTone {
  const today = istToday(now);
  const edd = expectedDeliveryDate.slice(0, 10);
  if (edd < today) return 'overdue';
  const days = (Date.parse(`${edd}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS;
  return days <= 1 ? 'warning' : 'ok';
}

/**
 * The delivery card's content by status: the delivery day once delivered (never the old
 * estimate), a plain word for a parcel going back or gone back to the seller (RTO) or lost, else
 * the expected day with its colour; null when no day is known yet.
 */
export type DeliveryCard =
  | { kind: 'delivered'; ymd: string | null }
  | { kind: 'returning' }
  | { kind: 'returned' }
  | { kind: 'lost' }
  | { kind: 'cancelled' }
  | { kind: 'expected'; ymd: string; tone: DeliveryTone };

export function deliveryCard(
  status: string,
  expectedDeliveryDate: string | null,
  deliveredDate: string | null,
  now: Date,
): DeliveryCard | null {
  // a return's own ends: back with the seller (its delivery), cancelled, lost
  if (status === 'DLV' || status === 'RDLV')
    return { kind: 'delivered', ymd: deliveredDate ? istToday(new Date(deliveredDate)) : null };
  if (status === 'RTO_INT') return { kind: 'returning' };
  if (status === 'RTO_DLV') return { kind: 'returned' };
  if (status === 'LST' || status === 'RLST') return { kind: 'lost' };
  if (status === 'RCAN') return { kind: 'cancelled' };
  if (!expectedDeliveryDate) return null;
  return { kind: 'expected', ymd: expectedDeliveryDate.slice(0, 10), tone: deliveryTone(expectedDeliveryDate, now) };
}

/**
 * The buyer is asked to rate once the parcel is in their hands (a forward order delivered, or a
 * return back with the seller): before that there is no delivery to rate.
 */
export function ratingOpen(status: string): boolean {
  return status === 'DLV' || status === 'RDLV';
}

/** One of five images per pair of scores (1–2 … 9–10); none while 0. */
export function ratingImage(score: number): 1 | 2 | 3 | 4 | 5 | null {
  if (!Number.isInteger(score) || score < 1 || score > 10) return null;
  return Math.ceil(score / 2) as 1 | 2 | 3 | 4 | 5;
}

/** A return's glossary: the words of its page, from the buyer's side. */
export const RETURN_GLOSSARY: readonly { term: string; meaning: string }[] = [
  { term: 'Return Confirmed', meaning: 'The seller accepted your return and booked a courier to collect it from you.' },
  {
    term: 'Pickup Attempted',
    meaning: 'The courier came to collect the parcel and could not; they will try again.',
  },
  { term: 'Return Picked Up', meaning: 'The courier has collected the parcel from you.' },
  { term: 'Return Shipped', meaning: 'The parcel is on its way back to the seller.' },
  { term: 'Return Delivered', meaning: 'The seller has the parcel back.' },
  {
    term: 'Quality check',
    meaning: 'When the seller asks for it, the courier checks the product at your door before taking it.',
  },
];

/** Spec section 2's glossary, in order. */
export const GLOSSARY: readonly { term: string; meaning: string }[] = [
  { term: 'EDD', meaning: 'Estimated Delivery Date: the day the courier expects to deliver your package.' },
  {
    term: 'Consignment Manifested',
    meaning: 'The seller has packed your order and booked a courier; it waits for pickup.',
  },
  { term: 'Order Picked', meaning: 'The courier has collected the package from the seller.' },
  { term: 'In-Transit', meaning: 'The package is moving between the courier’s hubs towards your city.' },
  { term: 'Out for Delivery', meaning: 'A delivery executive has the package and will come to your address today.' },
  {
    term: 'RTO',
    meaning:
      'Return To Origin: the package is going back to the seller, after failed delivery attempts or a cancellation.',
  },
];
