import * as v from 'valibot';

// What a courier quote says of the courier's quality on the lane (src/domain/quality/lane-quality.ts).

const pctOrNull = v.nullable(v.number());

export const LaneQualitySchema = v.object({
  /** PINCODE (pincode to pincode), DISTRICT (district to district), ZONE (this zone from anywhere); NONE: too few parcels */
  basis: v.picklist(['PINCODE', 'DISTRICT', 'ZONE', 'NONE']),
  /** settled parcels behind the figures, last 90 days (0 when NONE) */
  sample: v.number(),
  deliveredPct: pctOrNull,
  rtoPct: pctOrNull,
  /** parcels with at least one failed delivery attempt */
  ndrPct: pctOrNull,
  /** average days from pickup to delivery */
  avgDays: pctOrNull,
  /** picked up on the promised day or the next working day; null when too few pickups were due */
  pickupPct: pctOrNull,
  pickupSample: v.number(),
});
export type LaneQuality = v.InferOutput<typeof LaneQualitySchema>;
