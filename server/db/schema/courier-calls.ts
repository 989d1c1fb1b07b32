import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Calls the product made to each courier's API, one row a courier a minute (UTC minute start).
// Every process adds its own counts to the same row (an upsert of a few seconds' calls at a time),
// so staff see the whole fleet's figures and they survive restarts.

export const courierCallStats = pgTable(
  'courier_call_stats',
  {
    carrierCode: text('carrier_code').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    calls: integer('calls').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    totalLatencyMs: bigint('total_latency_ms', { mode: 'number' }).notNull().default(0),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** the latest failure's message in this minute, with configured secrets blanked */
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'courier_call_stats_pk', columns: [t.carrierCode, t.minute] })],
);
