import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { BODY_LIMIT } from '../../server/http/body-limit';
import { IMAGE_TOO_LARGE } from '../../server/modules/files/service';
import { API_ACCOUNT } from '../../src/domain/account-contract';
import { pathOf } from '../../src/domain/operation';
import { errorOf, type TestServer } from './harness';
import { freshIp, login, SELLER, startDemoServer } from './helpers';
import { API_REGISTRATION } from '../../src/domain/registration-contract';

const MB = 1024 * 1024;

/** A 30 MB body made as it is read, counting how much the server pulled. */
function hugeStream(totalBytes = 30 * MB, prefix = '') {
  const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
  const meter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (meter.pulled === 0 && prefix) {
        const head = new TextEncoder().encode(prefix);
        meter.pulled += head.length;
        controller.enqueue(head);
        return;
      }
      if (meter.pulled >= totalBytes) return controller.close();
      meter.pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, meter };
}

describe('body limits, on the stream, for every route', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startDemoServer();
    token = (await login(s, SELLER)).token;
  });
  afterAll(() => s.close());

  it('refuses an oversized Content-Length on a route that needs no login before reading it', async () => {
    const { stream, meter } = hugeStream();
    const started = Date.now();
    const res = await s.request(API_REGISTRATION.sendEmailOtp.path, {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json', 'content-length': String(30 * MB), ...freshIp() },
      duplex: 'half',
    } as RequestInit);
    expect(await errorOf(res)).toMatchObject({ status: 413, message: BODY_LIMIT.message, header: BODY_LIMIT.message });
    expect(meter.pulled).toBeLessThan(MB);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('stops reading a chunked JSON body at the limit', async () => {
    const { stream, meter } = hugeStream(30 * MB, '{"firstName":"');
    const res = await s.request(API_REGISTRATION.sendEmailOtp.path, {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json', ...freshIp() },
      duplex: 'half',
    } as RequestInit);
    expect(await errorOf(res)).toMatchObject({ status: 413, message: BODY_LIMIT.message });
    expect(meter.pulled).toBeLessThan(MB);
  });

  it('gives an upload its own limit: the account image stops at about 1 MB of a chunked 30 MB body', async () => {
    const boundary = 'dakiyaboundary';
    const { stream, meter } = hugeStream(
      30 * MB,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const started = Date.now();
    const res = await s.request(pathOf(API_ACCOUNT.companyImage, { name: 'logo' }), {
      method: 'POST',
      body: stream,
      token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    expect(await errorOf(res)).toMatchObject({ status: 413, message: IMAGE_TOO_LARGE });
    expect(meter.pulled).toBeLessThan(2 * MB);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reads nothing of an upload from a caller who is not logged in', async () => {
    const { stream, meter } = hugeStream();
    const res = await s.request(pathOf(API_ACCOUNT.companyImage, { name: 'logo' }), {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(401);
    expect(meter.pulled).toBeLessThan(MB);
  });

  it('still reads a body within the limit', async () => {
    const res = await s.request(API_REGISTRATION.sendEmailOtp.path, {
      method: 'POST',
      json: { firstName: 'Asha', email: 'asha.limits@example.com' },
      headers: freshIp(),
    });
    expect(res.status).toBe(200);
  });

  it('documents the 413 of every operation', async () => {
    const doc = (await (await s.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(ops.length).toBeGreaterThan(50);
    expect(ops.every((op) => op.responses[413])).toBe(true);
  });

  it('answers 413 over a real socket while a chunked 30 MB body is still being sent', async () => {
    const { app } = createApp(s.deps);
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const started = Date.now();
      let sent = 0;
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: API_REGISTRATION.sendEmailOtp.path,
            headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
            req.destroy();
          },
        );
        req.on('error', (e) => (sent > 0 ? undefined : reject(e)));
        const chunk = Buffer.alloc(64 * 1024, 'x');
        const pump = () => {
          while (sent < 30 * MB && !req.destroyed) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          if (!req.destroyed) req.end();
        };
        req.write('{"firstName":"');
        pump();
      });
      expect(status).toBe(413);
      expect(sent).toBeLessThan(30 * MB);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      (server as import('node:http').Server).closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
