import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { listQuerySchema } from '../../../src/domain/paging';
import { API_PICKUPS, PickupListSchema, PickupRequestRowSchema } from '../../../src/domain/pickups-contract';
import { MovePickupBody, pickupFilterEntries } from '../../../src/domain/schemas/pickups';
import { listPickups, movePickup } from './service';

const TAG = 'pickups';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const DAY_RANGES = [['fromDate', 'toDate']] as const;

export function registerPickupRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_PICKUPS.list,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    query: listQuerySchema(pickupFilterEntries, DAY_RANGES),
    summary:
      'The seller’s courier pickup requests, newest day first: warehouse, courier, IST day, parcels, state and the courier’s pickup id',
    response: PickupListSchema,
    handler: ({ caller, query }) => listPickups(deps.db, caller.orgId, query),
  });
  router.add({
    method: 'put',
    path: API_PICKUPS.one(':pickupRequestId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.ship',
    params: v.object({ pickupRequestId: numericId('pickupRequestId') }),
    body: MovePickupBody,
    summary:
      'Move a whole pickup request to another day (today to six days ahead, IST) while no parcel of it is picked up; the courier is asked again',
    errors: {
      404: 'no such pickup request of yours',
      409: 'a parcel of it is picked up already',
    },
    response: PickupRequestRowSchema,
    handler: ({ caller, params, body }) => movePickup(deps, caller.orgId, params.pickupRequestId, body.pickupDate),
  });
}
