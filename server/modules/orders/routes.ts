import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_ORDERS } from '../../../src/domain/orders-contract';
import { serveListExport } from '../../http/list-export';
import { ORDER_EXPORT_COLUMNS } from './export-columns';
import { delayCounts, unprocessableOrders } from './attention';
import { listOrders, statusCounts } from './list';
import * as store from './service';

// The orders' operations (src/domain/orders-contract.ts): who may call each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerOrderRoutes(router: ApiRouter, deps: AppDeps) {
  // static paths before /orders/:orderId
  router.route(API_ORDERS.orders, {
    access: SELLERS,
    permission: 'orders.view',
    handler: async ({ caller, query }) => listOrders(await deps.readDb(), caller, query),
  });
  serveListExport(router, API_ORDERS.ordersExport, {
    access: SELLERS,
    name: 'orders',
    now: deps.now,
    columns: ORDER_EXPORT_COLUMNS,
    list: async (caller, q) => listOrders(await deps.readDb(), caller, q),
  });
  router.route(API_ORDERS.create, {
    access: SELLERS,
    permission: 'orders.create',
    handler: ({ caller, body }) => store.createOrder(deps, caller, body),
  });
  router.route(API_ORDERS.counts, {
    access: SELLERS,
    permission: 'orders.view',
    handler: async ({ caller }) => statusCounts(await deps.readDb(), caller.orgId),
  });
  router.route(API_ORDERS.numberAvailable, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, query }) => store.orderNumberAvailable(deps.db, caller.orgId, query.orderNumber),
  });
  router.route(API_ORDERS.archive, {
    access: SELLERS,
    permission: 'orders.cancel',
    handler: ({ caller, body }) => store.setArchived(deps, caller, body.orderIds, body.archived),
  });
  router.route(API_ORDERS.escalations, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: ({ caller, body }) =>
      store.forEachOrder(body.orderIds, (id) => store.escalateOrder(deps, caller, id, body.reason)),
  });
  router.route(API_ORDERS.unprocessable, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller }) => unprocessableOrders(deps.db, caller.orgId),
  });
  router.route(API_ORDERS.delays, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller }) => delayCounts(deps.db, caller.orgId, deps.now()),
  });
  router.route(API_ORDERS.order, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, params }) => store.getOrder(deps.db, caller, params.orderId),
  });
  router.route(API_ORDERS.cancel, {
    access: SELLERS,
    permission: 'orders.cancel',
    handler: ({ caller, params }) => store.cancelOrder(deps, caller, params.orderId),
  });
  router.route(API_ORDERS.clone, {
    access: SELLERS,
    permission: 'orders.create',
    handler: ({ caller, params }) => store.cloneOrder(deps, caller, params.orderId),
  });
  router.route(API_ORDERS.dimensions, {
    access: SELLERS,
    permission: 'orders.create',
    handler: ({ caller, params, body }) => store.updateDimensions(deps, caller, params.orderId, body),
  });
  router.route(API_ORDERS.products, {
    access: SELLERS,
    permission: 'orders.create',
    handler: ({ caller, params, body }) => store.updateProducts(deps, caller, params.orderId, body),
  });
  router.route(API_ORDERS.senderAddress, {
    access: SELLERS,
    permission: 'orders.create',
    handler: ({ caller, params, body }) =>
      store.updateSenderAddress(deps, caller, params.orderId, body.pickupAddressId),
  });
  router.route(API_ORDERS.orderNumber, {
    access: SELLERS,
    permission: 'orders.create',
    handler: ({ caller, params, body }) => store.updateOrderNumber(deps, caller, params.orderId, body.orderNumber),
  });
  router.route(API_ORDERS.escalation, {
    access: SELLERS,
    permission: 'orders.create',
    handler: ({ caller, params, body }) => store.escalateOrder(deps, caller, params.orderId, body.reason),
  });
}
