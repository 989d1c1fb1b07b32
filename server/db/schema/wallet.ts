import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, organisations } from './accounts';

// The money ledger: double entry in integer paise. Journal entries and postings are append-only
// (database triggers refuse UPDATE and DELETE; a deferred trigger refuses an unbalanced entry at
// commit). Only wallets keep a running balance, written in the same transaction as their
// postings, so a debit can be refused by one conditional UPDATE.

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    /** null for the platform's own accounts */
    orgId: integer('org_id').references(() => organisations.id),
    /** SELLER_WALLET | GATEWAY_CLEARING | PLATFORM_REVENUE | PROMOTIONS | COD_PAYABLE | ADJUSTMENTS */
    kind: text('kind').notNull(),
    /** running balance of a SELLER_WALLET; platform accounts sum their postings instead */
    balancePaise: bigint('balance_paise', { mode: 'number' }).notNull().default(0),
    /** how far below zero a postpaid wallet may go (0 for prepaid) */
    creditLimitPaise: bigint('credit_limit_paise', { mode: 'number' }).notNull().default(0),
    /** money set aside by open holds (wallet_holds): the usable balance is balance minus this */
    heldPaise: bigint('held_paise', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_org_kind_uq').on(t.orgId, t.kind),
    uniqueIndex('ledger_accounts_platform_kind_uq')
      .on(t.kind)
      .where(sql`${t.orgId} is null`),
    check('ledger_accounts_within_limit', sql`${t.balancePaise} >= -${t.creditLimitPaise}`),
    check('ledger_accounts_held_ck', sql`${t.heldPaise} >= 0`),
  ],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: serial('id').primaryKey(),
    /** the seller the movement concerns (null for platform-only entries) */
    orgId: integer('org_id').references(() => organisations.id),
    kind: text('kind').notNull(),
    /** the outside event this entry records (gateway payment id, AWB + charge kind, …): once only */
    externalKey: text('external_key'),
    /** what a seller searches by: a transaction id, an AWB, an order number */
    reference: text('reference').notNull().default(''),
    description: text('description').notNull(),
    /** a correction points at the entry it reverses */
    reversesEntryId: integer('reverses_entry_id'),
    /** the login that caused it (staff adjustments), if any */
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('journal_entries_external_key_uq').on(t.externalKey),
    uniqueIndex('journal_entries_reverses_uq').on(t.reversesEntryId),
    index('journal_entries_org_idx').on(t.orgId, t.createdAt),
  ],
);

export const postings = pgTable(
  'postings',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** signed: positive adds to the account's balance */
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('postings_entry_idx').on(t.entryId),
    index('postings_account_idx').on(t.accountId, t.entryId),
    check('postings_nonzero', sql`${t.amountPaise} <> 0`),
  ],
);

/**
 * The audit of a staff member's hand adjustment of a wallet: who, when, why, and the balance
 * just before and just after it (read from the same atomic update that moved the money).
 * Append-only, like the ledger.
 */
export const walletAdjustments = pgTable(
  'wallet_adjustments',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    entryId: integer('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    /** DEBIT | CREDIT */
    direction: text('direction').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    staffAccountId: integer('staff_account_id')
      .notNull()
      .references(() => accounts.id),
    balanceBeforePaise: bigint('balance_before_paise', { mode: 'number' }).notNull(),
    balanceAfterPaise: bigint('balance_after_paise', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_adjustments_entry_uq').on(t.entryId),
    index('wallet_adjustments_org_idx').on(t.orgId, t.createdAt),
    check('wallet_adjustments_amount_positive', sql`${t.amountPaise} > 0`),
    check('wallet_adjustments_reason_given', sql`length(trim(${t.reason})) > 0`),
    check(
      'wallet_adjustments_balances_agree',
      sql`${t.balanceAfterPaise} - ${t.balanceBeforePaise} = case when ${t.direction} = 'CREDIT' then ${t.amountPaise} else -${t.amountPaise} end`,
    ),
  ],
);

/** A wallet recharge through a gateway: ours to track, the gateway's word decides. */
export const walletPayments = pgTable(
  'wallet_payments',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    accountId: integer('account_id').notNull(),
    gateway: text('gateway').notNull(),
    merchantTransactionId: text('merchant_transaction_id').notNull(),
    gatewayOrderId: text('gateway_order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    couponCode: text('coupon_code'),
    bonusPaise: bigint('bonus_paise', { mode: 'number' }).notNull().default(0),
    /** PENDING | SUCCESS | FAILED | CANCELLED (cancelled by the seller; a late gateway success still counts) */
    status: text('status').notNull().default('PENDING'),
    detail: text('detail').notNull().default(''),
    creditEntryId: integer('credit_entry_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallet_payments_txn_uq').on(t.merchantTransactionId),
    index('wallet_payments_org_idx').on(t.orgId, t.id),
  ],
);

/** Recharge coupons: a bonus credited with a successful recharge, once per seller. */
export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
  /** RECHARGE (wallet bonus) */
  category: text('category').notNull().default('RECHARGE'),
  bonusPercent: integer('bonus_percent').notNull().default(0),
  bonusFlatPaise: bigint('bonus_flat_paise', { mode: 'number' }).notNull().default(0),
  maxBonusPaise: bigint('max_bonus_paise', { mode: 'number' }).notNull(),
  minRechargePaise: bigint('min_recharge_paise', { mode: 'number' }).notNull().default(0),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  active: boolean('active').notNull().default(true),
  /** only sellers on this plan may use it (LITE, PRO, PREMIUM); null: any plan */
  subscriptionType: text('subscription_type'),
  /** only sellers billed this often (MONTHLY, YEARLY); null: any */
  billingFrequency: text('billing_frequency'),
  /** how many sellers may use it in all; null: no cap (each seller once, by the ledger's key) */
  usageLimit: integer('usage_limit'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Webhook and callback events seen, so a replayed event is answered without acting twice. */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    id: serial('id').primaryKey(),
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    merchantTransactionId: text('merchant_transaction_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gateway_events_uq').on(t.gateway, t.eventId)],
);

/**
 * The audit of a wallet's postpaid credit limit: every change, who made it, when, the limit
 * before and after, and why. Written in the same transaction as the change, append-only.
 */
export const walletCreditLimitChanges = pgTable(
  'wallet_credit_limit_changes',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    oldLimitPaise: bigint('old_limit_paise', { mode: 'number' }).notNull(),
    newLimitPaise: bigint('new_limit_paise', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    staffAccountId: integer('staff_account_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_credit_limit_changes_org_idx').on(t.orgId, t.id),
    check('wallet_credit_limit_changes_reason_given', sql`length(trim(${t.reason})) > 0`),
    check('wallet_credit_limit_changes_changed', sql`${t.oldLimitPaise} <> ${t.newLimitPaise}`),
    check('wallet_credit_limit_changes_not_negative', sql`${t.newLimitPaise} >= 0`),
  ],
);
