import type { OutcomeCount, RiskFacts } from './facts';
import { rupeesOf } from '../money';

// An order's facts as the numbers the model weighs. Rates are smoothed toward the wider place's
// (pincode toward district toward the platform's COD base) so a pincode with three parcels does
// not read as 0 % or 100 %.

export const FEATURES = [
  'cod',
  'codValue',
  'prepaidValue',
  'pincodeCod',
  'pincodePrepaid',
  'buyerReturned',
  'buyerDelivered',
  'buyerReturnedElsewhere',
  'buyerDeliveredElsewhere',
  'noHouseNumber',
  'shortAddress',
] as const;
export type FeatureName = (typeof FEATURES)[number];
export type FeatureVector = Record<FeatureName, number>;

/** how many parcels' weight the wider place's rate counts for */
const DISTRICT_PRIOR = 20;
const PINCODE_PRIOR = 10;
/** an address shorter than this many characters is very short */
export const SHORT_ADDRESS_CHARS = 15;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const logit = (p: number) => Math.log(p / (1 - p));
const smoothed = (c: OutcomeCount, prior: number, weight: number) =>
  clamp((c.returned + prior * weight) / (c.finished + weight), 0.001, 0.999);

/** The pincode's COD return rate, smoothed toward its district's, itself toward the base. */
export function pincodeCodRate(f: RiskFacts, baseCodRate: number): number {
  const district = smoothed(f.districtCod, baseCodRate, DISTRICT_PRIOR);
  return smoothed(f.pincodeCod, district, PINCODE_PRIOR);
}

export const hasHouseNumber = (address: string) => /\d/.test(address);
export const isShortAddress = (address: string) => address.trim().length < SHORT_ADDRESS_CHARS;

/** log2 of the order's value in thousands of rupees, held within ₹250 to ₹8,000 */
const valueScale = (paise: number) => clamp(Math.log2(Math.max(1, rupeesOf(paise)) / 1000), -2, 3);

export function riskFeatures(f: RiskFacts, baseCodRate: number): FeatureVector {
  const cod = f.paymentMethod === 'COD' ? 1 : 0;
  const pincode = logit(pincodeCodRate(f, baseCodRate)) - logit(clamp(baseCodRate, 0.001, 0.999));
  const own = f.buyerWithSeller;
  const all = f.buyerAcrossSellers;
  return {
    cod,
    codValue: cod * valueScale(f.totalPaise),
    prepaidValue: (1 - cod) * valueScale(f.totalPaise),
    pincodeCod: cod * pincode,
    pincodePrepaid: (1 - cod) * pincode,
    buyerReturned: Math.log1p(own.returned),
    buyerDelivered: Math.log1p(own.finished - own.returned),
    buyerReturnedElsewhere: Math.log1p(Math.max(0, all.returned - own.returned)),
    buyerDeliveredElsewhere: Math.log1p(Math.max(0, all.finished - all.returned - (own.finished - own.returned))),
    noHouseNumber: hasHouseNumber(f.address) ? 0 : 1,
    shortAddress: isShortAddress(f.address) ? 1 : 0,
  };
}

export const featureArray = (x: FeatureVector): number[] => FEATURES.map((n) => x[n]);
