import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TicketAttachment } from '../../../src/domain/tickets-contract';
import { accounts, organisations } from './accounts';
import { orders } from './orders';

// The help desk: a seller's support ticket, its thread, and staff's canned replies. A ticket's
// SLA due times are stored (set when raised, reopened or re-prioritised) so the staff queue can
// filter on "breached" in SQL. The ticket number is derived from the id by the database.

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    ticketNumber: text('ticket_number').generatedAlwaysAs(sql`'DKY-TKT-' || lpad(id::text, 6, '0')`),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    category: text('category').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    awb: text('awb'),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    attachments: jsonb('attachments').$type<TicketAttachment[]>().notNull().default([]),
    /** OPEN → IN_PROGRESS ⇄ AWAITING_SELLER → RESOLVED → CLOSED; a resolved one may be reopened */
    status: text('status').notNull().default('OPEN'),
    resolution: text('resolution'),
    priority: text('priority').notNull(),
    /** the staff account working on it */
    ticketHandledBy: integer('ticket_handled_by').references(() => accounts.id),
    resolutionTs: timestamp('resolution_ts', { withTimezone: true }),
    raisedBy: integer('raised_by')
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** when the SLA clock started: raised, or last reopened */
    slaFrom: timestamp('sla_from', { withTimezone: true }).notNull(),
    firstResponseDue: timestamp('first_response_due', { withTimezone: true }).notNull(),
    resolutionDue: timestamp('resolution_due', { withTimezone: true }).notNull(),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    /** the support line the seller's plan promised when the ticket was raised or last reopened: ROUND_THE_CLOCK (24×7) or WORKING_HOURS */
    supportLine: text('support_line').notNull().default('WORKING_HOURS'),
  },
  (t) => [
    check(
      'support_tickets_status_ck',
      sql`${t.status} in ('OPEN', 'IN_PROGRESS', 'AWAITING_SELLER', 'RESOLVED', 'CLOSED')`,
    ),
    check('support_tickets_support_line_ck', sql`${t.supportLine} in ('ROUND_THE_CLOCK', 'WORKING_HOURS')`),
    check('support_tickets_priority_ck', sql`${t.priority} in ('LOW', 'MEDIUM', 'HIGH', 'URGENT')`),
    index('support_tickets_org_idx').on(t.orgId, t.id),
    index('support_tickets_status_idx').on(t.status, t.id),
    index('support_tickets_handler_idx').on(t.ticketHandledBy, t.status),
  ],
);

export const supportTicketComments = pgTable(
  'support_ticket_comments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id),
    /** SELLER, STAFF or SYSTEM */
    authorKind: text('author_kind').notNull(),
    authorId: integer('author_id').references(() => accounts.id),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    attachments: jsonb('attachments').$type<TicketAttachment[]>().notNull().default([]),
    /** the browser's key for a reply: a repeated request adds it once */
    requestKey: text('request_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('support_ticket_comments_ticket_idx').on(t.ticketId, t.id),
    uniqueIndex('support_ticket_comments_request_uq').on(t.ticketId, t.requestKey),
  ],
);

export const supportCannedReplies = pgTable('support_canned_replies', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdBy: integer('created_by').references(() => accounts.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});
