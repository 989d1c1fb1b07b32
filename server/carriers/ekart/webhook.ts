import { createHmac } from 'node:crypto';
import type { PushAuth, CourierSettings } from '../settings';
import type { CourierHttp } from '../http/courier-http';
import { EKART_PATHS, type EkartWebhook } from './shapes';

// Ekart pushes tracking to a webhook registered through its API, signing each push with an
// HMAC-SHA256 of the raw body keyed by the webhook's secret. Its document names neither the header
// nor the encoding: we expect the hex digest in X-Ekart-Signature (base64 is accepted too). The
// secret is EKART_WEBHOOK_SECRET when set, else derived from the account's credentials, so every
// process of the product registers and checks the same one without sharing state.

export const EKART_SIGNATURE_HEADER = 'x-ekart-signature';
export const EKART_PUSH_TOPIC = 'track_updated';
/** Ekart takes a secret of 6 to 30 characters. */
const SECRET_LENGTH = 30;

export function ekartWebhookSecret(settings: CourierSettings): string {
  if (settings.push?.scheme === 'hmac') return settings.push.secret;
  const key = `${settings.clientId ?? ''}\n${settings.username ?? ''}\n${settings.password ?? ''}`;
  return createHmac('sha256', key).update('dakiya ekart webhook').digest('base64url').slice(0, SECRET_LENGTH);
}

/**
 * How an Ekart push proves itself: the HMAC with our registered secret, unless another scheme is
 * configured for it on purpose (a token or an address allow-list).
 */
export function ekartPushAuth(settings: CourierSettings): PushAuth {
  if (settings.push && settings.push.scheme !== 'hmac') return settings.push;
  const header =
    settings.push?.scheme === 'hmac' && settings.push.header !== 'x-signature'
      ? settings.push.header
      : EKART_SIGNATURE_HEADER;
  return { scheme: 'hmac', header, secret: ekartWebhookSecret(settings) };
}

/**
 * Exactly one active webhook at `url` for track_updated with our secret: the account's webhooks
 * listed, ours updated when it differs (or the first other one taken over), else one added; any
 * other active one at the same url switched off. Answers the webhook's id. Safe to repeat.
 */
export async function ensureEkartWebhook(http: CourierHttp, url: string, secret: string): Promise<string> {
  const listed = await http.call<EkartWebhook[]>({ operation: 'webhooks', path: EKART_PATHS.webhooks });
  const all = Array.isArray(listed) ? listed : [];
  const same = all.filter((w) => w.url === url);
  const wanted = { url, secret, topics: [EKART_PUSH_TOPIC], active: true };
  const [keep, ...extra] = [...same.filter((w) => w.active), ...same.filter((w) => !w.active)];
  let id: string;
  if (!keep) {
    id = (await http.call<EkartWebhook>({ operation: 'webhook-add', path: EKART_PATHS.webhooks, json: wanted })).id;
  } else {
    id = keep.id;
    const current = keep.active && keep.secret === secret && keep.topics.includes(EKART_PUSH_TOPIC);
    if (!current)
      await http.call({
        operation: 'webhook-update',
        method: 'PUT',
        path: EKART_PATHS.webhook(keep.id),
        json: { ...wanted, topics: [...new Set([...keep.topics, EKART_PUSH_TOPIC])] },
      });
  }
  for (const w of extra.filter((x) => x.active))
    await http.call({
      operation: 'webhook-update',
      method: 'PUT',
      path: EKART_PATHS.webhook(w.id),
      json: { active: false },
    });
  return id;
}
