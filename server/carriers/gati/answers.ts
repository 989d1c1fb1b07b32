import type { CourierStatus } from '../../../src/domain/shipping/courier-status';
import type { FreightScan } from '../freight';
import type { GtDocketInfo } from './shapes';

// Gati's quirks, kept here so none leaks past the adapter: failures answered HTTP 200 with
// `result:"failed"` and the words in `errmsg` or `sErrMsg`, a wrong customer key refused the same
// way, tracking events newest first with an IST date like 26-NOV-2022 and a time to the minute.

/** The words of a 2xx answer that failed, else null. */
export function gatiFailure(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const b = body as { result?: unknown; errmsg?: unknown; sErrMsg?: unknown; details?: unknown };
  if (typeof b.result !== 'string' || !/^fail/i.test(b.result)) return null;
  // a booking's refusal names each docket's reason
  const dockets = Array.isArray(b.details) ? (b.details as { errmsg?: unknown }[]) : [];
  for (const words of [b.errmsg, b.sErrMsg, ...dockets.map((d) => d.errmsg)])
    if (typeof words === 'string' && words.trim()) return words.trim();
  return 'Gati refused the call';
}

/** ⚠ Gati's words for a customer code or key it does not take (public integrations show "Invalid Customer"). */
export const GATI_KEY_REFUSED = /invalid (customer|cust|key)|unauthori[sz]ed|access denied/i;

/** ⚠ Gati's words for a docket it does not know on tracking. */
export const GATI_UNKNOWN_DOCKET = /invalid docket|no (data|record)|not found/i;

/**
 * Gati's tracking codes. DCRE, TCSOU, TCAER and TCSEO are in the public sample (couriers.md A11);
 * ⚠ the rest are not, and the mapping falls back on the status words for a code it does not know.
 */
export const GATI_STATUS_CODES: Readonly<Record<string, CourierStatus>> = {
  DCRE: 'MANIFESTED',
  PKUP: 'PICKED_UP',
  TCSOU: 'IN_TRANSIT',
  TCAER: 'IN_TRANSIT',
  TCSEO: 'IN_TRANSIT',
  ARDST: 'IN_TRANSIT',
  OFD: 'OUT_FOR_DELIVERY',
  PDLV: 'OUT_FOR_DELIVERY',
  DLVD: 'DELIVERED',
  UNDL: 'UNDELIVERED',
  RTOI: 'RTO_INITIATED',
  RTOD: 'RTO_DELIVERED',
};

const BY_WORDS: [RegExp, CourierStatus][] = [
  [/undeliver|not deliver|refused/i, 'UNDELIVERED'],
  [/rto|return/i, 'RTO_IN_TRANSIT'],
  [/out for delivery/i, 'OUT_FOR_DELIVERY'],
  [/deliver/i, 'DELIVERED'],
  [/picked|pickup done/i, 'PICKED_UP'],
  [/docket creat|booked/i, 'MANIFESTED'],
  [/transit|tc |outbound|inbound|arriv|depart|out from/i, 'IN_TRANSIT'],
];

export function gatiStatusOf(code: string, words: string): CourierStatus | null {
  return GATI_STATUS_CODES[code] ?? BY_WORDS.find(([re]) => re.test(words))?.[1] ?? null;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Gati's IST "26-NOV-2022" and "17:24" as an instant. */
export function fromGatiTime(date: string, time: string): Date {
  const [d, mon, y] = date.trim().split('-');
  const month = String(MONTHS.indexOf(mon.toUpperCase()) + 1).padStart(2, '0');
  return new Date(`${y}-${month}-${d.padStart(2, '0')}T${(time.trim() || '00:00').slice(0, 5)}:00+05:30`);
}

/** A docket's events, oldest first (Gati lists them newest first). */
export function gatiScansOf(lrNumber: string, info: GtDocketInfo): FreightScan[] {
  return [...(info.TRANSIT_DTLS ?? [])].reverse().map((e) => ({
    lrNumber,
    at: fromGatiTime(e.INTRANSIT_DATE, e.INTRANSIT_TIME),
    carrierStatus: e.INTRANSIT_STATUS_CODE,
    status: gatiStatusOf(e.INTRANSIT_STATUS_CODE, e.INTRANSIT_STATUS),
    location: e.INTRANSIT_LOCATION,
    remark: [e.INTRANSIT_STATUS, e.REASON_DESC].filter(Boolean).join(': '),
  }));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as Gati writes its dates: dd-mm-yyyy (with HH:MM:SS when asked), in IST. */
export function gatiDate(at: Date, withTime = false): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  const day = `${pad(ist.getUTCDate())}-${pad(ist.getUTCMonth() + 1)}-${ist.getUTCFullYear()}`;
  return withTime ? `${day} ${pad(ist.getUTCHours())}:${pad(ist.getUTCMinutes())}:${pad(ist.getUTCSeconds())}` : day;
}
