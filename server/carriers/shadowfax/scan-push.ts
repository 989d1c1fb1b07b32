import type { CourierScan } from '../adapter';
import { MAX_PUSH_SCANS } from '../push/generic-push';
import { isRecord, optionalText, refuse, text, type PushParse } from '../push/push-parser';
import { reasonOf } from './answers';
import { REVERSE_PREFIX } from './shadowfax-courier';

// Shadowfax's webhook (configured in its client portal, with the header it is told to send), one
// event a call or a list of them:
//   { "awb_number": "SF610198449AAA", "order_id": "FL2023…", "event_timestamp": "2023-05-18 16:22:13",
//     "current_location": "CHN_Ambattur_EXP", "comments": "Item Delivered at CHN_Ambattur_EXP",
//     "event": "delivered", "status": "Delivered", "type": "FWD", … }
// `event` is the status_id its tracking answers carry; a reverse pickup's events are read as the
// reverse journey's. Its timestamps carry no offset and are IST.

const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})$/;

function eventScan(item: unknown, n: string): CourierScan | PushParse {
  if (!isRecord(item)) return refuse(n, 'must be an object');
  const awb = text(item.awb_number, 40);
  if (!awb) return refuse(`${n} awb_number`, 'is required (at most 40 characters)');
  const event = text(item.event, 60);
  if (!event) return refuse(`${n} event`, 'is required (its status_id, e.g. ofd)');
  const time = LOCAL_TIME.exec(typeof item.event_timestamp === 'string' ? item.event_timestamp.trim() : '');
  const at = time ? new Date(`${time[1]}T${time[2]}+05:30`) : null;
  if (!at || Number.isNaN(at.getTime()))
    return refuse(`${n} event_timestamp`, 'must be a date and time, e.g. 2026-11-20 16:22:13');
  const location = optionalText(item.current_location, 200);
  if (location === null) return refuse(`${n} current_location`, 'must be text of at most 200 characters');
  const remark = optionalText(item.comments, 500);
  if (remark === null) return refuse(`${n} comments`, 'must be text of at most 500 characters');
  const reverse = typeof item.type === 'string' && /^(REV|RVP|R)$/i.test(item.type.trim());
  if (reverse) return { awb, at, courierStatus: `${REVERSE_PREFIX}${event}`, location, remark };
  return { awb, at, courierStatus: event, location, remark, ...reasonOf(event, remark) };
}

export function parseShadowfaxPush(body: unknown): PushParse {
  const items = Array.isArray(body) ? body : [body];
  if (!items.length) return refuse('Event', 'is required');
  if (items.length > MAX_PUSH_SCANS) return refuse('Events', `may hold at most ${MAX_PUSH_SCANS} events`);
  const scans: CourierScan[] = [];
  for (const [i, item] of items.entries()) {
    const scan = eventScan(item, items.length > 1 ? `Event ${i + 1}` : 'Event');
    if ('ok' in scan) return scan;
    scans.push(scan);
  }
  return { ok: true, scans };
}
