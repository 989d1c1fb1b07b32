import {
  MESSAGE_KINDS,
  MESSAGE_LANGUAGES,
  type MessageKind,
  type MessageLanguage,
} from '../../../src/domain/messaging/message-kinds';
import { MESSAGE_VARIABLES, variableOf, type MessageVariable } from '../../../src/domain/messaging/vocabulary';

// The operator's template registrations, given as JSON in MSG91_TEMPLATES and WHATSAPP_TEMPLATES
// (docs/messaging.md). Each is read once at start-up into typed registrations; anything the
// product could not send on is refused there, naming the variable and the kind.

export const SMS_CATEGORIES = ['service-implicit', 'service-explicit', 'transactional', 'promotional'] as const;
export type SmsCategory = (typeof SMS_CATEGORIES)[number];
export const WHATSAPP_CATEGORIES = ['UTILITY', 'MARKETING', 'AUTHENTICATION'] as const;
export type WhatsAppCategory = (typeof WHATSAPP_CATEGORIES)[number];

export interface SmsTemplate {
  kind: MessageKind;
  /** MSG91's template id (its flow) */
  templateId: string;
  /** the template's id on DLT (19 digits) */
  dltTemplateId: string;
  category: SmsCategory;
  /** the DLT sender header the template is registered under */
  header: string;
  language: MessageLanguage;
  /** the template's ##name## variables, in order */
  variables: MessageVariable[];
  /** the registered text with its ##name## variables, when the operator gives it: checked and used for length */
  text: string | null;
}

export interface WhatsAppTemplate {
  kind: MessageKind;
  name: string;
  language: MessageLanguage;
  category: WhatsAppCategory;
  /** the body's {{1}}, {{2}}… parameters, in order */
  params: MessageVariable[];
  /** the quick-reply buttons' texts */
  buttons: string[];
}

export interface TemplateRegistry {
  /** per kind, one registration per language */
  sms: Partial<Record<MessageKind, SmsTemplate[]>>;
  whatsapp: Partial<Record<MessageKind, WhatsAppTemplate[]>>;
  source: { SMS: 'configured' | 'demo'; WHATSAPP: 'configured' | 'demo' };
}

export class TemplateConfigError extends Error {}

const DLT_TEMPLATE_ID = /^\d{19}$/;
const HEADER = /^[A-Za-z0-9]{6}$/;
const WHATSAPP_NAME = /^[a-z0-9_]{1,512}$/;
const PLACEHOLDER = /##([^#]*)##/g;
/** Meta's limits on quick-reply buttons */
const MAX_BUTTONS = 10;
const MAX_BUTTON_TEXT = 25;

type Problem = (what: string) => never;

function entries(variable: string, json: string): [MessageKind, Record<string, unknown>[]][] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new TemplateConfigError(`${variable} is not valid JSON: it should map each message kind to its template`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new TemplateConfigError(`${variable} should be a JSON object mapping each message kind to its template`);
  return Object.entries(parsed).map(([key, value]) => {
    if (!(MESSAGE_KINDS as readonly string[]).includes(key))
      throw new TemplateConfigError(
        `${variable} names the message kind "${key}", which is not one of ${MESSAGE_KINDS.join(', ')}`,
      );
    const list = Array.isArray(value) ? value : [value];
    if (!list.length || list.some((x) => !x || typeof x !== 'object' || Array.isArray(x)))
      throw new TemplateConfigError(`${variable}: ${key} should be a template object (or a list, one per language)`);
    return [key as MessageKind, list as Record<string, unknown>[]];
  });
}

function text(entry: Record<string, unknown>, field: string, problem: Problem): string {
  const value = entry[field];
  if (typeof value !== 'string' || !value.trim()) problem(`"${field}" is missing or empty`);
  return (value as string).trim();
}

function oneOf<T extends string>(
  entry: Record<string, unknown>,
  field: string,
  allowed: readonly T[],
  problem: Problem,
): T {
  const value = text(entry, field, problem);
  if (!(allowed as readonly string[]).includes(value))
    problem(`"${field}" is "${value}"; it should be one of ${allowed.join(', ')}`);
  return value as T;
}

function names(entry: Record<string, unknown>, field: string, problem: Problem): MessageVariable[] {
  const value = entry[field] ?? [];
  if (!Array.isArray(value) || value.some((x) => typeof x !== 'string'))
    problem(`"${field}" should be a list of names`);
  const out = (value as string[]).map((name) => {
    const known = variableOf(name);
    if (!known) problem(`"${field}" names "${name}", which is not one of ${MESSAGE_VARIABLES.join(', ')}`);
    return known!;
  });
  return out;
}

function language(entry: Record<string, unknown>, problem: Problem): MessageLanguage {
  return entry.language === undefined ? 'en' : oneOf(entry, 'language', MESSAGE_LANGUAGES, problem);
}

function oncePerLanguage<T extends { language: MessageLanguage }>(list: T[], problem: Problem): T[] {
  const seen = new Set<string>();
  for (const t of list) {
    if (seen.has(t.language)) problem(`has two templates for the language "${t.language}"`);
    seen.add(t.language);
  }
  return list;
}

/** Each kind's registrations read by `one`, a problem naming the variable and the kind. */
function readRegistry<T extends { language: MessageLanguage }>(
  variable: string,
  json: string,
  one: (kind: MessageKind, entry: Record<string, unknown>, problem: Problem) => T,
): Partial<Record<MessageKind, T[]>> {
  const out: Partial<Record<MessageKind, T[]>> = {};
  for (const [kind, list] of entries(variable, json)) {
    const problem: Problem = (what) => {
      throw new TemplateConfigError(
        `${variable}: the template for ${kind} ${what.startsWith('has') ? what : `is refused: ${what}`}`,
      );
    };
    out[kind] = oncePerLanguage(
      list.map((entry) => one(kind, entry, problem)),
      problem,
    );
  }
  return out;
}

export function parseSmsTemplates(json: string, variable = 'MSG91_TEMPLATES'): TemplateRegistry['sms'] {
  return readRegistry(variable, json, (kind, entry, problem): SmsTemplate => {
    const dltTemplateId = text(entry, 'dltTemplateId', problem);
    if (!DLT_TEMPLATE_ID.test(dltTemplateId))
      problem(`"dltTemplateId" should be the 19-digit id DLT gave the template`);
    const header = text(entry, 'header', problem);
    if (!HEADER.test(header)) problem(`"header" should be the 6-character DLT sender header`);
    const variables = names(entry, 'variables', problem);
    if (new Set(variables).size !== variables.length) problem(`"variables" names a variable twice`);
    const registered = entry.text === undefined ? null : text(entry, 'text', problem);
    if (registered !== null) {
      const inText = [...registered.matchAll(PLACEHOLDER)].map((m) => variableOf(m[1]) ?? m[1]);
      if (inText.join(',') !== variables.join(','))
        problem(
          `its text has the variables ${inText.join(', ') || 'none'} but "variables" lists ${variables.join(', ') || 'none'}`,
        );
    }
    return {
      kind,
      templateId: text(entry, 'templateId', problem),
      dltTemplateId,
      category: oneOf(entry, 'category', SMS_CATEGORIES, problem),
      header: header.toUpperCase(),
      language: language(entry, problem),
      variables,
      text: registered,
    };
  });
}

export function parseWhatsAppTemplates(json: string, variable = 'WHATSAPP_TEMPLATES'): TemplateRegistry['whatsapp'] {
  return readRegistry(variable, json, (kind, entry, problem): WhatsAppTemplate => {
    const name = text(entry, 'name', problem);
    if (!WHATSAPP_NAME.test(name)) problem(`"name" should be the template's name: lower-case letters, digits and _`);
    const buttons = entry.buttons ?? [];
    if (!Array.isArray(buttons) || buttons.some((b) => typeof b !== 'string' || !b.trim()))
      problem(`"buttons" should be a list of the quick-reply buttons' texts`);
    const texts = (buttons as string[]).map((b) => b.trim());
    if (texts.length > MAX_BUTTONS) problem(`"buttons" has more than ${MAX_BUTTONS} quick replies`);
    const long = texts.find((b) => b.length > MAX_BUTTON_TEXT);
    if (long) problem(`the button "${long}" is longer than ${MAX_BUTTON_TEXT} characters`);
    return {
      kind,
      name,
      language: oneOf(entry, 'language', MESSAGE_LANGUAGES, problem),
      category: oneOf(entry, 'category', WHATSAPP_CATEGORIES, problem),
      params: names(entry, 'params', problem),
      buttons: texts,
    };
  });
}

/** A kind's registration in the buyer's language, else its first one; null when the kind has none. */
export function templateFor<T extends { language: MessageLanguage }>(
  list: T[] | undefined,
  lang: MessageLanguage,
): T | null {
  if (!list?.length) return null;
  return list.find((t) => t.language === lang) ?? list[0];
}
