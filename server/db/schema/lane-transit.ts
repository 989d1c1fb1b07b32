import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Delivery promises (docs/decisions/delivery-promises.md): how many working days each lane's
// delivered parcels took, rebuilt whole by the lane transit job from the last 90 days.

export const laneTransit = pgTable(
  'lane_transit',
  {
    /** PINCODE or DISTRICT (from the origin's district), or ZONE (from anywhere) */
    level: text('level').notNull(),
    /** the origin's "district|state"; empty at ZONE level */
    originKey: text('origin_key').notNull(),
    /** a pincode, "district|state", or a zone letter */
    placeKey: text('place_key').notNull(),
    carrierCode: text('carrier_code').notNull(),
    /** counts[d]: parcels delivered d working days after dispatch */
    counts: integer('counts').array().notNull(),
    shipments: integer('shipments').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.originKey, t.placeKey, t.carrierCode] })],
);
