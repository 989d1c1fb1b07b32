import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from './accounts';
import { orders } from './orders';

// Sales channels: a seller's connected Shopify and WooCommerce stores, the webhooks they send
// (kept raw, processed by jobs), the log of every fetch and webhook, and the outbox of shipment
// updates written back to the store. docs/decisions/channels.md.

/** A seller's store on a sales channel; its credentials are AES-256-GCM ciphertext (server/channels/crypto.ts). */
export const channelStores = pgTable(
  'channel_stores',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    /** SHOPIFY | WOOCOMMERCE | MAGENTO2 | WIX | AMAZON */
    platform: text('platform').notNull(),
    /** the shop's myshopify.com domain, or the WooCommerce site's address */
    storeUrl: text('store_url').notNull(),
    name: text('name').notNull().default(''),
    /** AUTHORISING | CONNECTED | FAILED | DISCONNECTED */
    status: text('status').notNull(),
    /** the OAuth state nonce while the install is under way */
    oauthState: text('oauth_state'),
    /** encrypted JSON: Shopify's offline token, or WooCommerce's consumer key and secret and our webhook secret */
    credentials: text('credentials'),
    lastError: text('last_error'),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** where a polled store's order fetch resumes: the newest updated_at taken, in the store's own words */
    pollCursor: text('poll_cursor'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('channel_stores_org_idx').on(t.orgId, t.id),
    uniqueIndex('channel_stores_org_store_uq').on(t.orgId, t.platform, t.storeUrl),
    // a shop's webhooks find one seller: a store is connected to one organisation at a time
    uniqueIndex('channel_stores_connected_uq')
      .on(t.platform, t.storeUrl)
      .where(sql`status = 'CONNECTED'`),
    uniqueIndex('channel_stores_state_uq').on(t.oauthState),
  ],
);

/** A webhook as it arrived (verified), kept until its job has made the order; one per delivery id. */
export const channelWebhooks = pgTable(
  'channel_webhooks',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => channelStores.id, { onDelete: 'cascade' }),
    deliveryId: text('delivery_id').notNull(),
    topic: text('topic').notNull(),
    body: text('body').notNull(),
    /** RECEIVED | DONE | FAILED */
    status: text('status').notNull().default('RECEIVED'),
    attempts: integer('attempts').notNull().default(0),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('channel_webhooks_delivery_uq').on(t.storeId, t.deliveryId)],
);

/** What happened between Dakiya and a store: each fetch, webhook and write-back, with its outcome. */
export const channelSyncLog = pgTable(
  'channel_sync_log',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => channelStores.id, { onDelete: 'cascade' }),
    /** CONNECT | FETCH | WEBHOOK | WRITE_BACK */
    kind: text('kind').notNull(),
    /** orders/create, products, fulfilment, … */
    topic: text('topic').notNull(),
    /** OK | ERROR | RETRY */
    outcome: text('outcome').notNull(),
    message: text('message').notNull().default(''),
    attempt: integer('attempt').notNull().default(1),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('channel_sync_log_store_idx').on(t.storeId, t.id)],
);

/** Shipment news owed to a store (written with the status change, sent by the write-back job). */
export const channelUpdates = pgTable(
  'channel_updates',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => channelStores.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    index('channel_updates_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`done_at is null`),
  ],
);
