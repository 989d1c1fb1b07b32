import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DisputeEvidence } from '../../../src/domain/disputes-contract';
import { organisations } from './accounts';
import { orders } from './orders';
import { shipments } from './shipping';

// A seller's claim that a delivered (or returned) parcel went wrong: what, the evidence, and how
// staff settled it. At most one open claim per shipment (the partial unique index), so two
// concurrent raises make one; the credit itself is keyed by the shipment in the ledger.

export const deliveryDisputes = pgTable(
  'delivery_disputes',
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
    /** DLV or RTO_DLV: which delivery is disputed */
    deliveryStatus: text('delivery_status').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    evidence: jsonb('evidence').$type<DisputeEvidence[]>().notNull().default([]),
    /** OPEN → WITH_COURIER → ACCEPTED | REJECTED (an open one may be rejected at once) */
    status: text('status').notNull().default('OPEN'),
    /** the most staff may credit: decided when raised (disputes-contract.ts, maxDisputeCredit) */
    maxCreditPaise: bigint('max_credit_paise', { mode: 'number' }).notNull(),
    raisedBy: integer('raised_by').notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    courierClaimRef: text('courier_claim_ref'),
    sentToCourierAt: timestamp('sent_to_courier_at', { withTimezone: true }),
    sentBy: integer('sent_by'),
    creditedPaise: bigint('credited_paise', { mode: 'number' }),
    entryId: integer('entry_id'),
    staffNote: text('staff_note'),
    resolvedBy: integer('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    check('delivery_disputes_status_ck', sql`${t.status} in ('OPEN', 'WITH_COURIER', 'ACCEPTED', 'REJECTED')`),
    uniqueIndex('delivery_disputes_one_open_uq')
      .on(t.shipmentId)
      .where(sql`${t.status} in ('OPEN', 'WITH_COURIER')`),
    index('delivery_disputes_org_idx').on(t.orgId, t.id),
    index('delivery_disputes_status_idx').on(t.status, t.id),
  ],
);
