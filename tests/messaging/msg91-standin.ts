import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  baseUrlOf,
  closeServer,
  jsonOf,
  listenLocally,
  readBody,
  send,
  StandinGate,
} from '../carriers/standin/standin-http';

// A protocol stand-in for MSG91's v5 Flow API, as strict as its public documents: the authkey
// header, a JSON body, a registered template_id sent under the sender header it is registered
// with on DLT, recipients as 91 and ten digits each carrying exactly the template's ##name##
// variables (DLT's 30 characters a variable, a link longer), errors as { type: "error",
// message } (template and recipient problems with HTTP 200, as MSG91 answers them), a rate
// window answered 429. It remembers what it sent, and sends delivery reports in MSG91's
// version 2 shape (form field "data") to the report URL a test gives it.
// Controls over HTTP under /__standin/: GET sent; POST exhaust-rate-limit, refuse-next, report.

export interface Msg91StandinTemplate {
  templateId: string;
  dltTemplateId: string;
  header: string;
  /** the registered text with its ##name## variables */
  text: string;
}

export interface Msg91Sent {
  requestId: string;
  templateId: string;
  sender: string;
  mobiles: string;
  variables: Record<string, string>;
  /** the registered text filled: what the buyer's phone shows */
  text: string;
  shortUrl: boolean;
}

const VARIABLE_MAX = 30;
const LINK_MAX = 200;

export class Msg91Standin {
  private server?: Server;
  private readonly gate: StandinGate;
  private readonly sentList: Msg91Sent[] = [];
  private calls = 0;

  constructor(
    private readonly opts: {
      authKey: string;
      templates: Msg91StandinTemplate[];
      rateWindow?: { calls: number; windowSeconds: number };
    },
  ) {
    this.gate = new StandinGate(new Date(), opts.rateWindow ?? { calls: 100, windowSeconds: 60 });
  }

  get url(): string {
    return baseUrlOf(this.server!, 'MSG91');
  }

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await listenLocally(this.server, port);
    return this;
  }

  close(): Promise<void> {
    return this.server ? closeServer(this.server) : Promise.resolve();
  }

  sent(): Msg91Sent[] {
    return [...this.sentList];
  }

  callCount(): number {
    return this.calls;
  }

  exhaustRateLimit(): void {
    this.gate.exhaustRateLimit();
  }

  refuseNext(message: string): void {
    this.gate.refuseNext(message);
  }

  advance(ms: number): void {
    this.gate.advance(ms);
  }

  /** MSG91's version 2 report for a request (1 delivered, 2 failed, 9 NDNC, 16/25 rejected, 17 blocked). */
  reportBody(requestId: string, status: string): string {
    const s = this.sentList.find((x) => x.requestId === requestId);
    if (!s) throw new Error(`the stand-in sent no request ${requestId}`);
    const desc =
      { '1': 'DELIVERED', '2': 'FAILED', '9': 'NDNC', '16': 'REJECTED', '17': 'BLOCKED', '25': 'REJECTED' }[status] ??
      'PENDING';
    const data = [
      {
        senderId: s.sender,
        requestId,
        report: [
          { date: '2026-11-20 12:00:00', number: s.mobiles, status, desc, failedReason: status === '1' ? '' : desc },
        ],
        userId: '100001',
        campaignName: 'API',
      },
    ];
    return new URLSearchParams({ data: JSON.stringify(data) }).toString();
  }

  /** Sends the report to the product as MSG91's webhook would. */
  async report(reportUrl: string, requestId: string, status: string): Promise<Response> {
    return fetch(reportUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: this.reportBody(requestId, status),
    });
  }

  /** The answer to one Flow call, in process (the HTTP side calls this too). */
  flow(
    headers: Record<string, string | undefined>,
    raw: string,
  ): { status: number; body: unknown; headers?: Record<string, string> } {
    this.calls++;
    const error = (message: string, status = 200) => ({ status, body: { type: 'error', message } });
    if (headers.authkey !== this.opts.authKey)
      return error('authentication failed: the authkey is missing or wrong', 401);
    const admitted = this.gate.admit();
    if (admitted !== 'pass' && admitted !== 'hang')
      return { ...error('too many requests', 429), headers: { 'retry-after': String(admitted.retryAfterSeconds) } };
    if (!(headers['content-type'] ?? '').includes('application/json')) return error('the body must be JSON', 400);
    const refusal = this.gate.takeRefusal();
    if (refusal) return error(refusal);
    const body = jsonOf(raw);
    const template = this.opts.templates.find((t) => t.templateId === body.template_id);
    if (typeof body.template_id !== 'string' || !template) return error('the template id is missing or not registered');
    if (body.sender !== template.header)
      return error(`the sender ${String(body.sender)} is not the header the template is registered with on DLT`);
    if (body.short_url !== undefined && body.short_url !== '0' && body.short_url !== '1')
      return error('short_url must be "1" or "0"');
    const names = [...template.text.matchAll(/##([^#]+)##/g)].map((m) => m[1]);
    const recipients = body.recipients;
    if (!Array.isArray(recipients) || !recipients.length) return error('recipients must be a non-empty list');
    const accepted: Omit<Msg91Sent, 'requestId'>[] = [];
    for (const r of recipients as Record<string, unknown>[]) {
      if (typeof r?.mobiles !== 'string' || !/^91[6-9]\d{9}$/.test(r.mobiles))
        return error('mobiles must be an Indian mobile number as 91 and ten digits');
      const extra = Object.keys(r).filter((k) => k !== 'mobiles' && !names.includes(k));
      if (extra.length) return error(`the template has no variable ${extra[0]}`);
      const variables: Record<string, string> = {};
      for (const name of names) {
        const value = r[name];
        if (typeof value !== 'string' || !value.trim()) return error(`the variable ${name} is missing`);
        if ([...value].length > (name === 'link' ? LINK_MAX : VARIABLE_MAX))
          return error(`the variable ${name} is longer than DLT allows`);
        variables[name] = value;
      }
      accepted.push({
        templateId: template.templateId,
        sender: template.header,
        mobiles: r.mobiles,
        variables,
        text: template.text.replace(/##([^#]+)##/g, (_, n: string) => variables[n]),
        shortUrl: body.short_url === '1',
      });
    }
    const requestId = randomBytes(12).toString('hex');
    for (const a of accepted) this.sentList.push({ ...a, requestId });
    return { status: 200, body: { type: 'success', message: requestId } };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    const raw = await readBody(req);
    if (path.startsWith('/__standin/')) {
      const op = path.slice('/__standin/'.length);
      const b = jsonOf(raw);
      if (req.method === 'GET' && op === 'sent') return send(res, 200, this.sent());
      if (req.method === 'POST' && op === 'exhaust-rate-limit') return (this.exhaustRateLimit(), send(res, 200, {}));
      if (req.method === 'POST' && op === 'refuse-next')
        return (this.refuseNext(String(b.remark ?? 'refused')), send(res, 200, {}));
      if (req.method === 'POST' && op === 'report') {
        const answer = await this.report(String(b.url), String(b.requestId), String(b.status ?? '1'));
        return send(res, 200, { status: answer.status });
      }
      return send(res, 404, { error: 'no such control' });
    }
    if (req.method === 'POST' && (path === '/api/v5/flow/' || path === '/api/v5/flow')) {
      const answer = this.flow(
        { authkey: req.headers.authkey as string | undefined, 'content-type': req.headers['content-type'] },
        raw,
      );
      return send(res, answer.status, answer.body, answer.headers);
    }
    send(res, 404, { type: 'error', message: 'no such API' });
  }
}

/** The registry JSON for MSG91_TEMPLATES matching the stand-in's registrations. */
export function msg91TemplatesJson(templates: (Msg91StandinTemplate & { kind: string; category?: string })[]): string {
  return JSON.stringify(
    Object.fromEntries(
      templates.map((t) => [
        t.kind,
        {
          templateId: t.templateId,
          dltTemplateId: t.dltTemplateId,
          category: t.category ?? 'service-implicit',
          header: t.header,
          variables: [...t.text.matchAll(/##([^#]+)##/g)].map((m) => m[1]),
          text: t.text,
        },
      ]),
    ),
  );
}
