import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Every email and SMS the product sends; the development mailbox (/dev/outbox) reads it. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(), // EMAIL | SMS
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** SENT through a transport, or OUTBOX only when none is configured */
    status: text('status').notNull().default('OUTBOX'),
    transport: text('transport').notNull().default('outbox'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);
