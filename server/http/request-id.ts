import type { Context } from 'hono';

// Every API call has an id: the caller's own X-Request-Id when it is sane, else a new one. Staff
// writes keep it in the audit log, and the answer says it, so a complaint can be traced.

const REQUEST_ID = /^[A-Za-z0-9._-]{8,80}$/;

/**
 * The request's id: the caller's X-Request-Id when it is sane, else a new one. It is kept on the
 * context, and every answer of the route carries it in the same header (the router's answers,
 * errors through errorResponse).
 */
export function requestIdOf(c: Context): string {
  const given = c.req.header('x-request-id');
  const id = given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
  c.set('requestId', id);
  return id;
}

/** The id requestIdOf gave this request, if the router has seen it. */
export const knownRequestId = (c: Context): string | undefined => c.get('requestId') as string | undefined;
