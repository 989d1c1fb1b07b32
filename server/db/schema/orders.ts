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
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations } from './accounts';
import { ORDER_TYPE, type OrderType } from '../../../src/domain/order-type';
import type { RiskBand } from '../../../src/domain/risk/bands';

/**
 * A forward order whose parcel has settled: delivered, or back to origin. Written as literals, not
 * parameters, so the planner can match a query that says the same to the partial indexes below.
 */
export const SETTLED_FORWARD_ORDER = `(status = 'DLV' or rto_at is not null) and order_type = '${ORDER_TYPE.FORWARD}'`;

// Orders (forward, and returns: order_type RETURN, server/db/schema/returns.ts), their lines and their history. The order keeps its own copy of the buyer,
// the pickup address and each product line, so later edits elsewhere never change an order.

export interface AddressCopy {
  line1: string;
  line2: string;
  pincode: string;
  city: string;
  state: string;
}

export interface PickupCopy extends AddressCopy {
  addressId: number;
  entityName: string;
  phone: string;
}

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    orderNumber: text('order_number').notNull(),
    orderType: text('order_type').$type<OrderType>().notNull().default(ORDER_TYPE.FORWARD),
    status: text('status').notNull().default('RTS'),
    archived: boolean('archived').notNull().default(false),
    channel: text('channel').notNull().default('DAKIYA'),
    /** a channel order's store (channel_stores) and its id there: one order per channel order */
    channelStoreId: integer('channel_store_id'),
    channelOrderId: text('channel_order_id'),
    paymentMethod: text('payment_method').notNull(),
    fulfilment: text('fulfilment').notNull().default('SELF'),
    orderDate: date('order_date').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerPhone: text('buyer_phone').notNull(),
    buyerEmail: text('buyer_email').notNull().default(''),
    shipping: jsonb('shipping').$type<AddressCopy>().notNull(),
    billing: jsonb('billing').$type<AddressCopy>().notNull(),
    subtotalPaise: bigint('subtotal_paise', { mode: 'number' }).notNull(),
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
    shippingChargesPaise: bigint('shipping_charges_paise', { mode: 'number' }).notNull().default(0),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    codAmountPaise: bigint('cod_amount_paise', { mode: 'number' }).notNull().default(0),
    /** a seller's own payment mode (order_payment_modes has its copy): its label code, the advance the buyer pays before shipping, and when it was paid */
    paymentModeCode: text('payment_mode_code'),
    advancePaise: bigint('advance_paise', { mode: 'number' }).notNull().default(0),
    advancePaidAt: timestamp('advance_paid_at', { withTimezone: true }),
    packageTypeId: integer('package_type_id'),
    lengthCm: numeric('length_cm', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    breadthCm: numeric('breadth_cm', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    heightCm: numeric('height_cm', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    deadWeightKg: numeric('dead_weight_kg', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    pickup: jsonb('pickup').$type<PickupCopy>().notNull(),
    /** set by shipping */
    awb: text('awb'),
    carrierCode: text('carrier_code'),
    shipmentBookedAt: timestamp('shipment_booked_at', { withTimezone: true }),
    inTransitStatus: text('in_transit_status'),
    /** BY_ITEM or BY_BOX once split into packages (order_packages); null for one parcel */
    splitMode: text('split_mode'),
    rtoAt: timestamp('rto_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    escalationReason: text('escalation_reason'),
    clonedFromId: integer('cloned_from_id'),
    uploadBatchId: integer('upload_batch_id'),
    /** the COD verification's state, copied from cod_verifications for the list's filter and badge */
    codVerification: text('cod_verification'),
    /** the RTO risk when the order was created (src/domain/risk): chance 0 to 1, its band, what weighed most */
    riskScore: real('risk_score'),
    riskBand: text('risk_band').$type<RiskBand>(),
    riskReasons: jsonb('risk_reasons').$type<string[]>(),
    /** when the buyer's personal data was erased (Amazon orders, 30 days after the order ended) */
    buyerDataErasedAt: timestamp('buyer_data_erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_org_number_uq').on(t.orgId, sql`lower(${t.orderNumber})`),
    uniqueIndex('orders_channel_order_uq')
      .on(t.orgId, t.channel, t.channelStoreId, t.channelOrderId)
      .where(sql`channel_order_id is not null`),
    // the default list (not archived, newest first) and the status tabs; ascending columns serve
    // both directions (a DESC NULLS LAST index would not match ORDER BY … DESC); migration 0010
    // rebuilds these two with the filter columns INCLUDEd for index-only counts
    index('orders_org_list_idx').on(t.orgId, t.archived, t.createdAt, t.id),
    index('orders_org_status_idx').on(t.orgId, t.status, t.createdAt, t.id),
    index('orders_org_phone_idx').on(t.orgId, t.buyerPhone),
    // the search box's name arm: a prefix of the buyer's name, any case (the customer-name
    // filter, and search text of one or two letters); longer text matches any part of the name
    // through a trigram index that migration 0056 adds where pg_trgm is installed
    index('orders_org_name_idx').on(t.orgId, sql`lower(${t.buyerName}) text_pattern_ops`),
    // the search box as a seller types: the start of an order number or AWB, a phone's last digits
    index('orders_org_number_prefix_idx').on(t.orgId, sql`lower(${t.orderNumber}) text_pattern_ops`),
    index('orders_org_awb_prefix_idx').on(t.orgId, sql`upper(${t.awb}) text_pattern_ops`),
    index('orders_org_phone_ending_idx').on(t.orgId, sql`reverse(${t.buyerPhone}) text_pattern_ops`),
    index('orders_org_total_idx').on(t.orgId, t.totalPaise, t.id),
    index('orders_org_rto_idx').on(t.orgId, t.rtoAt),
    index('orders_org_risk_idx').on(t.orgId, t.riskBand),
    // the RTO risk's history counts, over settled forward parcels only (SETTLED_FORWARD_ORDER): a
    // pincode's and an area's COD parcels and a buyer's, across sellers. Orders not yet settled are
    // left out, so a count never visits the orders being created beside it; rto_at is a key column
    // so the counts are read from the index alone.
    index('orders_settled_cod_pincode_idx')
      .on(sql`(${t.shipping} ->> 'pincode') text_pattern_ops`, t.rtoAt)
      .where(sql.raw(`${SETTLED_FORWARD_ORDER} and payment_method = 'COD'`)),
    index('orders_settled_phone_idx').on(t.buyerPhone, t.orgId, t.rtoAt).where(sql.raw(SETTLED_FORWARD_ORDER)),
    index('orders_org_awb_idx').on(t.orgId, t.awb),
    index('orders_org_order_date_idx').on(t.orgId, t.orderDate),
    index('orders_org_booked_idx').on(t.orgId, t.shipmentBookedAt),
    // an upload's batch of orders
    index('orders_org_batch_idx').on(t.orgId, t.uploadBatchId),
    index('orders_org_cod_verification_idx')
      .on(t.orgId, t.codVerification, t.createdAt, t.id)
      .where(sql`${t.codVerification} is not null`),
    // returns (order_type RETURN) by seller, newest first; migration 0023 adds order_type to the
    // list indexes' INCLUDE so the forward list leaves returns out from the index alone
    index('orders_org_type_idx').on(t.orgId, t.orderType, t.createdAt, t.id),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id'),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePaise: bigint('unit_price_paise', { mode: 'number' }).notNull(),
    taxRatePercent: numeric('tax_rate_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    hsnCode: text('hsn_code').notNull().default(''),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/** What happened to an order, oldest first: created, status moves, edits, escalations. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note').notNull().default(''),
    accountId: integer('account_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);
