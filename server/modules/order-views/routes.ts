import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { DeletedAnswerSchema } from '../../../src/domain/account-contract';
import { API_ORDER_VIEWS, OrderViewBody, OrderViewSchema } from '../../../src/domain/order-views';
import * as views from './service';

const TAG = 'orders';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerOrderViewRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_ORDER_VIEWS.views,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    summary: "The login's saved views of the order list, oldest first",
    response: v.array(OrderViewSchema),
    handler: ({ caller }) => views.listViews(deps.db, caller),
  });
  router.add({
    method: 'post',
    path: API_ORDER_VIEWS.views,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    body: OrderViewBody,
    summary: 'Save the order list filters under a name (unique per login, any case; at most 20)',
    errors: { 409: 'a view with that name exists, or the login has 20 views' },
    response: OrderViewSchema,
    handler: ({ caller, body }) => views.saveView(deps.db, caller, body, deps.now()),
  });
  router.add({
    method: 'delete',
    path: API_ORDER_VIEWS.view(':viewId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    params: v.object({ viewId: numericId('viewId') }),
    summary: 'Delete one of the login’s saved views',
    errors: { 404: 'no such saved view of yours' },
    response: DeletedAnswerSchema,
    handler: async ({ caller, params }) => {
      await views.deleteView(deps.db, caller, params.viewId);
      return { deleted: true as const };
    },
  });
}
