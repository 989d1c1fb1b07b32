import { MessagingError, type ChannelTransport } from '../buyer/buyer-message';
import type { WhatsAppCloudApi } from './cloud-api';
import { WhatsAppError } from './errors';

// WhatsApp as the buyer-message router's channel: the registered template filled with the
// message's values in the template's order, each quick-reply button carrying an opaque signed
// reference to the message (never an order or record id), and Meta's refusals as the router's
// MessagingError. A number that opted out of the seller's WhatsApp is refused before Meta is
// called; the router then falls back to SMS.

export interface WhatsAppTransportHooks {
  /** the payload of a logged message's n-th quick-reply button */
  buttonPayload(logId: number, index: number): string;
  /** why this logged message may not go on WhatsApp (the buyer opted out), or null */
  refusal(logId: number, recipient: string): Promise<string | null>;
}

export function whatsAppTransport(api: WhatsAppCloudApi, hooks: WhatsAppTransportHooks): ChannelTransport<'WHATSAPP'> {
  return {
    name: 'whatsapp',
    channel: 'WHATSAPP',
    async send(m) {
      const refusal = await hooks.refusal(m.logId, m.recipient);
      if (refusal) throw new MessagingError(refusal);
      try {
        const sent = await api.sendTemplate({
          to: m.recipient,
          name: m.template.name,
          language: m.template.language,
          bodyParams: m.template.params.map((p) => m.values[p] ?? ''),
          buttonPayloads: m.template.buttons.map((_, i) => hooks.buttonPayload(m.logId, i)),
        });
        return { providerMessageId: sent.messageId };
      } catch (e) {
        if (e instanceof WhatsAppError)
          throw new MessagingError(`${e.message}.`, e.failure === 'rate-limited' || e.failure === 'unavailable');
        throw e;
      }
    },
  };
}
