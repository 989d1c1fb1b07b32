import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { pagingEntries, sortEntries } from '../../http/paging';
import { registerListExport } from '../../http/list-export';
import { API_PRODUCTS, type CustomerRow, CustomerRowSchema } from '../../../src/domain/setup-contract';
import { formatDate } from '../../../src/domain/format';
import * as store from './service';
import { pagedSchema } from '../../../src/domain/account-contract';

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
    handler: ({ caller, query }) => store.listCustomers(deps.db, caller.orgId, query),
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
    list: (caller, q) => store.listCustomers(deps.db, caller.orgId, q),
  });
}
