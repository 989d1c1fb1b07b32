import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { clientIp } from '../../http/client-ip';
import { LIVE_API } from '../../../src/domain/live-events-contract';
import { orderEventStream } from './stream';
import { sellerListStream, sellerOrderStream, staffOrderStream, trackingStream } from './service';

// Live order events' streams (src/domain/live-events-contract.ts): who may open each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

export function registerLiveRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(LIVE_API.sellerOrder, {
    access: SELLERS,
    permission: 'orders.view',
    handler: async ({ c, caller, params }) =>
      orderEventStream(c, deps, await sellerOrderStream(deps.db, caller.orgId, params.orderId)),
  });
  router.route(LIVE_API.sellerOrders, {
    access: SELLERS,
    permission: 'orders.view',
    handler: async ({ c, caller, query }) =>
      orderEventStream(c, deps, await sellerListStream(deps.db, caller.orgId, query.orderIds)),
  });
  router.route(LIVE_API.staffOrder, {
    access: STAFF,
    staffPermission: 'orders.simulate',
    handler: async ({ c, params }) => orderEventStream(c, deps, await staffOrderStream(deps.db, params.orderId)),
  });
  router.route(LIVE_API.tracking, {
    access: { kind: 'public' },
    handler: async ({ c, params }) =>
      orderEventStream(c, deps, {
        ...(await trackingStream(deps.db, params.trackingRef)),
        address: clientIp(c, deps.config),
      }),
  });
}
