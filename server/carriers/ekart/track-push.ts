import type { CourierScan } from '../adapter';
import { isRecord, optionalText, refuse, text, type PushParse } from '../push/push-parser';

// Ekart's track_updated push, one update a call:
//   { "ctime": 1657523187604, "status": "Delivered", "location": "", "desc": "Delivered Successfully",
//     "attempts": "0", "pickupTime": 1655980197000, "wbn": "318019134877", "id": "501346BN6838925",
//     "orderNumber": "41839", "edd": 1657523187609 }
// `id` is Ekart's tracking id (our AWB); `wbn` is its partner's waybill. Times are epoch
// milliseconds. The push names no NDR reason; an `ndrStatus`, when Ekart adds one as its tracking
// answer does, is read as the reason, else the poll brings it.

const epochMs = (v: unknown): Date | null => {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? new Date(n) : null;
};

export function parseEkartPush(body: unknown): PushParse {
  if (!isRecord(body)) return refuse('Body', 'must be an Ekart track_updated object');
  const awb = text(body.id, 40);
  if (!awb) return refuse('Tracking id (id)', 'is required (at most 40 characters)');
  const at = epochMs(body.ctime);
  if (!at) return refuse('Update time (ctime)', 'must be milliseconds since 1970');
  const status = text(body.status, 60);
  if (!status) return refuse('Status', 'is required (at most 60 characters)');
  const location = optionalText(body.location, 200);
  if (location === null) return refuse('Location', 'must be text of at most 200 characters');
  const remark = optionalText(body.desc, 500);
  if (remark === null) return refuse('Description (desc)', 'must be text of at most 500 characters');
  const reason = optionalText(body.ndrStatus, 60);
  if (reason === null) return refuse('NDR status', 'must be text of at most 60 characters');
  const scan: CourierScan = {
    awb,
    at,
    courierStatus: status,
    location,
    remark,
    ...(reason ? { reasonCode: reason } : {}),
  };
  return { ok: true, scans: [scan] };
}
