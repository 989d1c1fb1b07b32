import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { pagingEntries, sortEntries } from '../../../src/domain/paging';
import { registerListExport } from '../../http/list-export';
import { clientIp } from '../../http/client-ip';
import {
  API_SETUP,
  type PickupAddressRow,
  AddressOtpSentSchema,
  PickupAddressRowSchema,
} from '../../../src/domain/setup-contract';
import { AddressIdBody, PickupAddressBody, PickupOtpBody } from '../../../src/domain/schemas/setup';
import * as store from './service';
import { DeletedAnswerSchema, pagedSchema } from '../../../src/domain/account-contract';

const TAG = 'setup';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const sort = sortEntries(store.ADDRESS_SORT, 'entityName');
const byId = v.object({ addressId: numericId('addressId') });

export function registerAddressRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_SETUP.addresses,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.view',
    query: v.object({ ...pagingEntries, ...sort }),
    summary: 'Pickup addresses (primary first), paged, searchable by name, phone, email or city',
    response: pagedSchema(PickupAddressRowSchema),
    handler: async ({ caller, query }) => store.listAddresses(await deps.readDb(), caller.orgId, query),
  });
  registerListExport<PickupAddressRow, typeof sort>(router, {
    listPath: API_SETUP.addresses,
    tag: TAG,
    access: SELLERS,
    filters: sort,
    name: 'pickup-addresses',
    now: deps.now,
    columns: [
      { header: 'entityName', value: (r) => r.entityName },
      { header: 'phoneNumber', value: (r) => r.phoneNumber },
      { header: 'email', value: (r) => r.email },
      { header: 'address', value: (r) => r.address },
      { header: 'channel', value: (r) => r.channel },
      { header: 'primaryAddressFlag', value: (r) => (r.primaryAddressFlag ? 'yes' : 'no') },
      { header: 'phoneVerified', value: (r) => (r.verified ? 'yes' : 'no') },
    ],
    list: async (caller, q) => store.listAddresses(await deps.readDb(), caller.orgId, q),
  });
  router.add({
    method: 'post',
    path: API_SETUP.addresses,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: PickupAddressBody,
    summary: 'Add a pickup address; city and state from the pincode; the first one becomes primary',
    response: PickupAddressRowSchema,
    handler: ({ caller, body }) => store.addAddress(deps.db, caller.orgId, body),
  });
  router.add({
    method: 'put',
    path: API_SETUP.addressPrimary,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: AddressIdBody,
    summary: 'Make this the primary pickup address (exactly one per seller)',
    errors: { 404: 'no such pickup address of yours' },
    response: PickupAddressRowSchema,
    handler: ({ caller, body }) => store.markPrimary(deps.db, caller.orgId, body.addressId, deps.now()),
  });
  router.add({
    method: 'put',
    path: API_SETUP.addressDelete,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: AddressIdBody,
    summary: 'Delete a pickup address (soft: orders that used it keep their copy)',
    errors: { 404: 'no such pickup address of yours' },
    response: DeletedAnswerSchema,
    handler: ({ caller, body }) => store.deleteAddress(deps.db, caller.orgId, body.addressId, deps.now()),
  });
  router.add({
    method: 'put',
    path: API_SETUP.address(':addressId'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    params: byId,
    body: PickupAddressBody,
    summary: 'Edit a pickup address; a changed phone number must be verified again',
    errors: { 404: 'no such pickup address of yours' },
    response: PickupAddressRowSchema,
    handler: ({ caller, params, body }) => store.editAddress(deps.db, caller.orgId, params.addressId, body, deps.now()),
  });
  router.add({
    method: 'get',
    path: API_SETUP.addressOtp(':addressId{[0-9]+}'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.view',
    params: byId,
    summary: "Send a verification code to the pickup address's phone (60-second resend lockout)",
    errors: { 404: 'no such pickup address of yours', 429: 'inside the resend lockout' },
    response: AddressOtpSentSchema,
    handler: ({ c, caller, params }) =>
      store.sendAddressOtp(deps, caller.orgId, params.addressId, clientIp(c, deps.config)),
  });
  router.add({
    method: 'put',
    path: API_SETUP.addressOtp(':addressId{[0-9]+}'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    params: byId,
    body: PickupOtpBody,
    summary: "Verify the pickup address's phone with the code sent to it",
    errors: { 404: 'no such pickup address of yours' },
    response: PickupAddressRowSchema,
    handler: ({ caller, params, body }) =>
      store.verifyAddressOtp(deps, caller.orgId, params.addressId, body.code, body.phoneNumber),
  });
}
