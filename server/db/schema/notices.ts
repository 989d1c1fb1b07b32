import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, organisations } from './accounts';

// What the platform tells sellers: banners (by plan, scheduled, dismissed per login), release
// notes (viewed once per login), and notifications (one row per event per organisation, read per
// login). docs/decisions/notices.md.

export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    message: text('message').notNull(),
    /** BANNER_TONES: info, warning, critical */
    tone: text('tone').notNull(),
    link: text('link'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** PLAN_CODES it reaches; empty: every plan */
    plans: text('plans')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** ACTIVE or INACTIVE */
    status: text('status').notNull().default('ACTIVE'),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('banners_status_ck', sql`${t.status} in ('ACTIVE', 'INACTIVE')`),
    index('banners_active_idx')
      .on(t.startsAt)
      .where(sql`${t.status} = 'ACTIVE'`),
  ],
);

/** A login that closed a banner: it stays closed on every device. */
export const bannerDismissals = pgTable(
  'banner_dismissals',
  {
    bannerId: integer('banner_id')
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.bannerId] })],
);

export const releaseNotes = pgTable(
  'release_notes',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** DRAFT, PUBLISHED or ARCHIVED */
    status: text('status').notNull().default('DRAFT'),
    /** the first publication; what "new" is measured by */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('release_notes_status_ck', sql`${t.status} in ('DRAFT', 'PUBLISHED', 'ARCHIVED')`)],
);

/** A login that saw a release note: it is not shown to it again as new. */
export const releaseNoteViews = pgTable(
  'release_note_views',
  {
    releaseNoteId: integer('release_note_id')
      .notNull()
      .references(() => releaseNotes.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.releaseNoteId] })],
);

/** One event a seller's team should know of, written in the transaction of the event itself. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    /** NOTIFICATION_KINDS */
    kind: text('kind').notNull(),
    /** the event's own id (an NDR record, a discrepancy, a payout, a KYC decision): once per event */
    ref: text('ref').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('notifications_event_uq').on(t.orgId, t.kind, t.ref),
    index('notifications_org_idx').on(t.orgId, t.id),
  ],
);

/** A login that read a notification (each member of the team reads for themself). */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.notificationId] })],
);
