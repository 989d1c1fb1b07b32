import * as v from 'valibot';
import { operation } from '../operation';
import { numericId } from '../params';
import {
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  MESSAGE_LANGUAGES,
  MESSAGE_STATUSES,
  TEMPLATED_CHANNELS,
} from './message-kinds';

// The buyer-message API: the seller's message log per order and monthly counts, the staff's
// read-only view of the template registrations, and MSG91's delivery reports (docs/messaging.md).

export const BuyerMessageRowSchema = v.object({
  id: v.number(),
  kind: v.picklist(MESSAGE_KINDS),
  channel: v.picklist(MESSAGE_CHANNELS),
  /** who carried it: msg91, whatsapp, smtp, or outbox (nothing configured: the development mailbox) */
  provider: v.string(),
  /** the registered template it went on (MSG91 template id, WhatsApp template name), if any */
  template: v.nullable(v.string()),
  language: v.picklist(MESSAGE_LANGUAGES),
  /** the number or address, masked but for its last digits */
  recipient: v.string(),
  status: v.picklist(MESSAGE_STATUSES),
  /** why it was not sent or not delivered, in words */
  error: v.nullable(v.string()),
  /** the buyer's answer (a WhatsApp reply), when there is one */
  reply: v.nullable(v.string()),
  repliedAt: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type BuyerMessageRow = v.InferOutput<typeof BuyerMessageRowSchema>;

export const MonthlyMessageCountSchema = v.object({
  /** yyyy-mm in IST */
  month: v.string(),
  channel: v.picklist(MESSAGE_CHANNELS),
  sent: v.number(),
  delivered: v.number(),
  failed: v.number(),
});
export type MonthlyMessageCount = v.InferOutput<typeof MonthlyMessageCountSchema>;

export const TemplateCellSchema = v.object({
  kind: v.picklist(MESSAGE_KINDS),
  channel: v.picklist(TEMPLATED_CHANNELS),
  /** null: no template registered, so the kind is not sent on this channel */
  template: v.nullable(
    v.object({
      /** MSG91 template id or WhatsApp template name */
      id: v.string(),
      /** DLT template id (SMS) */
      dltTemplateId: v.nullable(v.string()),
      category: v.string(),
      /** the DLT sender header (SMS) */
      header: v.nullable(v.string()),
      languages: v.array(v.picklist(MESSAGE_LANGUAGES)),
      variables: v.array(v.string()),
      buttons: v.array(v.string()),
    }),
  ),
});
export type TemplateCell = v.InferOutput<typeof TemplateCellSchema>;

export const TemplateRegistryViewSchema = v.object({
  /** where the registrations came from: the operator's variables, or the demo's for the outbox */
  source: v.object({ SMS: v.picklist(['configured', 'demo']), WHATSAPP: v.picklist(['configured', 'demo']) }),
  /** which provider carries each channel: msg91, whatsapp, or outbox */
  providers: v.object({ SMS: v.string(), WHATSAPP: v.string() }),
  cells: v.array(TemplateCellSchema),
  /** numbers on the do-not-disturb list the operator loaded (promotional templates skip them) */
  dndNumbers: v.number(),
});
export type TemplateRegistryView = v.InferOutput<typeof TemplateRegistryViewSchema>;

export const API_MESSAGING = {
  orderMessages: operation({
    method: 'get',
    path: '/api/v1/orders/:orderId/messages',
    tag: 'messaging',
    params: v.object({ orderId: numericId('orderId') }),
    summary:
      'The messages the order’s buyer was sent, newest first: kind, channel, provider, template, status (queued, sent, delivered, read, failed) and the buyer’s reply',
    errors: { 404: 'no such order of this seller' },
    response: v.array(BuyerMessageRowSchema),
  }),
  monthlyCounts: operation({
    method: 'get',
    path: '/api/v1/buyer-messages/monthly',
    tag: 'messaging',
    summary: 'Buyer messages per month (IST) and channel over the last twelve months: sent, delivered, not delivered',
    response: v.array(MonthlyMessageCountSchema),
  }),
  templates: operation({
    method: 'get',
    path: '/api/v1/dakiya/message-templates',
    tag: 'corporate',
    summary:
      'Every message kind on SMS and WhatsApp with its registered template (read-only: the operator’s MSG91_TEMPLATES and WHATSAPP_TEMPLATES); null where none is registered, so the kind is not sent there',
    response: TemplateRegistryViewSchema,
  }),
  /** MSG91's webhook: the handler reads the body itself (its version 2 form or version 3 JSON) */
  smsReports: operation({
    method: 'post',
    path: '/rest/v1/messaging/sms/reports',
    tag: 'messaging',
    summary:
      'MSG91 delivers SMS delivery reports (its webhook, version 2 form or version 3 JSON). Authenticated by the shared MSG91_REPORT_TOKEN in ?token= or X-Report-Token. Each report moves its message forward once; a repeat changes nothing.',
    errors: {
      400: 'the body is not an MSG91 delivery report',
      401: 'the report token is missing or wrong',
      404: 'SMS delivery reports are not set up (no MSG91_REPORT_TOKEN)',
    },
    response: v.object({ received: v.number(), applied: v.number() }),
  }),
};
