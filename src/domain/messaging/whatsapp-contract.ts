import * as v from 'valibot';

// WhatsApp's side of buyer messages (docs/messaging.md): Meta's webhook (its subscription
// handshake and the signed deliveries of buyers' replies and message statuses), and the seller's
// free-form message inside the buyer's 24-hour window.

export const API_WHATSAPP = {
  /** GET: Meta's handshake (hub.mode, hub.verify_token, hub.challenge); POST: signed deliveries */
  webhook: '/rest/v1/messaging/whatsapp/webhook',
  /** POST { text } → WhatsAppSent: a free-form message to the order's buyer (seller) */
  orderMessage: (orderId: number | string) => `/api/v1/orders/${orderId}/whatsapp-messages`,
} as const;

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
