import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { pagingEntries } from '../../http/paging';
import { API_ORDERS, OrderBatchRowSchema } from '../../../src/domain/orders-contract';
import { registerCsvUploadRoutes } from '../csv-uploads/routes';
import { listBatches } from './batches';
import { orderCsv } from './order-csv';
import { orderUpdateCsv } from './order-update-csv';
import { pagedSchema } from '../../../src/domain/account-contract';

const TAG = 'orders';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

/** Bulk orders: new orders from CSV, update-by-CSV, and the batch history. */
export function registerOrderUploadRoutes(router: ApiRouter, deps: AppDeps) {
  registerCsvUploadRoutes(router, deps, orderCsv, API_ORDERS.uploads, TAG);
  registerCsvUploadRoutes(router, deps, orderUpdateCsv, API_ORDERS.updates, TAG);
  router.add({
    method: 'get',
    path: API_ORDERS.batches,
    tag: TAG,
    access: SELLERS,
    query: v.object({ pageNumber: pagingEntries.pageNumber, recordsPerPage: pagingEntries.recordsPerPage }),
    summary:
      'Batch history: each upload of new orders with how many of its orders are ready, in transit, delivered, cancelled or returned',
    response: pagedSchema(OrderBatchRowSchema),
    handler: ({ caller, query }) => listBatches(deps.db, caller.orgId, query),
  });
}
