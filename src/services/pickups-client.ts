import { API_PICKUPS, type PickupList, type PickupRequestRow } from '../domain/pickups-contract';
import { dataOf } from './answer';
import type { Http } from './types';

// Courier pickups' calls (src/domain/pickups-contract.ts).

export const fetchPickups = (http: Http): Promise<PickupList> => dataOf(http.get(API_PICKUPS.list));
export const movePickup = (http: Http, pickupRequestId: number, pickupDate: string): Promise<PickupRequestRow> =>
  dataOf(http.put(API_PICKUPS.one(pickupRequestId), { pickupDate }));
