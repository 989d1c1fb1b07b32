import { formatAmount } from '../format';
import { chargedWeightKg, SLAB_KG, volumetricWeightKg } from '../weights';
import { ZONE_NAMES, type Zone } from './zones';

// What a courier charges for one parcel, as a pure function of its rate card. Money in paise.
//   charged weight = max(dead, volumetric L×B×H/5000), at least the card's minimum, rounded up to
//                    0.5 kg slabs;
//   freight        = the zone's first slab + each further slab at the zone's slab rate;
//   COD fee        = the fixed fee or the percent of the COD amount, whichever is higher;
//   GST            = 18% of freight and COD fee, shown separately;
//   RTO            = a percent of the forward freight, charged only if the parcel comes back.

export const GST_PERCENT = 18;

export interface ZoneRate {
  /** the first 0.5 kg */
  firstSlabPaise: number;
  /** each further 0.5 kg */
  nextSlabPaise: number;
}

export interface RateCard {
  zones: Record<Zone, ZoneRate>;
  /** heavier services charge at least this much weight */
  minChargeableKg: number;
  codFixedPaise: number;
  codPercent: number;
  rtoPercent: number;
}

export interface Parcel {
  deadWeightKg: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  paymentMethod: 'PPD' | 'COD';
  codAmountPaise: number;
}

export interface Quote {
  zone: Zone;
  deadWeightKg: number;
  volumetricWeightKg: number;
  chargedWeightKg: number;
  slabs: number;
  freightPaise: number;
  codChargePaise: number;
  gstPaise: number;
  /** freight + COD fee + GST: what the wallet is charged at booking */
  totalPaise: number;
  /** charged later, only if the parcel is returned to origin (before GST) */
  rtoChargePaise: number;
  /** how the price was worked out, line by line */
  steps: string[];
}

const rupees = (paise: number) => `₹${formatAmount(paise)}`;
const kg = (n: number) => `${Number(n.toFixed(3))} kg`;

/** The slab a parcel is charged at on a card (at least its minimum), and the freight and RTO charge for it: no texts. */
export function freightOf(
  card: RateCard,
  zone: Zone,
  p: Pick<Parcel, 'deadWeightKg' | 'lengthCm' | 'breadthCm' | 'heightCm'>,
): { byWeight: number; chargedWeightKg: number; slabs: number; freightPaise: number; rtoChargePaise: number } {
  const byWeight = chargedWeightKg(p.deadWeightKg, p);
  const charged = Math.max(byWeight, Math.ceil(card.minChargeableKg / SLAB_KG - 1e-9) * SLAB_KG);
  const slabs = Math.round(charged / SLAB_KG);
  const rate = card.zones[zone];
  const freight = rate.firstSlabPaise + (slabs - 1) * rate.nextSlabPaise;
  return {
    byWeight,
    chargedWeightKg: charged,
    slabs,
    freightPaise: freight,
    rtoChargePaise: Math.round((freight * card.rtoPercent) / 100),
  };
}

export function quoteParcel(card: RateCard, zone: Zone, p: Parcel): Quote {
  const volumetric = volumetricWeightKg(p);
  const { byWeight, chargedWeightKg: charged, slabs, freightPaise: freight } = freightOf(card, zone, p);
  const rate = card.zones[zone];
  const percentFee = Math.round((p.codAmountPaise * card.codPercent) / 100);
  const cod = p.paymentMethod === 'COD' ? Math.max(card.codFixedPaise, percentFee) : 0;
  const gst = Math.round(((freight + cod) * GST_PERCENT) / 100);

  const heavier =
    volumetric > p.deadWeightKg
      ? `volumetric ${kg(volumetric)} is more than dead ${kg(p.deadWeightKg)}`
      : `dead ${kg(p.deadWeightKg)} (volumetric ${kg(volumetric)})`;
  const steps = [
    `Zone ${zone}: ${ZONE_NAMES[zone]}`,
    charged > byWeight
      ? `Charged weight ${kg(charged)}: this service charges at least ${kg(card.minChargeableKg)}`
      : `Charged weight ${kg(charged)}: ${heavier}, rounded up to 0.5 kg slabs`,
    slabs > 1
      ? `Freight ${rupees(freight)}: ${rupees(rate.firstSlabPaise)} for the first 0.5 kg + ${slabs - 1} × ${rupees(rate.nextSlabPaise)}`
      : `Freight ${rupees(freight)} for the first 0.5 kg`,
  ];
  if (p.paymentMethod === 'COD') {
    steps.push(
      percentFee >= card.codFixedPaise
        ? `COD fee ${rupees(cod)}: ${card.codPercent}% of ${rupees(p.codAmountPaise)} (above the ${rupees(card.codFixedPaise)} minimum)`
        : `COD fee ${rupees(cod)}: the minimum (${card.codPercent}% of ${rupees(p.codAmountPaise)} is ${rupees(percentFee)})`,
    );
  }
  steps.push(`GST ${GST_PERCENT}% ${rupees(gst)}`, `Total ${rupees(freight + cod + gst)}`);
  return {
    zone,
    deadWeightKg: p.deadWeightKg,
    volumetricWeightKg: volumetric,
    chargedWeightKg: charged,
    slabs,
    freightPaise: freight,
    codChargePaise: cod,
    gstPaise: gst,
    totalPaise: freight + cod + gst,
    rtoChargePaise: Math.round((freight * card.rtoPercent) / 100),
    steps,
  };
}
