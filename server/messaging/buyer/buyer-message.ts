import type { MessageKind, MessageLanguage, TemplatedChannel } from '../../../src/domain/messaging/message-kinds';
import type { MessageValues } from '../../../src/domain/messaging/vocabulary';
import type { SmsTemplate, WhatsAppTemplate } from '../templates/registry';

/**
 * What makes an outgoing message a buyer message: its kind, the values for the templates'
 * variables, and whose it is. The router picks its channels (the seller's setting for it),
 * fills the channel's registered template and writes the message log.
 */
export interface BuyerMessageMeta {
  kind: MessageKind;
  orgId: number;
  orderId: number | null;
  shipmentId?: number | null;
  /** the seller's buyer-message setting this message follows (a tracking event such as OFD, or COD_CONFIRMATION…) */
  setting: string;
  values: MessageValues;
}

/** A message handed to a channel's transport: the registration it goes on and its filled values. */
export interface TemplatedMessage<T> {
  /** the message log row: reports and replies find the message by it and by the provider's id */
  logId: number;
  kind: MessageKind;
  /** +91 and ten digits */
  recipient: string;
  language: MessageLanguage;
  template: T;
  /** the template's variables (SMS) or parameters (WhatsApp) by name, in the template's order */
  values: Record<string, string>;
}

/** The provider's receipt: its id for the message, which its reports and webhooks carry. */
export interface SendReceipt {
  providerMessageId: string;
}

/**
 * A provider that carries one templated channel (MSG91 for SMS, the WhatsApp Cloud API). It
 * throws a MessagingError (its text a sentence for the seller) when the provider refuses.
 */
export interface ChannelTransport<C extends TemplatedChannel = TemplatedChannel> {
  name: string;
  channel: C;
  send(message: TemplatedMessage<C extends 'SMS' ? SmsTemplate : WhatsAppTemplate>): Promise<SendReceipt>;
}

/** A provider's refusal or failure, as a sentence the seller may read in the message log. */
export class MessagingError extends Error {
  constructor(
    message: string,
    /** worth trying again later (rate limit, provider down) rather than a refusal */
    readonly transient = false,
  ) {
    super(message);
  }
}
