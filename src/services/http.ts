import ky, { HTTPError, type Options } from 'ky';
import { errorText } from '../domain/error-text';
import type { ApiFailure, Http } from './types';

// The one HTTP client. Every request carries the session's access token; a 401 asks the
// session for a refresh (one in flight, the others wait on it) and is retried once with the new
// token. Failures become ApiFailure with the text of spec section 8.

export interface TokenSource {
  /** the access token in memory, or null */
  current(): string | null;
  /** after a 401 with `used`: a newer token to retry with, or null when the session ended */
  renew(used: string, message: string): Promise<string | null>;
}

let tokens: TokenSource = { current: () => null, renew: async () => null };

export function useTokenSource(source: TokenSource): void {
  tokens = source;
}

const client = ky.create({ prefixUrl: '', credentials: 'include', retry: 0, timeout: 30_000 });

export async function toFailure(e: unknown): Promise<ApiFailure> {
  if (e instanceof HTTPError) {
    let body: unknown = null;
    try {
      body = await e.response.clone().json();
    } catch {
      /* not JSON */
    }
    return { status: e.response.status, message: errorText({ header: e.response.headers.get('x-error-message'), body }) };
  }
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return { status: 0, message: errorText({ offline: offline || e instanceof TypeError }) };
}

/** Same-origin absolute URLs: Request objects need one outside a page (tests, workers). */
function absolute(path: string): string {
  return new URL(path, globalThis.location?.origin && globalThis.location.origin !== 'null' ? globalThis.location.origin : 'http://localhost').toString();
}

function withToken(options: Options, token: string | null): Options {
  const headers = new Headers(options.headers as HeadersInit | undefined);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return { ...options, headers };
}

async function call<T>(path: string, options: Options): Promise<T> {
  const token = tokens.current();
  try {
    return await client(absolute(path), withToken(options, token)).json<T>();
  } catch (e) {
    const failure = await toFailure(e);
    if (failure.status !== 401 || !token) throw failure;
    // one refresh for everyone who met a 401; then this request once more
    const renewed = await tokens.renew(token, failure.message);
    if (!renewed) throw failure;
    try {
      return await client(absolute(path), withToken(options, renewed)).json<T>();
    } catch (again) {
      throw await toFailure(again);
    }
  }
}

/** Calls made without the session's token (login with Basic credentials, the refresh itself). */
export async function rawCall<T>(path: string, options: Options = {}): Promise<T> {
  try {
    return await client(absolute(path), options).json<T>();
  } catch (e) {
    throw await toFailure(e);
  }
}

const strip = (params?: Record<string, string | number | boolean | undefined>) =>
  params ? (Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<string, string | number | boolean>) : undefined;

export const http: Http = {
  get: (path, searchParams) => call(path, { method: 'get', searchParams: strip(searchParams) }),
  post: (path, json) => call(path, { method: 'post', json }),
  put: (path, json) => call(path, { method: 'put', json }),
  delete: (path, json) => call(path, { method: 'delete', json }),
  upload: (path, form) => call(path, { method: 'post', body: form }),
};

/** Failures are ApiFailure objects; machines read `.message` from an Error-like value. */
export function failureMessage(e: unknown): string {
  return (e as ApiFailure)?.message ?? String(e);
}
