import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { pagingEntries, sortEntries } from '../../../src/domain/paging';
import { registerListExport } from '../../http/list-export';
import {
  API_SETUP,
  type PackageTypeRow,
  PackageTypeRowSchema,
  SmartPackageAnswerSchema,
} from '../../../src/domain/setup-contract';
import { PackageStatusBody, PackageTypeBody, SmartPackageBody } from '../../../src/domain/schemas/setup';
import * as packages from './service';
import { DeletedAnswerSchema, pagedSchema } from '../../../src/domain/account-contract';

const TAG = 'setup';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const sort = sortEntries(packages.PACKAGE_SORT, 'packageName');
const byId = v.object({ packageTypeId: numericId('packageTypeId') });

export function registerPackageTypeRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_SETUP.packageTypes,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.view',
    query: v.object({ ...pagingEntries, ...sort }),
    summary: 'Package types with volumetric weight (L×B×H/5000 kg), paged, searchable by name',
    response: pagedSchema(PackageTypeRowSchema),
    handler: async ({ caller, query }) => packages.listPackageTypes(await deps.readDb(), caller.orgId, query),
  });
  registerListExport<PackageTypeRow, typeof sort>(router, {
    listPath: API_SETUP.packageTypes,
    tag: TAG,
    access: SELLERS,
    filters: sort,
    name: 'package-types',
    now: deps.now,
    columns: [
      { header: 'packageName', value: (r) => r.packageName },
      { header: 'packageType', value: (r) => r.packageType },
      { header: 'packageLength', value: (r) => r.packageLength },
      { header: 'packageBreadth', value: (r) => r.packageBreadth },
      { header: 'packageHeight', value: (r) => r.packageHeight },
      { header: 'volWeight', value: (r) => r.volWeight },
      { header: 'status', value: (r) => r.status },
    ],
    list: async (caller, q) => packages.listPackageTypes(await deps.readDb(), caller.orgId, q),
  });
  router.add({
    method: 'post',
    path: API_SETUP.packageTypes,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: PackageTypeBody,
    summary: 'Add a package type (type defaults to Box)',
    errors: { 409: 'a package with that name exists' },
    response: PackageTypeRowSchema,
    handler: ({ caller, body }) => packages.createPackageType(deps.db, caller.orgId, body),
  });
  // before /:packageTypeId so that "status" is not read as an id
  router.add({
    method: 'put',
    path: API_SETUP.packageTypeStatus,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: PackageStatusBody,
    summary: 'Enable or disable a package type',
    errors: { 404: 'no such package type of yours' },
    response: PackageTypeRowSchema,
    handler: ({ caller, body }) =>
      packages.setPackageStatus(deps.db, caller.orgId, body.packageTypeId, body.packageStatus, deps.now()),
  });
  router.add({
    method: 'put',
    path: API_SETUP.packageType(':packageTypeId'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    params: byId,
    body: PackageTypeBody,
    summary: 'Edit a package type',
    errors: { 404: 'no such package type of yours', 409: 'a package with that name exists' },
    response: PackageTypeRowSchema,
    handler: ({ caller, params, body }) =>
      packages.updatePackageType(deps.db, caller.orgId, params.packageTypeId, body, deps.now()),
  });
  router.add({
    method: 'delete',
    path: API_SETUP.packageType(':packageTypeId'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    params: byId,
    summary: 'Delete a package type',
    errors: { 404: 'no such package type of yours' },
    response: DeletedAnswerSchema,
    handler: async ({ caller, params }) => {
      await packages.deletePackageType(deps.db, caller.orgId, params.packageTypeId);
      return { deleted: true as const };
    },
  });
  router.add({
    method: 'put',
    path: API_SETUP.smartPackage,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: SmartPackageBody,
    summary: 'Turn smart package selection on or off for the organisation',
    response: SmartPackageAnswerSchema,
    handler: ({ caller, body }) => packages.setSmartPackageSelection(deps.db, caller.orgId, body.activated),
  });
}
