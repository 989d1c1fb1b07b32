import type { CourierScan } from '../adapter';
import { commonRemark } from '../http/courier-http';
import type { SfxTrackingEvent } from './shapes';

// Shadowfax's quirks, kept here: business failures answered HTTP 200 with `message:"Failure"` and
// `errors` in any of three shapes, a cancel whose outcome is a code in the body (304: queued until
// the parcel's next scan), and failed attempts whose reason is their status, or the remark of a
// parcel put on hold.

/** The words of `errors`: a sentence, a list of them, or a field → messages map. */
export function errorWords(errors: unknown): string | null {
  if (typeof errors === 'string') return errors.trim() || null;
  if (Array.isArray(errors)) return errors.map(errorWords).filter(Boolean).join('; ') || null;
  if (errors && typeof errors === 'object')
    return (
      Object.entries(errors as Record<string, unknown>)
        .map(([field, w]) => {
          const words = errorWords(w);
          return words ? `${field}: ${words}` : '';
        })
        .filter(Boolean)
        .join('; ') || null
    );
  return null;
}

/** Shadowfax's words in an error answer: its errors, a cancel's responseMsg, else the common fields. */
export function shadowfaxRemark(body: unknown): string | null {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as { errors?: unknown; responseMsg?: unknown };
    const words = errorWords(b.errors) ?? (typeof b.responseMsg === 'string' ? b.responseMsg.trim() : null);
    if (words) return words;
  }
  return commonRemark(body);
}

/** A 2xx answer that failed (`message:"Failure"`, or errors without success), else null. */
export function shadowfaxFailure(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const b = body as { message?: unknown; errors?: unknown };
  const failed = b.message === 'Failure' || (b.errors != null && b.message !== 'Success');
  if (!failed) return null;
  return errorWords(b.errors) ?? (typeof b.message === 'string' ? b.message : 'Shadowfax refused the call');
}

/** The failed-attempt statuses: the parcel waits at the hub after its rider came back. */
const FAILED_ATTEMPT = new Set(['nc', 'na', 'cid', 'cancelled_by_customer', 'on_hold']);

/** A failed attempt's reason: its status, or the remark of a parcel put on hold; none for other scans. */
export const reasonOf = (statusId: string, remarks: string): { reasonCode?: string } =>
  FAILED_ATTEMPT.has(statusId) ? { reasonCode: statusId === 'on_hold' ? remarks : statusId } : {};

export function scansOf(awb: string, events: SfxTrackingEvent[]): CourierScan[] {
  return events
    .map((e, i) => ({
      i,
      scan: {
        awb,
        at: new Date(e.created),
        courierStatus: e.status_id,
        location: e.location,
        remark: e.remarks,
        ...reasonOf(e.status_id, e.remarks),
      } satisfies CourierScan,
    }))
    .sort((a, b) => a.scan.at.getTime() - b.scan.at.getTime() || a.i - b.i)
    .map(({ scan }) => scan);
}

/** The AWB of a booking Shadowfax refused as a repeat ("Order for COID … already created with AWB …"). */
export function repeatedAwb(remark: string): string | null {
  return /already created with AWB\s*:?\s*([A-Za-z0-9]+)/i.exec(remark)?.[1] ?? null;
}
