// Weights of spec section 3 and the shipping rules: volumetric weight from dimensions in cm,
// the divisor 5000 (kg), and the charged weight in 0.5 kg slabs.

export const VOLUMETRIC_DIVISOR = 5000;
export const SLAB_KG = 0.5;

export interface Dimensions {
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** L×B×H / 5000, in kg, to 3 decimals. */
export function volumetricWeightKg(d: Dimensions): number {
  return Math.round(((d.lengthCm * d.breadthCm * d.heightCm) / VOLUMETRIC_DIVISOR) * 1000) / 1000;
}

/** The volumetric weight of dimensions as typed in a form (text), or null until all three are above 0. */
export function typedVolumetricKg(lengthCm: string, breadthCm: string, heightCm: string): number | null {
  const d = { lengthCm: Number(lengthCm), breadthCm: Number(breadthCm), heightCm: Number(heightCm) };
  return d.lengthCm > 0 && d.breadthCm > 0 && d.heightCm > 0 ? volumetricWeightKg(d) : null;
}

/** The higher of dead and volumetric weight, rounded up to the next 0.5 kg slab (at least one slab). */
export function chargedWeightKg(deadKg: number, d: Dimensions): number {
  const heavier = Math.max(deadKg, volumetricWeightKg(d));
  // a tiny epsilon keeps 1.5000000001 (float noise) in the 1.5 slab
  return Math.max(SLAB_KG, Math.ceil(heavier / SLAB_KG - 1e-9) * SLAB_KG);
}
