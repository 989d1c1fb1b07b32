import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_OPEN } from '../../../src/domain/open-api-contract';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys';
import * as hooks from './webhooks/endpoints';

// The open API's operations (src/domain/open-api-contract.ts): who may call each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const KEYS = { access: SELLERS, permission: 'apikeys.manage' } as const;

export function registerOpenApiRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_OPEN.keys, { ...KEYS, handler: ({ caller }) => listApiKeys(deps, caller) });
  router.route(API_OPEN.createKey, { ...KEYS, handler: ({ caller, body }) => createApiKey(deps, caller, body) });
  router.route(API_OPEN.revokeKey, {
    ...KEYS,
    handler: ({ caller, params }) => revokeApiKey(deps, caller, params.keyId),
  });
  router.route(API_OPEN.endpoints, { ...KEYS, handler: ({ caller }) => hooks.listEndpoints(deps, caller) });
  router.route(API_OPEN.createEndpoint, {
    ...KEYS,
    handler: ({ caller, body }) => hooks.createEndpoint(deps, caller, body),
  });
  router.route(API_OPEN.updateEndpoint, {
    ...KEYS,
    handler: ({ caller, params, body }) => hooks.updateEndpoint(deps, caller, params.endpointId, body),
  });
  router.route(API_OPEN.deleteEndpoint, {
    ...KEYS,
    handler: ({ caller, params }) => hooks.deleteEndpoint(deps, caller, params.endpointId),
  });
  router.route(API_OPEN.endpointStatus, {
    ...KEYS,
    handler: ({ caller, params, body }) => hooks.setEndpointEnabled(deps, caller, params.endpointId, body.enabled),
  });
  router.route(API_OPEN.endpointSecret, {
    ...KEYS,
    handler: ({ caller, params }) => hooks.endpointSecret(deps, caller, params.endpointId),
  });
  router.route(API_OPEN.rotateSecret, {
    ...KEYS,
    handler: ({ caller, params }) => hooks.rotateSecret(deps, caller, params.endpointId),
  });
  router.route(API_OPEN.deliveries, {
    ...KEYS,
    handler: async ({ caller, params, query }) => {
      const { rows, total } = await hooks.listDeliveries(deps, caller, params.endpointId, query);
      return { items: rows, total, pageNumber: query.pageNumber, recordsPerPage: query.recordsPerPage };
    },
  });
  router.route(API_OPEN.delivery, {
    ...KEYS,
    handler: ({ caller, params }) => hooks.deliveryDetail(deps, caller, params.deliveryId),
  });
  router.route(API_OPEN.replay, {
    ...KEYS,
    handler: ({ caller, params }) => hooks.replayDelivery(deps, caller, params.deliveryId),
  });
}
