import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_PICKUPS } from '../../../src/domain/pickups-contract';
import { listPickups, movePickup } from './service';

// Courier pickups' operations (src/domain/pickups-contract.ts): who may call each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerPickupRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_PICKUPS.list, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, query }) => listPickups(deps.db, caller.orgId, query),
  });
  router.route(API_PICKUPS.move, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: ({ caller, params, body }) => movePickup(deps, caller.orgId, params.pickupRequestId, body.pickupDate),
  });
}
