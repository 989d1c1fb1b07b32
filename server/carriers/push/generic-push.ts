import type { CourierScan, HubWeighing } from '../adapter';
import { isRecord, optionalText, refuse, text, type PushParse } from './push-parser';

// Dakiya's own push shape, for the sandbox couriers and any courier that can be asked to send it
// (Delhivery "can send a custom payload"):
//   { "scans": [ { "awb": "DE1234…", "at": "2026-11-20T12:00:00+05:30", "status": "IN_TRANSIT",
//                  "location": "Delhi Hub", "remark": "Shipment in transit",
//                  "reasonCode": "EOD-11",                                  (optional)
//                  "hubWeight": { "deadWeightKg": 1.2, "lengthCm": 20,      (optional)
//                                 "breadthCm": 15, "heightCm": 10 } } ] }
// `status` is the courier's own status word, read through its code table; `at` carries its offset.

export const MAX_PUSH_SCANS = 500;

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

function weighing(v: unknown, label: string): HubWeighing | string | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isRecord(v)) return `${label} must be an object`;
  const out: Record<string, number> = {};
  const names: [keyof HubWeighing, string][] = [
    ['deadWeightKg', 'dead weight (kg)'],
    ['lengthCm', 'length (cm)'],
    ['breadthCm', 'breadth (cm)'],
    ['heightCm', 'height (cm)'],
  ];
  for (const [key, words] of names) {
    const n = v[key];
    if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0 || n > 10_000)
      return `${label} ${words} must be a positive number`;
    out[key] = n;
  }
  return out as unknown as HubWeighing;
}

export function parseGenericPush(body: unknown): PushParse {
  if (!isRecord(body) || !Array.isArray(body.scans)) return refuse('Scans', 'must be a list');
  if (!body.scans.length) return refuse('Scans', 'must not be empty');
  if (body.scans.length > MAX_PUSH_SCANS) return refuse('Scans', `may hold at most ${MAX_PUSH_SCANS} scans`);
  const scans: CourierScan[] = [];
  for (const [i, raw] of body.scans.entries()) {
    const n = `Scan ${i + 1}`;
    if (!isRecord(raw)) return refuse(n, 'must be an object');
    const awb = text(raw.awb, 40);
    if (!awb) return refuse(`${n} AWB`, 'is required (at most 40 characters)');
    const at = typeof raw.at === 'string' && ISO_WITH_OFFSET.test(raw.at) ? new Date(raw.at) : null;
    if (!at || Number.isNaN(at.getTime()))
      return refuse(`${n} time`, 'must be a date and time with its offset, e.g. 2026-11-20T12:00:00+05:30');
    const status = text(raw.status, 60);
    if (!status) return refuse(`${n} status`, 'is required (at most 60 characters)');
    const location = optionalText(raw.location, 200);
    if (location === null) return refuse(`${n} location`, 'must be text of at most 200 characters');
    const remark = optionalText(raw.remark, 500);
    if (remark === null) return refuse(`${n} remark`, 'must be text of at most 500 characters');
    const reasonCode = optionalText(raw.reasonCode, 40);
    if (reasonCode === null) return refuse(`${n} reason code`, 'must be text of at most 40 characters');
    const hub = weighing(raw.hubWeight, `${n} hub weight`);
    if (typeof hub === 'string') return { ok: false, field: `${n} hub weight`, message: hub };
    scans.push({
      awb,
      at,
      courierStatus: status,
      location,
      remark,
      ...(reasonCode ? { reasonCode } : {}),
      ...(hub ? { hubWeight: hub } : {}),
    });
  }
  return { ok: true, scans };
}
