import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, real, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations } from './accounts';

// The courier recommendation engine's tables (docs/decisions/carrier-recommendation.md).

/**
 * How each courier has done per destination place, rebuilt whole by the outcome job from the
 * settled shipments of the last OUTCOME_WINDOW_DAYS: one row per level, place and courier.
 */
export const courierOutcomes = pgTable(
  'courier_outcomes',
  {
    /** PINCODE, DISTRICT, STATE or ZONE */
    level: text('level').notNull(),
    /** a pincode, "district|state", a state's name, or a zone letter */
    placeKey: text('place_key').notNull(),
    carrierCode: text('carrier_code').notNull(),
    shipments: integer('shipments').notNull(),
    delivered: integer('delivered').notNull(),
    rto: integer('rto').notNull(),
    ndr: integer('ndr').notNull(),
    /** average days from pickup to delivery over the delivered ones; null when none was */
    avgDays: real('avg_days'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.placeKey, t.carrierCode] })],
);

/** A seller's recommendation rule and delivered % floor (Premium); absent means the defaults. */
export const courierRecommendationSettings = pgTable('courier_recommendation_settings', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organisations.id),
  /** CHEAPEST_ABOVE_FLOOR, FASTEST or BEST_VALUE */
  rule: text('rule').notNull().default('CHEAPEST_ABOVE_FLOOR'),
  floorPct: smallint('floor_pct').notNull().default(90),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
