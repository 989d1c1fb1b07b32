import * as v from 'valibot';
import { operation } from './operation';
import { numericId } from './params';
import { DeletedAnswerSchema } from './account-contract';
import { OrderViewBody, OrderViewSchema } from './order-views';

// The saved views of the order list (src/domain/order-views.ts): their operations, each declared
// once, served by server/modules/order-views/routes.ts and sent with call().

export { OrderViewSchema };

const TAG = 'orders';

export const API_ORDER_VIEWS = {
  views: operation({
    method: 'get',
    path: '/api/v1/order-views',
    tag: TAG,
    summary: "The login's saved views of the order list, oldest first",
    response: v.array(OrderViewSchema),
  }),
  save: operation({
    method: 'post',
    path: '/api/v1/order-views',
    tag: TAG,
    body: OrderViewBody,
    summary: 'Save the order list filters under a name (unique per login, any case; at most 20)',
    errors: { 409: 'a view with that name exists, or the login has 20 views' },
    response: OrderViewSchema,
  }),
  delete: operation({
    method: 'delete',
    path: '/api/v1/order-views/:viewId',
    tag: TAG,
    params: v.object({ viewId: numericId('viewId') }),
    summary: 'Delete one of the login’s saved views',
    errors: { 404: 'no such saved view of yours' },
    response: DeletedAnswerSchema,
  }),
} as const;
