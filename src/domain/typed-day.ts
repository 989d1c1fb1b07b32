import { formatDay } from './format';
import { isRealDay } from './schemas/fields';

// A day as a seller in India types it: 05/12/2026 (dd/mm/yyyy, also with - or .), 5 Dec 2026,
// 05 December 2026, or yyyy-mm-dd. A browser's own date field shows its language's order, which in
// an English (US) browser is mm/dd/yyyy; the date field types and shows the day the Indian way and
// keeps yyyy-mm-dd for the forms and the API.

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

// the year has four digits, so a day half typed (05/12/20) is never read as another year's
const NUMERIC = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})$/;
const NAMED = /^(\d{1,2})(?:st|nd|rd|th)?[\s/.-]*([a-z]{3,9})\.?[\s,/.-]*(\d{4})$/;
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** The month (1–12) a name stands for, by three letters or more of it ('Sept' too), or 0. */
function monthOf(name: string): number {
  const spelled = name === 'sept' ? 'sep' : name;
  return MONTHS.findIndex((month) => month.startsWith(spelled)) + 1;
}

function day(y: string, m: number, d: string): string | null {
  const iso = `${y}-${String(m).padStart(2, '0')}-${d.padStart(2, '0')}`;
  return Number(y) >= 1900 && isRealDay(iso) ? iso : null;
}

/** The typed text as yyyy-mm-dd, or null when it is not a whole day on the calendar. */
export function readTypedDay(text: string): string | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const numeric = NUMERIC.exec(t);
  if (numeric) return day(numeric[3], Number(numeric[2]), numeric[1]);
  const named = NAMED.exec(t);
  if (named) {
    const month = monthOf(named[2]);
    return month ? day(named[3], month, named[1]) : null;
  }
  const iso = ISO.exec(t);
  return iso ? day(iso[1], Number(iso[2]), iso[3]) : null;
}

/** What the field shows for a value: a day as dd MMM yyyy, anything else as it is. */
export function shownDay(value: string): string {
  return isRealDay(value) ? formatDay(value) : value;
}

/** The field's own words when what was typed is not a day; the label without its "(optional)". */
export function typedDayError(label: string): string {
  return `${label.replace(/\s*\(optional\)$/i, '')} must be a date as dd/mm/yyyy, for example 25/12/2026`;
}
