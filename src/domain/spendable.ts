import { formatRupees } from './format';
import { RECHARGE } from './wallet-contract';
import { paiseOf, rupeesOf, wholeRupeesUp } from './money';

// What a seller can spend, as one rule for the browser and the server: the wallet's balance, less
// what open holds set aside (a weight dispute's difference), plus any postpaid credit limit. Every
// check, every refusal, every top-up offer and every screen uses these functions with the
// figures the server read from the ledger, so no two places can disagree.

/** A wallet as the ledger keeps it, in paise. */
export interface WalletFigures {
  balancePaise: number;
  /** set aside by open holds: not spendable until released or charged */
  heldPaise: number;
  /** how far a postpaid wallet may go below zero (0 for prepaid) */
  creditLimitPaise: number;
}

/** What the held money is for: one line per purpose. */
export interface HeldFor {
  purpose: HoldPurpose;
  /** how many open holds */
  count: number;
  amountPaise: number;
}

export const HOLD_PURPOSES = ['WEIGHT_DISPUTE', 'OTHER'] as const;
export type HoldPurpose = (typeof HOLD_PURPOSES)[number];

/** A hold's purpose from its key (`weight:<discrepancy id>` for a weight discrepancy). */
export const holdPurposeOfKey = (key: string): HoldPurpose => (key.startsWith('weight:') ? 'WEIGHT_DISPUTE' : 'OTHER');

const PURPOSE_WORDS: Record<HoldPurpose, (count: number) => string> = {
  WEIGHT_DISPUTE: (n) => (n === 1 ? 'a weight dispute' : `${n} weight disputes`),
  OTHER: (n) => (n === 1 ? 'a pending charge' : `${n} pending charges`),
};

/** balance − held + credit limit; below zero when holds or dues exceed the wallet. */
export const spendablePaise = (w: WalletFigures): number => w.balancePaise - w.heldPaise + w.creditLimitPaise;

/** How many paise the wallet lacks to pay needPaise (0 when it can); nothing to pay is never short, as money in is never refused. */
export const shortfallPaise = (w: WalletFigures, needPaise: number): number =>
  needPaise <= 0 ? 0 : Math.max(0, needPaise - spendablePaise(w));

export const MIN_RECHARGE_PAISE = paiseOf(RECHARGE.minRupees);

/**
 * The recharge that lets a payment of needPaise go through: the shortfall rounded up to whole
 * rupees (what the recharge form and the gateway take without a remainder), never below the least recharge the gateway takes; 0 when nothing is short.
 */
export const topUpPaise = (w: WalletFigures, needPaise: number): number => {
  const short = shortfallPaise(w, needPaise);
  if (short === 0) return 0;
  return Math.max(MIN_RECHARGE_PAISE, wholeRupeesUp(short));
};

/** The gateway payment of a top-up (topUpPaise is whole rupees already): the recharge body in rupees. */
export const topUpPayment = (topUpPaise: number): { rechargeAmount: number } => ({
  rechargeAmount: rupeesOf(topUpPaise),
});

/** What the held money is for: "for a weight dispute", or each purpose with its amount when there are several. */
export function heldPurposesText(heldFor: readonly HeldFor[]): string {
  const lines = heldFor.filter((h) => h.amountPaise > 0);
  if (lines.length === 1) return `for ${PURPOSE_WORDS[lines[0].purpose](lines[0].count)}`;
  return lines.map((h) => `${formatRupees(h.amountPaise)} for ${PURPOSE_WORDS[h.purpose](h.count)}`).join(', ');
}

/** "₹148.68 held for a weight dispute" for each purpose, joined; the total when purposes are unknown. */
export function heldText(w: WalletFigures, heldFor: readonly HeldFor[]): string {
  const lines = heldFor.filter((h) => h.amountPaise > 0);
  if (!lines.length) return `${formatRupees(w.heldPaise)} held`;
  return lines.map((h) => `${formatRupees(h.amountPaise)} held for ${PURPOSE_WORDS[h.purpose](h.count)}`).join(', ');
}

/**
 * "You can spend ₹2,440.34 (₹2,589.02 in your wallet, ₹148.68 held for a weight dispute)": the
 * parts are named only when there is a hold or a credit limit.
 */
export function spendableText(w: WalletFigures, heldFor: readonly HeldFor[]): string {
  const parts = [`${formatRupees(w.balancePaise)} in your wallet`];
  if (w.heldPaise > 0) parts.push(heldText(w, heldFor));
  if (w.creditLimitPaise > 0) parts.push(`${formatRupees(w.creditLimitPaise)} credit limit`);
  const can = `You can spend ${formatRupees(spendablePaise(w))}`;
  return parts.length > 1 ? `${can} (${parts.join(', ')})` : can;
}

/** What is being paid for, in a refusal: "This shipment costs …", "… to ship it". */
export interface SpendPurpose {
  /** "This shipment", "This pickup", "The Premium plan (yearly)" */
  what: string;
  /** "ship it", "book it", "upgrade" */
  verb: string;
}

/** Every refusal for want of money says the same: the cost, what can be spent and why, and the top-up that makes it go through. */
export const INSUFFICIENT_PREFIX = 'Insufficient wallet balance';
export function refusalText(
  w: WalletFigures,
  heldFor: readonly HeldFor[],
  needPaise: number,
  purpose: SpendPurpose,
): string {
  return `${INSUFFICIENT_PREFIX}. ${purpose.what} costs ${formatRupees(needPaise)}. ${spendableText(w, heldFor)}. Recharge at least ${formatRupees(topUpPaise(w, needPaise))} to ${purpose.verb}.`;
}
