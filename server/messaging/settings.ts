import { readFileSync } from 'node:fs';
import { demoSmsTemplates, demoWhatsAppTemplates } from './templates/demo';
import {
  parseSmsTemplates,
  parseWhatsAppTemplates,
  TemplateConfigError,
  type TemplateRegistry,
} from './templates/registry';

// Buyer messaging from the environment (README's variable table, docs/messaging.md). MSG91 is
// used exactly when MSG91_AUTH_KEY is set, else the outbox. Template registrations come from
// MSG91_TEMPLATES and WHATSAPP_TEMPLATES; without them the demo's stand for the outbox.

export const MSG91_PRODUCTION_URL = 'https://control.msg91.com';

export interface Msg91Settings {
  baseUrl: string;
  authKey: string;
  /** the DLT sender header messages go out under (a template's own header wins) */
  senderId: string;
  /** the business's principal entity id on DLT */
  dltPeId: string;
  /** the shared secret MSG91's delivery reports carry (?token= or X-Report-Token) */
  reportToken: string | null;
}

export interface MessagingSettings {
  templates: TemplateRegistry;
  msg91: Msg91Settings | null;
  /** numbers (10 digits) on the do-not-disturb registry: no promotional template goes to them */
  dnd: ReadonlySet<string>;
  /** what stops the server from starting, as sentences naming the variable */
  problems: string[];
}

/** The 10-digit Indian mobile numbers of a DND list: one a line, +91/91/0 prefixes allowed, # comments. */
export function parseDndList(text: string): Set<string> {
  const out = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const digits = line.replace(/#.*/, '').replace(/\D/g, '');
    if (!digits) continue;
    const ten = digits.slice(-10);
    if (/^[6-9]\d{9}$/.test(ten)) out.add(ten);
  }
  return out;
}

export function readMessagingSettings(env: NodeJS.ProcessEnv): MessagingSettings {
  const problems: string[] = [];
  const registry = <T>(variable: string, parse: (json: string) => T, demo: () => T): [T, 'configured' | 'demo'] => {
    const json = env[variable]?.trim();
    if (!json) return [demo(), 'demo'];
    try {
      return [parse(json), 'configured'];
    } catch (e) {
      if (!(e instanceof TemplateConfigError)) throw e;
      problems.push(e.message);
      return [demo(), 'demo'];
    }
  };
  const [sms, smsSource] = registry('MSG91_TEMPLATES', parseSmsTemplates, demoSmsTemplates);
  const [whatsapp, whatsappSource] = registry('WHATSAPP_TEMPLATES', parseWhatsAppTemplates, demoWhatsAppTemplates);
  let msg91: Msg91Settings | null = null;
  if (env.MSG91_AUTH_KEY) {
    const senderId = env.MSG91_SENDER_ID?.trim() ?? '';
    const dltPeId = env.MSG91_DLT_PE_ID?.trim() ?? '';
    if (!/^[A-Za-z0-9]{6}$/.test(senderId))
      problems.push('MSG91_SENDER_ID should be your 6-character DLT sender header when MSG91_AUTH_KEY is set.');
    if (!/^\d{15,20}$/.test(dltPeId))
      problems.push('MSG91_DLT_PE_ID should be your principal entity id on DLT (digits) when MSG91_AUTH_KEY is set.');
    if (smsSource === 'demo' && !env.MSG91_TEMPLATES?.trim())
      problems.push(
        'MSG91_TEMPLATES is not set: MSG91 sends only on templates you registered, so list them (docs/messaging.md).',
      );
    msg91 = {
      baseUrl: (env.MSG91_BASE_URL || MSG91_PRODUCTION_URL).replace(/\/+$/, ''),
      authKey: env.MSG91_AUTH_KEY,
      senderId: senderId.toUpperCase(),
      dltPeId,
      reportToken: env.MSG91_REPORT_TOKEN || null,
    };
  }
  let dnd = new Set<string>();
  if (env.SMS_DND_FILE) {
    try {
      dnd = parseDndList(readFileSync(env.SMS_DND_FILE, 'utf8'));
    } catch {
      problems.push(`SMS_DND_FILE names ${env.SMS_DND_FILE}, which cannot be read.`);
    }
  }
  return {
    templates: { sms, whatsapp, source: { SMS: smsSource, WHATSAPP: whatsappSource } },
    msg91,
    dnd,
    problems,
  };
}
