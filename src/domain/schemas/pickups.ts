import * as v from 'valibot';
import { isoDayField } from './fields';

// What the seller sends about courier pickups: the list's day filter and a request's new day.

export const pickupFilterEntries = {
  fromDate: v.optional(isoDayField('fromDate')),
  toDate: v.optional(isoDayField('toDate')),
};

/** A whole pickup request moved to another day (today..+6 days, checked against today by the server). */
export const MovePickupBody = v.object({ pickupDate: isoDayField('pickupDate') });
export type MovePickup = v.InferOutput<typeof MovePickupBody>;
