import { paiseOf } from '../money';
import type { FreightCarrierCode } from './order-facts';
import {
  DOCKET_FEE_PAISE,
  FOV_OWNER_MINIMUM_PAISE,
  FOV_OWNER_PERCENT,
  GREEN_TAX_PAISE,
  ODA_MINIMUM_PAISE,
  ODA_PER_KG_PAISE,
  SURFACE_CFT_RULE,
  type B2bRateCard,
} from './rate-card';
import { B2B_ZONES, type B2bZone } from './zones';

// Each freight carrier's surface LTL rate card, as the product quotes and books it. A card's lanes
// are priced by the lane's class (below) rather than figure by figure, so 64 lanes come from five
// rates a carrier states. ⚠ The figures are the product's list prices for these carriers until
// each carrier's signed card is loaded: they sit in the range shared/b2b.md §B2 gives for surface
// LTL (₹6–₹20 a kg), with b2b.md's defaults where it has them (docket, FOV, ODA, green tax) and
// named here where it has none (fuel, minimum weight, carrier's risk, appointment, to-pay).

/** How far a lane goes, which sets its rate a kg. */
export type LaneClass = 'WITHIN' | 'REGIONAL' | 'METRO' | 'NATIONAL' | 'NORTH_EAST';

/** The four regions (and the North-East) the eight zones fall in. */
const REGION_OF: Record<B2bZone, string> = { N1: 'N', N2: 'N', W1: 'W', W2: 'W', S1: 'S', S2: 'S', E: 'E', NE: 'NE' };
/** The three metro zones: trunk lanes between them run full trucks and cost less a kg. */
const METROS: readonly B2bZone[] = ['N1', 'W1', 'S1'];

/**
 * A lane's class: within a zone; within a region (N1 → N2); between two metros (N1 → S1); any
 * other lane across India; and any lane to or from the North-East, the dearest to reach.
 */
export function laneClassOf(from: B2bZone, to: B2bZone): LaneClass {
  if (from === 'NE' || to === 'NE') return from === to ? 'WITHIN' : 'NORTH_EAST';
  if (from === to) return 'WITHIN';
  if (REGION_OF[from] === REGION_OF[to]) return 'REGIONAL';
  if (METROS.includes(from) && METROS.includes(to)) return 'METRO';
  return 'NATIONAL';
}

/** Every lane of the eight zones at its class's rate; a class without a rate is a lane not served. */
export function lanesAt(rates: Partial<Record<LaneClass, number>>): B2bRateCard['ratePerKgPaise'] {
  const lanes: B2bRateCard['ratePerKgPaise'] = {};
  for (const from of B2B_ZONES)
    for (const to of B2B_ZONES) {
      const rate = rates[laneClassOf(from, to)];
      if (rate !== undefined) (lanes[from] ??= {})[to] = rate;
    }
  return lanes;
}

// Gati (GT): every lane, the North-East included; carrier's risk (ROV) offered.
/** GT's rates a kg by lane class. */
export const GT_RATES: Record<LaneClass, number> = {
  WITHIN: paiseOf(7),
  REGIONAL: paiseOf(8.5),
  METRO: paiseOf(10),
  NATIONAL: paiseOf(12),
  NORTH_EAST: paiseOf(18),
};
/** GT charges a docket at least 20 kg. */
export const GT_MINIMUM_KG = 20;
/** GT's fuel surcharge, a percent of freight. */
export const GT_FUEL_PERCENT = 10;
/** GT's carrier's risk: 0.3 % of the invoice value, at least ₹300. */
export const GT_CARRIER_RISK = { percent: 0.3, minimumPaise: paiseOf(300) };
export const GT_APPOINTMENT_FEE_PAISE = paiseOf(500);
export const GT_TO_PAY_FEE_PAISE = paiseOf(150);

// Delhivery LTL (DE-LTL): no North-East lanes; owner's risk only.
/** DE-LTL's rates a kg by lane class (no North-East rate: those lanes are not served). */
export const DE_LTL_RATES: Partial<Record<LaneClass, number>> = {
  WITHIN: paiseOf(6.5),
  REGIONAL: paiseOf(8),
  METRO: paiseOf(9.5),
  NATIONAL: paiseOf(11.5),
};
/** DE-LTL charges a docket at least 25 kg. */
export const DE_LTL_MINIMUM_KG = 25;
export const DE_LTL_FUEL_PERCENT = 12;
export const DE_LTL_DOCKET_FEE_PAISE = paiseOf(125);
export const DE_LTL_APPOINTMENT_FEE_PAISE = paiseOf(400);
export const DE_LTL_TO_PAY_FEE_PAISE = paiseOf(200);

const common = {
  volumetric: SURFACE_CFT_RULE,
  fovOwner: { percent: FOV_OWNER_PERCENT, minimumPaise: FOV_OWNER_MINIMUM_PAISE },
  odaPerKgPaise: ODA_PER_KG_PAISE,
  odaMinimumPaise: ODA_MINIMUM_PAISE,
  greenTaxPaise: GREEN_TAX_PAISE,
};

export const FREIGHT_RATE_CARDS: Record<FreightCarrierCode, B2bRateCard> = {
  GT: {
    ...common,
    ratePerKgPaise: lanesAt(GT_RATES),
    minChargeableKg: GT_MINIMUM_KG,
    fuelSurchargePercent: GT_FUEL_PERCENT,
    docketFeePaise: DOCKET_FEE_PAISE,
    fovCarrier: GT_CARRIER_RISK,
    appointmentFeePaise: GT_APPOINTMENT_FEE_PAISE,
    toPayFeePaise: GT_TO_PAY_FEE_PAISE,
  },
  'DE-LTL': {
    ...common,
    ratePerKgPaise: lanesAt(DE_LTL_RATES),
    minChargeableKg: DE_LTL_MINIMUM_KG,
    fuelSurchargePercent: DE_LTL_FUEL_PERCENT,
    docketFeePaise: DE_LTL_DOCKET_FEE_PAISE,
    fovCarrier: null,
    appointmentFeePaise: DE_LTL_APPOINTMENT_FEE_PAISE,
    toPayFeePaise: DE_LTL_TO_PAY_FEE_PAISE,
  },
};
