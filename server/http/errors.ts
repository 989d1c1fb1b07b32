import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { MSG } from '../../src/domain/messages';
import { inSellerWords } from '../../src/domain/schemas/labels';
import { knownRequestId } from './request-id';
import { answerHeadersOf } from './security-headers';

/** An error the API answers with: its status and a message a seller can act on. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 503,
    message: string,
    readonly headers: Record<string, string> = {},
    /** every reason, when more than one stands in the way (a refused booking): the message is the first */
    readonly reasons?: readonly string[],
  ) {
    super(message);
  }
}

export const badRequest = (m: string) => new ApiError(400, m);
export const unauthorized = (m: string) => new ApiError(401, m);
export const forbidden = (m: string) => new ApiError(403, m);
export const notFound = (m = 'Not found') => new ApiError(404, m);
export const conflict = (m: string) => new ApiError(409, m);

/** Header values must be Latin-1; anything else is percent-encoded (the body keeps the text). Never throws: half a surrogate pair becomes U+FFFD first. */
export function headerSafe(message: string): string {
  if (/^[\x20-\x7e]*$/.test(message)) return message;
  const wellFormed = message.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '\ufffd',
  );
  return encodeURIComponent(wellFormed);
}

/** PostgreSQL's data exceptions (SQLSTATE class 22): a value the column cannot take, so the request was bad. */
const DATA_EXCEPTIONS: Record<string, string> = {
  '22003': 'A number in the request is out of range',
  '22P02': 'A value in the request has the wrong form',
  '22021': 'A text in the request contains a character that is not allowed',
  '22P05': 'A text in the request contains a character that is not allowed',
  '22007': 'A date in the request is not valid',
  '22008': 'A date in the request is out of range',
  '22001': 'A text in the request is too long',
};

/** The SQLSTATE of a database error, looking through the query builder's wrapping. */
function sqlState(err: unknown): string | null {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return null;
}

/**
 * Spec section 8 and ARCHITECTURE: body { errorMessage } and header X-Error-Message; a refusal
 * with more than one reason adds them all as `reasons` (the first is the message).
 */
export function errorResponse(
  c: Context,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  reasons?: readonly string[],
) {
  const requestId = knownRequestId(c);
  const body = reasons && reasons.length > 1 ? { errorMessage: message, reasons } : { errorMessage: message };
  return c.json(body, status as 400, {
    ...answerHeadersOf(c),
    'X-Error-Message': headerSafe(message),
    ...(requestId ? { 'X-Request-Id': requestId } : {}),
    ...headers,
  });
}

export function onError(err: Error, c: Context) {
  if (err instanceof ApiError)
    return errorResponse(
      c,
      err.status,
      inSellerWords(err.message),
      err.headers,
      err.reasons?.map((r) => inSellerWords(r)),
    );
  if (err instanceof HTTPException) return errorResponse(c, err.status, err.message || MSG.genericError);
  // a safety net only: validation refuses these first, and the log says which one slipped through
  const state = sqlState(err);
  if (state?.startsWith('22')) {
    console.warn('[api] data exception', state, c.req.method, c.req.path);
    return errorResponse(c, 400, DATA_EXCEPTIONS[state] ?? 'A value in the request cannot be stored');
  }
  console.error('[api] unhandled', c.req.method, c.req.path, err);
  return errorResponse(c, 500, MSG.genericError);
}
