import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { unnestSelect } from '../../db/unnest';
import { liveOrderEvents } from '../../db/schema';
import { LIVE_REPLAY_PER_ORDER } from '../../../src/domain/live-events-contract';
import { FORWARD_STATUSES, RETURN_STATUSES } from '../../../src/domain/order-status';
import type { OrderMovedHook } from '../order-status/moved';

// Writes live events in the caller's transaction and announces each one with pg_notify, which
// PostgreSQL (and PGlite) delivers only when that transaction commits: a rolled-back change is
// never announced, and every process's listener hears a committed one. The payload is small
// (event id and order id); listeners load the row.

/** The one channel of live notifications: `e:<eventId>:<orderId>` a status event, `f:<orderId>` or `f:*` a tracking answer to forget. */
export const LIVE_CHANNEL = 'dakiya_live';

export interface LiveEventRow {
  orgId: number;
  orderId: number;
  orderNumber: string;
  trackingNumber: string | null;
  status: string;
  at: Date;
  location: string | null;
  remark: string | null;
}

export const statusText = (status: string): string =>
  (FORWARD_STATUSES as Record<string, string>)[status] ?? (RETURN_STATUSES as Record<string, string>)[status] ?? status;

export async function recordLiveEvents(tx: Tx, rows: readonly LiveEventRow[]): Promise<void> {
  if (!rows.length) return;
  await tx.execute(sql`
    with ins as (
      insert into ${liveOrderEvents} (org_id, order_id, order_number, tracking_number, status, status_text, at, location, remark)
      ${unnestSelect([
        [rows.map((r) => r.orgId), 'int'],
        [rows.map((r) => r.orderId), 'int'],
        [rows.map((r) => r.orderNumber), 'text'],
        [rows.map((r) => r.trackingNumber), 'text'],
        [rows.map((r) => r.status), 'text'],
        [rows.map((r) => statusText(r.status)), 'text'],
        [rows.map((r) => r.at), 'timestamptz'],
        [rows.map((r) => r.location), 'text'],
        [rows.map((r) => r.remark), 'text'],
      ])}
      returning id, order_id
    )
    select pg_notify(${LIVE_CHANNEL}, 'e:' || id || ':' || order_id) from ins order by id`);
  // bounded: the newest LIVE_REPLAY_PER_ORDER of each touched order stay (an index walk of at
  // most that many entries per order, so the trim costs little however long the order's life)
  const ids = [...new Set(rows.map((r) => r.orderId))];
  await tx.execute(sql`
    delete from ${liveOrderEvents} e
    using (
      select o.id as order_id,
        (select x.id from ${liveOrderEvents} x where x.order_id = o.id
          order by x.id desc offset ${LIVE_REPLAY_PER_ORDER} limit 1) as cut
      from unnest(${sql.param(ids)}::int[]) as o(id)
    ) c
    where e.order_id = c.order_id and c.cut is not null and e.id <= c.cut`);
}

/** The live streams' order-moved hook: each move's copy, announced when its transaction commits. */
export const liveEventsOnMove: OrderMovedHook = (tx, moved) =>
  recordLiveEvents(
    tx,
    moved.map((m) => ({
      orgId: m.order.orgId,
      orderId: m.order.id,
      orderNumber: m.order.orderNumber,
      trackingNumber: m.trackingNumber,
      status: m.to,
      at: m.at,
      location: m.location,
      remark: m.remark,
    })),
  );
