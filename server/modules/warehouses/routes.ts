import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { pagingEntries, sortEntries } from '../../../src/domain/paging';
import { registerListExport } from '../../http/list-export';
import { API_SETUP, type WarehouseRow, WarehouseRowSchema } from '../../../src/domain/setup-contract';
import { WarehouseBody } from '../../../src/domain/schemas/setup';
import * as store from './service';
import { DeletedAnswerSchema, pagedSchema } from '../../../src/domain/account-contract';

const TAG = 'setup';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const sort = sortEntries(store.WAREHOUSE_SORT, 'warehouseName');
const byId = v.object({ warehouseId: numericId('warehouseId') });

export function registerWarehouseRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_SETUP.warehouses,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.view',
    query: v.object({ ...pagingEntries, ...sort }),
    summary: 'Warehouses, paged, searchable by name, contact, city or pincode',
    response: pagedSchema(WarehouseRowSchema),
    handler: ({ caller, query }) => store.listWarehouses(deps.db, caller.orgId, query),
  });
  registerListExport<WarehouseRow, typeof sort>(router, {
    listPath: API_SETUP.warehouses,
    tag: TAG,
    access: SELLERS,
    filters: sort,
    name: 'warehouses',
    now: deps.now,
    columns: [
      { header: 'warehouseName', value: (r) => r.warehouseName },
      { header: 'contactName', value: (r) => r.contactName },
      { header: 'contactEmail', value: (r) => r.contactEmail },
      { header: 'contactPhone', value: (r) => r.contactPhone },
      { header: 'addressLine1', value: (r) => r.addressLine1 },
      { header: 'addressLine2', value: (r) => r.addressLine2 },
      { header: 'addressLine3', value: (r) => r.addressLine3 },
      { header: 'pincode', value: (r) => r.pincode },
      { header: 'city', value: (r) => r.city },
      { header: 'state', value: (r) => r.state },
    ],
    list: async (caller, q) => store.listWarehouses(await deps.readDb(), caller.orgId, q),
  });
  router.add({
    method: 'post',
    path: API_SETUP.warehouses,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: WarehouseBody,
    summary: 'Add a warehouse; city and state come from the pincode',
    errors: { 409: 'a warehouse with that name exists' },
    response: WarehouseRowSchema,
    handler: ({ caller, body }) => store.createWarehouse(deps.db, caller.orgId, body),
  });
  router.add({
    method: 'put',
    path: API_SETUP.warehouse(':warehouseId'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    params: byId,
    body: WarehouseBody,
    summary: 'Edit a warehouse',
    errors: { 404: 'no such warehouse of yours', 409: 'a warehouse with that name exists' },
    response: WarehouseRowSchema,
    handler: ({ caller, params, body }) =>
      store.updateWarehouse(deps.db, caller.orgId, params.warehouseId, body, deps.now()),
  });
  router.add({
    method: 'delete',
    path: API_SETUP.warehouse(':warehouseId'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    params: byId,
    summary: 'Delete a warehouse',
    errors: { 404: 'no such warehouse of yours' },
    response: DeletedAnswerSchema,
    handler: async ({ caller, params }) => {
      await store.deleteWarehouse(deps.db, caller.orgId, params.warehouseId);
      return { deleted: true as const };
    },
  });
}
