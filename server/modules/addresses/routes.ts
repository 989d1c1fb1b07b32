import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { serveListExport, type ExportColumn } from '../../http/list-export';
import { clientIp } from '../../http/client-ip';
import { API_SETUP, type PickupAddressRow } from '../../../src/domain/setup-contract';
import * as store from './service';

// The pickup addresses' operations (src/domain/setup-contract.ts): who may call each, and its handler.

const ADDRESS_COLUMNS: ExportColumn<PickupAddressRow>[] = [
  { header: 'entityName', value: (r) => r.entityName },
  { header: 'phoneNumber', value: (r) => r.phoneNumber },
  { header: 'email', value: (r) => r.email },
  { header: 'address', value: (r) => r.address },
  { header: 'channel', value: (r) => r.channel },
  { header: 'primaryAddressFlag', value: (r) => (r.primaryAddressFlag ? 'yes' : 'no') },
  { header: 'phoneVerified', value: (r) => (r.verified ? 'yes' : 'no') },
];

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerAddressRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_SETUP.addresses, {
    access: SELLERS,
    permission: 'setup.view',
    handler: async ({ caller, query }) => store.listAddresses(await deps.readDb(), caller.orgId, query),
  });
  serveListExport(router, API_SETUP.addressesExport, {
    access: SELLERS,
    name: 'pickup-addresses',
    now: deps.now,
    columns: ADDRESS_COLUMNS,
    list: async (caller, q) => store.listAddresses(await deps.readDb(), caller.orgId, q),
  });
  router.route(API_SETUP.addAddress, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => store.addAddress(deps.db, caller.orgId, body),
  });
  router.route(API_SETUP.addressPrimary, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => store.markPrimary(deps.db, caller.orgId, body.addressId, deps.now()),
  });
  router.route(API_SETUP.addressDelete, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => store.deleteAddress(deps.db, caller.orgId, body.addressId, deps.now()),
  });
  router.route(API_SETUP.editAddress, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, params, body }) => store.editAddress(deps.db, caller.orgId, params.addressId, body, deps.now()),
  });
  router.route(API_SETUP.sendAddressOtp, {
    access: SELLERS,
    permission: 'setup.view',
    handler: ({ c, caller, params }) =>
      store.sendAddressOtp(deps, caller.orgId, params.addressId, clientIp(c, deps.config)),
  });
  router.route(API_SETUP.verifyAddressOtp, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, params, body }) =>
      store.verifyAddressOtp(deps, caller.orgId, params.addressId, body.code, body.phoneNumber),
  });
}
