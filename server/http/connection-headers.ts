// Headers that describe one HTTP/1.1 connection (RFC 9110 §7.6.1). HTTP/2 forbids them, and Node's
// HTTP/2 server refuses to send an answer carrying one: an exception outside any request, which
// would stop the process. Hono's server-event helper sets two (`Transfer-Encoding: chunked`,
// `Connection: keep-alive`). Over HTTP/1.1 Node writes what a connection needs itself, so they are
// dropped from every answer of the HTTPS server, whatever route set them.

const CONNECTION_HEADERS = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'];

/** The answer without headers of one connection; the same object when it carries none. */
export function withoutConnectionHeaders(res: Response): Response {
  if (!CONNECTION_HEADERS.some((h) => res.headers.has(h))) return res;
  try {
    for (const h of CONNECTION_HEADERS) res.headers.delete(h);
    return res;
  } catch {
    // an answer whose headers cannot change (one fetched from elsewhere): copied without them
    const headers = new Headers(res.headers);
    for (const h of CONNECTION_HEADERS) headers.delete(h);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
}
