import type { CourierScan } from '../adapter';
import { isRecord, optionalText, refuse, text, type PushParse } from '../push/push-parser';
import { MAX_PUSH_SCANS } from '../push/generic-push';

// Delhivery's scan push (the webhook it enables on request), one shipment's latest scan a call,
// or a list of them:
//   { "Shipment": { "AWB": "1234567890123", "ReferenceNo": "…", "NSLCode": "EOD-11",
//                   "Status": { "Status": "Pending", "StatusType": "UD",
//                               "StatusDateTime": "2026-11-20T17:10:42.767",
//                               "StatusLocation": "Bengaluru_Hub (Karnataka)",
//                               "Instructions": "Consignee unavailable" } } }
// Its status is read as "<StatusType>-<Status>" (UD-In Transit, DL-Delivered, RT-In Transit…)
// through Delhivery's code table; a failed attempt's NSL code (EOD-xx) is its NDR reason. Its
// times carry no offset and are IST.

const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)$/;

/** Delhivery's time: IST when it has no offset of its own. */
export function delhiveryTime(v: unknown): Date | null {
  if (typeof v !== 'string') return null;
  const local = LOCAL_TIME.exec(v.trim());
  const d = local ? new Date(`${local[1]}T${local[2]}+05:30`) : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

function shipmentScan(item: unknown, n: string): CourierScan | PushParse {
  const shipment = isRecord(item) ? item.Shipment : undefined;
  if (!isRecord(shipment)) return refuse(`${n} shipment`, 'is required');
  const awb = text(shipment.AWB, 40);
  if (!awb) return refuse(`${n} AWB`, 'is required (at most 40 characters)');
  const status = shipment.Status;
  if (!isRecord(status)) return refuse(`${n} status`, 'is required');
  const word = text(status.Status, 60);
  if (!word) return refuse(`${n} status`, 'is required (at most 60 characters)');
  const type = text(status.StatusType, 10);
  if (!type) return refuse(`${n} status type`, 'is required (UD, RT, DL, PP, PU, CN or LT)');
  const at = delhiveryTime(status.StatusDateTime);
  if (!at) return refuse(`${n} status time`, 'must be a date and time, e.g. 2026-11-20T17:10:42');
  const location = optionalText(status.StatusLocation, 200);
  if (location === null) return refuse(`${n} status location`, 'must be text of at most 200 characters');
  const remark = optionalText(status.Instructions, 500);
  if (remark === null) return refuse(`${n} instructions`, 'must be text of at most 500 characters');
  const nsl = optionalText(shipment.NSLCode, 40);
  if (nsl === null) return refuse(`${n} NSL code`, 'must be text of at most 40 characters');
  return {
    awb,
    at,
    courierStatus: `${type}-${word}`,
    location,
    remark,
    // a failed attempt's NSL code is its NDR reason (EOD-11 …)
    ...(nsl && word === 'Pending' ? { reasonCode: nsl } : {}),
  };
}

export function parseDelhiveryPush(body: unknown): PushParse {
  const items = Array.isArray(body) ? body : [body];
  if (!items.length) return refuse('Shipment', 'is required');
  if (items.length > MAX_PUSH_SCANS) return refuse('Shipments', `may hold at most ${MAX_PUSH_SCANS} scans`);
  const scans: CourierScan[] = [];
  for (const [i, item] of items.entries()) {
    const scan = shipmentScan(item, items.length > 1 ? `Shipment ${i + 1}` : 'Shipment');
    if ('ok' in scan) return scan;
    scans.push(scan);
  }
  return { ok: true, scans };
}
