import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NdrActionPayload } from '../../../src/domain/ndr-contract';
import { organisations } from './accounts';
import { orders } from './orders';
import { shipments } from './shipping';

// Failed deliveries: one record per failed attempt (NDR) with the deadline to act and the action
// taken, every action asked for (applied or not, by whom), and the courier codes we did not know.

export const ndrRecords = pgTable(
  'ndr_records',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrierCode: text('carrier_code').notNull(),
    awb: text('awb').notNull(),
    /** 1 for the first failed attempt */
    attempt: integer('attempt').notNull(),
    courierReasonCode: text('courier_reason_code').notNull().default(''),
    courierReasonText: text('courier_reason_text').notNull().default(''),
    /** our normalised reason (NDR_REASON_CODES) */
    reason: text('reason').notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    /** NDR_STATUSES: ACTION_REQUIRED, ACTION_TAKEN, DELIVERED, RTO, SUPERSEDED */
    status: text('status').notNull().default('ACTION_REQUIRED'),
    /** the order's payment method, copied for the list's filter */
    paymentMethod: text('payment_method').notNull(),
    action: text('action'),
    /** SELLER, BUYER, AUTO or STAFF */
    actionSource: text('action_source'),
    actionPayload: jsonb('action_payload').$type<NdrActionPayload>(),
    actionAt: timestamp('action_at', { withTimezone: true }),
    actionBy: integer('action_by'),
    /** the courier's reference for the action request */
    courierRef: text('courier_ref'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ndr_records_attempt_uq').on(t.shipmentId, t.attempt),
    // the list's tabs, newest first, with its filter columns for index-only counts (INCLUDE in 0020)
    index('ndr_records_org_tab_idx').on(t.orgId, t.status, t.raisedAt, t.id),
    // each filter of the list in front of the tab's order, so a selective filter reads only its rows;
    // the migrations (0020, 0024) add INCLUDE of the other filter columns, which drizzle cannot write
    index('ndr_records_org_carrier_idx').on(t.orgId, t.status, t.carrierCode, t.raisedAt, t.id),
    index('ndr_records_org_reason_idx').on(t.orgId, t.status, t.reason, t.raisedAt, t.id),
    index('ndr_records_org_attempt_idx').on(t.orgId, t.status, t.attempt, t.raisedAt, t.id),
    index('ndr_records_org_payment_idx').on(t.orgId, t.status, t.paymentMethod, t.raisedAt, t.id),
    index('ndr_records_org_deadline_idx').on(t.orgId, t.status, t.deadlineAt, t.id),
    index('ndr_records_org_order_idx').on(t.orgId, t.orderId),
    // the deadline job's sweep
    index('ndr_records_due_idx')
      .on(t.deadlineAt)
      .where(sql`${t.status} = 'ACTION_REQUIRED'`),
  ],
);

export const ndrActions = pgTable(
  'ndr_actions',
  {
    id: serial('id').primaryKey(),
    ndrId: integer('ndr_id')
      .notNull()
      .references(() => ndrRecords.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    action: text('action').notNull(),
    source: text('source').notNull(),
    payload: jsonb('payload').$type<NdrActionPayload>().notNull().default({}),
    /** APPLIED (sent to the courier; at most one per record), or NOT_APPLIED with the note saying why */
    outcome: text('outcome').notNull(),
    note: text('note').notNull().default(''),
    courierRef: text('courier_ref'),
    accountId: integer('account_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ndr_actions_ndr_idx').on(t.ndrId, t.id),
    uniqueIndex('ndr_actions_applied_uq')
      .on(t.ndrId)
      .where(sql`${t.outcome} = 'APPLIED'`),
  ],
);

/** A courier status or NDR reason code no mapping table knew: counted for staff, the scan kept. */
export const courierUnknownCodes = pgTable(
  'courier_unknown_codes',
  {
    carrierCode: text('carrier_code').notNull(),
    /** STATUS or NDR_REASON */
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    count: integer('count').notNull().default(0),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    sampleAwb: text('sample_awb').notNull().default(''),
    sampleText: text('sample_text').notNull().default(''),
  },
  (t) => [primaryKey({ name: 'courier_unknown_codes_pk', columns: [t.carrierCode, t.kind, t.code] })],
);
