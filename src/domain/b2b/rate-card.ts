import { paiseOf } from '../money';
import type { B2bZone } from './zones';

// A carrier's surface LTL rate card, money in paise. Its pieces and the figures we have for them
// come from shared/b2b.md §B2 (an open B2B calculator's defaults: docket ~₹100, ODA ₹5/kg with a
// ₹800 floor, green tax ₹100 entering Delhi, FOV 0.1 % of invoice floored at ₹100, GST 18 %; the
// volumetric rule of surface cargo, 1 CFT = 10 kg). The defaults below are those figures; a
// carrier's own card overrides every one of them. Where the document found no primary source
// (⚠ in b2b.md) the figure is a named constant with that warning, never a hidden literal.

/** GST on freight services: 18 % (b2b.md §B2, "+ 18 % GST"). */
export const B2B_GST_PERCENT = 18;

/** Surface cargo: one cubic foot counts as 10 kg (b2b.md §B2; ⚠ trade sites, no carrier document). */
export const SURFACE_KG_PER_CFT = 10;

/** Cubic centimetres in a cubic foot: 30.48³, exact (an international foot is 30.48 cm). */
export const CM3_PER_CFT = 30.48 ** 3;

/** Owner's-risk FOV: 0.1 % of the invoice value … (b2b.md §B2, `FOV = 0.1 % × invoice`) */
export const FOV_OWNER_PERCENT = 0.1;
/** … and at least ₹100 (b2b.md §B2, "floored at ₹100"). */
export const FOV_OWNER_MINIMUM_PAISE = paiseOf(100);

/** Out-of-delivery-area charge: ₹5 a kg … (b2b.md §B2, `ODA = max(₹5/kg × weight, ₹800)`) */
export const ODA_PER_KG_PAISE = paiseOf(5);
/** … and at least ₹800 a consignment. */
export const ODA_MINIMUM_PAISE = paiseOf(800);

/** Docket (LR) fee: "default ~₹100" (b2b.md §B2; ⚠ a calculator's default, not a carrier's card). */
export const DOCKET_FEE_PAISE = paiseOf(100);

/** Green tax entering Delhi from outside: ₹100 (b2b.md §B2; ⚠ a calculator's default). */
export const GREEN_TAX_PAISE = paiseOf(100);

/**
 * Minimum chargeable weight of a docket. b2b.md §B2: "often 20–25 kg in LTL rate cards — ⚠ no
 * primary source found; keep it as a rate-card field, not a constant". This is only the example
 * card's figure; every card states its own.
 */
export const EXAMPLE_MINIMUM_CHARGEABLE_KG = 20;

/** How a card turns a box's size into weight: kilograms per cubic foot, or a divisor (cm³ per kg). */
export type VolumetricRule = { kind: 'CFT'; kgPerCft: number } | { kind: 'DIVISOR'; cm3PerKg: number };

/** The surface rule of b2b.md: 1 CFT = 10 kg. */
export const SURFACE_CFT_RULE: VolumetricRule = { kind: 'CFT', kgPerCft: SURFACE_KG_PER_CFT };

export interface PercentWithMinimum {
  percent: number;
  minimumPaise: number;
}

export interface B2bRateCard {
  /** freight per kg of chargeable weight, from one region to another; a lane absent is not served */
  ratePerKgPaise: Partial<Record<B2bZone, Partial<Record<B2bZone, number>>>>;
  /** a docket is charged at least this weight */
  minChargeableKg: number;
  volumetric: VolumetricRule;
  /** fuel surcharge, a percent of the base freight */
  fuelSurchargePercent: number;
  docketFeePaise: number;
  /** FOV when the owner carries the risk: the greater of a percent of invoice value and a minimum */
  fovOwner: PercentWithMinimum;
  /**
   * FOV when the carrier carries the risk (ROV insurance). b2b.md gives no rate for it, so no
   * default exists: a card without one does not offer carrier's risk, and a quote asking for it is refused.
   */
  fovCarrier: PercentWithMinimum | null;
  /** out-of-delivery-area charge: per kg of chargeable weight, with a minimum */
  odaPerKgPaise: number;
  odaMinimumPaise: number;
  /** a delivery appointment (date, slot, PO numbers). b2b.md gives no figure: the card's own, 0 if free */
  appointmentFeePaise: number;
  greenTaxPaise: number;
  /** collecting the freight from the consignee (to-pay). b2b.md gives no figure: the card's own, 0 if free */
  toPayFeePaise: number;
}

/** A card with b2b.md's figures where it has them, for a caller that has no carrier card yet (and the tests). */
export function exampleRateCard(ratePerKgPaise: B2bRateCard['ratePerKgPaise']): B2bRateCard {
  return {
    ratePerKgPaise,
    minChargeableKg: EXAMPLE_MINIMUM_CHARGEABLE_KG,
    volumetric: SURFACE_CFT_RULE,
    fuelSurchargePercent: 0,
    docketFeePaise: DOCKET_FEE_PAISE,
    fovOwner: { percent: FOV_OWNER_PERCENT, minimumPaise: FOV_OWNER_MINIMUM_PAISE },
    fovCarrier: null,
    odaPerKgPaise: ODA_PER_KG_PAISE,
    odaMinimumPaise: ODA_MINIMUM_PAISE,
    appointmentFeePaise: 0,
    greenTaxPaise: GREEN_TAX_PAISE,
    toPayFeePaise: 0,
  };
}
