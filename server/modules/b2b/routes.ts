import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_B2B } from '../../../src/domain/b2b-contract';
import { createB2bOrder } from './create';
import { getB2bOrder } from './detail';
import { INVOICE_FILE_MAX_BODY, receiveInvoiceFile } from './invoice-files';
import { listB2bOrders } from './list';
import { orderQuotes, quoteCalculator } from './quotes';
import { createB2bWarehouse, deleteB2bWarehouse, listB2bWarehouses, updateB2bWarehouse } from './warehouses';

// The B2B orders' operations (src/domain/b2b-contract.ts) this module serves: warehouses, orders,
// quotes. Warehouses are setup (as the parcel warehouses are); orders and quotes are the orders'.
// E-way bills, booking, documents and tracking are served beside these by their own routes.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerB2bRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_B2B.warehouses, {
    access: SELLERS,
    permission: 'setup.view',
    handler: ({ caller, query }) => listB2bWarehouses(deps.db, caller.orgId, query),
  });
  router.route(API_B2B.addWarehouse, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => createB2bWarehouse(deps.db, caller.orgId, body),
  });
  router.route(API_B2B.editWarehouse, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, params, body }) =>
      updateB2bWarehouse(deps.db, caller.orgId, params.warehouseId, body, deps.now()),
  });
  router.route(API_B2B.deleteWarehouse, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: async ({ caller, params }) => {
      await deleteB2bWarehouse(deps.db, caller.orgId, params.warehouseId);
      return { deleted: true as const };
    },
  });
  router.route(API_B2B.orders, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, query }) => listB2bOrders(deps.db, caller.orgId, query),
  });
  router.route(API_B2B.create, {
    access: SELLERS,
    permission: 'orders.create',
    handler: ({ caller, body }) => createB2bOrder(deps, caller, body),
  });
  router.route(API_B2B.invoiceFile, {
    access: SELLERS,
    permission: 'orders.create',
    maxBody: INVOICE_FILE_MAX_BODY,
    handler: ({ c, caller }) => receiveInvoiceFile(deps, c, caller.orgId),
  });
  router.route(API_B2B.quote, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ body }) => quoteCalculator(body),
  });
  router.route(API_B2B.one, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, params }) => getB2bOrder(deps.db, caller.orgId, params.orderId, deps.now()),
  });
  router.route(API_B2B.orderQuotes, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, params }) => orderQuotes(deps.db, caller.orgId, params.orderId),
  });
}
