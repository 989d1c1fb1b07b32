import { GST_PERCENT } from './rates';

// Insurance and delay protection on a shipment (forward, a split's package or boxes, a return's pickup): what each costs, when a shipment is
// insured by the seller's rule, and what a late delivery gives back. Pure rules in paise, read by
// the quote on the server and by the ship dialog in the browser, so both show the same figures.
// Sources are named beside each constant (docs/decisions/insurance-and-delay-protection.md).

/** Insurance premium as basis points of the declared value: 0.55 % (Shiprocket's published rate, before GST). */
export const INSURANCE_RATE_BPS = 55;
/** The least premium, ₹15 before GST: our choice, so a small parcel's cover pays its handling. */
export const INSURANCE_MIN_PREMIUM_PAISE = 1_500;
/** The most a shipment may be insured for, ₹25,00,000 (Shiprocket's cover ceiling). */
export const INSURANCE_MAX_DECLARED_PAISE = 25_00_000_00;
/** GST on insurance and on delay protection: 18 % (the same service tax as freight). */
export const COVER_GST_PERCENT = GST_PERCENT;
/** The seller's blanket rule starts from Shiprocket's ₹5,000 line unless the seller sets another. */
export const DEFAULT_INSURE_ABOVE_PAISE = 5_000_00;

/** Delay protection as basis points of the freight before GST: 10 % (our choice). */
export const DELAY_PROTECTION_RATE_BPS = 1_000;
/** The least delay protection price, ₹5 before GST: our choice. */
export const DELAY_PROTECTION_MIN_PAISE = 500;

export interface CoverPrice {
  /** before GST */
  pricePaise: number;
  gstPaise: number;
  /** what the wallet pays */
  totalPaise: number;
}

const withGst = (pricePaise: number): CoverPrice => {
  const gstPaise = Math.round((pricePaise * COVER_GST_PERCENT) / 100);
  return { pricePaise, gstPaise, totalPaise: pricePaise + gstPaise };
};

/** The premium to insure a declared value: the rate, at least the minimum, then GST; half a paisa rounds up. */
export function insurancePremium(declaredValuePaise: number): CoverPrice {
  const byRate = Math.round((declaredValuePaise * INSURANCE_RATE_BPS) / 10_000);
  return withGst(Math.max(INSURANCE_MIN_PREMIUM_PAISE, byRate));
}

/** The price of delay protection on a freight (before GST): the rate, at least the minimum, then GST. */
export function delayProtectionPrice(freightPaise: number): CoverPrice {
  const byRate = Math.round((freightPaise * DELAY_PROTECTION_RATE_BPS) / 10_000);
  return withGst(Math.max(DELAY_PROTECTION_MIN_PAISE, byRate));
}

/** Whether the seller's rule insures a shipment of this value (null: no rule); the ship dialog starts from it. */
export const insuredByRule = (declaredValuePaise: number, insureAbovePaise: number | null): boolean =>
  insureAbovePaise !== null && declaredValuePaise > insureAbovePaise;

/** Why a value cannot be insured, or null when it can. */
export function insuranceRefusal(declaredValuePaise: number): string | null {
  if (declaredValuePaise <= 0) return 'Insurance: an order without a value cannot be insured';
  if (declaredValuePaise > INSURANCE_MAX_DECLARED_PAISE)
    return 'Insurance: shipments are insured up to ₹25,00,000 of declared value';
  return null;
}

/**
 * A delivery is late when its IST day is after the promised day (yyyy-mm-dd): the delay credit
 * then gives back the freight the seller paid (freight with its GST, not the COD fee).
 */
export const deliveredLate = (deliveredDay: string, promisedDay: string | null): boolean =>
  promisedDay !== null && deliveredDay > promisedDay;

/** The freight a shipment was charged with its GST (its total less the COD fee and that fee's GST): a delay credit's amount. */
export const freightCharged = (totalPaise: number, codChargePaise: number): number =>
  totalPaise - codChargePaise - Math.round((codChargePaise * GST_PERCENT) / 100);

/** The dispute categories an insured parcel's claim may name: it was lost, or it arrived damaged or empty. */
export const INSURED_CLAIM_CATEGORIES = ['NOT_RECEIVED', 'EMPTY_BOX', 'DAMAGED_BOX'] as const;

/**
 * The statuses an insured parcel may be claimed in beyond the delivered ones: lost and damaged in
 * transit, and a return's parcel lost on its way back or delivered back to the seller (a damaged
 * or empty box). In these only an insurance claim may be raised.
 */
export const INSURED_LOSS_STATUSES = ['LST', 'DMG', 'RLST', 'RDLV'] as const;

/** Whether a dispute on this shipment is an insurance claim (paid from the insurance, capped at the declared value). */
export const isInsuranceClaim = (insuredValuePaise: number, category: string): boolean =>
  insuredValuePaise > 0 && (INSURED_CLAIM_CATEGORIES as readonly string[]).includes(category);

/** The insurance payout on an accepted claim: what was asked, never beyond the declared value. */
export const insurancePayout = (askedPaise: number, declaredValuePaise: number): number =>
  Math.max(0, Math.min(askedPaise, declaredValuePaise));

/** The words of the cover on a quote, shown under the courier's price. */
export const COVER_TEXT = {
  insurance: 'Insure this shipment',
  insuranceHint: (rate: string) => `${rate} of the declared value, at least ₹15, plus 18% GST`,
  delay: 'Delay protection',
  delayHint: 'Freight credited to your wallet if the courier delivers after the promised date',
  insuredByRule: (above: string) => `Insured by your rule for shipments above ${above}`,
} as const;
