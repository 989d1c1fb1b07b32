import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations } from './accounts';

// CSV bulk uploads of every kind (products, new orders, order updates): the file waits here until
// its import job has read it, and the rows it turned away stay for the error CSV.

export const csvUploads = pgTable(
  'csv_uploads',
  {
    id: serial('id').primaryKey(),
    /** the seller's organisation; null for a staff upload (a courier's file) */
    orgId: integer('org_id').references(() => organisations.id),
    /** PRODUCTS, ORDERS or ORDER_UPDATES (src/domain/uploads-contract.ts) */
    kind: text('kind').notNull(),
    accountId: integer('account_id').notNull(),
    fileName: text('file_name').notNull(),
    /** the CSV text; emptied once the import is done */
    content: text('content'),
    status: text('status').notNull().default('PENDING'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    /** rows that made a new record, or (for updates) changed one */
    createdRows: integer('created_rows').notNull().default(0),
    rejectedRows: integer('rejected_rows').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('csv_uploads_org_kind_idx').on(t.orgId, t.kind, t.id)],
);

/** A rejected row of an upload: where and why, and the row as sent, for the error CSV. */
export const csvUploadErrors = pgTable(
  'csv_upload_errors',
  {
    id: serial('id').primaryKey(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => csvUploads.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    columnName: text('column_name').notNull(),
    reason: text('reason').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
  },
  (t) => [index('csv_upload_errors_upload_idx').on(t.uploadId, t.rowNumber)],
);
