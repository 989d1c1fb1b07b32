import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations } from './accounts';
import { orders } from './orders';

// Live order events (src/domain/live-events-contract.ts): each status change as the streams send
// it, written in the same transaction as the change. Bounded: only the newest LIVE_REPLAY_PER_ORDER
// of an order stay, enough for a client's Last-Event-ID replay; the order's full history is
// order_events.

export const liveOrderEvents = pgTable(
  'live_order_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderNumber: text('order_number').notNull(),
    trackingNumber: text('tracking_number'),
    status: text('status').notNull(),
    statusText: text('status_text').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    location: text('location'),
    remark: text('remark'),
    /** the moment of the insert (not the transaction's start), shortly before its commit: delivery is measured from it */
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('live_order_events_order_idx').on(t.orderId, t.id)],
);

// An automatic simulation run (staff drive an order's courier life at an interval): the steps
// still to come; each step is a job, and the row says which step the next job may take.
export const simulationRuns = pgTable('simulation_runs', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  /** a new run replaces the old: a job of an older run finds another id and does nothing */
  runId: text('run_id').notNull(),
  remaining: text('remaining').array().notNull(),
  intervalSeconds: integer('interval_seconds').notNull(),
  startedBy: integer('started_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
