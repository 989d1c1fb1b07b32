import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BrandConfig } from '../../../src/domain/brand';
import { organisations } from './accounts';
import { shipments } from './shipping';

// What buyers meet: the seller's brand on the tracking page, the two ratings a buyer may give a
// shipment (once each), and the status messages sent to buyers (once per shipment, status and
// channel) with the seller's choice of which to send.

export const brandCustomisations = pgTable('brand_customisations', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organisations.id),
  config: jsonb('config').$type<BrandConfig>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const trackingFeedback = pgTable(
  'tracking_feedback',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    /** CUSTOMER: about the seller; DAKIYA: about the delivery */
    kind: text('kind').notNull(),
    rating: integer('rating').notNull(),
    feedback: text('feedback').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tracking_feedback_once_uq').on(t.shipmentId, t.kind)],
);

/** Which shipment events the seller's buyers hear about, per channel (absent: the defaults). */
export const buyerNotificationSettings = pgTable(
  'buyer_notification_settings',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    event: text('event').notNull(),
    sms: boolean('sms').notNull(),
    email: boolean('email').notNull(),
    whatsapp: boolean('whatsapp').notNull().default(false),
    /** en | hi: the language of the templates the buyer gets */
    language: text('language').notNull().default('en'),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.event] })],
);

export const buyerNotifications = pgTable(
  'buyer_notifications',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('buyer_notifications_once_uq').on(t.shipmentId, t.event, t.channel)],
);
