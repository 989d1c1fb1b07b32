import { formatRupeesWhole, rupeesOf } from '../money';
import type { FeatureName } from './features';
import { hasHouseNumber, isShortAddress, pincodeCodRate } from './features';
import type { RiskFacts } from './facts';
import type { RiskModel } from './model';

// The few things that weigh most toward an order's score, in the seller's words. Features that
// speak of one thing are summed into one reason (COD and its value; the buyer's delivered and
// returned parcels). What other sellers saw is told only as a whole, never as their orders.

/** a reason must push the log-odds up by at least this much to be told */
const MIN_PUSH = 0.1;
const MAX_REASONS = 3;
/** a pincode's own rate is told once it has this many finished COD parcels */
const MIN_PLACE_PARCELS = 20;
export const HIGH_COD_RUPEES = 3000;

type Group = 'payment' | 'pincode' | 'buyer' | 'elsewhere' | 'address';
const GROUP_OF: Record<FeatureName, Group> = {
  cod: 'payment',
  codValue: 'payment',
  prepaidValue: 'payment',
  pincodeCod: 'pincode',
  pincodePrepaid: 'pincode',
  buyerReturned: 'buyer',
  buyerDelivered: 'buyer',
  buyerReturnedElsewhere: 'elsewhere',
  buyerDeliveredElsewhere: 'elsewhere',
  noHouseNumber: 'address',
  shortAddress: 'address',
};

const percent = (returned: number, finished: number) => Math.round((returned * 100) / finished);

function reasonText(group: Group, f: RiskFacts, model: RiskModel): string {
  switch (group) {
    case 'payment': {
      const rupees = Math.round(rupeesOf(f.totalPaise));
      if (f.paymentMethod === 'PPD') return `Prepaid order of ${formatRupeesWhole(rupees)}`;
      return rupees > HIGH_COD_RUPEES
        ? `COD over ${formatRupeesWhole(HIGH_COD_RUPEES)}`
        : `Cash on delivery of ${formatRupeesWhole(rupees)}`;
    }
    case 'pincode': {
      if (f.pincodeCod.finished >= MIN_PLACE_PARCELS)
        return `Pincode returns ${percent(f.pincodeCod.returned, f.pincodeCod.finished)} % of COD parcels`;
      if (f.districtCod.finished >= MIN_PLACE_PARCELS)
        return `Pincode’s area returns ${percent(f.districtCod.returned, f.districtCod.finished)} % of COD parcels`;
      return `Pincode’s area returns about ${Math.round(pincodeCodRate(f, model.baseCodRate) * 100)} % of COD parcels`;
    }
    case 'buyer':
      return `Buyer returned ${f.buyerWithSeller.returned} of ${f.buyerWithSeller.finished} orders`;
    case 'elsewhere':
      return 'Buyer’s parcels often come back to other sellers';
    case 'address': {
      const faults = [
        ...(isShortAddress(f.address) ? ['is very short'] : []),
        ...(hasHouseNumber(f.address) ? [] : ['has no house number']),
      ];
      return `Address ${faults.join(' and ')}`;
    }
  }
}

export function riskReasons(f: RiskFacts, model: RiskModel, push: Record<FeatureName, number>): string[] {
  const byGroup = new Map<Group, number>();
  for (const [name, value] of Object.entries(push) as [FeatureName, number][])
    byGroup.set(GROUP_OF[name], (byGroup.get(GROUP_OF[name]) ?? 0) + value);
  return [...byGroup]
    .filter(([, value]) => value >= MIN_PUSH)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_REASONS)
    .map(([group]) => reasonText(group, f, model));
}
