import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { serveListExport, type ExportColumn } from '../../http/list-export';
import { API_SETUP, type PackageTypeRow } from '../../../src/domain/setup-contract';
import * as packages from './service';

// The package types' operations (src/domain/setup-contract.ts): who may call each, and its handler.

const PACKAGE_TYPE_COLUMNS: ExportColumn<PackageTypeRow>[] = [
  { header: 'packageName', value: (r) => r.packageName },
  { header: 'packageType', value: (r) => r.packageType },
  { header: 'packageLength', value: (r) => r.packageLength },
  { header: 'packageBreadth', value: (r) => r.packageBreadth },
  { header: 'packageHeight', value: (r) => r.packageHeight },
  { header: 'volWeight', value: (r) => r.volWeight },
  { header: 'status', value: (r) => r.status },
];

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerPackageTypeRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_SETUP.packageTypes, {
    access: SELLERS,
    permission: 'setup.view',
    handler: async ({ caller, query }) => packages.listPackageTypes(await deps.readDb(), caller.orgId, query),
  });
  serveListExport(router, API_SETUP.packageTypesExport, {
    access: SELLERS,
    name: 'package-types',
    now: deps.now,
    columns: PACKAGE_TYPE_COLUMNS,
    list: async (caller, q) => packages.listPackageTypes(await deps.readDb(), caller.orgId, q),
  });
  router.route(API_SETUP.addPackageType, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => packages.createPackageType(deps.db, caller.orgId, body),
  });
  // before /:packageTypeId so that "status" is not read as an id
  router.route(API_SETUP.packageTypeStatus, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) =>
      packages.setPackageStatus(deps.db, caller.orgId, body.packageTypeId, body.packageStatus, deps.now()),
  });
  router.route(API_SETUP.editPackageType, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, params, body }) =>
      packages.updatePackageType(deps.db, caller.orgId, params.packageTypeId, body, deps.now()),
  });
  router.route(API_SETUP.deletePackageType, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: async ({ caller, params }) => {
      await packages.deletePackageType(deps.db, caller.orgId, params.packageTypeId);
      return { deleted: true as const };
    },
  });
  router.route(API_SETUP.smartPackage, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => packages.setSmartPackageSelection(deps.db, caller.orgId, body.activated),
  });
}
