import ky, { HTTPError, type Options } from 'ky';
import { errorText } from '../domain/error-text';
import { SITE_CODE, SITE_CODE_HEADER } from '../domain/constants';
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

export function setTokenSource(source: TokenSource): void {
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
    const step = e.response.headers.get('x-login-step');
    const recharge = Number(e.response.headers.get('x-recharge-paise'));
    return {
      status: e.response.status,
      message: errorText({ header: e.response.headers.get('x-error-message'), body }),
      ...(step ? { step } : {}),
      ...(recharge > 0 ? { rechargePaise: recharge } : {}),
    };
  }
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return { status: 0, message: errorText({ offline: offline || e instanceof TypeError }) };
}

/** Same-origin absolute URLs: Request objects need one outside a page (tests, workers). */
function absolute(path: string): string {
  return new URL(
    path,
    globalThis.location?.origin && globalThis.location.origin !== 'null'
      ? globalThis.location.origin
      : 'http://localhost',
  ).toString();
}

function withToken(options: Options, token: string | null): Options {
  const headers = new Headers(options.headers as HeadersInit | undefined);
  if (token) headers.set('authorization', `Bearer ${token}`);
  headers.set(SITE_CODE_HEADER, SITE_CODE);
  return { ...options, headers };
}

const strip = (params?: Record<string, string | number | boolean | undefined>) =>
  params
    ? (Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<
        string,
        string | number | boolean
      >)
    : undefined;

/** Runs a request with the session's token; a 401 renews it once (shared by all) and retries. */
async function withRenewal<T>(
  send: (token: string | null) => Promise<T>,
  toError: (e: unknown) => Promise<ApiFailure>,
): Promise<T> {
  const token = tokens.current();
  try {
    return await send(token);
  } catch (e) {
    const failure = await toError(e);
    if (failure.status !== 401 || !token) throw failure;
    // one refresh for everyone who met a 401; then this request once more
    const renewed = await tokens.renew(token, failure.message);
    if (!renewed) throw failure;
    try {
      return await send(renewed);
    } catch (again) {
      throw await toError(again);
    }
  }
}

function call<T>(path: string, options: Options): Promise<T> {
  return withRenewal((token) => client(absolute(path), withToken(options, token)).json<T>(), toFailure);
}

function download(path: string, searchParams?: Record<string, string | number | boolean | undefined>): Promise<Blob> {
  return withRenewal(
    (token) => client(absolute(path), withToken({ method: 'get', searchParams: strip(searchParams) }, token)).blob(),
    toFailure,
  );
}

function downloadPost(path: string, json: unknown): Promise<Blob> {
  return withRenewal((token) => client(absolute(path), withToken({ method: 'post', json }, token)).blob(), toFailure);
}

/** A multipart POST through XMLHttpRequest, the one browser API that reports upload progress. */
function xhrUpload<T>(
  path: string,
  form: FormData,
  token: string | null,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', absolute(path));
    xhr.withCredentials = true;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else
        reject({
          status: xhr.status,
          message: errorText({ header: xhr.getResponseHeader('x-error-message'), body }),
        } satisfies ApiFailure);
    };
    xhr.onerror = () => reject({ status: 0, message: errorText({ offline: true }) } satisfies ApiFailure);
    xhr.onabort = () => reject({ status: 0, message: 'The upload was cancelled' } satisfies ApiFailure);
    if (signal) {
      if (signal.aborted) return xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/** Calls made without the session's token (login with Basic credentials, the refresh itself). */
export async function rawCall<T>(path: string, options: Options = {}): Promise<T> {
  try {
    return await client(absolute(path), options).json<T>();
  } catch (e) {
    throw await toFailure(e);
  }
}

export const http: Http = {
  get: (path, searchParams) => call(path, { method: 'get', searchParams: strip(searchParams) }),
  post: (path, json, options) => call(path, { method: 'post', json, keepalive: options?.keepalive }),
  put: (path, json) => call(path, { method: 'put', json }),
  delete: (path, json) => call(path, { method: 'delete', json }),
  upload: (path, form) => call(path, { method: 'post', body: form }),
  download,
  downloadPost,
  uploadWithProgress: (path, form, onProgress, signal) =>
    withRenewal(
      (token) => xhrUpload(path, form, token, onProgress, signal),
      async (e) => e as ApiFailure,
    ),
};

/** Failures are ApiFailure objects; machines read `.message` from an Error-like value. */
export function failureMessage(e: unknown): string {
  return (e as ApiFailure)?.message ?? String(e);
}

/**
 * A server-event stream with the session's token (EventSource cannot send one). The answer is
 * returned whatever its status, for the live-stream machine to judge; only a 401 first renews the
 * token once, as every other call does.
 */
export async function openStream(
  path: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<Response> {
  const send = (token: string | null) =>
    fetch(absolute(path), {
      headers: { ...headers, accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal,
      credentials: 'include',
      cache: 'no-store',
    });
  const token = tokens.current();
  const res = await send(token);
  if (res.status !== 401 || !token) return res;
  const renewed = await tokens.renew(token, errorText({ header: res.headers.get('x-error-message') }));
  return renewed ? send(renewed) : res;
}
