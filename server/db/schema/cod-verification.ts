import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from './accounts';
import { orders } from './orders';

// COD order verification: each seller's settings, and one verification per COD order that needed
// its buyer's confirmation (its state is copied onto orders.cod_verification for the list).

export const codVerificationSettings = pgTable('cod_verification_settings', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organisations.id),
  enabled: boolean('enabled').notNull().default(false),
  /** ALL or RULES */
  scope: text('scope').notNull().default('ALL'),
  minOrderValueRupees: integer('min_order_value_rupees'),
  riskyPincodes: boolean('risky_pincodes').notNull().default(false),
  minPastRtos: integer('min_past_rtos'),
  /** MEDIUM (medium and high) or HIGH: verify orders of this RTO risk band or higher; null: no band rule */
  minRiskBand: text('min_risk_band'),
  waitHours: integer('wait_hours').notNull().default(24),
  /** SHIP, HOLD or CANCEL */
  afterWait: text('after_wait').notNull().default('HOLD'),
  offerPrepaid: boolean('offer_prepaid').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const codVerifications = pgTable(
  'cod_verifications',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** PENDING, CONFIRMED, CANCELLED, SWITCHED, EXPIRED */
    state: text('state').notNull().default('PENDING'),
    /** why the order needed confirmation, as the rules said when it was created */
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    /** the settings' rule copied at creation: a later change of settings does not move old orders */
    afterWait: text('after_wait').notNull(),
    offerPrepaid: boolean('offer_prepaid').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** the rule applied when the wait ended (EXPIRED) */
    appliedRule: text('applied_rule'),
    cancelReason: text('cancel_reason'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** the seller shipped it without confirmation */
    overriddenAt: timestamp('overridden_at', { withTimezone: true }),
    overriddenBy: integer('overridden_by'),
    /** claimed by the sender of the buyer's messages (set once per send) */
    messagedAt: timestamp('messaged_at', { withTimezone: true }),
    messagesSent: integer('messages_sent').notNull().default(0),
    /** the buyer's pay-now attempt: our transaction id, its gateway, and the gateway's payment id once paid */
    paymentTxnId: text('payment_txn_id'),
    paymentGateway: text('payment_gateway'),
    paymentGatewayOrderId: text('payment_gateway_order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cod_verifications_order_uq').on(t.orderId),
    uniqueIndex('cod_verifications_payment_uq').on(t.paymentTxnId),
    index('cod_verifications_org_state_idx').on(t.orgId, t.state),
    // the expiry job's sweep and the message sender's
    index('cod_verifications_due_idx')
      .on(t.dueAt)
      .where(sql`${t.state} = 'PENDING'`),
    index('cod_verifications_unsent_idx')
      .on(t.id)
      .where(sql`${t.messagedAt} is null and ${t.state} = 'PENDING'`),
  ],
);

/** What happened to a verification, oldest first: opened, messaged, answered, expired, overridden. */
export const codVerificationEvents = pgTable(
  'cod_verification_events',
  {
    id: serial('id').primaryKey(),
    verificationId: integer('verification_id')
      .notNull()
      .references(() => codVerifications.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    note: text('note').notNull().default(''),
    accountId: integer('account_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('cod_verification_events_idx').on(t.verificationId, t.id)],
);
