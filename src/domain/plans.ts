import { paiseOf } from './money';

// What each subscription plan allows (spec section 1: the plans page; section 9: Premium up to
// 50 seller logins). One table, read by the server's limits, the plan guards and the screens.
// Prices are the card figures (docs/decisions/plan-prices.md); a year is twelve months' price.

export const PLAN_CODES = ['FREE', 'LITE', 'PRO', 'PREMIUM'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];
export const PAID_PLANS = ['PRO', 'PREMIUM'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];
export const BILLING_FREQUENCIES = ['MONTHLY', 'YEARLY'] as const;
export type BillingFrequency = (typeof BILLING_FREQUENCIES)[number];

export interface PlanAllowance {
  name: string;
  /** rank: a higher plan allows everything a lower one does */
  rank: number;
  /** rupees a month, before GST */
  monthlyPrice: number;
  /** seller logins, the OWNER included */
  logins: number;
  pickupAddresses: number;
  customBranding: boolean;
  openApi: boolean;
  earlyCod: boolean;
  subSellers: number;
  /** label, invoice and proof-of-delivery layouts of the seller's choosing (every plan) */
  documentTemplates: boolean;
  /** the seller's auto-ship courier priority ranks ahead of the platform's default */
  priorityCarrierSelection: boolean;
  /** the buyer confirms a COD order before it ships */
  codVerification: boolean;
  /** same-day and next-day delivery in a city through hyperlocal partners */
  hyperlocal: boolean;
  /** a rate card of the seller's own, set by staff, over the plan's default */
  customPricing: boolean;
  /** collection modes of the seller's own beside prepaid and COD (partial COD, …) */
  customPaymentModes: boolean;
  /** one order shipped as several packages */
  splitShipments: boolean;
  /** a courier recommended per order from delivery outcomes */
  carrierRecommendation: boolean;
  /** a named member of Dakiya's staff who looks after the seller; their tickets go to them first */
  keyAccountManager: boolean;
  /** tickets answered and resolved on the tighter service levels (PREMIUM_TICKET_SLA_HOURS) */
  slaSupport: boolean;
  /** the report builder: columns, filters, grouping, saved and emailed on a schedule */
  customReporting: boolean;
  /** the wallet may go below zero down to a credit limit staff grant (the postpaid option) */
  postpaid: boolean;
  /** support answers around the clock, the first answer within 2 hours (24/7 support; src/domain/support-desk.ts) */
  roundTheClockSupport: boolean;
}

export const PLAN_TABLE: Record<PlanCode, PlanAllowance> = {
  FREE: {
    name: 'Free',
    rank: 0,
    monthlyPrice: 0,
    logins: 1,
    pickupAddresses: 1,
    customBranding: false,
    openApi: false,
    earlyCod: false,
    subSellers: 0,
    documentTemplates: true,
    priorityCarrierSelection: false,
    codVerification: false,
    hyperlocal: false,
    customPricing: false,
    customPaymentModes: false,
    splitShipments: false,
    carrierRecommendation: false,
    keyAccountManager: false,
    slaSupport: false,
    customReporting: false,
    postpaid: false,
    roundTheClockSupport: false,
  },
  LITE: {
    name: 'Lite',
    rank: 1,
    monthlyPrice: 0,
    logins: 1,
    pickupAddresses: 1,
    customBranding: false,
    openApi: false,
    earlyCod: false,
    subSellers: 0,
    documentTemplates: true,
    priorityCarrierSelection: false,
    codVerification: false,
    hyperlocal: false,
    customPricing: false,
    customPaymentModes: false,
    splitShipments: false,
    carrierRecommendation: false,
    keyAccountManager: false,
    slaSupport: false,
    customReporting: false,
    postpaid: false,
    roundTheClockSupport: false,
  },
  PRO: {
    name: 'Pro',
    rank: 2,
    monthlyPrice: 2450,
    logins: 5,
    pickupAddresses: Number.POSITIVE_INFINITY,
    customBranding: true,
    openApi: false,
    earlyCod: true,
    subSellers: 0,
    documentTemplates: true,
    priorityCarrierSelection: true,
    codVerification: true,
    hyperlocal: false,
    customPricing: false,
    customPaymentModes: false,
    splitShipments: false,
    carrierRecommendation: false,
    keyAccountManager: true,
    slaSupport: false,
    customReporting: false,
    postpaid: false,
    roundTheClockSupport: true,
  },
  PREMIUM: {
    name: 'Premium',
    rank: 3,
    monthlyPrice: 4950,
    logins: 50,
    pickupAddresses: Number.POSITIVE_INFINITY,
    customBranding: true,
    openApi: true,
    earlyCod: true,
    subSellers: 10,
    documentTemplates: true,
    priorityCarrierSelection: true,
    codVerification: true,
    hyperlocal: true,
    customPricing: true,
    customPaymentModes: true,
    splitShipments: true,
    carrierRecommendation: true,
    keyAccountManager: true,
    slaSupport: true,
    customReporting: true,
    postpaid: true,
    roundTheClockSupport: true,
  },
};

/** GST on a subscription (SAC 998599, 18%). */
export const SUBSCRIPTION_GST_PERCENT = 18;

/** An unknown subscription type is treated as Lite: the least a seller account may do. */
export function planOf(subscriptionType: string): PlanAllowance {
  return PLAN_TABLE[(subscriptionType as PlanCode) in PLAN_TABLE ? (subscriptionType as PlanCode) : 'LITE'];
}

export function isPaidPlan(code: string): code is PaidPlan {
  return (PAID_PLANS as readonly string[]).includes(code);
}

/** How many live pickup addresses a seller on this plan may keep. */
export function pickupAddressAllowance(subscriptionType: string): number {
  return planOf(subscriptionType).pickupAddresses;
}

/**
 * The price of a period in paise: before GST, the GST, and the total paid. The server passes the
 * monthly price staff set (plans.monthly_price); PLAN_TABLE's is the price it starts from.
 */
export function subscriptionPrice(
  plan: PaidPlan,
  frequency: BillingFrequency,
  monthlyPrice: number = PLAN_TABLE[plan].monthlyPrice,
) {
  const months = frequency === 'YEARLY' ? 12 : 1;
  const basePaise = paiseOf(monthlyPrice) * months;
  const gstPaise = Math.round((basePaise * SUBSCRIPTION_GST_PERCENT) / 100);
  return { basePaise, gstPaise, totalPaise: basePaise + gstPaise, months };
}

/** Where a period that starts at `from` ends (the same day of the month, clamped to the month's end). */
export function periodEnd(from: Date, frequency: BillingFrequency): Date {
  const months = frequency === 'YEARLY' ? 12 : 1;
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * The plan features a page needs (the plan guards of spec section 6 deny one subscription type
 * each; a page names the feature, and the lowest plan that opens it is what /denied offers).
 */
export type PlanFeature =
  | 'multiUser'
  | 'pickupAddresses'
  | 'customBranding'
  | 'openApi'
  | 'subSellers'
  | 'documentTemplates'
  | 'priorityCarrierSelection'
  | 'codVerification'
  | 'hyperlocal'
  | 'customPricing'
  | 'customPaymentModes'
  | 'splitShipments'
  | 'carrierRecommendation'
  | 'keyAccountManager'
  | 'slaSupport'
  | 'customReporting'
  | 'postpaid'
  | 'roundTheClockSupport';

/** Whether a team has a login left for one more user (the OWNER counted among the used). */
export const hasLoginLeft = (loginsUsed: number, loginsAllowed: number): boolean => loginsUsed < loginsAllowed;

/**
 * The signed-in seller's plan: the account's, or the token's while the account is still loading
 * (an owner's page may load before the account does); null before either is known.
 */
export const sessionPlan = (session: {
  account?: { subscriptionType?: string | null } | null;
  claims?: { st?: string | null } | null;
}): string | null => session.account?.subscriptionType ?? session.claims?.st ?? null;

export function planAllowsFeature(subscriptionType: string, feature: PlanFeature): boolean {
  const p = planOf(subscriptionType);
  switch (feature) {
    case 'multiUser':
      return p.logins > 1;
    case 'pickupAddresses':
      return p.pickupAddresses > 1;
    case 'customBranding':
      return p.customBranding;
    case 'openApi':
      return p.openApi;
    case 'subSellers':
      return p.subSellers > 0;
    default:
      return p[feature];
  }
}

/** The lowest plan that opens a feature: what /denied names with its upgrade link. */
export function lowestPlanFor(feature: PlanFeature): PaidPlan {
  return planAllowsFeature('PRO', feature) ? 'PRO' : 'PREMIUM';
}

/**
 * Days after delivery until a COD shipment is paid out on the plan's standard cycle (D+N), then on
 * the next payout day. Beats the D+8 common among Indian aggregators; paid plans are paid sooner.
 */
export const COD_REMITTANCE_DAYS_BY_PLAN: Record<string, number> = {
  FREE: 7,
  LITE: 7,
  PRO: 5,
  PREMIUM: 4,
};

/** The standard COD cycle of a plan (D+7 for a plan not listed). */
export function codRemittanceDays(subscriptionType: string): number {
  return COD_REMITTANCE_DAYS_BY_PLAN[subscriptionType] ?? 7;
}

const FEATURE_NAMES: Record<PlanFeature, string> = {
  multiUser: 'More than one login',
  pickupAddresses: 'Multiple pickup addresses',
  customBranding: 'Custom branding',
  openApi: 'Open API access',
  subSellers: 'Sub-sellers',
  documentTemplates: 'Label, invoice and proof-of-delivery templates',
  priorityCarrierSelection: 'Priority carrier selection',
  codVerification: 'COD order verification',
  hyperlocal: 'Hyperlocal delivery',
  customPricing: 'Customised pricing',
  customPaymentModes: 'Custom payment modes',
  splitShipments: 'Split shipments',
  carrierRecommendation: 'The carrier recommendation engine',
  keyAccountManager: 'A key account manager',
  slaSupport: 'SLA based support',
  customReporting: 'Custom reports',
  postpaid: 'The postpaid option (a credit limit on the wallet)',
  roundTheClockSupport: '24/7 support',
};

/** A feature in words ("Open API access"), for the upgrade panel's heading. */
export function planFeatureName(feature: PlanFeature): string {
  return FEATURE_NAMES[feature];
}

/** The plan that opens a feature the seller's plan lacks, or null when their plan has it. */
export function planLockFor(subscriptionType: string | null | undefined, feature: PlanFeature): PaidPlan | null {
  if (!subscriptionType || planAllowsFeature(subscriptionType, feature)) return null;
  return lowestPlanFor(feature);
}

/** The sentence a seller reads when their plan does not include a feature. */
export function planFeatureRefusal(feature: PlanFeature): string {
  const plan = PLAN_TABLE[lowestPlanFor(feature)].name;
  return `${FEATURE_NAMES[feature]} comes with the ${plan} plan. Upgrade your plan to use it.`;
}
