import type { MessageValues, MessageVariable } from '../../../src/domain/messaging/vocabulary';
import type { SmsTemplate, WhatsAppTemplate } from './registry';

// Filling a registered template. DLT matches each SMS against its registered text, so a message
// is sent only when every variable has a value that fits: a value of at most 30 characters (DLT's
// limit for a variable; a link up to 200, its domain whitelisted), on one line, and the whole
// text within three parts of a long SMS. Anything else is refused with a reason, never sent.

export const DLT_VARIABLE_MAX = 30;
export const LINK_MAX = 200;
/** three parts of a concatenated SMS: 153 GSM characters each, or 67 in Unicode (Hindi) */
export const SMS_MAX_GSM = 459;
export const SMS_MAX_UNICODE = 201;

// The GSM 03.38 default alphabet (without the escape table, which costs two characters).
const GSM = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€');

/** The length an SMS costs: GSM characters (extended ones count twice), or Unicode when any falls outside. */
export function smsLength(body: string): { length: number; unicode: boolean } {
  let length = 0;
  for (const ch of body) {
    if (GSM.has(ch)) length += 1;
    else if (GSM_EXTENDED.has(ch)) length += 2;
    else return { length: [...body].length, unicode: true };
  }
  return { length, unicode: false };
}

export type Filled = { ok: true; values: Record<string, string>; text: string | null } | { ok: false; reason: string };

function fill(names: MessageVariable[], values: MessageValues, limit: (name: MessageVariable) => number): Filled {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = values[name]?.trim();
    if (!value) return { ok: false, reason: `the template needs a ${name} and the message has none` };
    if (/[\r\n\t]|##/.test(value))
      return { ok: false, reason: `the ${name} has a line break or ## the template cannot hold` };
    if ([...value].length > limit(name))
      return { ok: false, reason: `the ${name} is longer than the ${limit(name)} characters the template allows` };
    out[name] = value;
  }
  return { ok: true, values: out, text: null };
}

/** The SMS template's variables filled (and its text, when registered), or why it cannot be sent. */
export function fillSms(template: SmsTemplate, values: MessageValues): Filled {
  const filled = fill(template.variables, values, (name) => (name === 'link' ? LINK_MAX : DLT_VARIABLE_MAX));
  if (!filled.ok || template.text === null) return filled;
  const text = template.text.replace(/##([^#]*)##/g, (_, name: string) => filled.values[name.trim().toLowerCase()]);
  const { length, unicode } = smsLength(text);
  const max = unicode ? SMS_MAX_UNICODE : SMS_MAX_GSM;
  if (length > max)
    return { ok: false, reason: `the text would be ${length} characters, more than the ${max} an SMS may have` };
  return { ...filled, text };
}

/** Meta's limit on a body parameter's text */
export const WHATSAPP_PARAM_MAX = 1024;

/** The WhatsApp template's body parameters filled in order, or why it cannot be sent. */
export function fillWhatsApp(template: WhatsAppTemplate, values: MessageValues): Filled {
  return fill(template.params, values, () => WHATSAPP_PARAM_MAX);
}
