import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { files, organisations } from './accounts';
import { products } from './setup';

// A seller's document templates (label, invoice, proof of delivery): one row a kind, holding the
// settings the seller saved (src/domain/documents/template-settings.ts); a kind without a row uses
// the defaults. And the product images labels and invoices may print beside an item.

export const documentTemplates = pgTable(
  'document_templates',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    /** LABEL | INVOICE | POD */
    kind: text('kind').notNull(),
    /** the kind's settings, checked against its schema before they are written */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.kind] })],
);

export const productImages = pgTable('product_images', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id),
  orgId: integer('org_id')
    .notNull()
    .references(() => organisations.id),
  fileId: text('file_id')
    .notNull()
    .references(() => files.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
