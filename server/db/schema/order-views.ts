import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, organisations } from './accounts';

// Saved views of the order list: a login's own named sets of list filters (its URL parameters),
// kept on the server so they follow the login to every device. docs/decisions/orders.md.

export const orderViews = pgTable(
  'order_views',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /** ORDER_VIEW_PARAMS → value, as the list keeps them in its URL */
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('order_views_account_name_uq').on(t.accountId, sql`lower(${t.name})`),
    index('order_views_org_idx').on(t.orgId),
  ],
);
