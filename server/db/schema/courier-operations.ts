import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Courier operations that answer a request id rather than a result (Delhivery's NDR actions
// answer a UPL id whose outcome is polled later; manifests and edits on some APIs): one row per
// request, PENDING until the courier's answer arrives by a poll or a call back, then DONE or FAILED.

export const courierOperations = pgTable(
  'courier_operations',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    orderId: integer('order_id').notNull(),
    carrierCode: text('carrier_code').notNull(),
    awb: text('awb').notNull(),
    /** NDR_ACTION (more kinds as couriers need them) */
    kind: text('kind').notNull(),
    /** what the operation is about: the NDR record's id for NDR_ACTION */
    subjectId: integer('subject_id').notNull(),
    /** the seller's words for what was asked ("Re-attempt requested") */
    label: text('label').notNull(),
    /** the courier's id for the request (a UPL id) */
    requestId: text('request_id').notNull(),
    /** PENDING, DONE or FAILED */
    state: text('state').notNull().default('PENDING'),
    /** the courier's reference when done, its reason when failed */
    result: text('result'),
    /** POLL or CALLBACK: how the answer arrived */
    settledVia: text('settled_via'),
    /** what the courier said when asked, kept as it said it */
    lastAnswer: jsonb('last_answer').$type<Record<string, unknown>>(),
    polls: smallint('polls').notNull().default(0),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull(),
    /** when the courier says it acted (its clock), else when the answer arrived */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('courier_operations_request_uq').on(t.carrierCode, t.requestId),
    index('courier_operations_subject_idx').on(t.kind, t.subjectId),
    index('courier_operations_due_idx')
      .on(t.nextPollAt)
      .where(sql`${t.state} = 'PENDING'`),
  ],
);
