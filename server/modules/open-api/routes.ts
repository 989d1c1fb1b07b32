import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { pagingEntries } from '../../../src/domain/paging';
import { pagedSchema } from '../../../src/domain/paging';
import {
  API_OPEN,
  ApiKeyRowSchema,
  NewApiKeySchema,
  WebhookDeliveryDetailSchema,
  WebhookDeliveryRowSchema,
  WebhookEndpointRowSchema,
  WebhookSecretSchema,
} from '../../../src/domain/open-api-contract';
import { ApiKeyBody, EndpointStatusBody, WebhookEndpointBody } from '../../../src/domain/schemas/open-api';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys';
import * as hooks from './webhooks/endpoints';

const TAG = 'open-api';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const byKey = v.object({ keyId: numericId('keyId') });
const byEndpoint = v.object({ endpointId: numericId('endpointId') });
const byDelivery = v.object({ deliveryId: numericId('deliveryId') });
const PLAN = { 403: 'the plan does not include the open API (Premium), or the role lacks Manage API keys' };

export function registerOpenApiRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_OPEN.keys,
    tag: TAG,
    access: SELLERS,
    permission: 'apikeys.manage',
    summary: 'The organisation’s API keys (never the keys themselves), with when each was last used',
    errors: PLAN,
    response: v.array(ApiKeyRowSchema),
    handler: ({ caller }) => listApiKeys(deps, caller),
  });
  router.add({
    method: 'post',
    path: API_OPEN.keys,
    tag: TAG,
    access: SELLERS,
    permission: 'apikeys.manage',
    body: ApiKeyBody,
    summary: 'Make an API key acting with the maker’s permissions; the key is in this answer only',
    errors: PLAN,
    response: NewApiKeySchema,
    handler: ({ caller, body }) => createApiKey(deps, caller, body),
  });
  router.add({
    method: 'delete',
    path: API_OPEN.key(':keyId'),
    tag: TAG,
    access: SELLERS,
    permission: 'apikeys.manage',
    params: byKey,
    summary: 'Revoke an API key: it is refused from the next call on',
    errors: { ...PLAN, 404: 'no such key of this organisation' },
    response: ApiKeyRowSchema,
    handler: ({ caller, params }) => revokeApiKey(deps, caller, params.keyId),
  });
  router.add({
    method: 'get',
    path: API_OPEN.endpoints,
    tag: TAG,
    access: SELLERS,
    permission: 'apikeys.manage',
    summary: 'Webhook endpoints with their events and delivery counts',
    errors: PLAN,
    response: v.array(WebhookEndpointRowSchema),
    handler: ({ caller }) => hooks.listEndpoints(deps, caller),
  });
  router.add({
    method: 'post',
    path: API_OPEN.endpoints,
    tag: TAG,
    access: SELLERS,
    permission: 'apikeys.manage',
    body: WebhookEndpointBody,
    summary: 'Register a webhook endpoint for some event types; it gets its own signing secret',
    errors: PLAN,
    response: WebhookEndpointRowSchema,
    handler: ({ caller, body }) => hooks.createEndpoint(deps, caller, body),
  });
  router.add({
    method: 'put',
    path: API_OPEN.endpoint(':endpointId'),
    tag: TAG,
    access: SELLERS,
    permission: 'apikeys.manage',
    params: byEndpoint,
    body: WebhookEndpointBody,
    summary: 'Change an endpoint’s URL, description or events',
    errors: { ...PLAN, 404: 'no such endpoint of this organisation' },
    response: WebhookEndpointRowSchema,
    handler: ({ caller, params, body }) => hooks.updateEndpoint(deps, caller, params.endpointId, body),
  });
  router.add({
    method: 'delete',
    path: API_OPEN.endpoint(':endpointId'),
    tag: TAG,
    access: SELLERS,
    permission: 'apikeys.manage',
    params: byEndpoint,
    summary: 'Delete an endpoint: nothing more is sent to it',
    errors: { ...PLAN, 404: 'no such endpoint of this organisation' },
    response: WebhookEndpointRowSchema,
    handler: ({ caller, params }) => hooks.deleteEndpoint(deps, caller, params.endpointId),
  });
  router.add({
    method: 'put',
    path: API_OPEN.endpointStatus(':endpointId'),
    tag: TAG,
    access: SELLERS,
    permission: 'apikeys.manage',
    params: byEndpoint,
    body: EndpointStatusBody,
    summary: 'Enable or disable an endpoint; enabling sends the events that waited',
    errors: { ...PLAN, 404: 'no such endpoint of this organisation' },
    response: WebhookEndpointRowSchema,
    handler: ({ caller, params, body }) => hooks.setEndpointEnabled(deps, caller, params.endpointId, body.enabled),
  });
  router.add({
    method: 'get',
    path: API_OPEN.endpointSecret(':endpointId'),
    tag: TAG,
    access: SELLERS,
    permission: 'apikeys.manage',
    params: byEndpoint,
    summary: 'The endpoint’s signing secret (and the previous one while it still signs)',
    errors: { ...PLAN, 404: 'no such endpoint of this organisation' },
    response: WebhookSecretSchema,
    handler: ({ caller, params }) => hooks.endpointSecret(deps, caller, params.endpointId),
  });
  router.add({
    method: 'post',
    path: API_OPEN.rotateSecret(':endpointId'),
    tag: TAG,
    access: SELLERS,
    permission: 'apikeys.manage',
    params: byEndpoint,
    summary: 'A new signing secret; the old one keeps signing beside it for 24 hours',
    errors: { ...PLAN, 404: 'no such endpoint of this organisation' },
    response: WebhookSecretSchema,
    handler: ({ caller, params }) => hooks.rotateSecret(deps, caller, params.endpointId),
  });
  router.add({
    method: 'get',
    path: API_OPEN.deliveries(':endpointId'),
    tag: TAG,
    access: SELLERS,
    permission: 'apikeys.manage',
    params: byEndpoint,
    query: v.object({ pageNumber: pagingEntries.pageNumber, recordsPerPage: pagingEntries.recordsPerPage }),
    summary: 'The endpoint’s delivery log, newest first',
    errors: { ...PLAN, 404: 'no such endpoint of this organisation' },
    response: pagedSchema(WebhookDeliveryRowSchema),
    handler: async ({ caller, params, query }) => {
      const { rows, total } = await hooks.listDeliveries(deps, caller, params.endpointId, query);
      return { items: rows, total, pageNumber: query.pageNumber, recordsPerPage: query.recordsPerPage };
    },
  });
  router.add({
    method: 'get',
    path: API_OPEN.delivery(':deliveryId'),
    tag: TAG,
    access: SELLERS,
    permission: 'apikeys.manage',
    params: byDelivery,
    summary: 'One delivery with every attempt: the request sent and the answer received',
    errors: { ...PLAN, 404: 'no such delivery of this organisation' },
    response: WebhookDeliveryDetailSchema,
    handler: ({ caller, params }) => hooks.deliveryDetail(deps, caller, params.deliveryId),
  });
  router.add({
    method: 'post',
    path: API_OPEN.replay(':deliveryId'),
    tag: TAG,
    access: SELLERS,
    permission: 'apikeys.manage',
    params: byDelivery,
    summary: 'Send a delivery again now (the same webhook-id and body, a fresh signature)',
    errors: { ...PLAN, 404: 'no such delivery of this organisation' },
    response: WebhookDeliveryDetailSchema,
    handler: ({ caller, params }) => hooks.replayDelivery(deps, caller, params.deliveryId),
  });
}
