import * as v from 'valibot';

// What a seller's wallet holds and can spend, as answers carry it. A module of its own because
// the session's account answer carries it: the seller app's first chunk must not bring the
// wallet area's operations with it.

export const WalletStateSchema = v.object({
  balancePaise: v.number(),
  creditLimitPaise: v.number(),
  /** set aside for weight discrepancies not yet settled: not usable for bookings */
  heldPaise: v.number(),
});

export type WalletStateAnswer = v.InferOutput<typeof WalletStateSchema>;

/** One purpose money is held for: its open holds and their sum. */
export const HeldForSchema = v.object({
  purpose: v.picklist(['WEIGHT_DISPUTE', 'OTHER']),
  count: v.number(),
  amountPaise: v.number(),
});

/**
 * What a seller can spend, as the server read it from the ledger: the balance, what is held (and
 * for what), the credit limit, and spendable = balance − held + credit limit (src/domain/spendable.ts).
 */
export const SpendableWalletSchema = v.object({
  ...WalletStateSchema.entries,
  spendablePaise: v.number(),
  heldFor: v.array(HeldForSchema),
});
export type SpendableWalletAnswer = v.InferOutput<typeof SpendableWalletSchema>;
