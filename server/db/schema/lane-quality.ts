import { integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';

// Courier quality per lane (docs/decisions/lane-quality.md): how each courier's parcels of the last
// 90 days ended and how often it picked up in time, rebuilt whole by the lane quality job.

export const laneQuality = pgTable(
  'lane_quality',
  {
    /** PINCODE (origin pincode to destination pincode), DISTRICT (district to district) or ZONE */
    level: text('level').notNull(),
    /** the origin pincode, the origin's "district|state", or empty at ZONE level */
    originKey: text('origin_key').notNull(),
    /** the destination pincode, its "district|state", or a zone letter */
    placeKey: text('place_key').notNull(),
    carrierCode: text('carrier_code').notNull(),
    /** parcels settled: delivered, returned to origin, lost or damaged */
    settled: integer('settled').notNull(),
    delivered: integer('delivered').notNull(),
    rto: integer('rto').notNull(),
    /** settled parcels with at least one failed delivery attempt */
    ndr: integer('ndr').notNull(),
    /** average days from pickup (or booking) to delivery over the delivered ones; null when none was */
    avgDays: real('avg_days'),
    /** parcels whose pickup grace day (the promised day's next working day) has passed */
    pickupsDue: integer('pickups_due').notNull(),
    /** of those, picked up by the grace day */
    pickupsOnTime: integer('pickups_on_time').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.originKey, t.placeKey, t.carrierCode] })],
);
