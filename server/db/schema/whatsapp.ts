import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A buyer's WhatsApp standing with one seller: until when the buyer's 24-hour customer-service
 * window is open (their last message plus a day; free-form messages only before then), and
 * whether they opted out (STOP): no more WhatsApp to the number from that seller.
 */
export const whatsappContacts = pgTable(
  'whatsapp_contacts',
  {
    orgId: integer('org_id').notNull(),
    /** the buyer's 10-digit mobile, as orders keep it */
    phone: text('phone').notNull(),
    windowClosesAt: timestamp('window_closes_at', { withTimezone: true }),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.phone] })],
);

/**
 * Inbound WhatsApp messages already acted on, by Meta's id (a delivery Meta repeats is acted on
 * once), and buttons' answers already announced to the seller (`answer:<log id>:<button>`).
 */
export const whatsappInbound = pgTable('whatsapp_inbound', {
  messageId: text('message_id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
