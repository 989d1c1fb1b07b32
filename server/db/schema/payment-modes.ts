import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from './accounts';
import { orders } from './orders';

// A seller's own payment modes (Premium), and each order's copy of the mode it was made with and
// of its advance: how it was paid, and the gateway payment that paid it (once, by unique index).
// The order itself carries the mode's code and the advance (orders.payment_mode_code,
// advance_paise, advance_paid_at) for its list, its label and the shipping check.

export const paymentModes = pgTable(
  'payment_modes',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /** COD or PPD: what the courier sees */
    basis: text('basis').notNull(),
    /** NONE, PERCENT or FIXED */
    advanceKind: text('advance_kind').notNull().default('NONE'),
    advancePercent: integer('advance_percent'),
    advanceFixedPaise: bigint('advance_fixed_paise', { mode: 'number' }),
    labelNote: text('label_note').notNull().default(''),
    /** a mode some order used is archived rather than deleted; archived modes take no new orders */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_modes_org_code_uq').on(t.orgId, t.code)],
);

export const orderPaymentModes = pgTable(
  'order_payment_modes',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    modeId: integer('mode_id')
      .notNull()
      .references(() => paymentModes.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    labelNote: text('label_note').notNull().default(''),
    advancePaise: bigint('advance_paise', { mode: 'number' }).notNull().default(0),
    /** GATEWAY or SELLER once paid */
    advancePaidVia: text('advance_paid_via'),
    advancePaidAt: timestamp('advance_paid_at', { withTimezone: true }),
    /** the seller's note when marked received by them */
    advanceNote: text('advance_note'),
    /** the buyer's online payment: our transaction id, the gateway's order and payment ids */
    paymentTxnId: text('payment_txn_id'),
    paymentGateway: text('payment_gateway'),
    paymentGatewayOrderId: text('payment_gateway_order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    linkSentAt: timestamp('link_sent_at', { withTimezone: true }),
    linkSends: integer('link_sends').notNull().default(0),
  },
  (t) => [
    index('order_payment_modes_mode_idx').on(t.modeId),
    uniqueIndex('order_payment_modes_payment_uq')
      .on(t.gatewayPaymentId)
      .where(sql`gateway_payment_id is not null`),
  ],
);
