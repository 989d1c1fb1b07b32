import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { MSG } from '../../src/domain/messages';

/** An error the API answers with: its status and a message a seller can act on. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (m: string) => new ApiError(400, m);
export const unauthorized = (m: string) => new ApiError(401, m);
export const forbidden = (m: string) => new ApiError(403, m);
export const notFound = (m = 'Not found') => new ApiError(404, m);
export const conflict = (m: string) => new ApiError(409, m);

/** Header values must be Latin-1; anything else is percent-encoded (the body keeps the text). */
export function headerSafe(message: string): string {
  return /^[\x20-\x7e]*$/.test(message) ? message : encodeURIComponent(message);
}

/** Spec section 8 and ARCHITECTURE: body { errorMessage } and header X-Error-Message. */
export function errorResponse(c: Context, status: number, message: string, headers: Record<string, string> = {}) {
  return c.json({ errorMessage: message }, status as 400, {
    'X-Error-Message': headerSafe(message),
    ...headers,
  });
}

export function onError(err: Error, c: Context) {
  if (err instanceof ApiError) return errorResponse(c, err.status, err.message, err.headers);
  if (err instanceof HTTPException) return errorResponse(c, err.status, err.message || MSG.genericError);
  console.error('[api] unhandled', c.req.method, c.req.path, err);
  return errorResponse(c, 500, MSG.genericError);
}
