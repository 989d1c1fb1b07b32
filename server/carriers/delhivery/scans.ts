import type { CourierScan } from '../adapter';
import { delhiveryTime } from './scan-push';
import type { DelhiveryTrackedShipment } from './shapes';
import { DELHIVERY_SCAN_CODES, isDelhiveryNdrCode } from '../../../src/domain/shipping/courier-codes/delhivery';

// A tracked shipment's scans as the product reads them: each status as "<ScanType>-<Scan>"
// (Delhivery's code table maps it), its NSL code as the NDR reason on a failed attempt, times
// without an offset read as IST. A forward parcel "Pending" at the delivery centre without a
// failed attempt's code has only arrived there: it is still in transit for the product. A scan
// code that says more than its word (the pickup, X-PPOM) is read with its status type.

export function scansOf(s: DelhiveryTrackedShipment): CourierScan[] {
  const out: CourierScan[] = [];
  for (const { ScanDetail: d } of s.Scans ?? []) {
    const at = delhiveryTime(d.ScanDateTime);
    if (!at) continue;
    const failed = d.ScanType === 'UD' && d.Scan === 'Pending' && isDelhiveryNdrCode(d.StatusCode);
    const status = d.ScanType === 'UD' && d.Scan === 'Pending' && !failed ? 'In Transit' : d.Scan;
    const byCode = `${d.ScanType}-${d.StatusCode ?? ''}`;
    out.push({
      awb: s.AWB,
      at,
      courierStatus: byCode in DELHIVERY_SCAN_CODES ? byCode : `${d.ScanType}-${status}`,
      location: d.ScannedLocation ?? '',
      remark: d.Instructions ?? '',
      ...(failed ? { reasonCode: d.StatusCode } : {}),
    });
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Whether the shipment was cancelled: a reverse pickup turns CN; a forward one cancelled before
 * pickup stays UD Manifested with Delhivery's cancellation scan.
 */
export function isCancelled(s: DelhiveryTrackedShipment): boolean {
  if (s.Status.StatusType === 'CN') return true;
  const last = s.Scans?.at(-1)?.ScanDetail;
  return (
    s.Status.StatusType === 'UD' && s.Status.Status === 'Manifested' && !!last && /cancel/i.test(last.Instructions)
  );
}

/** Still at the warehouse (or the buyer's door, for a reverse pickup): nothing but its manifest so far. */
export function notYetPickedUp(s: DelhiveryTrackedShipment): boolean {
  const word = `${s.Status.StatusType}-${s.Status.Status}`;
  return ['UD-Manifested', 'UD-Not Picked', 'PP-Open', 'PP-Scheduled', 'PP-Dispatched'].includes(word);
}
