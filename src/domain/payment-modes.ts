import { formatAmount } from './format';
import { paiseOf } from './money';

// A seller's own payment modes beside PPD and COD (Premium): a label code, a basis (what the
// courier sees: COD or prepaid) and, for a COD basis, an advance the buyer pays before the parcel
// leaves. The order keeps a copy of the mode and its advance; the courier collects the rest.

export const PAYMENT_MODE_CODE = /^[A-Z0-9]{2,8}$/;
/** codes the label already prints for the two standard methods */
export const RESERVED_MODE_CODES = ['PPD', 'COD', 'PREPAID'] as const;
export const PAYMENT_MODE_BASES = { COD: 'Collected on delivery', PPD: 'Prepaid' } as const;
export type PaymentModeBasis = keyof typeof PAYMENT_MODE_BASES;
export const ADVANCE_KINDS = {
  NONE: 'No advance',
  PERCENT: 'Percent of the order value',
  FIXED: 'Fixed amount',
} as const;
export type AdvanceKind = keyof typeof ADVANCE_KINDS;
export const ADVANCE_PERCENT = { min: 1, max: 90 } as const;
export const MAX_FIXED_ADVANCE_RUPEES = 1_00_000;
export const MAX_LABEL_NOTE = 60;
export const MAX_MODE_NAME = 40;

export interface ModeAdvance {
  basis: PaymentModeBasis;
  advanceKind: AdvanceKind;
  advancePercent: number | null;
  advanceFixedPaise: number | null;
}

/** The advance of an order of `totalPaise` under the mode, in whole paise (half a paisa rounds up). */
export function advanceOf(mode: ModeAdvance, totalPaise: number): number {
  if (mode.basis !== 'COD') return 0;
  if (mode.advanceKind === 'PERCENT') return Math.round((totalPaise * (mode.advancePercent ?? 0)) / 100);
  if (mode.advanceKind === 'FIXED') return mode.advanceFixedPaise ?? 0;
  return 0;
}

const rupees = (paise: number) => `₹${formatAmount(paise)}`;

/**
 * The order's advance and what the courier collects, or the sentence refusing the order: an
 * advance that leaves the courier nothing to collect is not a COD order any more.
 */
export function modeAmounts(
  mode: ModeAdvance,
  totalPaise: number,
): { advancePaise: number; codAmountPaise: number } | { refusal: string } {
  const advancePaise = advanceOf(mode, totalPaise);
  if (mode.basis === 'PPD') return { advancePaise: 0, codAmountPaise: 0 };
  if (advancePaise >= totalPaise)
    return {
      refusal: `the advance of ${rupees(advancePaise)} must be less than the order total of ${rupees(totalPaise)}`,
    };
  return { advancePaise, codAmountPaise: totalPaise - advancePaise };
}

/** What the courier collects for an order of this method, total and advance. */
export const codAmountOf = (paymentMethod: string, totalPaise: number, advancePaise: number) =>
  paymentMethod === 'COD' ? totalPaise - advancePaise : 0;

/** Why an order with an unpaid advance cannot ship, or null when it may. */
export function advanceRefusal(o: { advancePaise: number; advancePaidAt: Date | string | null }): string | null {
  if (o.advancePaise <= 0 || o.advancePaidAt) return null;
  return `Advance of ${rupees(o.advancePaise)} not yet paid`;
}

/** A short description of a mode's advance, as lists and the order show it. */
export function advanceText(mode: ModeAdvance): string {
  if (mode.basis === 'PPD') return 'Prepaid';
  if (mode.advanceKind === 'PERCENT') return `${mode.advancePercent}% advance, rest on delivery`;
  if (mode.advanceKind === 'FIXED') return `${rupees(mode.advanceFixedPaise ?? 0)} advance, rest on delivery`;
  return 'All on delivery';
}

/** How a paid advance was received. */
export const ADVANCE_RECEIVED_VIA = {
  GATEWAY: 'Paid online by the buyer',
  SELLER: 'Marked received by the seller',
} as const;
export type AdvanceReceivedVia = keyof typeof ADVANCE_RECEIVED_VIA;

/** A mode as its list row carries it (advance in rupees), as the advance rule reads it. */
export const rowAdvance = (m: {
  modeBasis: PaymentModeBasis;
  advanceKind: AdvanceKind;
  advancePercent: number | null;
  advanceAmount: number | null;
}): ModeAdvance => ({
  basis: m.modeBasis,
  advanceKind: m.advanceKind,
  advancePercent: m.advancePercent,
  advanceFixedPaise: m.advanceAmount === null ? null : paiseOf(m.advanceAmount),
});
