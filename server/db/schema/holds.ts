import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ledgerAccounts, journalEntries } from './wallet';
import { organisations } from './accounts';

// Money set aside in a seller's wallet for a charge not yet decided (a weight discrepancy). A
// hold moves no money: it raises the wallet's held_paise, which every debit's guard subtracts,
// until it is released (nothing moves) or charged (one journal entry). Once per key.

export const walletHolds = pgTable(
  'wallet_holds',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    walletId: integer('wallet_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** what the hold is for (weight:<discrepancy id>): one hold per key, ever */
    key: text('key').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** HELD → RELEASED | CHARGED, once */
    state: text('state').notNull().default('HELD'),
    reference: text('reference').notNull().default(''),
    description: text('description').notNull(),
    /** the charge's journal entry */
    entryId: integer('entry_id').references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallet_holds_key_uq').on(t.key),
    index('wallet_holds_wallet_idx')
      .on(t.walletId)
      .where(sql`${t.state} = 'HELD'`),
    check('wallet_holds_amount_positive', sql`${t.amountPaise} > 0`),
    check('wallet_holds_state_ck', sql`${t.state} in ('HELD', 'RELEASED', 'CHARGED')`),
  ],
);
