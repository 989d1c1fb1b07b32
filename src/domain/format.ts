// Indian display formats: dd MMM yyyy in IST, +91 phones; ₹ amounts are the money module's (re-exported here).

export { formatAmount, formatRupees, formatRupeesWhole } from './money';

const IST = 'Asia/Kolkata';

// formatters are costly to make and cheap to use: each is made once
const DAY = new Intl.DateTimeFormat('en-GB', { timeZone: IST, day: '2-digit', month: 'short', year: 'numeric' });
const TIME = new Intl.DateTimeFormat('en-IN', { timeZone: IST, hour: '2-digit', minute: '2-digit', hour12: true });

/** dd MMM yyyy in IST, e.g. 05 Nov 2026 */
export function formatDate(value: Date | string | number): string {
  const d = new Date(value);
  const parts = DAY.formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('day')} ${get('month')} ${get('year')}`;
}

/** A calendar day (yyyy-mm-dd, a date column or a promised day) as dd MMM yyyy: read at noon in India, so no time zone moves it. */
export function formatDay(day: string): string {
  return formatDate(`${day}T12:00:00+05:30`);
}

/** hh:mm am/pm IST */
export function formatTime(value: Date | string | number): string {
  return TIME.format(new Date(value));
}

/** dd MMM yyyy, hh:mm am/pm IST */
export function formatDateTime(value: Date | string | number): string {
  return `${formatDate(value)}, ${formatTime(value)}`;
}

export function formatPhone(tenDigits: string): string {
  return tenDigits.length === 10 ? `+91 ${tenDigits.slice(0, 5)} ${tenDigits.slice(5)}` : tenDigits;
}

/** 'Resend OTP in m:ss' (spec section 4) */
export function resendLabel(remainingSeconds: number): string {
  const m = Math.floor(remainingSeconds / 60);
  const s = remainingSeconds % 60;
  return `Resend OTP in ${m}:${String(s).padStart(2, '0')}`;
}

/** The calendar day in India of a moment, as yyyy-mm-dd (a form's default order date). */
export function istDay(at: Date = new Date()): string {
  // India keeps UTC+5:30 all year
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}
const IST_OFFSET_MS = 330 * 60_000;

/** The singular of a plural noun of the product ("orders", "batches", "addresses", "entries", "package types"). */
export function singular(plural: string): string {
  if (/ies$/.test(plural)) return plural.replace(/ies$/, 'y');
  if (/(ches|shes|sses|xes)$/.test(plural)) return plural.slice(0, -2);
  return plural.replace(/s$/, '');
}

/** A count with its noun in the right number, Indian digit grouping: "1 order", "1,250 orders". */
export function countOf(n: number, plural: string, one = singular(plural)): string {
  return `${n.toLocaleString('en-IN')} ${n === 1 ? one : plural}`;
}

/** A gateway's or courier's note as a sentence the seller reads: first letter capital ("payment declined" → "Payment declined"). */
export function sentence(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
