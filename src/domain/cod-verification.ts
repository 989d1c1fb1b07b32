import { paiseOf } from './money';
import { RISK_BANDS, type RiskBand } from './risk/bands';

// COD order verification: before a cash-on-delivery order ships, its buyer confirms it (or
// cancels it, or pays now and makes it prepaid). The rules here are pure and shared by the
// server (which decides) and the pages (which explain). docs/decisions/cod-verification.md.

export const VERIFICATION_STATES = {
  PENDING: 'Awaiting buyer',
  CONFIRMED: 'Confirmed by buyer',
  CANCELLED: 'Cancelled by buyer',
  SWITCHED: 'Switched to prepaid',
  EXPIRED: 'No answer',
} as const;
export type VerificationState = keyof typeof VERIFICATION_STATES;
export const VERIFICATION_STATE_CODES = Object.keys(VERIFICATION_STATES) as VerificationState[];

/** What happens to an order whose buyer did not answer within the wait. */
export const AFTER_WAIT_RULES = {
  SHIP: 'Ship anyway',
  HOLD: 'Hold until I decide',
  CANCEL: 'Cancel the order',
} as const;
export type AfterWaitRule = keyof typeof AFTER_WAIT_RULES;
export const AFTER_WAIT_RULE_CODES = Object.keys(AFTER_WAIT_RULES) as AfterWaitRule[];

export const VERIFICATION_SCOPES = { ALL: 'Every COD order', RULES: 'Only COD orders my rules pick' } as const;
export type VerificationScope = keyof typeof VERIFICATION_SCOPES;

export const CANCEL_REASONS = {
  NOT_ORDERED: 'I did not place this order',
  CHANGED_MIND: 'I changed my mind',
  WRONG_DETAILS: 'The address or items are wrong',
  BETTER_PRICE: 'I found a better price',
  OTHER: 'Another reason',
} as const;
export type CancelReason = keyof typeof CANCEL_REASONS;

/**
 * The RTO-band rule: verify the orders whose RTO risk at creation is this band or higher. Low is
 * not offered: more than half of all orders are low risk, and verifying them all is the "every
 * COD order" scope already.
 */
export const RISK_BAND_RULES = { MEDIUM: 'Medium and high', HIGH: 'High only' } as const;
export type RiskBandRule = keyof typeof RISK_BAND_RULES;
export const RISK_BAND_RULE_CODES = Object.keys(RISK_BAND_RULES) as RiskBandRule[];

/** Whether an order's band is at or above the rule's (an order scored before bands existed has none). */
export function atOrAboveBand(band: RiskBand | null, rule: RiskBandRule): boolean {
  if (band === null) return false;
  return rule === 'MEDIUM' ? band !== 'LOW' : band === 'HIGH';
}

export const WAIT_HOURS = { min: 1, max: 72, default: 24 } as const;
export const MAX_ORDER_VALUE_RUPEES = 10_00_000;
export const MAX_PAST_RTOS = 50;

/**
 * A pincode is risky when at least this share of the platform's finished shipments to it came
 * back (RTO), counted only once it has PINCODE_RISK_MIN_SHIPMENTS finished shipments: fewer is
 * chance, not risk. Industry RTO on COD runs 20–30 %; 35 % marks a pincode well above it.
 */
export const PINCODE_RISK_THRESHOLD_PERCENT = 35;
export const PINCODE_RISK_MIN_SHIPMENTS = 20;

export interface VerificationSettings {
  enabled: boolean;
  scope: VerificationScope;
  /** rules: verify when the order is worth more than this (rupees); null: not a rule */
  minOrderValueRupees: number | null;
  /** rules: verify when the destination pincode is risky */
  riskyPincodes: boolean;
  /** rules: verify when the buyer had at least this many RTOs with this seller; null: not a rule */
  minPastRtos: number | null;
  /** rules: verify when the order's RTO risk is this band or higher; null: not a rule */
  minRiskBand: RiskBandRule | null;
  waitHours: number;
  afterWait: AfterWaitRule;
  /** the buyer may pay now and make the order prepaid */
  offerPrepaid: boolean;
}

export const DEFAULT_VERIFICATION_SETTINGS: VerificationSettings = {
  enabled: false,
  scope: 'ALL',
  minOrderValueRupees: null,
  riskyPincodes: false,
  minPastRtos: null,
  minRiskBand: null,
  waitHours: WAIT_HOURS.default,
  afterWait: 'HOLD',
  offerPrepaid: true,
};

/** The platform's record of a pincode: finished shipments (delivered or returned) and how many came back. */
export interface PincodeHistory {
  finished: number;
  returned: number;
}

/** The pincode's RTO share in whole percent, or null while it has too few finished shipments to judge. */
export function pincodeRiskPercent(h: PincodeHistory): number | null {
  if (h.finished < PINCODE_RISK_MIN_SHIPMENTS) return null;
  return Math.round((h.returned * 100) / h.finished);
}

export const isRiskyPincode = (h: PincodeHistory) => {
  const risk = pincodeRiskPercent(h);
  return risk !== null && risk >= PINCODE_RISK_THRESHOLD_PERCENT;
};

export interface OrderFacts {
  paymentMethod: 'PPD' | 'COD';
  totalPaise: number;
  pincode: PincodeHistory;
  /** the buyer's orders with this seller that came back */
  pastRtos: number;
  /** the order's RTO risk band, scored in the transaction that created it */
  riskBand: RiskBand | null;
}

/**
 * Why an order needs its buyer's confirmation (shown on its timeline), or [] when it does not.
 * The rules are alternatives: any one that holds asks the buyer, and each that holds is a reason.
 */
export function verificationReasons(s: VerificationSettings, o: OrderFacts): string[] {
  if (!s.enabled || o.paymentMethod !== 'COD') return [];
  if (s.scope === 'ALL') return ['Every COD order is verified'];
  const reasons: string[] = [];
  if (s.minOrderValueRupees !== null && o.totalPaise > paiseOf(s.minOrderValueRupees))
    reasons.push(`Order value above ₹${s.minOrderValueRupees.toLocaleString('en-IN')}`);
  if (s.riskyPincodes && isRiskyPincode(o.pincode))
    reasons.push(`Pincode with ${pincodeRiskPercent(o.pincode)}% returns`);
  if (s.minPastRtos !== null && o.pastRtos >= s.minPastRtos)
    reasons.push(`Buyer had ${o.pastRtos} return${o.pastRtos === 1 ? '' : 's'} to origin with you`);
  if (s.minRiskBand !== null && atOrAboveBand(o.riskBand, s.minRiskBand))
    reasons.push(`${RISK_BANDS[o.riskBand!]} RTO risk`);
  return reasons;
}

/** The state an unanswered verification ends in, and whether its order may then ship. */
export function afterWaitOutcome(rule: AfterWaitRule): { shippable: boolean; cancelOrder: boolean; text: string } {
  if (rule === 'SHIP') return { shippable: true, cancelOrder: false, text: 'No answer: shipped as the rule says' };
  if (rule === 'CANCEL') return { shippable: false, cancelOrder: true, text: 'No answer: order cancelled by the rule' };
  return { shippable: false, cancelOrder: false, text: 'No answer: held until you decide' };
}

export interface VerificationStanding {
  state: VerificationState;
  appliedRule: AfterWaitRule | null;
  overridden: boolean;
}

export const AWAITING_REFUSAL =
  'This COD order is awaiting the buyer’s confirmation. Wait for the answer, or ship it without confirmation from the order page';
export const HELD_REFUSAL =
  'This COD order is on hold: its buyer did not confirm it. Ship it without confirmation from the order page, or cancel it';
export const CANCELLED_REFUSAL = 'The buyer cancelled this order';

/** Why shipping is refused while the order's verification stands as it does, or null when it may ship. */
export function shippingRefusal(v: VerificationStanding | null): string | null {
  if (!v || v.overridden) return null;
  if (v.state === 'PENDING') return AWAITING_REFUSAL;
  if (v.state === 'CANCELLED') return CANCELLED_REFUSAL;
  if (v.state === 'EXPIRED' && v.appliedRule !== 'SHIP') return HELD_REFUSAL;
  return null;
}

/** Whether the seller may ship without confirmation (an awaiting or held order). */
export const mayOverride = (v: VerificationStanding) =>
  !v.overridden && (v.state === 'PENDING' || (v.state === 'EXPIRED' && v.appliedRule === 'HOLD'));

/** Whether the buyer's link still takes an answer. */
export const takesAnswer = (state: VerificationState) => state === 'PENDING';

export const ANSWERED_ALREADY: Record<Exclude<VerificationState, 'PENDING'>, string> = {
  CONFIRMED: 'You confirmed this order already',
  CANCELLED: 'You cancelled this order already',
  SWITCHED: 'You paid for this order already: it is prepaid now',
  EXPIRED: 'This link has expired: please contact the seller',
};
/** The buyer's answer after the seller shipped the order without waiting for it. */
export const SHIPPED_ALREADY = 'The seller has sent this order on its way already: please contact them';

/** What the buyer's confirmation page says when it cannot go on, by key (the page words them in Hindi too). */
export const BUYER_COD_PROBLEMS = {
  noReason: 'Choose a reason',
  paymentFailed: 'The payment did not go through. You can try again, or confirm and pay cash on delivery.',
};

/** When an order's wait ends. */
export const dueAt = (createdAt: Date, waitHours: number) => new Date(createdAt.getTime() + waitHours * 3600_000);
