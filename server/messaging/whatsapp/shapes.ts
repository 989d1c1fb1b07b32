import * as v from 'valibot';

// The Cloud API's request and answer shapes as the product uses them: a template or a text message
// to one number, the accepted answer (`messages[0].id`), and the Graph error object.

/** A message to send as a template: its approved name and language, the body's values in order, a payload per quick-reply button. */
export interface TemplateMessage {
  /** the buyer's number: a 10-digit Indian mobile or one with its country code */
  to: string;
  name: string;
  /** the template's language code as approved ("en", "hi", "en_US") */
  language: string;
  bodyParams: readonly string[];
  /** the payload Meta hands back when the buyer taps the n-th quick-reply button */
  buttonPayloads: readonly string[];
}

export interface TextMessage {
  to: string;
  body: string;
  /** when the buyer's 24-hour customer-service window closes (their last message plus a day), or null: never opened */
  windowClosesAt: Date | null;
}

export interface SentMessage {
  /** the WhatsApp message id (wamid…): statuses and replies refer to it */
  messageId: string;
  /** the buyer's WhatsApp id as Meta resolved the number */
  waId: string | null;
}

/** A 10-digit Indian mobile as WhatsApp addresses it (91 and the number, no plus); other numbers as digits. */
export function waNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `91${digits}`;
  if (digits.length === 11 && digits.startsWith('0')) return `91${digits.slice(1)}`;
  return digits;
}

/** The 10-digit national number of an Indian WhatsApp id (how orders keep the buyer's phone), else its digits. */
export function nationalNumber(waId: string): string {
  const digits = waId.replace(/\D/g, '');
  return digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
}

/** Meta refuses parameters with line breaks, tabs or more than four spaces in a row: they are flattened. */
export const flatParam = (text: string): string =>
  text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {5,}/g, '    ')
    .trim();

export function templateBody(m: TemplateMessage) {
  const components: Record<string, unknown>[] = [];
  if (m.bodyParams.length)
    components.push({
      type: 'body',
      parameters: m.bodyParams.map((text) => ({ type: 'text', text: flatParam(text) })),
    });
  m.buttonPayloads.forEach((payload, index) =>
    components.push({
      type: 'button',
      sub_type: 'quick_reply',
      index: String(index),
      parameters: [{ type: 'payload', payload }],
    }),
  );
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: waNumber(m.to),
    type: 'template',
    template: { name: m.name, language: { code: m.language }, components },
  };
}

export const textBody = (m: TextMessage) => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: waNumber(m.to),
  type: 'text',
  text: { preview_url: false, body: m.body },
});

export const SendAnswerSchema = v.object({
  messaging_product: v.optional(v.string()),
  contacts: v.optional(v.array(v.object({ input: v.optional(v.string()), wa_id: v.optional(v.string()) }))),
  messages: v.pipe(
    v.array(v.object({ id: v.pipe(v.string(), v.minLength(1)), message_status: v.optional(v.string()) })),
    v.minLength(1),
  ),
});

/** Graph's error object: `{ error: { message, type, code, error_subcode, error_data: { details }, fbtrace_id } }`. */
export const GraphErrorSchema = v.object({
  error: v.object({
    message: v.optional(v.string()),
    type: v.optional(v.string()),
    code: v.number(),
    error_subcode: v.optional(v.number()),
    error_data: v.optional(v.object({ messaging_product: v.optional(v.string()), details: v.optional(v.string()) })),
    fbtrace_id: v.optional(v.string()),
  }),
});
export type GraphError = v.InferOutput<typeof GraphErrorSchema>['error'];
