import * as v from 'valibot';
import { errorOfGraph, whatsAppError, WhatsAppError } from './errors';
import { GRAPH_API_VERSION, type WhatsAppSettings } from './settings';
import {
  GraphErrorSchema,
  SendAnswerSchema,
  templateBody,
  textBody,
  type SentMessage,
  type TemplateMessage,
  type TextMessage,
} from './shapes';

// The Cloud API's one call the product makes: POST /{version}/{phone-number-id}/messages with the
// access token as a bearer, a template message or (inside the buyer's 24-hour window only) a text
// message. Every failure becomes a WhatsAppError; a free-form message outside the window is
// refused here, before Meta is called.

/** a send not answered in this time is cut: Meta answers in well under a second */
const TIMEOUT_MS = 10_000;
/** Meta's limit on a text message's body */
const TEXT_MAX = 4096;

export interface WhatsAppCloudApiOptions {
  fetch?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
}

export class WhatsAppCloudApi {
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;
  private readonly timeoutMs: number;

  constructor(
    private readonly settings: WhatsAppSettings,
    opts: WhatsAppCloudApiOptions = {},
  ) {
    this.fetch = opts.fetch ?? globalThis.fetch;
    this.now = opts.now ?? (() => new Date());
    this.timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
  }

  sendTemplate(m: TemplateMessage): Promise<SentMessage> {
    if (m.bodyParams.some((p) => !p.trim()))
      return Promise.reject(
        new WhatsAppError('template', 'A value the WhatsApp template needs is empty, so the message was not sent'),
      );
    return this.post(templateBody(m));
  }

  /** A free-form message: only while the buyer's 24-hour window is open. */
  sendText(m: TextMessage): Promise<SentMessage> {
    if (!m.windowClosesAt || m.windowClosesAt.getTime() <= this.now().getTime())
      return Promise.reject(whatsAppError('window-closed'));
    if (!m.body.trim() || m.body.length > TEXT_MAX)
      return Promise.reject(new WhatsAppError('refused', `A WhatsApp message holds 1 to ${TEXT_MAX} characters`));
    return this.post(textBody(m));
  }

  private async post(body: unknown): Promise<SentMessage> {
    const url = `${this.settings.baseUrl}/${GRAPH_API_VERSION}/${encodeURIComponent(this.settings.phoneNumberId)}/messages`;
    let res: Response;
    try {
      res = await this.fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.settings.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw whatsAppError('unavailable');
    }
    const text = await res.text().catch(() => '');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: a proxy's page or Meta's outage
    }
    const failed = v.safeParse(GraphErrorSchema, json);
    if (failed.success) throw errorOfGraph(failed.output.error, res.status);
    if (!res.ok)
      throw whatsAppError(res.status === 429 ? 'rate-limited' : res.status >= 500 ? 'unavailable' : 'refused');
    const answer = v.safeParse(SendAnswerSchema, json);
    if (!answer.success) throw whatsAppError('unavailable', null, 'its answer named no message');
    return { messageId: answer.output.messages[0].id, waId: answer.output.contacts?.[0]?.wa_id ?? null };
  }
}
