import { bigint, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The sandbox payment gateway's own books (a stand-in for PhonePe on a machine without the
// internet). The wallet never reads this table: it asks the sandbox over HTTP, as it would ask
// the real gateway.

export const sandboxGatewayTransactions = pgTable(
  'sandbox_gateway_transactions',
  {
    id: serial('id').primaryKey(),
    merchantId: text('merchant_id').notNull(),
    merchantTransactionId: text('merchant_transaction_id').notNull(),
    /** the hosted page's unguessable address */
    pageToken: text('page_token').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    redirectUrl: text('redirect_url').notNull(),
    callbackUrl: text('callback_url').notNull(),
    /** what the payer pays for, shown on the hosted page */
    description: text('description').notNull().default(''),
    /** PAYMENT_PENDING | PAYMENT_SUCCESS | PAYMENT_DECLINED */
    code: text('code').notNull().default('PAYMENT_PENDING'),
    transactionId: text('transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sandbox_gateway_txn_uq').on(t.merchantId, t.merchantTransactionId),
    uniqueIndex('sandbox_gateway_token_uq').on(t.pageToken),
  ],
);
