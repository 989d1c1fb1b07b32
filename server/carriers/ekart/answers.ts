import { commonRemark } from '../http/courier-http';
import type { CourierScan } from '../adapter';
import type { EkartTrack, EkartTrackDetail } from './shapes';

// How Ekart says something failed, and how its tracking answer reads as scans.

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Ekart's words in its error body `{statusCode, code, message, description, severity}`: the
 * message, with the description when it says more; other bodies as couriers usually word them.
 */
export function ekartRemark(body: unknown): string | null {
  if (isRecord(body) && typeof body.message === 'string' && typeof body.code === 'string') {
    const description = typeof body.description === 'string' ? body.description.trim() : '';
    const message = body.message.trim();
    return description && description !== message ? `${message}: ${description}` : message || description || null;
  }
  return commonRemark(body);
}

/**
 * A 200 that reports a failure: an acknowledgement with `status: false` (create, NDR), or a
 * cancel's `data[]` holding one.
 */
export function ekartFailure(body: unknown): string | null {
  if (!isRecord(body)) return null;
  if (body.status === false) return (typeof body.remark === 'string' && body.remark) || 'Ekart refused the call';
  if (Array.isArray(body.data)) {
    const failed = (body.data as unknown[]).find((d) => isRecord(d) && d.status === false) as
      { remark?: string } | undefined;
    if (failed) return failed.remark || 'Ekart refused the call';
  }
  return null;
}

/** The word of a failed attempt's reason: Ekart's ndrStatus on an Undelivered (or RTO Failed) update. */
const reasonOf = (d: EkartTrackDetail) =>
  d.ndrStatus && (d.status === 'Undelivered' || d.status === 'RTO Failed') ? { reasonCode: d.ndrStatus } : {};

function scanOf(awb: string, d: EkartTrackDetail): CourierScan {
  return {
    awb,
    at: new Date(d.ctime),
    courierStatus: d.status,
    location: d.location ?? '',
    remark: d.desc ?? '',
    ...reasonOf(d),
  };
}

/** Every status update of a tracking answer as a scan, oldest first (the latest alone when it lists none). */
export function scansOfTrack(awb: string, answer: EkartTrack): CourierScan[] {
  const details = answer.track.details?.length ? answer.track.details : [answer.track];
  return details.map((d) => scanOf(awb, d)).sort((a, b) => a.at.getTime() - b.at.getTime());
}
