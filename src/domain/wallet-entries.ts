// What each kind of wallet entry is called: on the statement, in its filter, on the monthly
// invoice. The server's ledger and the browser read this one list.

export const WALLET_ENTRY_LABELS = {
  RECHARGE: 'Wallet recharge',
  COUPON_BONUS: 'Coupon bonus',
  SHIPPING_CHARGE: 'Shipping charge',
  COD_CHARGE: 'COD charge',
  RTO_CHARGE: 'RTO charge',
  WEIGHT_CHARGE: 'Weight discrepancy charge',
  SHIPMENT_REFUND: 'Refund of a cancelled shipment',
  ADJUSTMENT_DEBIT: 'Adjustment (debit)',
  ADJUSTMENT_CREDIT: 'Adjustment (credit)',
  COD_REMITTANCE_CREDIT: 'COD remittance used as wallet credit',
  DISPUTE_CREDIT: 'Delivery dispute credit',
  WEIGHT_REFUND: 'Weight discrepancy refund',
  SUBSCRIPTION_CHARGE: 'Plan subscription',
  INSURANCE_PREMIUM: 'Insurance premium',
  DELAY_PROTECTION_CHARGE: 'Delay protection',
  INSURANCE_CLAIM: 'Insurance claim payout',
  DELAY_CREDIT: 'Delay credit',
  REVERSAL: 'Reversal',
} as const;

export type WalletEntryType = keyof typeof WALLET_ENTRY_LABELS;

/** Every entry type with its label, in statement-filter order. */
export const WALLET_ENTRY_TYPES = Object.entries(WALLET_ENTRY_LABELS) as [WalletEntryType, string][];

/** An entry kind's label; an unknown kind shows as itself. */
export const walletEntryLabel = (kind: string): string => (WALLET_ENTRY_LABELS as Record<string, string>)[kind] ?? kind;
