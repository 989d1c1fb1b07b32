import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// A courier collects from a seller's warehouse once a day on one pickup request (Delhivery takes
// one per registered warehouse per day, with the parcels it should expect): one row per
// (seller, warehouse, courier, day); shipments point at the request they joined.

export const pickupRequests = pgTable(
  'pickup_requests',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    pickupAddressId: integer('pickup_address_id').notNull(),
    carrierCode: text('carrier_code').notNull(),
    /** the IST day the courier should come */
    pickupDate: date('pickup_date').notNull(),
    /** the warehouse name the courier registered, exactly as it spells it */
    locationName: text('location_name'),
    /** the parcels on the request (the courier has been told this many when REQUESTED) */
    expectedCount: integer('expected_count').notNull().default(0),
    /** the count the courier last accepted */
    requestedCount: integer('requested_count').notNull().default(0),
    /** PENDING until the courier accepts, REQUESTED once it has, FAILED with its words */
    state: text('state').notNull().default('PENDING'),
    courierPickupId: text('courier_pickup_id'),
    lastError: text('last_error'),
    attempts: smallint('attempts').notNull().default(0),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pickup_requests_day_uq').on(t.orgId, t.pickupAddressId, t.carrierCode, t.pickupDate),
    index('pickup_requests_org_date_idx').on(t.orgId, t.pickupDate),
    index('pickup_requests_unsettled_idx')
      .on(t.updatedAt)
      .where(sql`${t.state} <> 'REQUESTED' or ${t.requestedCount} <> ${t.expectedCount}`),
  ],
);

/** A warehouse registered with a courier, under the name the courier keeps for it. */
export const courierPickupLocations = pgTable(
  'courier_pickup_locations',
  {
    id: serial('id').primaryKey(),
    carrierCode: text('carrier_code').notNull(),
    pickupAddressId: integer('pickup_address_id').notNull(),
    /** the courier's exact string (case and spaces): every pickup request must quote it */
    registeredName: text('registered_name').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('courier_pickup_locations_uq').on(t.carrierCode, t.pickupAddressId)],
);
