import { formatRupees } from '../money';
import { chargeableWeightOf, type Box, type ChargeableWeight } from './chargeable-weight';
import { B2B_MSG } from './messages';
import { B2B_GST_PERCENT, type B2bRateCard, type PercentWithMinimum } from './rate-card';
import type { B2bZone } from './zones';

// The price of one B2B docket (LR) on a carrier's surface LTL rate card, line by line. Money is in
// whole paise throughout, so the lines add up exactly to the subtotal and the total.
//   freight      = chargeable kg (a whole number, chargeable-weight.ts) × the lane's rate per kg: exact
//   fuel         = the card's percent of freight
//   docket fee   = a flat fee per docket
//   FOV          = owner's risk: the greater of the percent of invoice value and the minimum;
//                  carrier's risk: the card's own percent and minimum (refused when it has none)
//   ODA          = out of the delivery area: the greater of kg × the rate per kg and the minimum
//   appointment, green tax, to-pay fee = flat fees, when they apply and the card charges them
//   GST          = 18 % of the subtotal, on the whole subtotal once (not line by line)
// Rounding: every percentage is taken of whole paise and rounded to the nearest paisa, a half
// paisa up (as paiseOf does, after dropping the floating-point noise of the multiplication);
// nothing else needs rounding. A flat fee of 0 on the card is no line at all.

export type FreightPayer = 'PAID' | 'TO_PAY';
export type RiskBearer = 'OWNER' | 'CARRIER';

export interface B2bQuoteInput {
  originZone: B2bZone;
  destinationZone: B2bZone;
  boxes: Box[];
  /** all the docket's invoices together, GST included, in paise */
  invoiceValuePaise: number;
  /** paid by the consignor at pickup, or to-pay: collected from the consignee */
  freightPayer: FreightPayer;
  /** who carries the risk of loss: the owner (FOV) or the carrier (ROV) */
  risk: RiskBearer;
  appointment: boolean;
  /** the delivery pincode is out of the carrier's delivery area */
  oda: boolean;
  /** the consignment enters a city that levies a green tax (Delhi) */
  greenTax: boolean;
}

export type ChargeCode = 'FREIGHT' | 'FUEL' | 'DOCKET' | 'FOV' | 'ODA' | 'APPOINTMENT' | 'GREEN_TAX' | 'TO_PAY';

export interface ChargeLine {
  code: ChargeCode;
  label: string;
  amountPaise: number;
  /** how it was worked out: "312 kg × ₹9.50" */
  basis: string;
}

export interface B2bQuote {
  originZone: B2bZone;
  destinationZone: B2bZone;
  weight: ChargeableWeight;
  ratePerKgPaise: number;
  lines: ChargeLine[];
  subtotalPaise: number;
  gstPercent: number;
  gstPaise: number;
  totalPaise: number;
}

export type B2bQuoteResult =
  { ok: true; quote: B2bQuote } | { ok: false; field: 'boxes' | 'destinationZone' | 'risk'; message: string };

/** A percent of an amount in paise, to the nearest paisa (a half up): 0.1 % of ₹1,20,000 is ₹120. */
export function percentOfPaise(paise: number, percent: number): number {
  // 15 significant digits drop the binary noise (0.1 % of 1,000 paise is 1.0000000000000002), not a figure
  return Math.round(Number(((paise * percent) / 100).toPrecision(15)));
}

const rs = formatRupees;

/** The greater of a percent of an amount and a minimum, with the working. */
function greaterOf(
  label: string,
  percentPart: number,
  percentText: string,
  minimumPaise: number,
): { amountPaise: number; basis: string } {
  return percentPart >= minimumPaise
    ? { amountPaise: percentPart, basis: `${percentText} = ${rs(percentPart)} (above the ${rs(minimumPaise)} minimum)` }
    : {
        amountPaise: minimumPaise,
        basis: `the ${label} minimum ${rs(minimumPaise)} (${percentText} is ${rs(percentPart)})`,
      };
}

function fovLine(invoicePaise: number, terms: PercentWithMinimum, risk: RiskBearer): ChargeLine {
  const part = percentOfPaise(invoicePaise, terms.percent);
  const worked = greaterOf('FOV', part, `${terms.percent}% of ${rs(invoicePaise)} invoice value`, terms.minimumPaise);
  return {
    code: 'FOV',
    label: risk === 'OWNER' ? "FOV (owner's risk)" : "FOV (carrier's risk)",
    ...worked,
  };
}

export function quoteB2b(input: B2bQuoteInput, card: B2bRateCard): B2bQuoteResult {
  if (input.boxes.length === 0 || input.boxes.every((b) => b.count === 0))
    return { ok: false, field: 'boxes', message: B2B_MSG.noBoxes };
  const rate = card.ratePerKgPaise[input.originZone]?.[input.destinationZone];
  if (rate === undefined)
    return {
      ok: false,
      field: 'destinationZone',
      message: B2B_MSG.laneNotServed(input.originZone, input.destinationZone),
    };
  if (input.risk === 'CARRIER' && !card.fovCarrier)
    return { ok: false, field: 'risk', message: B2B_MSG.carrierRiskNotOffered };

  const weight = chargeableWeightOf(input.boxes, card.volumetric, card.minChargeableKg);
  const kg = weight.chargeableKg;
  const freight = kg * rate;
  const lines: ChargeLine[] = [
    { code: 'FREIGHT', label: 'Freight', amountPaise: freight, basis: `${kg} kg × ${rs(rate)}` },
  ];
  const flat = (code: ChargeCode, label: string, amountPaise: number, basis: string) => {
    if (amountPaise > 0) lines.push({ code, label, amountPaise, basis });
  };
  if (card.fuelSurchargePercent > 0) {
    const fuel = percentOfPaise(freight, card.fuelSurchargePercent);
    lines.push({
      code: 'FUEL',
      label: 'Fuel surcharge',
      amountPaise: fuel,
      basis: `${card.fuelSurchargePercent}% of ${rs(freight)} freight`,
    });
  }
  flat('DOCKET', 'Docket fee', card.docketFeePaise, 'per docket');
  const fovTerms = input.risk === 'CARRIER' && card.fovCarrier ? card.fovCarrier : card.fovOwner;
  lines.push(fovLine(input.invoiceValuePaise, fovTerms, input.risk));
  if (input.oda) {
    const byKg = kg * card.odaPerKgPaise;
    lines.push({
      code: 'ODA',
      label: 'Out-of-delivery-area charge',
      ...greaterOf('ODA', byKg, `${kg} kg × ${rs(card.odaPerKgPaise)}`, card.odaMinimumPaise),
    });
  }
  if (input.appointment) flat('APPOINTMENT', 'Delivery appointment', card.appointmentFeePaise, 'per docket');
  if (input.greenTax) flat('GREEN_TAX', 'Green tax', card.greenTaxPaise, 'entering a city that levies it');
  if (input.freightPayer === 'TO_PAY')
    flat('TO_PAY', 'To-pay fee', card.toPayFeePaise, 'freight collected from the consignee');

  const subtotal = lines.reduce((sum, l) => sum + l.amountPaise, 0);
  const gst = percentOfPaise(subtotal, B2B_GST_PERCENT);
  return {
    ok: true,
    quote: {
      originZone: input.originZone,
      destinationZone: input.destinationZone,
      weight,
      ratePerKgPaise: rate,
      lines,
      subtotalPaise: subtotal,
      gstPercent: B2B_GST_PERCENT,
      gstPaise: gst,
      totalPaise: subtotal + gst,
    },
  };
}
