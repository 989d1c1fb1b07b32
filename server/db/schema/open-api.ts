import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, organisations } from './accounts';

// The open API: API keys (only a hash kept), the idempotency store of API writes, webhook
// endpoints, the outbox of webhook events and each endpoint's deliveries with their attempts.
// docs/decisions/open-api.md.

/** A seller's API key: acts as the login that made it, with that login's permissions as they stand. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    /** the login whose permissions the key carries */
    createdBy: integer('created_by')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /** the first characters, shown in the list so a key can be recognised */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key (hex); the key itself is shown once and never kept */
    keyHash: text('key_hash').notNull(),
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(600),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash), index('api_keys_org_idx').on(t.orgId, t.createdAt)],
);

/** One API write's Idempotency-Key: claimed before the write runs, then its answer kept for replays. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    key: text('key').notNull(),
    /** method and route pattern, and SHA-256 of the body: a repeat with other ones is refused */
    route: text('route').notNull(),
    bodyHash: text('body_hash').notNull(),
    /** null while the first request runs */
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** A receiver URL for some event types, with its signing secret (and the previous one for a day after a rotation). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    /** whsec_ + base64 of 24 random bytes (Standard Webhooks) */
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    /** ACTIVE or DISABLED (by the seller, or after a delivery ran out of retries) */
    status: text('status').notNull().default('ACTIVE'),
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('webhook_endpoints_status_ck', sql`${t.status} in ('ACTIVE', 'DISABLED')`),
    index('webhook_endpoints_org_idx').on(t.orgId),
  ],
);

/** The outbox: one row per event, written in the event's own transaction (a repeat writes nothing). */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    type: text('type').notNull(),
    /** the event's own id (an order event's id, an NDR's id, a payout's id) */
    ref: text('ref').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('webhook_events_ref_uq').on(t.orgId, t.type, t.ref)],
);

/** One event to one endpoint: retried on its schedule until delivered or given up. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id').notNull(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    /** PENDING, DELIVERED or FAILED (the schedule ran out) */
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastResponseStatus: integer('last_response_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check('webhook_deliveries_status_ck', sql`${t.status} in ('PENDING', 'DELIVERED', 'FAILED')`),
    uniqueIndex('webhook_deliveries_event_endpoint_uq').on(t.eventId, t.endpointId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'PENDING'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** Each try of a delivery: the request as sent and the answer (truncated), for the delivery log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id),
    attempt: integer('attempt').notNull(),
    /** MANUAL for a replay the seller asked for */
    trigger: text('trigger').notNull().default('SCHEDULE'),
    requestHeaders: jsonb('request_headers').notNull(),
    requestBody: text('request_body').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);
