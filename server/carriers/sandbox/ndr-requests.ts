import type { CourierOperationStatus } from '../adapter';

// Delhivery takes an NDR instruction as a request (its answer is a UPL id) and settles it a little
// later, polled in bulk; the sandbox's Delhivery does the same. The id carries when it was asked,
// so the sandbox keeps no table for it: a request is confirmed CONFIRM_AFTER_MS after it was made.

export const ASYNC_NDR_COURIERS: ReadonlySet<string> = new Set(['DE']);
export const CONFIRM_AFTER_MS = 2 * 60_000;

export const uplId = (askedAt: Date, awb: string, attempt: number) =>
  `UPL${askedAt.getTime().toString(36).toUpperCase()}-${awb}-${attempt}`;

/** The request's moment and parcel, or null for an id the sandbox never gave. */
export function parseUplId(id: string): { askedAt: Date; awb: string; attempt: number } | null {
  const m = /^UPL([0-9A-Z]+)-(.+)-(\d+)$/.exec(id);
  if (!m) return null;
  const ms = parseInt(m[1], 36);
  return Number.isFinite(ms) ? { askedAt: new Date(ms), awb: m[2], attempt: Number(m[3]) } : null;
}

/** A request's status at `now`: confirmed once its time has come, unless the parcel was cancelled. */
export function uplStatus(
  asked: { askedAt: Date; awb: string; attempt: number },
  now: Date,
  parcelLive: boolean,
): CourierOperationStatus {
  const settlesAt = new Date(asked.askedAt.getTime() + CONFIRM_AFTER_MS);
  if (now < settlesAt) return { state: 'PENDING' };
  if (!parcelLive) return { state: 'FAILED', reason: 'The shipment was cancelled', at: settlesAt };
  return { state: 'DONE', reference: `DE-NDR-${asked.awb}-${asked.attempt}`, at: settlesAt };
}
