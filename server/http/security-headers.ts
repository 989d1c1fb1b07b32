import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config';

// Security headers on every answer the browser renders as a page. The policy admits scripts and
// styles from this origin only (the built pages have no inline script or style; the server's own
// small pages allow their one <style> block by its hash), video frames from the two hosts a
// seller's tracking page may embed, frames of blob: addresses (a private PDF read with the
// session's token and shown in the page's own viewer, its type fixed to application/pdf by the
// page), and no framing of our pages by anyone.

/** The embedded players the tracking page's video block uses (src/domain/brand.ts). */
export const VIDEO_FRAME_HOSTS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

/** The CSP hash source of an inline block's exact text. */
export const inlineHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export function contentSecurityPolicy(opts: { styleHashes?: readonly string[] } = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    ...(opts.styleHashes?.length
      ? [`style-src 'self' ${opts.styleHashes.join(' ')}`]
      : // the dialogs' scroll lock writes one <style> element at run time with the measured
        // scrollbar gap (no fixed hash exists); scripts stay strictly 'self'
        ["style-src 'self'", "style-src-elem 'self' 'unsafe-inline'"]),
    // brand images are our uploads or the seller's http(s) links
    "img-src 'self' data: blob: https: http:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src blob: ${VIDEO_FRAME_HOSTS.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Server-rendered pages (the API reference, the development mailbox, the sandbox gateway) keep
 * their styles in one <style> block: they set this policy with that block's hash.
 */
export function allowStyles(c: Context, ...styles: string[]): void {
  c.header('Content-Security-Policy', contentSecurityPolicy({ styleHashes: styles.map(inlineHash) }));
}

const overTls = (c: Context, config: Pick<Config, 'trustProxy'>) =>
  c.req.url.startsWith('https:') ||
  (config.trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https');

const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers every answer of this request carries, as chosen before its route ran. */
const EVERY_ANSWER = 'securityHeaders';

/** The answer securedResponse made for this request: it carries the headers, so the middleware leaves it be. */
const SECURED_ANSWER = 'securedAnswer';

/**
 * The chooser of the headers every answer carries: nosniff, and HSTS over HTTPS. It keeps its
 * choice on the context, for the answer and for an error answer of the same request.
 */
export function everyAnswerHeaders(config: Pick<Config, 'trustProxy'>): (c: Context) => Record<string, string> {
  const plain = Object.freeze({ 'x-content-type-options': 'nosniff' });
  const overHttps = Object.freeze({ ...plain, 'strict-transport-security': HSTS });
  return (c) => {
    const every = overTls(c, config) ? overHttps : plain;
    c.set(EVERY_ANSWER, every);
    return every;
  };
}

/** The headers chosen for this request's answers, if they were. */
export const answerHeadersOf = (c: Context) => c.get(EVERY_ANSWER) as Record<string, string> | undefined;

/**
 * The API's own answers come here with their headers in one plain record, the security headers
 * added to it: a record the server writes as it is, where adding headers to a finished answer
 * would first build a fetch Headers object and copy it out again (the cost of every API call).
 */
export function securedResponse(c: Context, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string>) {
  const every = answerHeadersOf(c);
  const res = new Response(body, { status: 200, headers: every ? Object.assign(headers, every) : headers });
  if (every) c.set(SECURED_ANSWER, res);
  return res;
}

/**
 * The security headers on an answer built elsewhere (a file, a page, a redirect): the ones every
 * answer carries, and the page policy on HTML. Immutable headers (Response.redirect) get a copy.
 */
export function secureAnswer(res: Response, every: Record<string, string>): Response {
  let out = res;
  try {
    out.headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    // a response with immutable headers (Response.redirect): a copy that can take them
    out = new Response(res.body, res);
  }
  const h = out.headers;
  for (const name in every) h.set(name, every[name]);
  if (!(h.get('content-type') ?? '').startsWith('text/html')) return out;
  if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', contentSecurityPolicy());
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  h.set('X-Frame-Options', 'DENY');
  return out;
}

/** Every answer of the pages, documents and tools (the API router's answers carry theirs already). */
export function securityHeaders(config: Pick<Config, 'trustProxy'>): MiddlewareHandler {
  const choose = everyAnswerHeaders(config);
  return async (c, next) => {
    const every = choose(c);
    await next();
    if (c.res === c.get(SECURED_ANSWER)) return;
    const secured = secureAnswer(c.res, every);
    if (secured !== c.res) c.res = secured;
  };
}
