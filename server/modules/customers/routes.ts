import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { pagingEntries, sortEntries } from '../../../src/domain/paging';
import { registerListExport } from '../../http/list-export';
import { API_PRODUCTS, type CustomerRow, CustomerRowSchema } from '../../../src/domain/setup-contract';
import { formatDate } from '../../../src/domain/format';
import * as store from './service';
import { pagedSchema } from '../../../src/domain/paging';
import { customerIdField, RegisterCustomerBody } from '../../../src/domain/schemas/setup';

const TAG = 'setup';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const sort = sortEntries(store.CUSTOMER_SORT, 'entityName');

export function registerCustomerRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_PRODUCTS.customers,
    tag: TAG,
    access: SELLERS,
    permission: 'buyers.contact',
    query: v.object({ ...pagingEntries, ...sort }),
    summary: 'Customers (buyers from orders), paged, searchable by name, phone, email, city or pincode',
    response: pagedSchema(CustomerRowSchema),
    handler: async ({ caller, query }) => store.listCustomers(await deps.readDb(), caller.orgId, query),
  });
  router.add({
    method: 'get',
    // "export" beside it is the list's CSV, never a customer id
    path: API_PRODUCTS.customer(':customerId{(?!export$)[A-Za-z0-9_.-]+}'),
    tag: TAG,
    access: SELLERS,
    permission: 'buyers.contact',
    params: v.object({ customerId: customerIdField }),
    summary: "One customer of the seller's book (an id that does not parse, or is not yours: 'invalid Customer id')",
    errors: { 400: 'invalid Customer id', 404: 'invalid Customer id' },
    response: CustomerRowSchema,
    handler: ({ caller, params }) => store.customerById(deps.db, caller.orgId, params.customerId),
  });
  // the owner's alone (no permission named), as registering a sub-seller is
  router.add({
    method: 'post',
    path: API_PRODUCTS.registerCustomer,
    tag: TAG,
    access: SELLERS,
    body: RegisterCustomerBody,
    summary:
      "Register a customer in the seller's book by hand: name (letters and spaces, 5-20), phone, email, address; city and state from the pincode",
    errors: { 409: 'a customer with this phone number is already in the book' },
    response: CustomerRowSchema,
    handler: ({ caller, body }) => store.registerCustomer(deps.db, caller.orgId, body, deps.now()),
  });
  registerListExport<CustomerRow, typeof sort>(router, {
    listPath: API_PRODUCTS.customers,
    permission: 'buyers.contact',
    tag: TAG,
    access: SELLERS,
    filters: sort,
    name: 'customers',
    now: deps.now,
    columns: [
      { header: 'entityName', value: (r) => r.entityName },
      { header: 'phoneNumber', value: (r) => r.phoneNumber },
      { header: 'email', value: (r) => r.email },
      { header: 'address', value: (r) => r.address },
      { header: 'channel', value: (r) => r.channel },
      { header: 'ordersCount', value: (r) => r.ordersCount },
      { header: 'lastOrderOn', value: (r) => (r.lastOrderAt ? formatDate(r.lastOrderAt) : '') },
    ],
    list: async (caller, q) => store.listCustomers(await deps.readDb(), caller.orgId, q),
  });
}
