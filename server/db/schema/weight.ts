import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { WeighedParcel, WeightEvidence, DiscrepancyPhoto } from '../../../src/domain/weight-contract';
import { organisations } from './accounts';
import { orders } from './orders';
import { products } from './setup';
import { shipments } from './shipping';

// Weight discrepancies: a courier weighed a parcel at its hub and charges a heavier slab than the
// seller's. One per shipment (the unique index), however many times the courier reports it. The
// difference is held in the seller's wallet (wallet_holds, key weight:<id>) until it is settled.

export const weightDiscrepancies = pgTable(
  'weight_discrepancies',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    awb: text('awb').notNull(),
    carrierCode: text('carrier_code').notNull(),
    zone: text('zone').notNull(),
    /** SCAN (the courier's hub scan) or FILE (a courier's discrepancy file) */
    source: text('source').notNull(),
    seller: jsonb('seller').$type<WeighedParcel>().notNull(),
    courier: jsonb('courier').$type<WeighedParcel>().notNull(),
    sellerChargedKg: numeric('seller_charged_kg', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    courierChargedKg: numeric('courier_charged_kg', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    forwardPaise: bigint('forward_paise', { mode: 'number' }).notNull(),
    rtoPaise: bigint('rto_paise', { mode: 'number' }).notNull().default(0),
    gstPaise: bigint('gst_paise', { mode: 'number' }).notNull(),
    /** forward + RTO + GST: what is held, and charged if the courier's weight stands */
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    hubPhoto: jsonb('hub_photo').$type<DiscrepancyPhoto | null>(),
    /** a frozen product's parcel: the platform answers the courier, the seller is not charged */
    platformBorne: boolean('platform_borne').notNull().default(false),
    /** NEW, ACCEPTED, DISPUTED, WITH_COURIER, RESOLVED, REJECTED, ESCALATED, FINAL */
    status: text('status').notNull().default('NEW'),
    /** SELLER or COURIER: whose weight stood, once decided */
    outcome: text('outcome'),
    autoAccepted: boolean('auto_accepted').notNull().default(false),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    /** the seller's answer is due by then; the job accepts it after */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    productCategory: text('product_category'),
    disputeNote: text('dispute_note'),
    evidence: jsonb('evidence').$type<WeightEvidence | null>(),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    /** on a split order: the package (or box of a multi-piece shipment) the seller says was weighed wrong */
    disputedPackageNo: integer('disputed_package_no'),
    courierClaimRef: text('courier_claim_ref'),
    decisionNote: text('decision_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    escalationNote: text('escalation_note'),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    finalNote: text('final_note'),
    finalAt: timestamp('final_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('weight_discrepancies_shipment_uq').on(t.shipmentId),
    index('weight_discrepancies_org_idx').on(t.orgId, t.id),
    index('weight_discrepancies_status_idx').on(t.status, t.deadlineAt),
    check(
      'weight_discrepancies_status_ck',
      sql`${t.status} in ('NEW', 'ACCEPTED', 'DISPUTED', 'WITH_COURIER', 'RESOLVED', 'REJECTED', 'ESCALATED', 'FINAL')`,
    ),
    check('weight_discrepancies_amount_ck', sql`${t.amountPaise} > 0`),
  ],
);

/** What happened to a discrepancy after it was raised (the raise is the row itself), in order: its timeline. */
export const weightDiscrepancyEvents = pgTable(
  'weight_discrepancy_events',
  {
    id: serial('id').primaryKey(),
    discrepancyId: integer('discrepancy_id')
      .notNull()
      .references(() => weightDiscrepancies.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** the status it moved to */
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    /** SELLER, STAFF, COURIER or SYSTEM */
    actor: text('actor').notNull(),
  },
  (t) => [index('weight_discrepancy_events_idx').on(t.discrepancyId, t.id)],
);

/** A seller's fixed weight and size for a product, with photos; staff approve or reject it. */
export const weightFreezes = pgTable(
  'weight_freezes',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    weightKg: numeric('weight_kg', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    lengthCm: numeric('length_cm', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    breadthCm: numeric('breadth_cm', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    heightCm: numeric('height_cm', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    photos: jsonb('photos').$type<DiscrepancyPhoto[]>().notNull(),
    /** PENDING → APPROVED | REJECTED */
    status: text('status').notNull().default('PENDING'),
    staffNote: text('staff_note'),
    requestedBy: integer('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('weight_freezes_one_pending_uq')
      .on(t.productId)
      .where(sql`${t.status} = 'PENDING'`),
    index('weight_freezes_org_idx').on(t.orgId, t.productId, t.id),
    index('weight_freezes_status_idx').on(t.status, t.id),
    check('weight_freezes_status_ck', sql`${t.status} in ('PENDING', 'APPROVED', 'REJECTED')`),
  ],
);
