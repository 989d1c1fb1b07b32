import type { Context } from 'hono';
import { compressedJson, worthCompressing } from './compress';
import { securedResponse } from './security-headers';

// A JSON answer of the API: its headers in one plain record (content type, request id, the
// security headers, the coding), written by the server as they are, with no fetch Headers
// object built and copied on the way. Headers a handler set on the context (a cookie, with
// c.header or setCookie) take Hono's own way, which merges them.

/** Whether anything set headers on the context for its next answer (Hono keeps them out of sight). */
function contextHasHeaders(c: Context): boolean {
  // an empty answer carries exactly those headers; without any its Headers are empty
  for (const _ of c.newResponse(null).headers) return true;
  return false;
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
  const text = JSON.stringify(value);
  // most answers are small: they are answered at once, with no promise on the way
  if (!compress || !worthCompressing(text)) return respond(c, text, {}, requestId);
  return compressedJson(c, text).then(({ body, headers }) => respond(c, body, headers, requestId));
}

function respond(
  c: Context,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string>,
  requestId: string | undefined,
): Response {
  headers['content-type'] = 'application/json';
  if (requestId) headers['x-request-id'] = requestId;
  if (contextHasHeaders(c)) return c.body(body, 200, headers);
  return securedResponse(c, body, headers);
}
