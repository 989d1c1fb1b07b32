import { CM3_PER_CFT, type VolumetricRule } from './rate-card';

// The weight a docket is charged at: the greatest of its actual weight, its volumetric weight and
// the card's minimum, rounded UP to the next whole kg (LTL cards price per kg, and a part of a kg
// is charged as a kg). The actual and volumetric weights are summed over every box exactly and
// compared before rounding; a tie goes to the actual weight, and the minimum wins only when it is
// above both. Volumetric weight is shown to two decimals (rounded half up), never used rounded.

export interface Box {
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  /** one box's weight */
  weightKg: number;
  /** how many boxes of this size and weight */
  count: number;
}

export type WeightBasis = 'ACTUAL' | 'VOLUMETRIC' | 'MINIMUM';

export interface ChargeableWeight {
  boxCount: number;
  actualKg: number;
  volumetricKg: number;
  minimumKg: number;
  chargeableKg: number;
  basis: WeightBasis;
  /** how it was chosen, in words */
  reason: string;
}

/** Float noise of a sum (0.1 + 0.2) must not push a whole kg up to the next one. */
const EPSILON = 1e-9;

/** Volumetric weight of one cubic centimetre figure under a card's rule. */
export function volumetricKgOf(cm3: number, rule: VolumetricRule): number {
  return rule.kind === 'CFT' ? (cm3 / CM3_PER_CFT) * rule.kgPerCft : cm3 / rule.cm3PerKg;
}

/** A weight as shown: at most two decimals, rounded half up (339.0249 → 339.02, 0.125 → 0.13). */
export function showKg(kg: number): string {
  return `${Number((Math.round(Number((kg * 100).toPrecision(12))) / 100).toFixed(2))} kg`;
}

export function ruleText(rule: VolumetricRule): string {
  return rule.kind === 'CFT' ? `1 CFT = ${rule.kgPerCft} kg` : `L × B × H cm ÷ ${rule.cm3PerKg}`;
}

export function chargeableWeightOf(boxes: readonly Box[], rule: VolumetricRule, minimumKg: number): ChargeableWeight {
  let boxCount = 0;
  let actualKg = 0;
  let cm3 = 0;
  for (const b of boxes) {
    boxCount += b.count;
    actualKg += b.weightKg * b.count;
    cm3 += b.lengthCm * b.breadthCm * b.heightCm * b.count;
  }
  const volumetricKg = volumetricKgOf(cm3, rule);
  const basis: WeightBasis =
    minimumKg > actualKg && minimumKg > volumetricKg ? 'MINIMUM' : volumetricKg > actualKg ? 'VOLUMETRIC' : 'ACTUAL';
  const chosen = basis === 'MINIMUM' ? minimumKg : basis === 'VOLUMETRIC' ? volumetricKg : actualKg;
  const chargeableKg = Math.ceil(chosen - EPSILON);
  const rounded = chargeableKg > chosen + EPSILON ? `, rounded up to ${chargeableKg} kg` : '';
  const volumetric = `volumetric ${showKg(volumetricKg)} at ${ruleText(rule)}`;
  const reason =
    basis === 'MINIMUM'
      ? `The minimum chargeable weight ${showKg(minimumKg)}${rounded}: it is more than the actual ${showKg(actualKg)} and the ${volumetric}`
      : basis === 'VOLUMETRIC'
        ? `The ${volumetric}${rounded}: it is more than the actual ${showKg(actualKg)}`
        : `The actual weight ${showKg(actualKg)}${rounded}: the ${volumetric} is not more`;
  return { boxCount, actualKg, volumetricKg, minimumKg, chargeableKg, basis, reason };
}
