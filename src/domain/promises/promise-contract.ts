import * as v from 'valibot';
import { PROMISE_BASES } from './lane-promise';

// What a courier quote says of its delivery date: where it came from and how sure it is.

export const QuotePromiseSchema = v.object({
  /** PINCODE or DISTRICT (this lane's own history), ZONE (the courier's in the zone), ZONE_TABLE */
  basis: v.picklist(PROMISE_BASES),
  /** delivered parcels behind it (0 on the zone table) */
  sample: v.number(),
  /** the share of those parcels that met a date this far out; null on the zone table */
  confidencePct: v.nullable(v.number()),
});
export type QuotePromise = v.InferOutput<typeof QuotePromiseSchema>;

/** The basis in a sentence ("this lane's last 90 days", "Delhivery's published days"). */
export const PROMISE_BASIS_TEXT: Record<QuotePromise['basis'], string> = {
  PINCODE: 'this pincode',
  DISTRICT: 'this district',
  ZONE: 'this zone',
  ZONE_TABLE: 'the published zone days',
};
