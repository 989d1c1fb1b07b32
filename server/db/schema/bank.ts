import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, organisations } from './accounts';

// A seller's bank accounts for COD remittance, each account's verifications, and the audit of
// every change staff read. The full account number is kept (remittance pays into it) and is
// never answered: every answer, email and audit row carries the masked number (last 4 digits).
// One live row per (organisation, IFSC, number), so two concurrent adds make one; at most one
// primary per organisation (partial unique index).

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    ifsc: text('ifsc').notNull(),
    bankName: text('bank_name').notNull(),
    branch: text('branch'),
    accountNumber: text('account_number').notNull(),
    last4: text('last4').notNull(),
    holderName: text('holder_name').notNull(),
    /** UNVERIFIED → VERIFIED | NAME_MISMATCH | INVALID (a changed account starts again) */
    status: text('status').notNull().default('UNVERIFIED'),
    /** the name the bank holds, from the last verification that reached the bank */
    nameAtBank: text('name_at_bank'),
    nameScore: real('name_score'),
    verificationMode: text('verification_mode'),
    creditedPaise: bigint('credited_paise', { mode: 'number' }),
    utr: text('utr'),
    providerReference: text('provider_reference'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdBy: integer('created_by')
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    check('bank_accounts_status_ck', sql`${t.status} in ('UNVERIFIED', 'VERIFIED', 'NAME_MISMATCH', 'INVALID')`),
    uniqueIndex('bank_accounts_live_uq')
      .on(t.orgId, t.ifsc, t.accountNumber)
      .where(sql`${t.removedAt} is null`),
    uniqueIndex('bank_accounts_primary_uq')
      .on(t.orgId)
      .where(sql`${t.isPrimary} and ${t.removedAt} is null`),
    index('bank_accounts_org_idx').on(t.orgId),
  ],
);

/** One verification asked of the provider, keyed by the client's request key: a repeat answers this row. */
export const bankVerifications = pgTable(
  'bank_verifications',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    requestKey: text('request_key').notNull(),
    /** VERIFIED | NAME_MISMATCH | INVALID | UNAVAILABLE */
    outcome: text('outcome').notNull(),
    message: text('message').notNull(),
    provider: text('provider').notNull(),
    mode: text('mode').notNull(),
    nameAtBank: text('name_at_bank'),
    nameScore: real('name_score'),
    creditedPaise: bigint('credited_paise', { mode: 'number' }),
    utr: text('utr'),
    reference: text('reference'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('bank_verifications_key_uq').on(t.orgId, t.requestKey)],
);

/** Every change to a seller's bank accounts, for staff (masked numbers only). */
export const bankAccountChanges = pgTable(
  'bank_account_changes',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    actorAccountId: integer('actor_account_id')
      .notNull()
      .references(() => accounts.id),
    /** ADDED | EDITED | VERIFIED | PRIMARY_SET | PRIMARY_CHANGED | REMOVED */
    action: text('action').notNull(),
    /** what changed, in words, with masked numbers */
    detail: text('detail').notNull(),
    /** whether an OTP to the owner confirmed the change */
    otpConfirmed: boolean('otp_confirmed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('bank_account_changes_created_idx').on(t.createdAt), index('bank_account_changes_org_idx').on(t.orgId)],
);
