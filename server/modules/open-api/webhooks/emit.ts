import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { unnestSelect } from '../../../db/unnest';
import { queryRows } from '../../../db/rows';
import type { WebhookEventType } from '../../../../src/domain/open-api-contract';
import { RETURN_STATUSES } from '../../../../src/domain/order-status';
import type { OrderMovedHook } from '../../order-status/moved';

// Webhook events are written by the code that makes each event, in its own transaction, into the
// outbox (webhook_events) with one delivery a subscribed endpoint: a rolled-back change sends
// nothing, and a repeat of the same event (its ref) writes nothing. Only organisations with an
// active endpoint for the type keep the event, so sellers without webhooks pay one index probe.

export interface WebhookEventInput {
  orgId: number;
  type: WebhookEventType;
  /** the event's own id: a repeat with the same one writes nothing */
  ref: string;
  data: Record<string, unknown>;
}

export async function emitWebhookEvents(tx: Executor, given: readonly WebhookEventInput[], at: Date): Promise<void> {
  if (!given.length) return;
  // most sellers have no endpoint: one probe of the batch's few sellers spares sending every
  // event's payload to be dropped row by row
  const orgIds = [...new Set(given.map((e) => e.orgId))];
  const subscribed = await queryRows<{ org_id: number }>(
    tx,
    sql`select distinct org_id from webhook_endpoints
      where org_id = any(${sql.param(orgIds)}::int[]) and status = 'ACTIVE' and deleted_at is null`,
  );
  const withEndpoint = new Set(subscribed.map((r) => r.org_id));
  const list = given.filter((e) => withEndpoint.has(e.orgId));
  if (!list.length) return;
  await tx.execute(sql`
    with v as (
      ${unnestSelect([
        [list.map((e) => e.orgId), 'int'],
        [list.map((e) => e.type), 'text'],
        [list.map((e) => e.ref), 'text'],
        [list.map((e) => JSON.stringify(e.data)), 'text'],
      ])}
    ), wanted as (
      select v.* from v as v(org_id, type, ref, payload)
      where exists (
        select 1 from webhook_endpoints e
        where e.org_id = v.org_id and e.status = 'ACTIVE' and e.deleted_at is null and v.type = any(e.events)
      )
    ), ev as (
      insert into webhook_events (org_id, type, ref, payload, created_at)
      select org_id, type, ref, payload::jsonb, ${at.toISOString()}::timestamptz from wanted
      on conflict (org_id, type, ref) do nothing
      returning id, org_id, type
    )
    insert into webhook_deliveries (org_id, event_id, endpoint_id, status, next_attempt_at, created_at)
    select ev.org_id, ev.id, e.id, 'PENDING', ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
    from ev join webhook_endpoints e
      on e.org_id = ev.org_id and e.status = 'ACTIVE' and e.deleted_at is null and ev.type = any(e.events)`);
}

/** An order's status change: the general event, and the named one for booking, delivery, RTO or a return's move. */
export function statusWebhookEvents(m: {
  orgId: number;
  orderId: number;
  orderNumber: string;
  awb: string | null;
  from: string;
  to: string;
  at: Date;
}): WebhookEventInput[] {
  const ref = `${m.orderId}:${m.to}:${m.at.toISOString()}`;
  const data = {
    orderId: m.orderId,
    orderNumber: m.orderNumber,
    awb: m.awb,
    fromStatus: m.from,
    status: m.to,
    at: m.at.toISOString(),
  };
  if (m.to in RETURN_STATUSES) return [{ orgId: m.orgId, type: 'return.status_changed', ref, data }];
  const out: WebhookEventInput[] = [{ orgId: m.orgId, type: 'order.status_changed', ref, data }];
  if (m.to === 'PKP_SCH' && m.from === 'RTS') out.push({ orgId: m.orgId, type: 'shipment.booked', ref, data });
  if (m.to === 'DLV') out.push({ orgId: m.orgId, type: 'order.delivered', ref, data });
  if (m.to === 'RTO_INT') out.push({ orgId: m.orgId, type: 'order.rto', ref, data });
  return out;
}

/** The sellers' webhooks' order-moved hook: each move's events, in the move's transaction. */
export const statusWebhooksOnMove: OrderMovedHook = (tx, moved, now) =>
  emitWebhookEvents(
    tx,
    moved.flatMap((m) =>
      statusWebhookEvents({
        orgId: m.order.orgId,
        orderId: m.order.id,
        orderNumber: m.order.orderNumber,
        awb: m.trackingNumber,
        from: m.from,
        to: m.to,
        at: m.at,
      }),
    ),
    now,
  );
