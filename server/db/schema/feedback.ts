import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// What visitors tell us about signing up (spec sections 3 and 9): a rating 1 to 10 and a message.
// A submission is stored once however often it is sent; the address is kept to throttle the
// public route per client address.

export const signupFeedback = pgTable(
  'signup_feedback',
  {
    id: serial('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    rating: integer('rating').notNull(),
    message: text('message').notNull().default(''),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('signup_feedback_idempotency_key_uq').on(t.idempotencyKey),
    index('signup_feedback_ip_created_idx').on(t.ip, t.createdAt),
  ],
);
