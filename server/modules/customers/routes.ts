import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { serveListExport, type ExportColumn } from '../../http/list-export';
import { API_PRODUCTS, type CustomerRow } from '../../../src/domain/setup-contract';
import { formatDate } from '../../../src/domain/format';
import * as store from './service';

// The customer book's operations (API_PRODUCTS in src/domain/setup-contract.ts): who may call each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

const CUSTOMER_COLUMNS: ExportColumn<CustomerRow>[] = [
  { header: 'entityName', value: (r) => r.entityName },
  { header: 'phoneNumber', value: (r) => r.phoneNumber },
  { header: 'email', value: (r) => r.email },
  { header: 'address', value: (r) => r.address },
  { header: 'channel', value: (r) => r.channel },
  { header: 'ordersCount', value: (r) => r.ordersCount },
  { header: 'lastOrderOn', value: (r) => (r.lastOrderAt ? formatDate(r.lastOrderAt) : '') },
];

export function registerCustomerRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_PRODUCTS.customers, {
    access: SELLERS,
    permission: 'buyers.contact',
    handler: async ({ caller, query }) => store.listCustomers(await deps.readDb(), caller.orgId, query),
  });
  router.route(API_PRODUCTS.customer, {
    access: SELLERS,
    permission: 'buyers.contact',
    handler: ({ caller, params }) => store.customerById(deps.db, caller.orgId, params.customerId),
  });
  // the owner's alone (no permission named), as registering a sub-seller is
  router.route(API_PRODUCTS.registerCustomer, {
    access: SELLERS,
    handler: ({ caller, body }) => store.registerCustomer(deps.db, caller.orgId, body, deps.now()),
  });
  serveListExport(router, API_PRODUCTS.customersExport, {
    access: SELLERS,
    permission: 'buyers.contact',
    name: 'customers',
    now: deps.now,
    columns: CUSTOMER_COLUMNS,
    list: async (caller, q) => store.listCustomers(await deps.readDb(), caller.orgId, q),
  });
}
