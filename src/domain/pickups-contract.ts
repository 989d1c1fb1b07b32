import * as v from 'valibot';

// The seller's courier pickups: one request a warehouse, courier and IST day, with the parcels
// the courier should expect and where the courier's answer stands.

export const API_PICKUPS = {
  list: '/api/v1/pickups', // GET ?fromDate&toDate → PickupList (newest day first)
  one: (pickupRequestId: number | string) => `/api/v1/pickups/${pickupRequestId}`, // PUT { pickupDate } → PickupRequestRow
} as const;

/** PENDING: not yet accepted by the courier; REQUESTED: accepted; FAILED: refused, with its words (retried) */
export const PICKUP_STATES = ['PENDING', 'REQUESTED', 'FAILED'] as const;
export type PickupState = (typeof PICKUP_STATES)[number];

export const PICKUP_STATE_LABELS: Record<PickupState, string> = {
  PENDING: 'Being requested',
  REQUESTED: 'Requested',
  FAILED: 'Courier refused',
};

export const PickupRequestRowSchema = v.object({
  pickupRequestId: v.number(),
  pickupAddressId: v.number(),
  addressName: v.string(),
  carrierCode: v.string(),
  carrierName: v.string(),
  /** IST day, yyyy-mm-dd */
  pickupDate: v.string(),
  parcels: v.number(),
  state: v.picklist(PICKUP_STATES),
  courierPickupId: v.nullable(v.string()),
  lastError: v.nullable(v.string()),
  /** false once a parcel of it is picked up: the day cannot move then */
  movable: v.boolean(),
});
export type PickupRequestRow = v.InferOutput<typeof PickupRequestRowSchema>;

export const PickupListSchema = v.object({ items: v.array(PickupRequestRowSchema) });
export type PickupList = v.InferOutput<typeof PickupListSchema>;
