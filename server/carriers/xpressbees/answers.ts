import type { CourierScan } from '../adapter';
import { fromIstWallTime } from '../indian-formats';
import type { XbCourierOption, XbTracked } from './shapes';

// Xpressbees' quirks, kept here so none leaks past the adapter: failures answered HTTP 200 with
// `status:false`, an expired token answered the same way (read as the 401 it means), IST times
// without a zone, failed-attempt reasons in words, and one login serving standard and same-day
// services told apart by the courier id its price list answers.

/** The words of a 2xx answer that failed (`{status:false, message}`), else null. */
export function xpressbeesFailure(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const b = body as { status?: unknown; message?: unknown };
  if (b.status !== false) return null;
  return typeof b.message === 'string' && b.message.trim() ? b.message.trim() : 'Xpressbees refused the call';
}

const TOKEN_REFUSED = /invalid token|token (has )?expired|unauthenticated|unauthori[sz]ed/i;

/**
 * A fetch that turns Xpressbees' "invalid token" answered as HTTP 200 into the 401 it means, so the
 * HTTP toolkit logs in again once and retries the call.
 */
export function tokenRefusalAs401(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const res = await inner(input, init);
    if (res.status !== 200) return res;
    const text = await res.text();
    let refused = false;
    try {
      const body = JSON.parse(text) as { status?: unknown; message?: unknown };
      refused = body?.status === false && typeof body.message === 'string' && TOKEN_REFUSED.test(body.message);
    } catch {
      // not JSON: left for the toolkit to read as it is
    }
    return new Response(text, { status: refused ? 401 : res.status, headers: res.headers });
  };
}

/** Status codes whose scan is a failed attempt: its message names the reason. */
const FAILED_ATTEMPT = new Set(['EX', 'UD', 'RT-EX', 'RTU']);

/** The scans of a tracking answer, oldest first (Xpressbees lists them oldest first too). */
export function scansOf(t: XbTracked): CourierScan[] {
  return t.history
    .map((h) => ({
      awb: t.awb_number,
      at: fromIstWallTime(h.event_time),
      courierStatus: h.status_code,
      location: h.location,
      remark: h.message,
      ...(FAILED_ATTEMPT.has(h.status_code) ? { reasonCode: h.message.trim().toUpperCase() } : {}),
    }))
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.at.getTime() - b.s.at.getTime() || a.i - b.i)
    .map(({ s }) => s);
}

const SAME_DAY = /same[\s-]?day|\bsdd\b/i;

/**
 * The service to book: for the same-day code the lane's same-day service, else the surface
 * service (the cheapest other one when none is named surface). Null when the lane has none.
 */
export function pickService(options: XbCourierOption[], sameDay: boolean): XbCourierOption | null {
  const fitting = options.filter((o) => SAME_DAY.test(o.name) === sameDay);
  if (sameDay) return fitting[0] ?? null;
  const surface = fitting.find((o) => /surface/i.test(o.name));
  return surface ?? [...fitting].sort((a, b) => a.total_charges - b.total_charges)[0] ?? null;
}
