import * as v from 'valibot';

// What a verified webhook POST says, in the product's words: the buyer's messages (a tapped
// quick-reply button, a tapped interactive reply button, text, anything else) and the statuses of
// the messages the product sent. Changes for another business number are left out; a malformed
// item is skipped, never the whole delivery (Meta would send it again and again).

export type MessageStatus = 'sent' | 'delivered' | 'read' | 'failed';

interface Inbound {
  /** the buyer's WhatsApp id (country code and number) */
  from: string;
  /** the inbound message's wamid: Meta may deliver it more than once */
  messageId: string;
  at: Date;
  /** the wamid of the product's message this answers (a button's template), when there is one */
  contextId: string | null;
}

export type WebhookEvent =
  | (Inbound & { kind: 'button'; payload: string; text: string })
  | (Inbound & { kind: 'text'; text: string })
  | (Inbound & { kind: 'other'; type: string })
  | {
      kind: 'status';
      messageId: string;
      recipient: string;
      status: MessageStatus;
      at: Date;
      errors: { code: number; title: string }[];
    };

const Str = v.string();
const MessageSchema = v.object({
  from: Str,
  id: Str,
  timestamp: Str,
  type: Str,
  context: v.optional(v.object({ id: v.optional(Str) })),
  text: v.optional(v.object({ body: Str })),
  button: v.optional(v.object({ payload: v.optional(Str), text: v.optional(Str) })),
  interactive: v.optional(
    v.object({
      type: Str,
      button_reply: v.optional(v.object({ id: Str, title: v.optional(Str) })),
    }),
  ),
});
const StatusSchema = v.object({
  id: Str,
  status: v.picklist(['sent', 'delivered', 'read', 'failed']),
  timestamp: Str,
  recipient_id: v.optional(Str),
  errors: v.optional(v.array(v.object({ code: v.number(), title: v.optional(Str), message: v.optional(Str) }))),
});
const ChangeSchema = v.object({
  field: v.optional(Str),
  value: v.object({
    metadata: v.optional(v.object({ phone_number_id: v.optional(Str) })),
    messages: v.optional(v.array(v.unknown())),
    statuses: v.optional(v.array(v.unknown())),
  }),
});
const BodySchema = v.object({
  object: v.optional(Str),
  entry: v.array(v.object({ changes: v.optional(v.array(v.unknown())) })),
});

const atOf = (unixSeconds: string) => new Date(Number(unixSeconds) * 1000);

function inbound(raw: unknown): WebhookEvent | null {
  const p = v.safeParse(MessageSchema, raw);
  if (!p.success) return null;
  const m = p.output;
  const base: Inbound = { from: m.from, messageId: m.id, at: atOf(m.timestamp), contextId: m.context?.id ?? null };
  if (m.type === 'button' && m.button?.payload)
    return { ...base, kind: 'button', payload: m.button.payload, text: m.button.text ?? '' };
  if (m.type === 'interactive' && m.interactive?.type === 'button_reply' && m.interactive.button_reply)
    return {
      ...base,
      kind: 'button',
      payload: m.interactive.button_reply.id,
      text: m.interactive.button_reply.title ?? '',
    };
  if (m.type === 'text' && m.text) return { ...base, kind: 'text', text: m.text.body };
  return { ...base, kind: 'other', type: m.type };
}

function status(raw: unknown): WebhookEvent | null {
  const p = v.safeParse(StatusSchema, raw);
  if (!p.success) return null;
  const s = p.output;
  return {
    kind: 'status',
    messageId: s.id,
    recipient: s.recipient_id ?? '',
    status: s.status,
    at: atOf(s.timestamp),
    errors: (s.errors ?? []).map((e) => ({ code: e.code, title: e.title ?? e.message ?? '' })),
  };
}

/** The events of a webhook body for this business number; null when the body is not a WhatsApp webhook at all. */
export function webhookEvents(body: unknown, phoneNumberId: string): WebhookEvent[] | null {
  const p = v.safeParse(BodySchema, body);
  if (!p.success || (p.output.object && p.output.object !== 'whatsapp_business_account')) return null;
  const events: WebhookEvent[] = [];
  for (const entry of p.output.entry)
    for (const rawChange of entry.changes ?? []) {
      const change = v.safeParse(ChangeSchema, rawChange);
      if (!change.success || (change.output.field && change.output.field !== 'messages')) continue;
      const value = change.output.value;
      const number = value.metadata?.phone_number_id;
      if (number && phoneNumberId && number !== phoneNumberId) continue;
      for (const m of value.messages ?? []) {
        const e = inbound(m);
        if (e) events.push(e);
      }
      for (const s of value.statuses ?? []) {
        const e = status(s);
        if (e) events.push(e);
      }
    }
  return events;
}
