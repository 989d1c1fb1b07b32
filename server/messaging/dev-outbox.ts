import type { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { clientIp, isLoopback } from '../http/client-ip';
import { forbidden } from '../http/errors';
import { allowStyles } from '../http/security-headers';
import { formatDateTime } from '../../src/domain/format';

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const OUTBOX_STYLE =
  'body{font:15px/1.5 system-ui,sans-serif;max-width:860px;margin:0 auto;padding:16px;color:#1a2233;background:#f4f6fb}article{background:#fff;border-radius:10px;padding:12px 16px;margin:12px 0;box-shadow:0 1px 4px rgba(0,0,0,.08)}h2{font-size:16px;margin:6px 0}pre{white-space:pre-wrap;font:inherit;margin:0}.ch{font-size:12px;font-weight:700;border-radius:4px;padding:2px 6px;color:#fff}.email{background:#1f4fd1}.sms{background:#1b7f4b}time{color:#5b6478;font-size:13px}';

export const DEV_OUTBOX_LOCAL_ONLY =
  'The development mailbox answers only on the machine the server runs on (loopback address)';

/**
 * Development mailbox: every email and SMS the product sent, newest first, as JSON for tests
 * and as a page for people. It holds OTPs and temporary passwords, so it answers loopback
 * clients only (the socket's address; X-Forwarded-For only with TRUST_PROXY). Never mounted in
 * production.
 */
export function registerDevOutbox(app: Hono, deps: AppDeps) {
  for (const path of ['/api/dev/outbox', '/dev/outbox']) {
    app.use(path, async (c, next) => {
      if (!isLoopback(clientIp(c, deps.config))) throw forbidden(DEV_OUTBOX_LOCAL_ONLY);
      await next();
    });
  }
  app.get('/api/dev/outbox', async (c) => {
    const rows = await deps.messenger.recent();
    return c.json({
      data: rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        recipient: r.recipient,
        subject: r.subject,
        body: r.body,
        createdAt: r.createdAt.toISOString(),
      })),
    });
  });
  app.get('/dev/outbox', async (c) => {
    const rows = await deps.messenger.recent();
    const items = rows
      .map(
        (r) =>
          `<article><header><span class="ch ${esc(r.channel.toLowerCase())}">${esc(r.channel)}</span> <b>${esc(r.recipient)}</b> <time>${esc(formatDateTime(r.createdAt))} IST</time></header><h2>${esc(r.subject)}</h2><pre>${esc(r.body)}</pre></article>`,
      )
      .join('');
    allowStyles(c, OUTBOX_STYLE);
    return c.html(
      `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="5"><title>Dakiya development mailbox</title><style>${OUTBOX_STYLE}</style></head><body><h1>Development mailbox</h1><p>Every email and SMS Dakiya sent, newest first. This page refreshes every 5 seconds and does not exist in production.</p>${items || '<p>No messages yet.</p>'}</body></html>`,
    );
  });
}
