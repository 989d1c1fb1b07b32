import { FIELD_LABELS } from './schemas/labels';
import { paiseOf } from './money';

// The recharge card's rules: the amount (rupees with at most two decimals, within the limits) and
// the optional coupon code (3 to 20 characters, upper case; it must be applied before paying).

export interface RechargeLimits {
  minRupees: number;
  maxRupees: number;
}

export const COUPON_CODE_LENGTH = { min: 3, max: 20 } as const;

const inr = (n: number) => `₹${n.toLocaleString('en-IN')}`;

/** The hint under the amount field and the error when it is out of bounds. */
export const rechargeRangeText = (limits: RechargeLimits) =>
  `Between ${inr(limits.minRupees)} and ${inr(limits.maxRupees)}`;
export const rechargeAmountError = (limits: RechargeLimits) =>
  `Enter an amount between ${inr(limits.minRupees)} and ${inr(limits.maxRupees)}`;

/** The typed amount in rupees, or the error to show under the field. */
export function checkRechargeAmount(
  text: string,
  limits: RechargeLimits,
): { ok: true; rupees: number; paise: number } | { ok: false; error: string } {
  const rupees = Number(text);
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim()) || rupees < limits.minRupees || rupees > limits.maxRupees)
    return { ok: false, error: rechargeAmountError(limits) };
  return { ok: true, rupees, paise: paiseOf(rupees) };
}

/** The amount on the Pay button in paise, or null while the field holds no positive number. */
export function payablePaise(text: string): number | null {
  const rupees = Number(text);
  return Number.isFinite(rupees) && rupees > 0 ? paiseOf(rupees) : null;
}

/** A coupon code as typed, in the upper case the server keeps it in. */
export const normaliseCouponCode = (text: string): string => text.toUpperCase();

/** The server's own sentence for a code of the wrong length; null when the length is right or the field is empty. */
export function couponCodeError(code: string): string | null {
  const n = code.trim().length;
  if (n === 0 || (n >= COUPON_CODE_LENGTH.min && n <= COUPON_CODE_LENGTH.max)) return null;
  return `${FIELD_LABELS.couponCode} must be ${COUPON_CODE_LENGTH.min} to ${COUPON_CODE_LENGTH.max} characters`;
}

/** A typed code not applied yet blocks paying: the seller applies it or clears it. */
export const COUPON_NOT_APPLIED = 'Apply the coupon first, or clear it';
export function couponBlocksPayment(code: string, appliedCode: string | null): boolean {
  return code.trim() !== '' && appliedCode === null;
}
