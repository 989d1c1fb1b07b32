import { MESSAGE_KINDS, type MessageKind } from '../../../src/domain/messaging/message-kinds';
import type { MessageVariable } from '../../../src/domain/messaging/vocabulary';
import type { SmsTemplate, TemplateRegistry, WhatsAppTemplate } from './registry';

// The demo's registrations, used when the operator gives none (the outbox carries the messages):
// every kind has a template on every channel, so the product's flows run end to end. The ids are
// made up; a real account registers its own on DLT, in MSG91's panel and in WhatsApp Manager.

const SMS_TEXTS: Record<MessageKind, { text: string; category: SmsTemplate['category'] }> = {
  tracking_update: {
    text: '##brand##: your order ##order## is ##status##. Track it: ##link##',
    category: 'service-implicit',
  },
  out_for_delivery: {
    text: '##brand##: your order ##order## is out for delivery today. Track it: ##link##',
    category: 'service-implicit',
  },
  ndr_action: {
    text: '##brand##: we could not deliver your order ##order##. Choose a new date or correct your address: ##link##',
    category: 'service-implicit',
  },
  cod_confirmation: {
    text: '##brand##: please confirm your cash-on-delivery order ##order## of ##amount## before we ship it: ##link##',
    category: 'service-implicit',
  },
  otp: {
    text: '##otp## is the code to give the ##courier## rider for your order ##order##. Do not share it otherwise.',
    category: 'transactional',
  },
  return_pickup: {
    text: '##brand##: ##courier## will pick up your return ##order## from your address. Track it: ##link##',
    category: 'service-implicit',
  },
  return_decision: {
    text: '##brand##: your return request for order ##order## is ##status##. See it here: ##link##',
    category: 'service-implicit',
  },
  rating_request: {
    text: '##brand##: your order ##order## is delivered. Tell us how it went: ##link##',
    category: 'service-implicit',
  },
  advance_payment: {
    text: '##brand##: please pay the advance of ##amount## for your order ##order## so we can ship it: ##link##',
    category: 'service-implicit',
  },
};

/** a demo text's ##name## variables in order (the texts use the vocabulary's names) */
const variablesOf = (text: string) => [...text.matchAll(/##([a-z]+)##/g)].map((m) => m[1] as MessageVariable);

const BUTTONS: Partial<Record<MessageKind, string[]>> = {
  ndr_action: ['Re-attempt', 'Change address'],
  cod_confirmation: ['Confirm order', 'Cancel order'],
};

export function demoSmsTemplates(): TemplateRegistry['sms'] {
  return Object.fromEntries(
    MESSAGE_KINDS.map((kind, i) => {
      const t = SMS_TEXTS[kind];
      const n = String(i + 1).padStart(2, '0');
      return [
        kind,
        [
          {
            kind,
            templateId: `65f0d0c0a1b2c3d4e5f600${n}`,
            dltTemplateId: `11071700000000000${n}`,
            category: t.category,
            header: 'DAKIYA',
            language: 'en',
            variables: variablesOf(t.text),
            text: t.text,
          } satisfies SmsTemplate,
        ],
      ];
    }),
  );
}

export function demoWhatsAppTemplates(): TemplateRegistry['whatsapp'] {
  return Object.fromEntries(
    MESSAGE_KINDS.map((kind) => {
      const t = SMS_TEXTS[kind];
      const one = (language: 'en' | 'hi'): WhatsAppTemplate => ({
        kind,
        name: `dakiya_${kind}`,
        language,
        category: kind === 'otp' ? 'AUTHENTICATION' : 'UTILITY',
        params: variablesOf(t.text),
        buttons: BUTTONS[kind] ?? [],
      });
      return [kind, [one('en'), one('hi')]];
    }),
  );
}
