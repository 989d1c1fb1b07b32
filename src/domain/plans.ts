// What each subscription plan allows (spec section 1: the plans page). Pro and above list
// "multiple pickup addresses"; Free and Lite sellers ship from one.

const SINGLE_PICKUP_PLANS = new Set(['FREE', 'LITE']);

/** How many live pickup addresses a seller on this plan may keep. */
export function pickupAddressAllowance(subscriptionType: string): number {
  return SINGLE_PICKUP_PLANS.has(subscriptionType) ? 1 : Number.POSITIVE_INFINITY;
}
