import * as v from 'valibot';
import { operation } from '../operation';
import { numericId } from '../params';

// WhatsApp's side of buyer messages (docs/messaging.md): Meta's webhook (its subscription
// handshake and the signed deliveries of buyers' replies and message statuses), and the seller's
// free-form message inside the buyer's 24-hour window.

/** Meta's limit on a text message */
export const WHATSAPP_TEXT_MAX = 4096;

export const WhatsAppTextBody = v.object({
  text: v.pipe(
    v.string('text is required'),
    v.trim(),
    v.minLength(1, 'text is required'),
    v.maxLength(WHATSAPP_TEXT_MAX, `text may be at most ${WHATSAPP_TEXT_MAX} characters`),
  ),
});

export const WhatsAppSentSchema = v.object({ logId: v.number() });
export type WhatsAppSent = v.InferOutput<typeof WhatsAppSentSchema>;

export const WebhookAckSchema = v.object({ received: v.number() });

const TAG = 'messaging';
const webhook = '/rest/v1/messaging/whatsapp/webhook';

export const API_WHATSAPP = {
  /** Meta's handshake (hub.mode, hub.verify_token, hub.challenge), read by the handler itself */
  webhookHandshake: operation({
    method: 'get',
    path: webhook,
    tag: TAG,
    summary:
      'Meta’s webhook subscription handshake: with hub.mode=subscribe and hub.verify_token equal to WHATSAPP_VERIFY_TOKEN, hub.challenge is answered as plain text; anything else is refused 403',
    errors: { 403: 'the verify token or mode is wrong', 404: 'WhatsApp is not set up' },
    response: { file: 'text/plain' },
  }),
  /** Meta's signed deliveries: the handler checks the signature on the raw body before reading it */
  webhook: operation({
    method: 'post',
    path: webhook,
    tag: TAG,
    summary:
      'Meta’s webhook deliveries: buyers’ replies (quick-reply buttons, text, STOP) and the statuses of WhatsApp messages sent. Each is verified by X-Hub-Signature-256 (sha256= hex HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET) before it is read; a message Meta delivers again is acted on once.',
    errors: {
      400: 'the body is not a WhatsApp webhook',
      401: 'the signature is missing or does not match',
      404: 'WhatsApp is not set up',
    },
    response: WebhookAckSchema,
  }),
  orderMessage: operation({
    method: 'post',
    path: '/api/v1/orders/:orderId/whatsapp-messages',
    tag: TAG,
    params: v.object({ orderId: numericId('orderId') }),
    body: WhatsAppTextBody,
    summary:
      'A free-form WhatsApp message to the order’s buyer: only within 24 hours of the buyer’s last WhatsApp message to the seller, and never to a buyer who replied STOP',
    errors: {
      404: 'no such order of this seller',
      409: 'outside the buyer’s 24-hour window, the buyer opted out, or WhatsApp refused it',
    },
    returns: 'WhatsAppSent',
    response: WhatsAppSentSchema,
  }),
};
