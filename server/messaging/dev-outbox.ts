import type { Hono } from 'hono';
import type { AppDeps } from '../deps';

/** Development mailbox: every email and SMS the product sent. Never mounted in production. */
export function registerDevOutbox(app: Hono, deps: AppDeps) {
  app.get('/api/dev/outbox', async (c) => {
    const rows = await deps.messenger.recent();
    return c.json({ data: rows.map((r) => ({ id: r.id, channel: r.channel, recipient: r.recipient, subject: r.subject, body: r.body, createdAt: r.createdAt.toISOString() })) });
  });
}
