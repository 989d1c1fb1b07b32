import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ReportFilters } from '../../../src/domain/reports-contract';
import type { ReportDefinition, ReportScheduleSpec } from '../../../src/domain/custom-reports';
import { accounts, organisations } from './accounts';

// Reports a seller asked for (or a schedule made) and the schedules. A request's file lives in
// the reports directory (REPORTS_DIR) under its organisation; the row says where and until when.

export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    createdBy: integer('created_by').references(() => accounts.id),
    type: text('type').notNull(),
    format: text('format').notNull(),
    filters: jsonb('filters').$type<ReportFilters>().notNull(),
    /** DAILY, WEEKLY or MONTHLY (IST) */
    frequency: text('frequency').notNull(),
    email: text('email').notNull(),
    active: boolean('active').notNull().default(true),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_schedules_org_idx').on(t.orgId, t.id),
    index('report_schedules_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.active}`),
  ],
);

export const reportRequests = pgTable(
  'report_requests',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    requestedBy: integer('requested_by').references(() => accounts.id),
    scheduleId: integer('schedule_id').references(() => reportSchedules.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    format: text('format').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    filters: jsonb('filters').$type<ReportFilters>().notNull(),
    /** QUEUED, GENERATING, READY, FAILED, EXPIRED */
    status: text('status').notNull().default('QUEUED'),
    progress: integer('progress').notNull().default(0),
    rowCount: integer('row_count').notNull().default(0),
    fileName: text('file_name'),
    /** relative to the reports directory */
    filePath: text('file_path'),
    byteSize: bigint('byte_size', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('report_requests_org_idx').on(t.orgId, t.id),
    index('report_requests_org_type_idx').on(t.orgId, t.type, t.finishedAt),
    index('report_requests_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'READY'`),
  ],
);

/**
 * Reports a Premium seller built (custom reports): the definition the builder made (data set,
 * columns, filters, grouping, sort, period) under a name unique in the account, and an optional
 * schedule that emails the file to team members (docs/decisions/reports.md, custom reports).
 */
export const customReports = pgTable(
  'custom_reports',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<ReportDefinition>().notNull(),
    schedule: jsonb('schedule').$type<ReportScheduleSpec | null>(),
    /** when the schedule sends next; null when there is none or it is paused */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('custom_reports_org_name_uq').on(t.orgId, sql`lower(${t.name})`),
    index('custom_reports_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.nextRunAt} is not null`),
  ],
);
