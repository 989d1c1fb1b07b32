import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

/**
 * The message log: each message a buyer was sent (or refused) about an order, per channel, with
 * the provider that carried it, its delivery status from the provider's reports and the buyer's
 * reply. No foreign keys: the log outlives what it speaks of and is written on hot paths.
 */
export const buyerMessages = pgTable(
  'buyer_messages',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    orderId: integer('order_id'),
    shipmentId: integer('shipment_id'),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(), // SMS | WHATSAPP | EMAIL
    provider: text('provider').notNull(), // msg91 | whatsapp | smtp | outbox
    template: text('template'),
    language: text('language').notNull().default('en'),
    recipient: text('recipient').notNull(),
    /** the text as sent (the registered template filled, or the product's own for email and the outbox) */
    body: text('body').notNull(),
    /** the template's values by variable name, as handed to the provider */
    values: text('values'),
    status: text('status').notNull(), // queued | sent | delivered | read | failed
    error: text('error'),
    /** the provider's id for it (MSG91's request id, WhatsApp's message id): reports find it by this */
    providerMessageId: text('provider_message_id'),
    /** the message this one stands in for (an SMS sent because a WhatsApp failed) */
    fallbackOf: integer('fallback_of'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('buyer_messages_order_idx').on(t.orgId, t.orderId, t.id),
    index('buyer_messages_provider_idx').on(t.provider, t.providerMessageId),
    index('buyer_messages_month_idx').on(t.orgId, t.createdAt),
    // a failed message falls back once, however many times its failure is reported
    uniqueIndex('buyer_messages_fallback_uq').on(t.fallbackOf),
  ],
);
