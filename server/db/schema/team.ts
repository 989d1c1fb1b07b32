import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, organisations } from './accounts';

// Team and plans: the roles an owner makes, invitations, subscriptions and downgrade requests.

/** A role an OWNER made: a name and a set of permissions (src/domain/permissions.ts). */
export const teamRoles = pgTable(
  'team_roles',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('team_roles_org_name_uq').on(t.orgId, sql`lower(${t.name})`)],
);

/** An invitation to set a password: only the token's hash is kept; it works once, until it expires. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invitations_token_uq').on(t.tokenHash), index('invitations_account_idx').on(t.accountId)],
);

/** One paid period of a plan (or its fall back to Lite): the subscriptions history. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    plan: text('plan').notNull(),
    billingFrequency: text('billing_frequency').notNull(), // MONTHLY | YEARLY
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** the price with GST, paid from the wallet through the ledger */
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** UPGRADE | RENEWAL */
    kind: text('kind').notNull(),
    /** ACTIVE | ENDED */
    status: text('status').notNull().default('ACTIVE'),
    invoiceNumber: text('invoice_number').notNull(),
    /** the request's own key: a repeated upgrade acts once */
    requestKey: text('request_key').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_request_uq').on(t.requestKey),
    uniqueIndex('subscriptions_invoice_uq').on(t.invoiceNumber),
    index('subscriptions_org_idx').on(t.orgId, t.periodStart),
  ],
);

/** A downgrade asked for: it takes effect at the end of the paid period, cancellable until then. */
export const downgradeRequests = pgTable(
  'downgrade_requests',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    fromPlan: text('from_plan').notNull(),
    toPlan: text('to_plan').notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    /** PENDING | CANCELLED | DONE */
    status: text('status').notNull().default('PENDING'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('downgrade_requests_org_idx').on(t.orgId),
    uniqueIndex('downgrade_requests_pending_uq')
      .on(t.orgId)
      .where(sql`status = 'PENDING'`),
  ],
);
