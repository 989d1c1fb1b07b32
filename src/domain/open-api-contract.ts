// The open API (issue 21): API keys, the seller API's document and reference page, webhook
// endpoints and their delivery log. Paths and answer shapes; request bodies are in schemas/open-api.ts.

import * as v from 'valibot';

export const API_OPEN = {
  keys: '/api/v1/api-keys', // GET → ApiKeyRow[]; POST ApiKeyBody → NewApiKey (the key, once)
  key: (id: number | string) => `/api/v1/api-keys/${id}`, // DELETE: revoke
  endpoints: '/api/v1/webhooks/endpoints', // GET → WebhookEndpointRow[]; POST WebhookEndpointBody
  endpoint: (id: number | string) => `/api/v1/webhooks/endpoints/${id}`, // PUT WebhookEndpointBody; DELETE
  endpointStatus: (id: number | string) => `/api/v1/webhooks/endpoints/${id}/status`, // PUT { enabled }
  endpointSecret: (id: number | string) => `/api/v1/webhooks/endpoints/${id}/secret`, // GET → { secret, previousSecret... }
  rotateSecret: (id: number | string) => `/api/v1/webhooks/endpoints/${id}/secret/rotate`, // POST → WebhookSecret
  deliveries: (id: number | string) => `/api/v1/webhooks/endpoints/${id}/deliveries`, // GET paged → DeliveryRow
  delivery: (id: number | string) => `/api/v1/webhooks/deliveries/${id}`, // GET → DeliveryDetail
  replay: (id: number | string) => `/api/v1/webhooks/deliveries/${id}/replay`, // POST → DeliveryDetail
  document: '/api/v1/openapi.json', // the seller API's own OpenAPI document
  reference: '/api/v1/docs', // its reference page
} as const;

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

/** Every event a webhook endpoint can take, with the words the settings page shows. */
export const WEBHOOK_EVENTS = {
  'order.created': 'Order created',
  'shipment.booked': 'Shipment booked',
  'order.status_changed': 'Order status changed',
  'ndr.raised': 'NDR raised',
  'order.delivered': 'Delivered',
  'order.rto': 'RTO',
  'return.created': 'Return created',
  'return.status_changed': 'Return status changed',
  'payout.paid': 'COD payout paid',
  'discrepancy.raised': 'Weight discrepancy raised',
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];

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
