import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_ORDER_VIEWS } from '../../../src/domain/order-views-contract';
import * as views from './service';

// The saved views' operations (src/domain/order-views-contract.ts): who may call each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerOrderViewRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_ORDER_VIEWS.views, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller }) => views.listViews(deps.db, caller),
  });
  router.route(API_ORDER_VIEWS.save, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, body }) => views.saveView(deps.db, caller, body, deps.now()),
  });
  router.route(API_ORDER_VIEWS.delete, {
    access: SELLERS,
    permission: 'orders.view',
    handler: async ({ caller, params }) => {
      await views.deleteView(deps.db, caller, params.viewId);
      return { deleted: true as const };
    },
  });
}
