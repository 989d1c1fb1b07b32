import type { Context } from 'hono';
import { chosenEncoding, type Encoding, pack, worthCompressing } from './compress';
import { answerHeadersOf, securedResponse } from './security-headers';

// A JSON answer of the API: its headers in one plain record (content type, request id, the
// security headers, the coding), written by the server as they are, with no fetch Headers
// object built and copied on the way. Headers a handler set on the context (a cookie, with
// c.header or setCookie) take Hono's own way, which merges them. Above 1 KB the answer is
// compressed for a client that takes it (./compress.ts).

type Packed = Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;

/** Values that never change once made, with their `{ data }` JSON and its compressed forms once made. */
const settled = new WeakMap<object, { text: string; packed: Packed } | null>();

/**
 * Marks a value that is never changed once it is answered (a cache's entry, replaced and never
 * edited): its `{ data }` JSON, and each compressed form of it, are then made once, not per call.
 */
export function settledAnswer<T extends object>(value: T): T {
  if (!settled.has(value)) settled.set(value, null);
  return value;
}

/** Whether anything set headers on the context for its next answer (Hono keeps them out of sight). */
function contextHasHeaders(c: Context): boolean {
  // an empty answer carries exactly those headers; without any its Headers are empty
  for (const _ of c.newResponse(null).headers) return true;
  return false;
}

function respond(
  c: Context,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string>,
  requestId: string | undefined,
): Response {
  headers['content-type'] = 'application/json';
  if (requestId) headers['x-request-id'] = requestId;
  if (contextHasHeaders(c)) return c.body(body, 200, Object.assign(headers, answerHeadersOf(c)));
  return securedResponse(c, body, headers);
}

/** The answer of a JSON text: as it is, or compressed (a small one, or none asked, at once: no promise on the way). */
function answerText(
  c: Context,
  text: string,
  requestId: string | undefined,
  compress: boolean,
  packed?: Packed,
): Response | Promise<Response> {
  if (!compress || !worthCompressing(text)) return respond(c, text, {}, requestId);
  const encoding = chosenEncoding(c.req.header('accept-encoding'));
  if (!encoding) return respond(c, text, { vary: 'Accept-Encoding' }, requestId);
  const headers = { 'content-encoding': encoding, vary: 'Accept-Encoding' };
  const made = packed?.[encoding];
  if (made) return respond(c, made, headers, requestId);
  return pack(text, encoding).then((body) => {
    if (packed) packed[encoding] = body;
    return respond(c, body, headers, requestId);
  });
}

/**
 * `value` as JSON with this request's id; compressed for a client that takes it when `compress`
 * (an answer the seller API keeps for an Idempotency-Key replay is stored as it is instead).
 */
export function jsonAnswer(
  c: Context,
  value: unknown,
  requestId: string | undefined,
  compress = true,
): Response | Promise<Response> {
  return answerText(c, JSON.stringify(value), requestId, compress);
}

/** A route's `{ data }` answer, as jsonAnswer; a settled value's JSON and compressed forms are made once. */
export function dataAnswer(
  c: Context,
  data: unknown,
  requestId: string,
  compress: boolean,
): Response | Promise<Response> {
  const memo = typeof data === 'object' && data !== null ? settled.get(data) : undefined;
  if (memo === undefined) return answerText(c, JSON.stringify({ data: data ?? null }), requestId, compress);
  const made = memo ?? { text: JSON.stringify({ data }), packed: {} };
  if (!memo) settled.set(data as object, made);
  return answerText(c, made.text, requestId, compress, made.packed);
}
