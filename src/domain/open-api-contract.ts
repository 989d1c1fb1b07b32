// The open API (issue 21): API keys, the seller API's document and reference page, webhook
// endpoints and their delivery log. Paths and answer shapes; request bodies are in schemas/open-api.ts.

import * as v from 'valibot';
import { operation } from './operation';
import { numericId } from './params';
import { pagingEntries } from './paging';
import { pagedSchema } from './paged';
import { ApiKeyBody, EndpointStatusBody, WebhookEndpointBody } from './schemas/open-api';

/** An API key's whole text starts so; the rest is 32 random bytes in base64url. */
export const API_KEY_PREFIX = 'dk_live_';
/** How many characters of a key its list shows. */
export const API_KEY_SHOWN_CHARS = 12;
/** The header every API write carries; the same key and body answer the same result. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX = 255;
/** How long an Idempotency-Key's answer is kept. */
export const IDEMPOTENCY_KEEP_HOURS = 24;
export const DEFAULT_KEY_RATE_PER_MINUTE = 600;

export { WEBHOOK_EVENTS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-events';

/**
 * Waits before each retry after a failed attempt: the first try is at once, then these; the
 * last retry falls 23 h 35 m after the event. A delivery that fails them all disables its endpoint.
 */
export const WEBHOOK_RETRY_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 6 * 3600] as const;
/** A rotated secret still signs (beside the new one) for this long, so receivers can switch over. */
export const PREVIOUS_SECRET_HOURS = 24;
/** A receiver has this long to answer with a 2xx. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** The delivery log keeps this much of a receiver's answer. */
export const WEBHOOK_RESPONSE_KEEP_CHARS = 2_000;

export const ApiKeyRowSchema = v.object({
  id: v.number(),
  name: v.string(),
  /** the key's first characters, e.g. dk_live_Ab3d */
  prefix: v.string(),
  createdByName: v.string(),
  rateLimitPerMinute: v.number(),
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
  revokedAt: v.nullable(v.string()),
});
export type ApiKeyRow = v.InferOutput<typeof ApiKeyRowSchema>;

/** A key as made: its whole text appears here once and is never shown again. */
export const NewApiKeySchema = v.object({ key: v.string(), row: ApiKeyRowSchema });
export type NewApiKey = v.InferOutput<typeof NewApiKeySchema>;

export const WebhookEndpointRowSchema = v.object({
  id: v.number(),
  url: v.string(),
  description: v.string(),
  events: v.array(v.string()),
  status: v.picklist(['ACTIVE', 'DISABLED']),
  disabledReason: v.nullable(v.string()),
  createdAt: v.string(),
  delivered: v.number(),
  failing: v.number(),
});
export type WebhookEndpointRow = v.InferOutput<typeof WebhookEndpointRowSchema>;

export const WebhookSecretSchema = v.object({
  secret: v.string(),
  previousSecret: v.nullable(v.string()),
  previousSecretUntil: v.nullable(v.string()),
});
export type WebhookSecret = v.InferOutput<typeof WebhookSecretSchema>;

export const WebhookDeliveryRowSchema = v.object({
  id: v.number(),
  /** the webhook-id header: the same on every attempt, for the receiver to dedupe */
  webhookId: v.string(),
  eventType: v.string(),
  status: v.picklist(['PENDING', 'DELIVERED', 'FAILED']),
  attempts: v.number(),
  lastResponseStatus: v.nullable(v.number()),
  nextAttemptAt: v.nullable(v.string()),
  createdAt: v.string(),
  deliveredAt: v.nullable(v.string()),
});
export type WebhookDeliveryRow = v.InferOutput<typeof WebhookDeliveryRowSchema>;

export const WebhookAttemptSchema = v.object({
  attempt: v.number(),
  trigger: v.string(),
  requestHeaders: v.record(v.string(), v.string()),
  requestBody: v.string(),
  responseStatus: v.nullable(v.number()),
  responseBody: v.nullable(v.string()),
  error: v.nullable(v.string()),
  durationMs: v.number(),
  at: v.string(),
});
export const WebhookDeliveryDetailSchema = v.object({
  ...WebhookDeliveryRowSchema.entries,
  attemptsLog: v.array(WebhookAttemptSchema),
});
export type WebhookDeliveryDetail = v.InferOutput<typeof WebhookDeliveryDetailSchema>;

const TAG = 'open-api';
const byKey = v.object({ keyId: numericId('keyId') });
const byEndpoint = v.object({ endpointId: numericId('endpointId') });
const byDelivery = v.object({ deliveryId: numericId('deliveryId') });
const PLAN = { 403: 'the plan does not include the open API (Premium), or the role lacks Manage API keys' } as const;
const noEndpoint = { ...PLAN, 404: 'no such endpoint of this organisation' };
const noDelivery = { ...PLAN, 404: 'no such delivery of this organisation' };

export const API_OPEN = {
  keys: operation({
    method: 'get',
    path: '/api/v1/api-keys',
    tag: TAG,
    summary: 'The organisation’s API keys (never the keys themselves), with when each was last used',
    errors: PLAN,
    response: v.array(ApiKeyRowSchema),
  }),
  createKey: operation({
    method: 'post',
    path: '/api/v1/api-keys',
    tag: TAG,
    body: ApiKeyBody,
    summary: 'Make an API key acting with the maker’s permissions; the key is in this answer only',
    errors: PLAN,
    response: NewApiKeySchema,
  }),
  revokeKey: operation({
    method: 'delete',
    path: '/api/v1/api-keys/:keyId',
    tag: TAG,
    params: byKey,
    summary: 'Revoke an API key: it is refused from the next call on',
    errors: { ...PLAN, 404: 'no such key of this organisation' },
    response: ApiKeyRowSchema,
  }),
  endpoints: operation({
    method: 'get',
    path: '/api/v1/webhooks/endpoints',
    tag: TAG,
    summary: 'Webhook endpoints with their events and delivery counts',
    errors: PLAN,
    response: v.array(WebhookEndpointRowSchema),
  }),
  createEndpoint: operation({
    method: 'post',
    path: '/api/v1/webhooks/endpoints',
    tag: TAG,
    body: WebhookEndpointBody,
    summary: 'Register a webhook endpoint for some event types; it gets its own signing secret',
    errors: PLAN,
    response: WebhookEndpointRowSchema,
  }),
  updateEndpoint: operation({
    method: 'put',
    path: '/api/v1/webhooks/endpoints/:endpointId',
    tag: TAG,
    params: byEndpoint,
    body: WebhookEndpointBody,
    summary: 'Change an endpoint’s URL, description or events',
    errors: noEndpoint,
    response: WebhookEndpointRowSchema,
  }),
  deleteEndpoint: operation({
    method: 'delete',
    path: '/api/v1/webhooks/endpoints/:endpointId',
    tag: TAG,
    params: byEndpoint,
    summary: 'Delete an endpoint: nothing more is sent to it',
    errors: noEndpoint,
    response: WebhookEndpointRowSchema,
  }),
  endpointStatus: operation({
    method: 'put',
    path: '/api/v1/webhooks/endpoints/:endpointId/status',
    tag: TAG,
    params: byEndpoint,
    body: EndpointStatusBody,
    summary: 'Enable or disable an endpoint; enabling sends the events that waited',
    errors: noEndpoint,
    response: WebhookEndpointRowSchema,
  }),
  endpointSecret: operation({
    method: 'get',
    path: '/api/v1/webhooks/endpoints/:endpointId/secret',
    tag: TAG,
    params: byEndpoint,
    summary: 'The endpoint’s signing secret (and the previous one while it still signs)',
    errors: noEndpoint,
    response: WebhookSecretSchema,
  }),
  rotateSecret: operation({
    method: 'post',
    path: '/api/v1/webhooks/endpoints/:endpointId/secret/rotate',
    tag: TAG,
    params: byEndpoint,
    summary: 'A new signing secret; the old one keeps signing beside it for 24 hours',
    errors: noEndpoint,
    response: WebhookSecretSchema,
  }),
  deliveries: operation({
    method: 'get',
    path: '/api/v1/webhooks/endpoints/:endpointId/deliveries',
    tag: TAG,
    params: byEndpoint,
    query: v.object({ pageNumber: pagingEntries.pageNumber, recordsPerPage: pagingEntries.recordsPerPage }),
    summary: 'The endpoint’s delivery log, newest first',
    errors: noEndpoint,
    response: pagedSchema(WebhookDeliveryRowSchema),
  }),
  delivery: operation({
    method: 'get',
    path: '/api/v1/webhooks/deliveries/:deliveryId',
    tag: TAG,
    params: byDelivery,
    summary: 'One delivery with every attempt: the request sent and the answer received',
    errors: noDelivery,
    response: WebhookDeliveryDetailSchema,
  }),
  replay: operation({
    method: 'post',
    path: '/api/v1/webhooks/deliveries/:deliveryId/replay',
    tag: TAG,
    params: byDelivery,
    summary: 'Send a delivery again now (the same webhook-id and body, a fresh signature)',
    errors: noDelivery,
    response: WebhookDeliveryDetailSchema,
  }),
};

/** The seller API's own OpenAPI document and its reference page (served beside the router). */
export const SELLER_API_DOCS = {
  document: '/api/v1/openapi.json',
  reference: '/api/v1/docs',
} as const;
