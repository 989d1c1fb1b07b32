import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

// Standard Webhooks signatures (https://www.standardwebhooks.com): the library signs
// `${id}.${timestamp}.${body}` with HMAC-SHA256 under the base64 key after `whsec_`.

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** The three headers of one delivery; during a rotation both secrets sign (space-separated, as the spec allows). */
export function signedHeaders(
  msgId: string,
  at: Date,
  body: string,
  secrets: readonly string[],
): Record<string, string> {
  const signature = secrets.map((s) => new Webhook(s).sign(msgId, at, body)).join(' ');
  return {
    'content-type': 'application/json',
    'user-agent': 'Dakiya-Webhooks/1',
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

/** The webhook-id of an event: one per event, the same on every attempt and every endpoint's copy. */
export const webhookIdOf = (eventId: number) => `msg_${eventId}`;
