import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { serveListExport, type ExportColumn } from '../../http/list-export';
import { API_SETUP, type WarehouseRow } from '../../../src/domain/setup-contract';
import * as store from './service';

// The warehouses' operations (src/domain/setup-contract.ts): who may call each, and its handler.

const WAREHOUSE_COLUMNS: ExportColumn<WarehouseRow>[] = [
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
];

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerWarehouseRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_SETUP.warehouses, {
    access: SELLERS,
    permission: 'setup.view',
    handler: ({ caller, query }) => store.listWarehouses(deps.db, caller.orgId, query),
  });
  serveListExport(router, API_SETUP.warehousesExport, {
    access: SELLERS,
    name: 'warehouses',
    now: deps.now,
    columns: WAREHOUSE_COLUMNS,
    list: async (caller, q) => store.listWarehouses(await deps.readDb(), caller.orgId, q),
  });
  router.route(API_SETUP.addWarehouse, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => store.createWarehouse(deps.db, caller.orgId, body),
  });
  router.route(API_SETUP.editWarehouse, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, params, body }) =>
      store.updateWarehouse(deps.db, caller.orgId, params.warehouseId, body, deps.now()),
  });
  router.route(API_SETUP.deleteWarehouse, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: async ({ caller, params }) => {
      await store.deleteWarehouse(deps.db, caller.orgId, params.warehouseId);
      return { deleted: true as const };
    },
  });
}
