import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations } from './accounts';
import { orders } from './orders';

// Returns (migration 0023). A return is an order of type RETURN: its row in `orders` is oriented
// as the courier carries it, from the buyer's door (the order's pickup copy) to the seller's
// return-to address (the order's shipping copy, with the receiver as its "buyer"), so quotes,
// booking, labels and tracking read it as they read a forward order. What only a return has
// lives here.

export const returns = pgTable(
  'returns',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    /** the delivered forward order it returns; null for an order sold elsewhere */
    forwardOrderId: integer('forward_order_id').references(() => orders.id),
    /** SELLER, BUYER (an approved request) or CSV */
    source: text('source').notNull().default('SELLER'),
    /** the number of an order sold elsewhere */
    externalOrderNumber: text('external_order_number').notNull().default(''),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerEmail: text('customer_email').notNull().default(''),
    reason: text('reason').notNull(),
    subReason: text('sub_reason').notNull(),
    comment: text('comment').notNull().default(''),
    photoFileIds: jsonb('photo_file_ids').$type<string[]>().notNull().default([]),
    returnToKind: text('return_to_kind').notNull(),
    returnToId: integer('return_to_id').notNull(),
    refundDecision: text('refund_decision').notNull(),
    qc: boolean('qc').notNull().default(false),
    /** PENDING, PASSED or FAILED once the courier checked; null without QC */
    qcResult: text('qc_result'),
    qcFailureReason: text('qc_failure_reason'),
    qcFailurePhotoIds: jsonb('qc_failure_photo_ids').$type<string[]>().notNull().default([]),
    qcFailedAt: timestamp('qc_failed_at', { withTimezone: true }),
    /** the replacement's forward order (an exchange) */
    exchangeOrderId: integer('exchange_order_id'),
    requestId: integer('request_id'),
    cancelReason: text('cancel_reason').notNull().default(''),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** the client's key for the request that made it: a repeat answers this return */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('returns_forward_idx').on(t.forwardOrderId),
    index('returns_org_created_idx').on(t.orgId, t.createdAt),
    uniqueIndex('returns_idempotency_uq')
      .on(t.orgId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

export const returnItems = pgTable(
  'return_items',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.orderId, { onDelete: 'cascade' }),
    /** the forward order's line it returns */
    orderItemId: integer('order_item_id'),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePaise: bigint('unit_price_paise', { mode: 'number' }).notNull(),
  },
  (t) => [index('return_items_return_idx').on(t.returnId), index('return_items_order_item_idx').on(t.orderItemId)],
);

/** What the courier checks at the door, and what it found. */
export const returnQcChecks = pgTable(
  'return_qc_checks',
  {
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.orderId, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    expected: text('expected').notNull().default(''),
    result: text('result').notNull().default('PENDING'),
    remark: text('remark').notNull().default(''),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.returnId, t.kind] })],
);

export interface RequestedItem {
  orderItemId: number;
  quantity: number;
}

/** A buyer's return request from the tracking page; one pending per forward order. */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    forwardOrderId: integer('forward_order_id')
      .notNull()
      .references(() => orders.id),
    shipmentId: integer('shipment_id').notNull(),
    items: jsonb('items').$type<RequestedItem[]>().notNull(),
    reason: text('reason').notNull(),
    subReason: text('sub_reason').notNull(),
    comment: text('comment').notNull().default(''),
    photoFileIds: jsonb('photo_file_ids').$type<string[]>().notNull().default([]),
    state: text('state').notNull().default('PENDING'),
    decisionNote: text('decision_note').notNull().default(''),
    /** SELLER or AUTO */
    decidedBy: text('decided_by'),
    decidedAccountId: integer('decided_account_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    returnId: integer('return_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('return_requests_org_state_idx').on(t.orgId, t.state, t.createdAt),
    uniqueIndex('return_requests_one_pending_uq')
      .on(t.forwardOrderId)
      .where(sql`${t.state} = 'PENDING'`),
  ],
);

/** A seller's return window and approval rule, and the counter of its return numbers. */
export const returnSettings = pgTable('return_settings', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organisations.id),
  returnWindowDays: integer('return_window_days').notNull().default(7),
  autoApprove: boolean('auto_approve').notNull().default(false),
  defaultReturnToKind: text('default_return_to_kind'),
  defaultReturnToId: integer('default_return_to_id'),
  lastReturnNumber: integer('last_return_number').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
