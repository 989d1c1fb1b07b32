import { badRequest } from '../../http/errors';
import {
  delayProtectionPrice,
  insurancePremium,
  insuranceRefusal,
  insuredByRule,
} from '../../../src/domain/shipping/cover';
import type { ChargePart } from './booking-charge';
import type { CoverQuote } from '../../../src/domain/shipping-contract';
import { rupeesOf } from '../../../src/domain/money';
import { formatAmount } from '../../../src/domain/format';

// What a forward shipment's cover costs and how it is charged: the premium and the protection are
// their own ledger entries on the AWB (`shipment:<AWB>:insurance`, `…:delay-protection`), beside
// the freight, so a replay charges nothing twice and the statement shows each on its own line.

/** What the seller asked for: insurance (null: by their rule) and delay protection. */
export interface CoverChoice {
  insured: boolean | null;
  delayProtection: boolean;
}

export const NO_COVER: CoverChoice = { insured: false, delayProtection: false };

/** The cover a shipment carries, each with its GST, as the shipments table keeps it. */
export interface ShipmentCover {
  insuredValuePaise: number;
  insurancePaise: number;
  delayProtectionPaise: number;
}

export const coverTotal = (c: ShipmentCover) => c.insurancePaise + c.delayProtectionPaise;

/**
 * The cover of a booking: the premium on the declared value when insured (chosen, or by the
 * seller's rule when the request leaves it open), the protection's price on the freight. A value
 * that cannot be insured is refused when chosen; by the rule it is simply left uninsured.
 */
export function coverOf(
  choice: CoverChoice,
  declaredValuePaise: number,
  freightPaise: number,
  insureAbovePaise: number | null,
): ShipmentCover {
  const refusal = insuranceRefusal(declaredValuePaise);
  const insured = choice.insured ?? (insuredByRule(declaredValuePaise, insureAbovePaise) && refusal === null);
  if (insured && refusal) throw badRequest(refusal);
  return {
    insuredValuePaise: insured ? declaredValuePaise : 0,
    insurancePaise: insured ? insurancePremium(declaredValuePaise).totalPaise : 0,
    delayProtectionPaise: choice.delayProtection ? delayProtectionPrice(freightPaise).totalPaise : 0,
  };
}

/** What insuring a declared value costs, beside the quotes, and whether the seller's rule insures it. */
export function coverQuoteOf(declaredValuePaise: number, insureAbovePaise: number | null): CoverQuote {
  const refusal = insuranceRefusal(declaredValuePaise);
  return {
    declaredValuePaise,
    insurance: refusal ? null : insurancePremium(declaredValuePaise),
    insuranceRefusal: refusal,
    insuredByRule: refusal === null && insuredByRule(declaredValuePaise, insureAbovePaise),
    insureAboveRupees: insureAbovePaise === null ? null : rupeesOf(insureAbovePaise),
  };
}

/** The cover as charge parts of the booking (a part of 0 is skipped by chargeBooking). */
export function coverParts(c: ShipmentCover, carrierName: string): ChargePart[] {
  return [
    {
      kind: 'INSURANCE_PREMIUM',
      amountPaise: c.insurancePaise,
      part: 'insurance',
      description: `Insurance with ${carrierName} (incl. GST)`,
    },
    {
      kind: 'DELAY_PROTECTION_CHARGE',
      amountPaise: c.delayProtectionPaise,
      part: 'delay-protection',
      description: `Delay protection with ${carrierName} (incl. GST)`,
    },
  ];
}

const rupees = (paise: number) => `₹${formatAmount(paise)}`;

/** The order history's words for a shipment's cover ("" when it has none). */
export function coverNote(c: ShipmentCover): string {
  const parts = [
    c.insurancePaise > 0 ? `insured for ${rupees(c.insuredValuePaise)} (${rupees(c.insurancePaise)})` : '',
    c.delayProtectionPaise > 0 ? `delay protection (${rupees(c.delayProtectionPaise)})` : '',
  ].filter(Boolean);
  return parts.length ? `; ${parts.join(', ')}` : '';
}
