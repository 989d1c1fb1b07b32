import { pincodeDraw, type CarrierProfile } from '../../../src/domain/shipping/carriers';
import type { PlannedScan } from '../../db/schema';
import { drawPng, type Rgb } from './png-drawing';

// A sandbox courier re-weighs some parcels at its origin hub, as often as its behaviour profile's
// weightDiscrepancyRate says (a draw seeded by the AWB): it finds one to three 0.5 kg slabs more
// than was booked, in a box whose volumetric weight makes it so, and reports the weighing on the
// scan that leaves the origin hub, with a photo of the parcel on its scale.

const SLAB = 0.5;

/** The weighing a courier reports for a parcel booked at `bookedKg`: `extraSlabs` heavier, by its size. */
export function overweight(bookedKg: number, extraSlabs: number) {
  const claimed = Math.ceil(bookedKg / SLAB - 1e-9) * SLAB + extraSlabs * SLAB;
  // a cube whose L×B×H/5000 is just over the claimed slab's lower edge
  const side = Math.ceil(Math.cbrt((claimed - SLAB / 2) * 5000));
  return {
    deadWeightKg: Math.max(0.1, Math.round((claimed - 0.3) * 100) / 100),
    lengthCm: side,
    breadthCm: side,
    heightCm: side,
  };
}

/** The plan with a heavier weighing on its first in-transit scan when the draw falls under the rate (or when forced). */
export function weighAtHub(
  profile: CarrierProfile,
  awb: string,
  plan: PlannedScan[],
  bookedKg: number,
  force = false,
): PlannedScan[] {
  if (!force && pincodeDraw(profile.code, awb, 'weight') >= profile.behaviour.weightDiscrepancyRate) return plan;
  const at = plan.findIndex((s) => s.courierStatus === 'IN_TRANSIT');
  if (at < 0) return plan;
  const extra = 1 + Math.floor(pincodeDraw(profile.code, awb, 'weight-slabs') * 3);
  return plan.map((s, i) => (i === at ? { ...s, hubWeight: overweight(bookedKg, extra) } : s));
}

/**
 * A 96×72 PNG drawn in code: a grey scale platform, a brown parcel on it with a white label, and
 * a row of dark blocks on the scale's display, as many as the weighed kilograms (up to 10), tinted
 * by the AWB so no two photos are alike.
 */
export function hubScalePng(awb: string, kg: number): Uint8Array {
  const w = 96;
  const h = 72;
  const tint = Math.floor(pincodeDraw('HUB', awb) * 40);
  return drawPng(w, h, (x: number, y: number): Rgb => {
    if (y >= 58 && y < 64 && x >= 8 && x < 88) return [120, 120, 128]; // platform
    if (y >= 64 && x >= 40 && x < 56) return [90, 90, 96]; // stand
    if (y >= 24 && y < 58 && x >= 24 && x < 72) {
      if (y >= 32 && y < 42 && x >= 30 && x < 50) return [250, 250, 250]; // label
      return [176 + tint / 2, 120 + tint / 4, 64]; // box
    }
    if (y >= 6 && y < 16 && x >= 8 && x < 88) {
      const block = Math.floor((x - 10) / 8);
      if (x >= 10 && (x - 10) % 8 < 6 && y >= 8 && y < 14 && block < Math.min(10, Math.ceil(kg))) return [20, 40, 20];
      return [160, 220, 160]; // display
    }
    return [235, 240, 245 - tint];
  });
}
