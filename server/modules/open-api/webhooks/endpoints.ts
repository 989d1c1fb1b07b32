import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../deps';
import { queryRows } from '../../../db/rows';
import { webhookEndpoints } from '../../../db/schema';
import type { SellerCaller } from '../../../http/router';
import { badRequest, notFound } from '../../../http/errors';
import { assertPlanAllows } from '../../plans/plan-gate';
import {
  PREVIOUS_SECRET_HOURS,
  type WebhookDeliveryDetail,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  type WebhookSecret,
} from '../../../../src/domain/open-api-contract';
import type { WebhookEndpointInput } from '../../../../src/domain/schemas/open-api';
import { newWebhookSecret, webhookIdOf } from './signing';
import { receiverRefusal } from './receiver-address';
import { insertAttempts, loadForReplay, sendOne } from './deliver';

// A seller's webhook endpoints: register, change, enable or disable, delete, the signing
// secret (shown on asking; rotated with the old one still signing for a day), the delivery log
// and a replay by hand. Everything is scoped by the caller's organisation.

type Endpoint = typeof webhookEndpoints.$inferSelect;

async function counts(deps: AppDeps, orgId: number) {
  const rows = await queryRows<{ endpoint_id: number; delivered: string; failing: string }>(
    deps.db,
    sql`select endpoint_id,
          count(*) filter (where status = 'DELIVERED') as delivered,
          count(*) filter (where status = 'FAILED' or (status = 'PENDING' and attempts > 0)) as failing
        from webhook_deliveries where org_id = ${orgId} group by endpoint_id`,
  );
  return new Map(rows.map((r) => [Number(r.endpoint_id), r]));
}

const rowOf = (e: Endpoint, c?: { delivered: string; failing: string }): WebhookEndpointRow => ({
  id: e.id,
  url: e.url,
  description: e.description,
  events: e.events,
  status: e.status as 'ACTIVE' | 'DISABLED',
  disabledReason: e.disabledReason,
  createdAt: e.createdAt.toISOString(),
  delivered: Number(c?.delivered ?? 0),
  failing: Number(c?.failing ?? 0),
});

async function mine(deps: AppDeps, caller: SellerCaller, id: number): Promise<Endpoint> {
  await assertPlanAllows(deps.db, caller.orgId, 'openApi');
  const [e] = await deps.db
    .select()
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.orgId, caller.orgId), isNull(webhookEndpoints.deletedAt)),
    );
  if (!e) throw notFound('No such webhook endpoint');
  return e;
}

async function one(deps: AppDeps, caller: SellerCaller, id: number): Promise<WebhookEndpointRow> {
  const e = await mine(deps, caller, id);
  return rowOf(e, (await counts(deps, caller.orgId)).get(e.id));
}

export async function listEndpoints(deps: AppDeps, caller: SellerCaller): Promise<WebhookEndpointRow[]> {
  await assertPlanAllows(deps.db, caller.orgId, 'openApi');
  const rows = await deps.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.orgId, caller.orgId), isNull(webhookEndpoints.deletedAt)))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  const c = await counts(deps, caller.orgId);
  return rows.map((e) => rowOf(e, c.get(e.id)));
}

/** The receiver URL to keep, as the address it names (0x7f.1 is kept as 127.0.0.1), once checked. */
async function checkedReceiver(deps: AppDeps, url: string): Promise<string> {
  const refusal = await receiverRefusal(deps, url);
  if (refusal) throw badRequest(refusal);
  return new URL(url).href;
}

export async function createEndpoint(
  deps: AppDeps,
  caller: SellerCaller,
  input: WebhookEndpointInput,
): Promise<WebhookEndpointRow> {
  await assertPlanAllows(deps.db, caller.orgId, 'openApi');
  const url = await checkedReceiver(deps, input.url);
  const [e] = await deps.db
    .insert(webhookEndpoints)
    .values({
      orgId: caller.orgId,
      url,
      description: input.description ?? '',
      events: [...new Set(input.events)],
      secret: newWebhookSecret(),
      createdAt: deps.now(),
    })
    .returning();
  return rowOf(e);
}

export async function updateEndpoint(
  deps: AppDeps,
  caller: SellerCaller,
  id: number,
  input: WebhookEndpointInput,
): Promise<WebhookEndpointRow> {
  await mine(deps, caller, id);
  const url = await checkedReceiver(deps, input.url);
  await deps.db
    .update(webhookEndpoints)
    .set({ url, description: input.description ?? '', events: [...new Set(input.events)] })
    .where(eq(webhookEndpoints.id, id));
  return one(deps, caller, id);
}

export async function setEndpointEnabled(
  deps: AppDeps,
  caller: SellerCaller,
  id: number,
  enabled: boolean,
): Promise<WebhookEndpointRow> {
  await mine(deps, caller, id);
  await deps.db
    .update(webhookEndpoints)
    .set(
      enabled ? { status: 'ACTIVE', disabledReason: null } : { status: 'DISABLED', disabledReason: 'Disabled by you' },
    )
    .where(eq(webhookEndpoints.id, id));
  if (enabled) {
    // the events that waited are due at once, and a given-up delivery starts its schedule again
    await deps.db.execute(sql`
      update webhook_deliveries set status = 'PENDING', attempts = 0, next_attempt_at = ${deps.now().toISOString()}::timestamptz
      where endpoint_id = ${id} and (status = 'FAILED' or status = 'PENDING')`);
  }
  return one(deps, caller, id);
}

export async function deleteEndpoint(deps: AppDeps, caller: SellerCaller, id: number): Promise<WebhookEndpointRow> {
  const e = await mine(deps, caller, id);
  await deps.db
    .update(webhookEndpoints)
    .set({ deletedAt: deps.now(), status: 'DISABLED', disabledReason: 'Deleted' })
    .where(eq(webhookEndpoints.id, id));
  return rowOf({ ...e, status: 'DISABLED', disabledReason: 'Deleted' });
}

const secretOf = (e: Endpoint, now: Date): WebhookSecret => {
  const current = e.previousSecretUntil && e.previousSecretUntil > now;
  return {
    secret: e.secret,
    previousSecret: current ? e.previousSecret : null,
    previousSecretUntil: current ? e.previousSecretUntil!.toISOString() : null,
  };
};

export async function endpointSecret(deps: AppDeps, caller: SellerCaller, id: number): Promise<WebhookSecret> {
  return secretOf(await mine(deps, caller, id), deps.now());
}

/** A new secret; the old one keeps signing beside it for a day, so receivers can switch without a gap. */
export async function rotateSecret(deps: AppDeps, caller: SellerCaller, id: number): Promise<WebhookSecret> {
  const e = await mine(deps, caller, id);
  const now = deps.now();
  const [next] = await deps.db
    .update(webhookEndpoints)
    .set({
      secret: newWebhookSecret(),
      previousSecret: e.secret,
      previousSecretUntil: new Date(now.getTime() + PREVIOUS_SECRET_HOURS * 3600_000),
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return secretOf(next, now);
}

interface DeliveryRowSql {
  id: number;
  event_id: number;
  type: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  last_response_status: number | null;
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
}
const iso = (s: string | null) => (s ? new Date(s).toISOString() : null);
const deliveryRow = (r: DeliveryRowSql): WebhookDeliveryRow => ({
  id: Number(r.id),
  webhookId: webhookIdOf(Number(r.event_id)),
  eventType: r.type,
  status: r.status,
  attempts: r.attempts,
  lastResponseStatus: r.last_response_status,
  nextAttemptAt: r.status === 'PENDING' ? iso(r.next_attempt_at) : null,
  createdAt: iso(r.created_at)!,
  deliveredAt: iso(r.delivered_at),
});

export async function listDeliveries(
  deps: AppDeps,
  caller: SellerCaller,
  endpointId: number,
  page: { pageNumber: number; recordsPerPage: number },
) {
  await mine(deps, caller, endpointId);
  const rows = await queryRows<DeliveryRowSql & { total: string }>(
    deps.db,
    sql`select d.id, d.event_id, ev.type, d.status, d.attempts, d.last_response_status, d.next_attempt_at,
               d.created_at, d.delivered_at, count(*) over () as total
        from webhook_deliveries d join webhook_events ev on ev.id = d.event_id
        where d.endpoint_id = ${endpointId} and d.org_id = ${caller.orgId}
        order by d.id desc
        limit ${page.recordsPerPage} offset ${page.pageNumber * page.recordsPerPage}`,
  );
  return { rows: rows.map(deliveryRow), total: Number(rows[0]?.total ?? 0) };
}

export async function deliveryDetail(
  deps: AppDeps,
  caller: SellerCaller,
  deliveryId: number,
): Promise<WebhookDeliveryDetail> {
  await assertPlanAllows(deps.db, caller.orgId, 'openApi');
  const [r] = await queryRows<DeliveryRowSql>(
    deps.db,
    sql`select d.id, d.event_id, ev.type, d.status, d.attempts, d.last_response_status, d.next_attempt_at,
               d.created_at, d.delivered_at
        from webhook_deliveries d join webhook_events ev on ev.id = d.event_id
        where d.id = ${deliveryId} and d.org_id = ${caller.orgId}`,
  );
  if (!r) throw notFound('No such webhook delivery');
  const attempts = await queryRows<{
    attempt: number;
    trigger: string;
    request_headers: Record<string, string>;
    request_body: string;
    response_status: number | null;
    response_body: string | null;
    error: string | null;
    duration_ms: number;
    at: string;
  }>(deps.db, sql`select * from webhook_attempts where delivery_id = ${deliveryId} order by id`);
  return {
    ...deliveryRow(r),
    attemptsLog: attempts.map((a) => ({
      attempt: a.attempt,
      trigger: a.trigger,
      requestHeaders: a.request_headers,
      requestBody: a.request_body,
      responseStatus: a.response_status,
      responseBody: a.response_body,
      error: a.error,
      durationMs: a.duration_ms,
      at: iso(a.at)!,
    })),
  };
}

/** Sends a delivery again now, whatever its state; a 2xx marks it delivered. */
export async function replayDelivery(
  deps: AppDeps,
  caller: SellerCaller,
  deliveryId: number,
): Promise<WebhookDeliveryDetail> {
  await assertPlanAllows(deps.db, caller.orgId, 'openApi');
  const d = await loadForReplay(deps, caller.orgId, deliveryId);
  if (!d) throw notFound('No such webhook delivery');
  const now = deps.now();
  const o = await sendOne(deps, d, now);
  const delivered = o.status !== null && o.status >= 200 && o.status < 300;
  await deps.db.transaction(async (tx) => {
    const [{ attempts }] = await queryRows<{ attempts: number }>(
      tx,
      sql`update webhook_deliveries set attempts = attempts + 1, last_response_status = ${o.status},
            status = case when ${delivered} then 'DELIVERED' else status end,
            delivered_at = case when ${delivered} then ${now.toISOString()}::timestamptz else delivered_at end
          where id = ${deliveryId} returning attempts`,
    );
    await insertAttempts(tx, [{ deliveryId, attempt: attempts, trigger: 'MANUAL', o }], now);
  });
  return deliveryDetail(deps, caller, deliveryId);
}
