import { CourierError } from '../courier-error';
import { CourierRateLimited } from '../rate-limited';
import { NO_METER, type CallMeter, type CallOutcome } from './call-meter';
import { retryAfterSeconds } from './retry-after';
import type { TokenSession } from './token-session';

// What every real courier adapter's HTTP calls share: the base URL from the courier's settings, a
// time limit per call, JSON and form bodies, its authentication (a static token header, or a login
// session renewed once on 401), 429 turned into CourierRateLimited, and every failure — a 4xx/5xx,
// a timeout, a 200 whose body says it failed — turned into one CourierError with the courier's words.
// Each call is reported to the call meter.

export type CourierAuth =
  /** a static key in a header (Delhivery's `Authorization: Token <key>`, DTDC's `api-key`) */
  | { kind: 'header'; name: string; value: string }
  /** a login token sent as `<name>: <prefix><token>` (`Authorization: Bearer …`, Blue Dart's `JWTToken`) */
  | { kind: 'session'; session: TokenSession; name?: string; prefix?: string }
  | { kind: 'none' };

export interface CourierHttpOptions {
  carrierCode: string;
  baseUrl: string;
  auth: CourierAuth;
  /** a call not answered in this time is cut (the courier's p99 plus headroom) */
  timeoutMs: number;
  /** how long to back off after a 429 without Retry-After: the courier's rate window */
  rateWindowSeconds: number;
  /**
   * The courier's words when a 2xx body reports a failure (Delhivery's `{success:false, rmk}`,
   * Xpressbees' `status:false`), else null. The adapter knows its courier's shapes.
   */
  failedBody?: (body: unknown) => string | null;
  /** the courier's words in an error body; the default reads the common fields */
  remarkOf?: (body: unknown) => string | null;
  meter?: CallMeter;
  fetch?: typeof fetch;
  now?: () => Date;
}

export interface CourierRequest {
  /** the operation's name, for the call meter */
  operation: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  /** application/x-www-form-urlencoded fields (Delhivery's create takes `format=json&data=…`) */
  form?: Record<string, string>;
  /** multipart/form-data text fields (Delhivery LTL's manifest and LR update) */
  multipart?: Record<string, string>;
  headers?: Record<string, string>;
  /** this call's own time limit, when it differs from the client's */
  timeoutMs?: number;
  /** a successful answer that is not JSON comes back as its bytes (a label PDF) */
  binary?: boolean;
}

export class CourierHttp {
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;
  private readonly meter: CallMeter;

  constructor(readonly options: CourierHttpOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? (() => new Date());
    this.meter = options.meter ?? NO_METER;
  }

  /** The courier's answer body (parsed JSON, or the text when it is not JSON); throws on any failure. */
  async call<T = unknown>(req: CourierRequest): Promise<T> {
    const started = performance.now();
    let outcome: CallOutcome = 'OK';
    let httpStatus: number | undefined;
    try {
      const first = await this.send(req);
      let { res, token } = first;
      // a login token the courier no longer takes: log in again once and retry the call
      if (res.status === 401 && this.options.auth.kind === 'session' && token) {
        this.options.auth.session.invalidate(token);
        ({ res, token } = await this.send(req));
      }
      httpStatus = res.status;
      if (req.binary && res.ok && !/json/i.test(res.headers.get('content-type') ?? ''))
        return new Uint8Array(await res.arrayBuffer()) as T;
      const body = await bodyOf(res);
      if (res.status === 429)
        throw new CourierRateLimited(
          this.options.carrierCode,
          retryAfterSeconds(res.headers.get('retry-after'), this.now(), this.options.rateWindowSeconds),
        );
      if (res.status === 401 || res.status === 403)
        throw this.error('UNAUTHORISED', this.remark(body) ?? 'The courier refused our credentials', res.status);
      if (res.status >= 500)
        throw this.error('UNAVAILABLE', this.remark(body) ?? `The courier's server failed (${res.status})`, res.status);
      if (res.status >= 400)
        throw this.error('REFUSED', this.remark(body) ?? `The courier refused the call (${res.status})`, res.status);
      const failed = this.options.failedBody?.(body);
      if (failed) throw this.error('REFUSED', failed, res.status);
      return body as T;
    } catch (e) {
      const error = e instanceof CourierRateLimited || e instanceof CourierError ? e : this.networkError(e, req);
      outcome = error instanceof CourierRateLimited ? 'RATE_LIMITED' : error.kind;
      throw error;
    } finally {
      this.meter.record({
        carrierCode: this.options.carrierCode,
        operation: req.operation,
        outcome,
        latencyMs: Math.round(performance.now() - started),
        ...(httpStatus === undefined ? {} : { httpStatus }),
      });
    }
  }

  private async send(req: CourierRequest): Promise<{ res: Response; token?: string }> {
    const url = new URL(req.path.replace(/^\//, ''), this.options.baseUrl.replace(/\/?$/, '/'));
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers = new Headers(req.headers);
    headers.set('accept', 'application/json');
    let body: string | FormData | undefined;
    if (req.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(req.json);
    } else if (req.form) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(req.form).toString();
    } else if (req.multipart) {
      // fetch writes the content type with its boundary
      const form = new FormData();
      for (const [k, v] of Object.entries(req.multipart)) form.append(k, v);
      body = form;
    }
    const auth = this.options.auth;
    let token: string | undefined;
    if (auth.kind === 'header') headers.set(auth.name, auth.value);
    else if (auth.kind === 'session') {
      token = await auth.session.token();
      headers.set(auth.name ?? 'authorization', `${auth.prefix ?? 'Bearer '}${token}`);
    }
    const res = await this.fetch(url, {
      method: req.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: AbortSignal.timeout(req.timeoutMs ?? this.options.timeoutMs),
    });
    return { res, token };
  }

  private remark(body: unknown): string | null {
    return (this.options.remarkOf ?? commonRemark)(body);
  }

  private error(kind: CourierError['kind'], remark: string, status?: number): CourierError {
    return new CourierError(this.options.carrierCode, kind, remark, status);
  }

  private networkError(e: unknown, req: CourierRequest): CourierError {
    const name = e instanceof Error ? e.name : '';
    if (name === 'TimeoutError' || name === 'AbortError')
      return this.error(
        'TIMEOUT',
        `no answer to ${req.operation} within ${(req.timeoutMs ?? this.options.timeoutMs) / 1000} s`,
      );
    const cause = e instanceof Error && e.cause instanceof Error ? `: ${e.cause.message}` : '';
    return this.error('UNAVAILABLE', `${req.operation} could not reach the courier${cause}`);
  }
}

async function bodyOf(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The courier's words in the fields couriers use for them: rmk, remark(s), message, error, detail,
 * errors (a list or a field → messages map); a plain-text body as it is.
 */
export function commonRemark(body: unknown): string | null {
  if (typeof body === 'string') return body.trim().slice(0, 500) || null;
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  for (const key of ['rmk', 'remark', 'remarks', 'message', 'error', 'detail', 'errors']) {
    const words = wordsOf(b[key]);
    if (words) return words;
  }
  return null;
}

function wordsOf(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() || null;
  if (Array.isArray(v)) return v.map(wordsOf).filter(Boolean).join('; ') || null;
  if (v && typeof v === 'object')
    return (
      Object.entries(v as Record<string, unknown>)
        .map(([k, w]) => (wordsOf(w) ? `${k}: ${wordsOf(w)}` : ''))
        .filter(Boolean)
        .join('; ') || null
    );
  return null;
}
