// What each subscription plan allows (spec section 1: the plans page). Pro and above list
// "multiple pickup addresses"; Free and Lite sellers ship from one.

const SINGLE_PICKUP_PLANS = new Set(['FREE', 'LITE']);

/** How many live pickup addresses a seller on this plan may keep. */
export function pickupAddressAllowance(subscriptionType: string): number {
  return SINGLE_PICKUP_PLANS.has(subscriptionType) ? 1 : Number.POSITIVE_INFINITY;
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
