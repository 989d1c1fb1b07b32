import * as v from 'valibot';
import { operation } from './operation';

// The staff couriers page: each courier's mode (live or sandbox, and why), its calls and errors
// over the last hour and day, its rate-limit headroom and how its webhooks authenticate. Only the
// name of a push scheme is ever shown, never a token or secret.

export const COURIER_MODE_REASONS = {
  CREDENTIALS_SET: 'Credentials set',
  NO_CREDENTIALS: 'No credentials',
  NO_ADAPTER: 'Credentials set but no adapter yet',
} as const;
export type CourierModeReason = keyof typeof COURIER_MODE_REASONS;

export const WEBHOOK_AUTH_SCHEMES = {
  token: 'Token in a header',
  hmac: 'HMAC signature',
  ip: 'IP allow-list',
} as const;
export type WebhookAuthScheme = keyof typeof WEBHOOK_AUTH_SCHEMES;

const CallWindowSchema = v.object({
  calls: v.number(),
  failures: v.number(),
  /** failures per hundred calls, one decimal; null with no calls */
  errorRatePercent: v.nullable(v.number()),
  /** mean time a call took, ms; null with no calls */
  averageLatencyMs: v.nullable(v.number()),
});
export type CallWindow = v.InferOutput<typeof CallWindowSchema>;

export const CourierHealthSchema = v.object({
  code: v.string(),
  name: v.string(),
  mode: v.picklist(['LIVE', 'SANDBOX']),
  modeReason: v.picklist(Object.keys(COURIER_MODE_REASONS) as CourierModeReason[]),
  active: v.boolean(),
  /** a hyperlocal partner rather than a courier */
  hyperlocal: v.boolean(),
  lastSuccessAt: v.nullable(v.string()),
  /** the latest failure's message (secrets blanked) and when */
  lastError: v.nullable(v.string()),
  lastErrorAt: v.nullable(v.string()),
  lastHour: CallWindowSchema,
  lastDay: CallWindowSchema,
  /** calls left in the courier's current rate window; null for the sandbox, which has no limit */
  rateLimit: v.nullable(
    v.object({
      callsPerWindow: v.number(),
      windowSeconds: v.number(),
      callsInWindow: v.number(),
      remaining: v.number(),
    }),
  ),
  webhookAuth: v.nullable(v.picklist(Object.keys(WEBHOOK_AUTH_SCHEMES) as WebhookAuthScheme[])),
  /** status and NDR reason codes of this courier that no table knows */
  unknownCodes: v.number(),
});
export type CourierHealth = v.InferOutput<typeof CourierHealthSchema>;

// The operation, served by server/modules/corporate/routes.ts.

export const API_COURIER_HEALTH = {
  couriers: operation({
    method: 'get',
    path: '/api/v1/corporate/couriers',
    tag: 'corporate',
    summary:
      'Every courier and hyperlocal partner: live or sandbox and why, calls and errors over the last hour and 24 hours, rate-limit headroom, the webhook authentication scheme (never its secret) and unknown codes',
    returns: 'CourierHealth[]',
    response: v.array(CourierHealthSchema),
  }),
};
