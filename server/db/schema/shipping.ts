import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CarrierProfile } from '../../../src/domain/shipping/carriers';
import type { BookedDeliverySlot } from '../../../src/domain/shipping/booked-slot';
import type { RateCard } from '../../../src/domain/shipping/rates';
import { organisations } from './accounts';
import { orders } from './orders';

// Couriers with their editable rate cards, shipments (an order handed to a courier: AWB, charge,
// dates), the scans couriers report, and each seller's courier preferences.

export const carriers = pgTable('carriers', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  /** reach, speed and behaviour (the sandbox follows it) */
  profile: jsonb('profile').$type<Omit<CarrierProfile, 'rateCard'>>().notNull(),
  rateCard: jsonb('rate_card').$type<RateCard>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** the package of a split-by-item order this shipment carries (order_packages); null for the whole order */
    packageId: integer('package_id'),
    carrierCode: text('carrier_code').notNull(),
    awb: text('awb').notNull(),
    /** BOOKED while with the courier; CANCELLED when the seller took it back */
    state: text('state').notNull().default('BOOKED'),
    /** the client's key for "ship this order": a repeat answers this shipment */
    idempotencyKey: text('idempotency_key'),
    zone: text('zone').notNull(),
    chargedWeightKg: numeric('charged_weight_kg', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    freightPaise: bigint('freight_paise', { mode: 'number' }).notNull(),
    codChargePaise: bigint('cod_charge_paise', { mode: 'number' }).notNull(),
    gstPaise: bigint('gst_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    rtoChargePaise: bigint('rto_charge_paise', { mode: 'number' }).notNull(),
    /** the declared value insured (0: not insured); a claim pays out at most this */
    insuredValuePaise: bigint('insured_value_paise', { mode: 'number' }).notNull().default(0),
    /** the insurance premium charged with GST (0: not insured) */
    insurancePaise: bigint('insurance_paise', { mode: 'number' }).notNull().default(0),
    /** the delay protection charged with GST (0: not protected) */
    delayProtectionPaise: bigint('delay_protection_paise', { mode: 'number' }).notNull().default(0),
    quoteSteps: jsonb('quote_steps').$type<string[]>().notNull(),
    routingCode: text('routing_code').notNull().default(''),
    /** the public short link's code (/s?r=…) */
    shortCode: text('short_code').notNull(),
    expectedDeliveryDate: date('expected_delivery_date'),
    promisedDeliveryDate: date('promised_delivery_date'),
    /** a later date support has told the buyer (the tracking page's support-update banner) */
    newExpectedDeliveryDate: date('new_expected_delivery_date'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    pickupAt: timestamp('pickup_at', { withTimezone: true }),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** failed delivery attempts so far (NDR scans) */
    ndrAttempts: integer('ndr_attempts').notNull().default(0),
    /** the way back: INITIATED, IN_TRANSIT, UNDELIVERED (one re-attempt), HELD, DELIVERED */
    rtoStage: text('rto_stage'),
    /** failed deliveries to the seller on the way back */
    rtoAttempts: integer('rto_attempts').notNull().default(0),
    rtoInitiatedAt: timestamp('rto_initiated_at', { withTimezone: true }),
    rtoDeliveredAt: timestamp('rto_delivered_at', { withTimezone: true }),
    /** the seller's word on a returned parcel: RECEIVED, DAMAGED or NOT_RECEIVED */
    rtoAck: text('rto_ack'),
    rtoAckNote: text('rto_ack_note').notNull().default(''),
    rtoAckAt: timestamp('rto_ack_at', { withTimezone: true }),
    rtoAckBy: integer('rto_ack_by'),
    /** the latest courier scan time applied, so a late scan never moves the parcel back */
    lastScanAt: timestamp('last_scan_at', { withTimezone: true }),
    /** a hyperlocal partner's booking: the delivery slot the seller chose and the rider sent */
    deliverySlot: jsonb('delivery_slot').$type<BookedDeliverySlot>(),
    /** the courier's pickup request (warehouse, day) this parcel joined */
    pickupRequestId: integer('pickup_request_id'),
  },
  (t) => [
    uniqueIndex('shipments_awb_uq').on(t.awb),
    uniqueIndex('shipments_short_code_uq').on(t.shortCode),
    uniqueIndex('shipments_idempotency_uq').on(t.orgId, t.idempotencyKey),
    // one live shipment per order, or per package of a split order
    uniqueIndex('shipments_order_live_uq')
      .on(t.orderId)
      .where(sql`${t.state} = 'BOOKED' and ${t.packageId} is null`),
    uniqueIndex('shipments_package_live_uq')
      .on(t.packageId)
      .where(sql`${t.state} = 'BOOKED' and ${t.packageId} is not null`),
    index('shipments_org_idx').on(t.orgId, t.id),
    // the dashboard's period: a seller's shipments by booking time
    index('shipments_org_booked_idx').on(t.orgId, t.bookedAt),
    index('shipments_pickup_request_idx').on(t.pickupRequestId),
  ],
);

/** What a courier reported, once per (AWB, time, status): the ingestion dedupes on it. */
export const shipmentScans = pgTable(
  'shipment_scans',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    awb: text('awb').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    courierStatus: text('courier_status').notNull(),
    /** our status code it maps to */
    status: text('status').notNull(),
    location: text('location').notNull().default(''),
    remark: text('remark').notNull().default(''),
  },
  (t) => [
    uniqueIndex('shipment_scans_dedupe_uq').on(t.awb, t.at, t.courierStatus),
    index('shipment_scans_shipment_idx').on(t.shipmentId, t.at),
  ],
);

/** A seller's courier preferences: the order they like couriers in, and the auto-ship rule. */
export const shippingPreferences = pgTable(
  'shipping_preferences',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    /** CHEAPEST, FASTEST or PRIORITY (the list, first serviceable wins) */
    autoShipRule: text('auto_ship_rule').notNull().default('CHEAPEST'),
    carrierPriority: jsonb('carrier_priority').$type<string[]>().notNull().default([]),
    /** what the product does when the seller lets an NDR's 24 hours pass: REATTEMPT or RTO */
    ndrAutoAction: text('ndr_auto_action').notNull().default('REATTEMPT'),
    /** insure every shipment whose declared value is above this (null: only when chosen) */
    insureAbovePaise: bigint('insure_above_paise', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId] })],
);

/**
 * An order being booked with a courier right now: taken before the courier is called and
 * dropped with the transaction that records the shipment, so concurrent ship or reassign
 * requests for one order book once (repeats with the same key wait and answer the result).
 * Its holder renews `alive_at` every few seconds while it books; a claim not renewed for longer
 * (its process died) may be taken over at once.
 */
export const bookingClaims = pgTable('booking_claims', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id),
  orgId: integer('org_id').notNull(),
  idempotencyKey: text('idempotency_key'),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  /** the database's clock at the holder's last renewal */
  aliveAt: timestamp('alive_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A booking asked of a courier, written and committed before the courier is called, with the
 * client reference sent along: a booking the courier made but the product never recorded (its
 * process died in between) is found again by that reference and adopted or cancelled.
 * CALLING until the shipment is recorded (RECORDED, with its AWB) or the attempt settled
 * otherwise: ADOPTED (a later request or the reconciling job recorded the courier's booking),
 * CANCELLED (cancelled at the courier), VOID (the courier had made none).
 */
export const courierBookings = pgTable(
  'courier_bookings',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    orderId: integer('order_id').notNull(),
    /** ORDER (a whole order), PACKAGE (a split package), MULTI_PIECE, RETURN (a reverse pickup) */
    kind: text('kind').notNull(),
    packageId: integer('package_id'),
    accountId: integer('account_id'),
    carrierCode: text('carrier_code').notNull(),
    clientRef: text('client_ref').notNull().unique(),
    idempotencyKey: text('idempotency_key'),
    /** what the booking was priced at and the slot chosen, so an adoption charges the same */
    quote: jsonb('quote'),
    slot: jsonb('slot').$type<{ id: string; startsAt: string; endsAt: string } | null>(),
    state: text('state').notNull().default('CALLING'),
    awb: text('awb'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('courier_bookings_calling_idx')
      .on(t.orderId)
      .where(sql`${t.state} = 'CALLING'`),
  ],
);
