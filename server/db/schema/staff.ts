import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

// The staff console: every write a staff member makes, append-only (a trigger refuses update and
// delete, as on the ledger). docs/decisions/staff-console.md.

export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorAccountId: integer('actor_account_id')
      .notNull()
      .references(() => accounts.id),
    /** the operation (operationId of the route, or a service's own name such as impersonation.end) */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    requestId: text('request_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_audit_at_idx').on(t.at, t.id),
    index('staff_audit_actor_idx').on(t.actorAccountId, t.at),
    index('staff_audit_entity_idx').on(t.entityType, t.entityId, t.at),
    index('staff_audit_action_idx').on(t.action, t.at),
  ],
);

/** Impersonation sessions: opened by staff, ended when the staff member ends it or it expires. */
export const staffImpersonations = pgTable(
  'staff_impersonations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffAccountId: integer('staff_account_id')
      .notNull()
      .references(() => accounts.id),
    sellerAccountId: integer('seller_account_id')
      .notNull()
      .references(() => accounts.id),
    reason: text('reason').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('staff_impersonations_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.endedAt} is null`),
  ],
);
