import * as v from 'valibot';
import { operation } from './operation';
import { numericId } from './params';
import { listQuerySchema } from './paging';
import { MovePickupBody, pickupFilterEntries } from './schemas/pickups';

// The seller's courier pickups: one request a warehouse, courier and IST day, with the parcels
// the courier should expect and where the courier's answer stands.

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

// The operations: each declared once, served by server/modules/pickups/routes.ts and sent with call().

const TAG = 'pickups';
const DAY_RANGES = [['fromDate', 'toDate']] as const;

export const API_PICKUPS = {
  list: operation({
    method: 'get',
    path: '/api/v1/pickups',
    tag: TAG,
    query: listQuerySchema(pickupFilterEntries, DAY_RANGES),
    summary:
      'The seller’s courier pickup requests, newest day first: warehouse, courier, IST day, parcels, state and the courier’s pickup id',
    response: PickupListSchema,
  }),
  move: operation({
    method: 'put',
    path: '/api/v1/pickups/:pickupRequestId',
    tag: TAG,
    params: v.object({ pickupRequestId: numericId('pickupRequestId') }),
    body: MovePickupBody,
    summary:
      'Move a whole pickup request to another day (today to six days ahead, IST) while no parcel of it is picked up; the courier is asked again',
    errors: {
      404: 'no such pickup request of yours',
      409: 'a parcel of it is picked up already',
    },
    response: PickupRequestRowSchema,
  }),
} as const;
