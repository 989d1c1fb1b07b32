import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { files, organisations } from './accounts';
import { orders, type AddressCopy } from './orders';
import type { ChargeLine } from '../../../src/domain/b2b/quote';
import type { GoodsLine } from '../../../src/domain/b2b/goods-lines';
import type { EwayBillStatus } from '../../../src/domain/b2b/eway-bill-lifecycle';
import type {
  B2bBookingState,
  B2bWarehouseKind,
  EwayBillSource,
  FreightPayerCode,
  HandoverCode,
  PartBState,
  RiskCode,
} from '../../../src/domain/b2b/order-facts';

// B2B orders (migration 0066, docs/decisions/b2b-orders.md). A B2B order is a row of `orders`
// with order_type B2B (its number, status, history and the one status gate); what only a
// consignment of boxes and invoices has lives here, keyed by the order's id. Its warehouses are
// the seller's own (pickup points) and its consignees', each with the names carriers registered it under.

export const b2bWarehouses = pgTable(
  'b2b_warehouses',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    kind: text('kind').$type<B2bWarehouseKind>().notNull(),
    name: text('name').notNull(),
    businessName: text('business_name').notNull(),
    /** null for an unregistered consignee */
    gstin: text('gstin'),
    contactName: text('contact_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    pincode: text('pincode').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('b2b_warehouses_org_name_uq').on(t.orgId, t.kind, sql`lower(${t.name})`),
    index('b2b_warehouses_org_kind_idx').on(t.orgId, t.kind, t.id),
  ],
);

/** The name a carrier registered a warehouse under (Delhivery's pickup_location_name, Gati's customer code). */
export const b2bWarehouseRegistrations = pgTable(
  'b2b_warehouse_registrations',
  {
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => b2bWarehouses.id, { onDelete: 'cascade' }),
    carrierCode: text('carrier_code').notNull(),
    registeredName: text('registered_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.carrierCode] })],
);

export const b2bOrders = pgTable(
  'b2b_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    // the consignee as the order keeps it: typed, or copied from the consignee warehouse it was chosen from
    consigneeWarehouseId: integer('consignee_warehouse_id').references(() => b2bWarehouses.id, {
      onDelete: 'set null',
    }),
    consigneeName: text('consignee_name').notNull(),
    consigneeGstin: text('consignee_gstin'),
    consigneeContact: text('consignee_contact').notNull().default(''),
    consigneePhone: text('consignee_phone').notNull(),
    consigneeEmail: text('consignee_email').notNull().default(''),
    consigneeAddress: jsonb('consignee_address').$type<AddressCopy>().notNull(),
    /** the seller's own warehouse the boxes leave from; a warehouse with orders is not deleted */
    originWarehouseId: integer('origin_warehouse_id')
      .notNull()
      .references(() => b2bWarehouses.id),
    goodsDescription: text('goods_description').notNull(),
    freightPayer: text('freight_payer').$type<FreightPayerCode>().notNull(),
    risk: text('risk').$type<RiskCode>().notNull(),
    handover: text('handover').$type<HandoverCode>().notNull(),
    /** the delivery appointment: an IST day, a slot of HH:MM, up to 5 purchase-order numbers */
    appointmentDate: date('appointment_date'),
    appointmentStart: text('appointment_start'),
    appointmentEnd: text('appointment_end'),
    poNumbers: jsonb('po_numbers').$type<string[]>().notNull().default([]),
    // the booking
    carrierCode: text('carrier_code'),
    lrNumber: text('lr_number'),
    bookingState: text('booking_state').$type<B2bBookingState>().notNull().default('NONE'),
    bookingJobId: text('booking_job_id'),
    /** the shipper's reference the last booking attempt gave the carrier, to find it by when its answer was lost */
    bookingReference: text('booking_reference'),
    /** the carrier's words when the booking failed */
    bookingFailure: text('booking_failure'),
    /** the quote booked: its lines and the total charged (paise) */
    quoteLines: jsonb('quote_lines').$type<ChargeLine[]>(),
    quoteTotalPaise: bigint('quote_total_paise', { mode: 'number' }),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    // delivery
    boxesDelivered: integer('boxes_delivered').notNull().default(0),
    podFileId: text('pod_file_id').references(() => files.id),
    receiverName: text('receiver_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('b2b_orders_org_created_idx').on(t.orgId, t.createdAt),
    uniqueIndex('b2b_orders_lr_uq')
      .on(t.carrierCode, t.lrNumber)
      .where(sql`${t.lrNumber} is not null`),
    index('b2b_orders_origin_idx').on(t.originWarehouseId),
    index('b2b_orders_job_idx')
      .on(t.bookingJobId)
      .where(sql`${t.bookingState} = 'PENDING'`),
  ],
);

/** `count` boxes of one size and dead weight, in the order given. */
export const b2bBoxes = pgTable(
  'b2b_boxes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => b2bOrders.orderId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    lengthCm: numeric('length_cm', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    breadthCm: numeric('breadth_cm', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    heightCm: numeric('height_cm', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    weightKg: numeric('weight_kg', { precision: 9, scale: 2, mode: 'number' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [uniqueIndex('b2b_boxes_order_position_uq').on(t.orderId, t.position)],
);

/** One row a box once booked: its place in the consignment (1…n) and the carrier's number for it. */
export const b2bBoxNumbers = pgTable(
  'b2b_box_numbers',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => b2bOrders.orderId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    boxAwb: text('box_awb').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.position] }), index('b2b_box_numbers_awb_idx').on(t.boxAwb)],
);

/**
 * A first-mile pickup the seller asked the carrier for: the day, the time the boxes are ready
 * from, what the carrier is told to collect, and the carrier's id for the request. One is open
 * while its day has not passed and the boxes are not picked up (src/domain/b2b/freight-pickup.ts);
 * a lapsed one stays as history beside a new one. CANCELLED when the order is.
 */
export const b2bPickups = pgTable(
  'b2b_pickups',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => b2bOrders.orderId, { onDelete: 'cascade' }),
    carrierCode: text('carrier_code').notNull(),
    carrierPickupId: text('carrier_pickup_id').notNull(),
    pickupDate: date('pickup_date').notNull(),
    /** HH:MM (IST) */
    readyAt: text('ready_at').notNull(),
    boxCount: integer('box_count').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    status: text('status').$type<'REQUESTED' | 'CANCELLED'>().notNull().default('REQUESTED'),
    requestedBy: integer('requested_by'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('b2b_pickups_order_idx').on(t.orderId, t.pickupDate)],
);

/** An invoice of the consignment, with its e-way bill once it has one. */
export const b2bInvoices = pgTable(
  'b2b_invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => b2bOrders.orderId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    /** the invoice's IST day */
    invoiceDate: date('invoice_date').notNull(),
    /** with GST */
    valuePaise: bigint('value_paise', { mode: 'number' }).notNull(),
    /** the invoice's file: a private file of the seller */
    fileId: text('file_id').references(() => files.id),
    /** the goods line by line, as the e-way bill's Part A lists them */
    goods: jsonb('goods').$type<GoodsLine[]>().notNull().default([]),
    ewayBillNumber: text('eway_bill_number'),
    ewayBillSource: text('eway_bill_source').$type<EwayBillSource>(),
    ewayBillGeneratedAt: timestamp('eway_bill_generated_at', { withTimezone: true }),
    ewayBillExpiresAt: timestamp('eway_bill_expires_at', { withTimezone: true }),
    ewayBillStatus: text('eway_bill_status').$type<EwayBillStatus>(),
    /** the distance the bill was made for, km (its validity) */
    ewayBillDistanceKm: integer('eway_bill_distance_km'),
    vehicleNumber: text('vehicle_number'),
    partBState: text('part_b_state').$type<PartBState>().notNull().default('NONE'),
  },
  (t) => [
    uniqueIndex('b2b_invoices_order_position_uq').on(t.orderId, t.position),
    uniqueIndex('b2b_invoices_order_number_uq').on(t.orderId, sql`lower(${t.invoiceNumber})`),
    index('b2b_invoices_ewb_idx')
      .on(t.ewayBillNumber)
      .where(sql`${t.ewayBillNumber} is not null`),
  ],
);
