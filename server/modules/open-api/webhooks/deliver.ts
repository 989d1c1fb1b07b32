import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import { queryRows } from '../../../db/rows';
import { unnestSelect } from '../../../db/unnest';
import { WEBHOOK_RESPONSE_KEEP_CHARS, WEBHOOK_TIMEOUT_MS } from '../../../../src/domain/open-api-contract';
import { signedHeaders, webhookIdOf } from './signing';
import { retryDelaySeconds } from './schedule';
import { RECEIVER_LABEL, schemeRefusal } from './receiver-address';
import { DestinationRefused } from '../../../outbound/destination';
import { guardedFetch } from '../../../outbound/guarded-fetch';
import { endpointDisabledEmail } from './emails';

// Delivers due webhook deliveries: claims a batch (FOR UPDATE SKIP LOCKED, moving their next try
// a lease ahead, so two workers never send the same one at once), posts them concurrently, then
// writes every outcome and its attempt in two statements. A worker that dies mid-batch leaves
// its claims to come due again after the lease: delivery is at least once, and receivers dedupe
// by webhook-id.

export const WEBHOOK_QUEUE = 'webhooks.deliver';
/** A claimed delivery is not claimed again for this long (a dead worker's batch comes back). */
const LEASE_SECONDS = 120;

interface Due {
  id: number;
  event_id: number;
  endpoint_id: number;
  org_id: number;
  attempts: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: string | null;
  type: string;
  payload: unknown;
  created_at: string;
}

export interface SendOutcome {
  headers: Record<string, string>;
  body: string;
  status: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

/** The request body: the same on every attempt of an event. */
export function webhookBody(type: string, createdAt: Date, payload: unknown): string {
  return JSON.stringify({ type, timestamp: createdAt.toISOString(), data: payload });
}

export function secretsOf(d: Pick<Due, 'secret' | 'previous_secret' | 'previous_secret_until'>, now: Date): string[] {
  const previous =
    d.previous_secret && d.previous_secret_until && new Date(d.previous_secret_until) > now ? [d.previous_secret] : [];
  return [d.secret, ...previous];
}

/** One POST to a receiver, signed; never throws (a network error is an outcome). */
export async function sendOne(deps: AppDeps, d: Due, now: Date): Promise<SendOutcome> {
  const body = webhookBody(d.type, new Date(d.created_at), d.payload);
  const headers = signedHeaders(webhookIdOf(Number(d.event_id)), now, body, secretsOf(d, now));
  const started = performance.now();
  const done = (o: Omit<SendOutcome, 'headers' | 'body' | 'durationMs'>): SendOutcome => ({
    ...o,
    headers,
    body,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const refusal = schemeRefusal(d.url, deps.config.production);
    if (refusal) return done({ status: null, responseBody: null, error: refusal });
    // checked again now and connected to the checked address; a 3xx is a failed delivery
    const res = await guardedFetch(deps, RECEIVER_LABEL)(d.url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    const text = (await res.text()).slice(0, WEBHOOK_RESPONSE_KEEP_CHARS);
    return done({ status: res.status, responseBody: text, error: null });
  } catch (e) {
    const error = e instanceof DestinationRefused ? `Not sent: ${e.message}` : (e as Error).message;
    return done({ status: null, responseBody: null, error: error.slice(0, 300) });
  }
}

const ok = (o: SendOutcome) => o.status !== null && o.status >= 200 && o.status < 300;

async function claimDue(deps: AppDeps, now: Date, limit: number): Promise<Due[]> {
  return queryRows<Due>(
    deps.db,
    sql`
    with claimed as (
      update webhook_deliveries d set next_attempt_at = ${new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString()}::timestamptz
      where d.id in (
        select x.id from webhook_deliveries x
        join webhook_endpoints e on e.id = x.endpoint_id and e.status = 'ACTIVE' and e.deleted_at is null
        where x.status = 'PENDING' and x.next_attempt_at <= ${now.toISOString()}::timestamptz
        order by x.next_attempt_at, x.id
        limit ${limit}
        for update of x skip locked
      )
      returning d.id, d.event_id, d.endpoint_id, d.org_id, d.attempts
    )
    select c.*, e.url, e.secret, e.previous_secret, e.previous_secret_until, ev.type, ev.payload, ev.created_at
    from claimed c
    join webhook_endpoints e on e.id = c.endpoint_id
    join webhook_events ev on ev.id = c.event_id`,
  );
}

/** Writes each outcome: delivered, due again on the schedule, or failed for good (its endpoint disabled). */
async function recordOutcomes(deps: AppDeps, batch: readonly { d: Due; o: SendOutcome }[], now: Date) {
  const rows = batch.map(({ d, o }) => {
    const attempts = d.attempts + 1;
    const delay = retryDelaySeconds(attempts);
    const status = ok(o) ? 'DELIVERED' : delay === null ? 'FAILED' : 'PENDING';
    const next = status === 'PENDING' ? new Date(now.getTime() + delay! * 1000) : null;
    return { d, o, attempts, status, next };
  });
  const gaveUp = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`
      update webhook_deliveries d set
        status = v.status, attempts = v.attempts, next_attempt_at = v.next,
        last_response_status = v.code,
        delivered_at = case when v.status = 'DELIVERED' then ${now.toISOString()}::timestamptz else d.delivered_at end
      from (${unnestSelect([
        [rows.map((r) => r.d.id), 'bigint'],
        [rows.map((r) => r.status), 'text'],
        [rows.map((r) => r.attempts), 'int'],
        [rows.map((r) => r.next), 'timestamptz'],
        [rows.map((r) => r.o.status), 'int'],
      ])}) as v(id, status, attempts, next, code)
      where d.id = v.id`);
    await insertAttempts(
      tx,
      rows.map((r) => ({ deliveryId: r.d.id, attempt: r.attempts, trigger: 'SCHEDULE', o: r.o })),
      now,
    );
    const failedEndpoints = [...new Set(rows.filter((r) => r.status === 'FAILED').map((r) => r.d.endpoint_id))];
    if (!failedEndpoints.length) return [];
    return queryRows<{ id: number; org_id: number; url: string }>(
      tx,
      sql`update webhook_endpoints set status = 'DISABLED',
            disabled_reason = 'Deliveries failed for a day: every retry of an event got no 2xx answer'
          where id = any(${sql.param(failedEndpoints)}::int[]) and status = 'ACTIVE'
          returning id, org_id, url`,
    );
  });
  for (const e of gaveUp) {
    const [owner] = await queryRows<{ email: string; first_name: string }>(
      deps.db,
      sql`select email, first_name from accounts where org_id = ${e.org_id} and role = 'OWNER' order by id limit 1`,
    );
    if (owner) await deps.messenger.send(endpointDisabledEmail(owner.email, owner.first_name, e.url));
  }
}

export async function insertAttempts(
  tx: Tx | AppDeps['db'],
  list: readonly { deliveryId: number; attempt: number; trigger: string; o: SendOutcome }[],
  now: Date,
) {
  if (!list.length) return;
  await tx.execute(sql`
    insert into webhook_attempts (delivery_id, attempt, trigger, request_headers, request_body, response_status, response_body, error, duration_ms, at)
    select delivery_id, attempt, trigger, headers::jsonb, body, code, response, error, ms, ${now.toISOString()}::timestamptz
    from (${unnestSelect([
      [list.map((x) => x.deliveryId), 'bigint'],
      [list.map((x) => x.attempt), 'int'],
      [list.map((x) => x.trigger), 'text'],
      [list.map((x) => JSON.stringify(x.o.headers)), 'text'],
      [list.map((x) => x.o.body), 'text'],
      [list.map((x) => x.o.status), 'int'],
      [list.map((x) => x.o.responseBody), 'text'],
      [list.map((x) => x.o.error), 'text'],
      [list.map((x) => x.o.durationMs), 'int'],
    ])}) as v(delivery_id, attempt, trigger, headers, body, code, response, error, ms)`);
}

/** Sends every delivery due now, a batch at a time; answers how many it sent. */
export async function deliverDueWebhooks(
  deps: AppDeps,
  opts: { batchSize?: number; concurrency?: number } = {},
): Promise<number> {
  const batchSize = opts.batchSize ?? 500;
  const concurrency = opts.concurrency ?? 100;
  let sent = 0;
  for (;;) {
    const now = deps.now();
    const due = await claimDue(deps, now, batchSize);
    if (!due.length) return sent;
    const results: { d: Due; o: SendOutcome }[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, due.length) }, async () => {
        while (next < due.length) {
          const d = due[next++];
          results.push({ d, o: await sendOne(deps, d, now) });
        }
      }),
    );
    await recordOutcomes(deps, results, now);
    sent += due.length;
    if (due.length < batchSize) return sent;
  }
}

/** A delivery's event and endpoint, to send it again by hand (the replay of the delivery log). */
export async function loadForReplay(deps: AppDeps, orgId: number, deliveryId: number): Promise<Due | null> {
  const [d] = await queryRows<Due>(
    deps.db,
    sql`select d.id, d.event_id, d.endpoint_id, d.org_id, d.attempts, e.url, e.secret, e.previous_secret,
               e.previous_secret_until, ev.type, ev.payload, ev.created_at
        from webhook_deliveries d
        join webhook_endpoints e on e.id = d.endpoint_id and e.deleted_at is null
        join webhook_events ev on ev.id = d.event_id
        where d.id = ${deliveryId} and d.org_id = ${orgId}`,
  );
  return d ?? null;
}
