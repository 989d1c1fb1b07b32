import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A protocol stand-in of Meta's WhatsApp Business Cloud API, as strict as its public documents:
// POST /{version}/{phone-number-id}/messages with a bearer token, template messages checked
// against the templates it knows (name and language, exact body parameter count, quick-reply
// buttons by index with a payload each), text messages only inside the buyer's 24-hour window
// (outside it the send is accepted and then fails with 131047, as Meta reports it), Graph's error
// object, an expiring token (190) and a throughput limit (130429). Toward the product it plays
// the buyer's phone: replies, button taps and message statuses go to the product's webhook as
// Meta sends them, signed with X-Hub-Signature-256 (HMAC-SHA256 of the raw body, app secret).
// Tests steer it in process; a browser test, whose product runs elsewhere, over /__standin/.

export interface StandinTemplate {
  name: string;
  language: string;
  /** how many {{n}} parameters the body has */
  params: number;
  /** the quick-reply buttons' texts, in order */
  buttons: string[];
}

export interface StandinMessage {
  id: string;
  to: string;
  type: 'template' | 'text';
  template?: { name: string; language: string; params: string[]; payloads: (string | null)[] };
  text?: string;
  at: Date;
  /** the last status sent to the product */
  status: 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';
}

export interface WebhookDelivery {
  body: string;
  status: number;
}

export interface WhatsAppStandinOptions {
  accessToken: string;
  phoneNumberId: string;
  appSecret: string;
  templates: StandinTemplate[];
  /** where signed webhooks go: a URL, or a function (an in-process app) */
  webhook?: string | ((body: string, headers: Record<string, string>) => Promise<{ status: number }>);
  start?: Date;
  /** sends allowed per minute before 130429 */
  callsPerMinute?: number;
}

const DAY_MS = 24 * 3600 * 1000;
const BUSINESS_DISPLAY_NUMBER = '918000000000';
const WABA_ID = '102290129340398';

const graphError = (code: number, message: string, type = 'OAuthException', subcode?: number, details?: string) => ({
  error: {
    message,
    type,
    code,
    ...(subcode !== undefined ? { error_subcode: subcode } : {}),
    ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
    fbtrace_id: randomBytes(9).toString('base64url'),
  },
});

const wamid = () => `wamid.${randomBytes(24).toString('base64')}`;

export class WhatsAppStandin {
  url = '';
  private server = createServer((req, res) => void this.handle(req, res));
  private at: number;
  private tokenExpired = false;
  private rate = { windowStart: 0, calls: 0, exhausted: false };
  private readonly sent: StandinMessage[] = [];
  /** the buyer's last message to the business, per WhatsApp id: the 24-hour window */
  private readonly lastInbound = new Map<string, number>();
  private readonly notOnWhatsApp = new Set<string>();
  private readonly pending: Promise<unknown>[] = [];
  readonly deliveries: WebhookDelivery[] = [];
  /** text sends Meta would refuse for the window, had the product sent them */
  textsOutsideWindow = 0;

  constructor(private readonly opts: WhatsAppStandinOptions) {
    this.at = (opts.start ?? new Date('2026-11-20T06:30:00.000Z')).getTime();
    this.rate.windowStart = this.at;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  // --- controls -----------------------------------------------------------------------------

  now(): Date {
    return new Date(this.at);
  }

  advance(ms: number): void {
    this.at += ms;
  }

  setWebhook(webhook: WhatsAppStandinOptions['webhook']): void {
    this.opts.webhook = webhook;
  }

  expireToken(): void {
    this.tokenExpired = true;
  }

  /** the operator issued a new token (the same value stands for it here) */
  renewToken(): void {
    this.tokenExpired = false;
  }

  exhaustRateLimit(): void {
    this.rate.exhausted = true;
  }

  /** this number is not on WhatsApp: sends to it are accepted, then fail with 131026 */
  notOnWhatsAppNumber(waId: string): void {
    this.notOnWhatsApp.add(waId);
  }

  messages(): StandinMessage[] {
    return [...this.sent];
  }

  messagesTo(waId: string): StandinMessage[] {
    return this.sent.filter((m) => m.to === waId);
  }

  /** every webhook delivery so far has been answered */
  async settle(): Promise<void> {
    while (this.pending.length) await Promise.allSettled(this.pending.splice(0));
  }

  /** the buyer taps a quick-reply button of a template message the product sent them */
  tapButton(
    messageId: string,
    buttonText: string,
    opts: { forgedSecret?: string; unsigned?: boolean; payload?: string } = {},
  ) {
    const m = this.sent.find((s) => s.id === messageId);
    if (!m?.template) throw new Error(`no template message ${messageId}`);
    const t = this.templateOf(m.template.name, m.template.language)!;
    const index = t.buttons.indexOf(buttonText);
    if (index < 0) throw new Error(`template ${t.name} has no button ${buttonText}`);
    // a payload of the test's own stands for a tampered or replayed one
    const payload = opts.payload ?? m.template.payloads[index] ?? buttonText;
    this.lastInbound.set(m.to, this.at);
    return this.post(
      this.inboundChange(m.to, {
        context: { from: BUSINESS_DISPLAY_NUMBER, id: m.id },
        from: m.to,
        id: wamid(),
        timestamp: this.unix(),
        type: 'button',
        button: { payload, text: buttonText },
      }),
      opts,
    );
  }

  /** the same inbound delivery again (Meta retries until answered 200) */
  redeliver(delivery: WebhookDelivery) {
    return this.postRaw(delivery.body, {});
  }

  /** the buyer writes to the business */
  reply(fromWaId: string, text: string, opts: { forgedSecret?: string; unsigned?: boolean } = {}) {
    this.lastInbound.set(fromWaId, this.at);
    return this.post(
      this.inboundChange(fromWaId, {
        from: fromWaId,
        id: wamid(),
        timestamp: this.unix(),
        type: 'text',
        text: { body: text },
      }),
      opts,
    );
  }

  /** a message's status as Meta reports it */
  status(messageId: string, status: 'sent' | 'delivered' | 'read' | 'failed', error?: { code: number; title: string }) {
    const m = this.sent.find((s) => s.id === messageId);
    if (!m) throw new Error(`no message ${messageId}`);
    m.status = status;
    return this.post({
      value: {
        messaging_product: 'whatsapp',
        metadata: { display_phone_number: BUSINESS_DISPLAY_NUMBER, phone_number_id: this.opts.phoneNumberId },
        statuses: [
          {
            id: m.id,
            status,
            timestamp: this.unix(),
            recipient_id: m.to,
            ...(error
              ? {
                  errors: [
                    {
                      code: error.code,
                      title: error.title,
                      message: error.title,
                      error_data: { details: error.title },
                    },
                  ],
                }
              : {}),
          },
        ],
      },
      field: 'messages',
    });
  }

  // --- the Cloud API ------------------------------------------------------------------------

  private templateOf(name: string, language: string) {
    return this.opts.templates.find((t) => t.name === name && t.language === language);
  }

  private unix() {
    return String(Math.floor(this.at / 1000));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const path = (req.url ?? '').split('?')[0];
    if (path.startsWith('/__standin/'))
      return this.control(path.slice('/__standin/'.length), req.method ?? '', raw, send);
    const m = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(path);
    if (!m || req.method !== 'POST')
      return send(400, graphError(100, `Unknown path components: ${path}`, 'OAuthException', 2500));
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || auth.slice(7) !== this.opts.accessToken)
      return send(401, graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
    if (this.tokenExpired)
      return send(401, graphError(190, 'Error validating access token: Session has expired.', 'OAuthException', 463));
    if (decodeURIComponent(m[2]) !== this.opts.phoneNumberId)
      return send(
        400,
        graphError(
          100,
          `Unsupported post request. Object with ID '${m[2]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          'GraphMethodException',
          33,
        ),
      );
    if (this.rateSpent())
      return send(
        400,
        graphError(
          130429,
          '(#130429) Rate limit hit',
          'OAuthException',
          undefined,
          'Cloud API message throughput has been reached.',
        ),
      );
    if (!(req.headers['content-type'] ?? '').includes('application/json'))
      return send(400, graphError(100, '(#100) The parameter messaging_product is required.'));
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return send(400, graphError(100, '(#100) Invalid JSON'));
    }
    const invalid = (details: string) =>
      send(400, graphError(100, '(#100) Invalid parameter', 'OAuthException', undefined, details));
    if (body.messaging_product !== 'whatsapp') return invalid('messaging_product must be whatsapp');
    const to = typeof body.to === 'string' ? body.to.replace(/^\+/, '') : '';
    if (!/^\d{8,15}$/.test(to)) return invalid('to must be a phone number with its country code');
    let message: StandinMessage;
    if (body.type === 'template') {
      const problem = this.templateProblem(body.template);
      if (problem) return send(problem.status, problem.body);
      const t = body.template as { name: string; language: { code: string }; components?: Record<string, unknown>[] };
      const comps = t.components ?? [];
      const bodyParams = (comps.find((c) => c.type === 'body')?.parameters as { text: string }[] | undefined) ?? [];
      const template = this.templateOf(t.name, t.language.code)!;
      const payloads: (string | null)[] = template.buttons.map(() => null);
      for (const c of comps.filter((c) => c.type === 'button'))
        payloads[Number(c.index)] = (c.parameters as { payload: string }[])[0].payload;
      message = {
        id: wamid(),
        to,
        type: 'template',
        template: { name: t.name, language: t.language.code, params: bodyParams.map((p) => p.text), payloads },
        at: this.now(),
        status: 'accepted',
      };
    } else if (body.type === 'text') {
      const text = body.text as { body?: unknown } | undefined;
      if (typeof text?.body !== 'string' || !text.body.trim() || text.body.length > 4096)
        return invalid('text.body must hold 1 to 4096 characters');
      message = { id: wamid(), to, type: 'text', text: text.body, at: this.now(), status: 'accepted' };
    } else return invalid('type must be template or text here');
    this.sent.push(message);
    send(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: to }],
      messages: [{ id: message.id, ...(message.type === 'template' ? { message_status: 'accepted' } : {}) }],
    });
    // what Meta reports afterwards by webhook
    if (this.notOnWhatsApp.has(to))
      this.track(this.status(message.id, 'failed', { code: 131026, title: 'Message undeliverable' }));
    else if (message.type === 'text' && !(this.at - (this.lastInbound.get(to) ?? -Infinity) < DAY_MS)) {
      this.textsOutsideWindow++;
      this.track(
        this.status(message.id, 'failed', {
          code: 131047,
          title:
            'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        }),
      );
    }
  }

  private templateProblem(raw: unknown): { status: number; body: unknown } | null {
    const t = raw as { name?: unknown; language?: { code?: unknown }; components?: unknown } | undefined;
    const bad = (details: string) => ({
      status: 400,
      body: graphError(100, '(#100) Invalid parameter', 'OAuthException', undefined, details),
    });
    if (typeof t?.name !== 'string' || typeof t.language?.code !== 'string')
      return bad('template.name and template.language.code are required');
    const known = this.templateOf(t.name, t.language.code);
    if (!known)
      return {
        status: 404,
        body: graphError(
          132001,
          '(#132001) Template name does not exist in the translation',
          'OAuthException',
          undefined,
          `template name (${t.name}) does not exist in ${t.language.code}`,
        ),
      };
    const comps = (Array.isArray(t.components) ? t.components : []) as Record<string, unknown>[];
    const body = comps.filter((c) => c.type === 'body');
    const params = (body[0]?.parameters ?? []) as { type?: string; text?: unknown }[];
    if (body.length > 1 || params.length !== known.params)
      return {
        status: 400,
        body: graphError(
          132000,
          '(#132000) Number of parameters does not match the expected number of params',
          'OAuthException',
          undefined,
          `body: number of localizable_params (${params.length}) does not match the expected number of params (${known.params})`,
        ),
      };
    for (const p of params)
      if (p.type !== 'text' || typeof p.text !== 'string' || !p.text.trim() || /[\n\t]| {5,}/.test(p.text))
        return {
          status: 400,
          body: graphError(
            132018,
            '(#132018) There was an issue with the parameters in your template.',
            'OAuthException',
            undefined,
            'Param text cannot be empty or have new-line/tab characters or more than 4 consecutive spaces',
          ),
        };
    const seen = new Set<number>();
    for (const c of comps.filter((c) => c.type === 'button')) {
      const index = Number(c.index);
      const ps = c.parameters as { type?: string; payload?: unknown }[] | undefined;
      if (
        c.sub_type !== 'quick_reply' ||
        !Number.isInteger(index) ||
        index < 0 ||
        index >= known.buttons.length ||
        seen.has(index)
      )
        return bad(`button index ${String(c.index)} is not a quick-reply button of ${known.name}`);
      if (
        ps?.length !== 1 ||
        ps[0].type !== 'payload' ||
        typeof ps[0].payload !== 'string' ||
        !ps[0].payload ||
        ps[0].payload.length > 256
      )
        return bad('a quick-reply button takes one payload parameter of 1 to 256 characters');
      seen.add(index);
    }
    for (const c of comps)
      if (!['body', 'button', 'header'].includes(String(c.type))) return bad(`unknown component ${String(c.type)}`);
    return null;
  }

  private rateSpent(): boolean {
    const limit = this.opts.callsPerMinute ?? 80;
    if (this.at - this.rate.windowStart >= 60_000) this.rate = { windowStart: this.at, calls: 0, exhausted: false };
    if (this.rate.exhausted || this.rate.calls >= limit) return true;
    this.rate.calls++;
    return false;
  }

  // --- webhooks -----------------------------------------------------------------------------

  private inboundChange(fromWaId: string, message: Record<string, unknown>) {
    return {
      value: {
        messaging_product: 'whatsapp',
        metadata: { display_phone_number: BUSINESS_DISPLAY_NUMBER, phone_number_id: this.opts.phoneNumberId },
        contacts: [{ profile: { name: 'Buyer' }, wa_id: fromWaId }],
        messages: [message],
      },
      field: 'messages',
    };
  }

  private track<T>(p: Promise<T>): void {
    this.pending.push(p.catch(() => undefined));
  }

  private post(change: unknown, opts: { forgedSecret?: string; unsigned?: boolean } = {}): Promise<WebhookDelivery> {
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: WABA_ID, changes: [change] }] });
    return this.postRaw(body, opts);
  }

  private async postRaw(body: string, opts: { forgedSecret?: string; unsigned?: boolean }): Promise<WebhookDelivery> {
    const hook = this.opts.webhook;
    if (!hook) throw new Error('the stand-in has no webhook to call');
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!opts.unsigned)
      headers['x-hub-signature-256'] = `sha256=${createHmac('sha256', opts.forgedSecret ?? this.opts.appSecret)
        .update(body)
        .digest('hex')}`;
    const { status } =
      typeof hook === 'string' ? await fetch(hook, { method: 'POST', headers, body }) : await hook(body, headers);
    const delivery = { body, status };
    this.deliveries.push(delivery);
    return delivery;
  }

  // --- controls over HTTP ------------------------------------------------------------------

  private async control(op: string, method: string, raw: string, send: (s: number, b: unknown) => void) {
    try {
      if (method === 'GET' && op === 'messages') return send(200, this.messages());
      if (method !== 'POST') return send(405, { error: 'controls are POST' });
      const b = (raw ? JSON.parse(raw) : {}) as Record<string, string | number>;
      let out: unknown = { ok: true };
      if (op === 'advance') this.advance(Number(b.ms ?? 0));
      else if (op === 'tap') out = await this.tapButton(String(b.messageId), String(b.button));
      else if (op === 'reply') out = await this.reply(String(b.from), String(b.text));
      else if (op === 'status') out = await this.status(String(b.messageId), b.status as 'delivered');
      else if (op === 'not-on-whatsapp') this.notOnWhatsAppNumber(String(b.waId));
      else if (op === 'expire-token') this.expireToken();
      else if (op === 'exhaust-rate-limit') this.exhaustRateLimit();
      else return send(404, { error: `no control ${op}` });
      await this.settle();
      send(200, out);
    } catch (e) {
      send(400, { error: e instanceof Error ? e.message : String(e) });
    }
  }
}

export const startWhatsAppStandin = (opts: WhatsAppStandinOptions) => new WhatsAppStandin(opts).start();
