import { networkInterfaces } from 'node:os';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { DEV_OUTBOX_LOCAL_ONLY } from '../../server/messaging/dev-outbox';
import { API } from '../../src/domain/account-contract';
import { dataOf, errorOf, startTestServer, type TestServer } from './harness';

const LOCAL = { headers: { 'x-forwarded-for': '127.0.0.1' } };

// an address of this machine that is not loopback: a request to it arrives from it
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

describe('development mailbox', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('lists sent messages as JSON and as an escaped page to a loopback client', async () => {
    await s.deps.messenger.send({
      channel: 'SMS',
      recipient: '+919876543210',
      subject: 'Your code',
      body: 'Code 123456 <script>x</script>',
    });
    const rows = await dataOf<{ channel: string; recipient: string; body: string }[]>(
      await s.request(API.devOutbox, LOCAL),
    );
    expect(rows[0]).toMatchObject({ channel: 'SMS', recipient: '+919876543210' });
    const page = await (await s.request('/dev/outbox', LOCAL)).text();
    expect(page).toContain('Development mailbox');
    expect(page).toContain('Code 123456 &#60;script&#62;');
    expect(page).not.toContain('<script>x');
  });

  it('refuses a client that is not on this machine', async () => {
    for (const path of [API.devOutbox, '/dev/outbox']) {
      const res = await s.request(path, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(await errorOf(res)).toMatchObject({ status: 403, message: DEV_OUTBOX_LOCAL_ONLY });
    }
  });

  it('believes X-Forwarded-For only behind a trusted proxy', async () => {
    const { app } = createApp({ ...s.deps, config: { ...s.deps.config, trustProxy: false } });
    // no socket and a forged loopback header: refused
    expect((await app.request(API.devOutbox, LOCAL)).status).toBe(403);
  });

  it('judges a real connection by its socket address', async () => {
    const { app } = createApp({ ...s.deps, config: { ...s.deps.config, trustProxy: false } });
    const server = serve({ fetch: app.fetch, hostname: '0.0.0.0', port: 0 });
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as AddressInfo).port;
    try {
      expect((await fetch(`http://127.0.0.1:${port}${API.devOutbox}`)).status).toBe(200);
      if (outsideAddress) {
        // the forged header does not help a client from outside loopback
        const res = await fetch(`http://${outsideAddress}:${port}${API.devOutbox}`, LOCAL);
        expect(res.status).toBe(403);
        expect(res.headers.get('x-error-message')).toBe(DEV_OUTBOX_LOCAL_ONLY);
      }
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('does not exist in production', async () => {
    const { app } = createApp({ ...s.deps, config: { ...s.deps.config, devOutbox: false, production: true } });
    expect((await app.request(API.devOutbox)).status).toBe(404);
    expect((await app.request('/dev/outbox')).status).toBe(404);
  });
});
