import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { accounts, organisations } from './accounts';

// A Pro or Premium seller's key account manager: one named staff login per organisation. The row
// outlives a downgrade (an upgrade brings the same person back); the plan decides whether it is
// shown and whether new tickets go to them.

export const keyAccountManagers = pgTable('key_account_managers', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organisations.id),
  managerId: integer('manager_id')
    .notNull()
    .references(() => accounts.id),
  assignedBy: integer('assigned_by')
    .notNull()
    .references(() => accounts.id),
  assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
});
