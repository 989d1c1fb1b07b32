import { BUYER_EN, type BuyerText } from './en';
import { BUYER_HI } from './hi';

// Which language a buyer's page speaks: the one the buyer chose with the page's switch (kept in
// the browser), else the first of the browser's languages we have (navigator.languages, the same
// list as Accept-Language), else English. Dates read dd MMM yyyy in India's time.

export const BUYER_LANGS = ['en', 'hi'] as const;
export type BuyerLang = (typeof BUYER_LANGS)[number];
export const BUYER_TEXT: Record<BuyerLang, BuyerText> = { en: BUYER_EN, hi: BUYER_HI };
/** where the switch keeps the choice (localStorage) */
export const BUYER_LANG_KEY = 'dakiya.buyer-language';

export function pickBuyerLang(saved: string | null, languages: readonly string[]): BuyerLang {
  if (saved === 'en' || saved === 'hi') return saved;
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'hi' || base === 'en') return base;
  }
  return 'en';
}

const IST_OFFSET_MS = 330 * 60_000;

/** A moment (or a yyyy-mm-dd day) as dd MMM yyyy in India ('28 Nov 2026', '28 नवंबर 2026'). */
export function buyerDay(when: string | Date, t: BuyerText): string {
  const ymd =
    typeof when === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(when)
      ? when
      : new Date(new Date(when).getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
  const [y, m, d] = ymd.split('-').map(Number);
  return `${String(d).padStart(2, '0')} ${t.shortMonths[m - 1]} ${y}`;
}

/** A moment as dd MMM yyyy, hh:mm am/pm in India. */
export function buyerDateTime(when: string | Date, t: BuyerText): string {
  const ist = new Date(new Date(when).getTime() + IST_OFFSET_MS);
  const h = ist.getUTCHours();
  const time = `${String(h % 12 || 12).padStart(2, '0')}:${String(ist.getUTCMinutes()).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
  return `${buyerDay(when, t)}, ${time}`;
}

/** The weekday, day, month and year of a yyyy-mm-dd in the page's words. */
export function buyerDayParts(ymd: string, t: BuyerText) {
  const [y, m, d] = ymd.slice(0, 10).split('-').map(Number);
  return {
    weekday: t.weekdays[new Date(Date.UTC(y, m - 1, d)).getUTCDay()],
    day: t.dayOfMonth(d),
    month: t.months[m - 1],
    year: y,
  };
}

/** A yyyy-mm-dd as a short weekday with the day and month ('Mon, 30 Nov', 'सोम, 30 नवंबर'). */
export function buyerShortDay(ymd: string, t: BuyerText): string {
  const [y, m, d] = ymd.slice(0, 10).split('-').map(Number);
  return `${t.shortWeekdays[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${String(d).padStart(2, '0')} ${t.shortMonths[m - 1]}`;
}

/**
 * A sentence a rule, a machine or the server gave in English, in the page's words: found by its
 * key in the English table, told from the same key of the page's table; any other sentence stays
 * as it came.
 */
export function inPageWords<K extends string>(
  message: string,
  english: Readonly<Record<K, string>>,
  page: Readonly<Record<K, string>>,
): string {
  const key = (Object.keys(english) as K[]).find((k) => english[k] === message);
  return key === undefined ? message : page[key];
}

/** A failed call's words (the generic failure, no connection) in the page's language. */
export const failureInWords = (message: string, t: BuyerText) =>
  inPageWords(message, BUYER_EN.common.failures, t.common.failures);
