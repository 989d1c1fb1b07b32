import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from './errors';

// A request body's size limit, checked before anything reads the body. A declared length is
// judged from the header alone; only a body sent without one (chunked) is counted on the
// stream, stopping at the first byte past the limit. GET and HEAD carry no body: they are
// passed without touching the request, so the server's lightweight request is never turned
// into a full fetch Request (with its AbortSignal) on the common path.

/** Every route's body limit unless it declares its own: JSON bodies are small. */
export const BODY_LIMIT = { bytes: 100 * 1024, message: 'The request body is larger than 100 KB' } as const;

export interface BodyLimit {
  bytes: number;
  message: string;
}

const noop = async () => {};

/**
 * Refuses a body over the limit with 413: by its Content-Length at once, or (chunked) while
 * reading, stopping at the first byte past the limit. A body within it is kept for the handler.
 * Only the chunked case returns a promise to wait for.
 */
export function limitBody(c: Context, limit: BodyLimit): Promise<void> | undefined {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD') return;
  const length = c.req.header('content-length');
  // the HTTP parser reads exactly the declared length, so the header is the body's size
  if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
    if (parseInt(length, 10) > limit.bytes) throw new ApiError(413, limit.message);
    return;
  }
  return bodyLimit({
    maxSize: limit.bytes,
    onError: () => {
      throw new ApiError(413, limit.message);
    },
  })(c, noop) as Promise<void>;
}
