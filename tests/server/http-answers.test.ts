import { API_CONFIG } from '../../src/domain/config-contract';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { COMPRESS_ABOVE_BYTES } from '../../server/http/compress';
import { API_ORDERS } from '../../src/domain/orders-contract';
import type { TestServer } from './harness';
import { basic, login, MEERA, newShippableOrder, SELLER, startDemoServer, verifiedPickup } from './helpers';
import { API_AUTH } from '../../src/domain/auth-contract';

// The answers as a client gets them over a real socket, through the server the product runs
// (@hono/node-server): JSON lists compressed for a client that takes it, small answers as they
// are, and the security headers and request id on every kind of answer.

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

describe('answers over HTTP', () => {
  let s: TestServer;
  let server: Server;
  let base: { host: string; port: number };
  let token: string;

  /** One request with exactly these headers (no client-side decoding, unlike fetch). */
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<Raw>((resolve, reject) => {
      const req = httpRequest({ ...base, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });

  beforeAll(async () => {
    s = await startDemoServer();
    token = (await login(s, MEERA)).token;
    // a list worth compressing: a dozen orders
    const { pickupId } = await verifiedPickup(s, token);
    for (let i = 0; i < 12; i++) await newShippableOrder(s, token, pickupId, { buyerName: `Buyer ${i + 1}` });
    const { app } = createApp(s.deps);
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }) as Server;
    await new Promise((r) => server.once('listening', r));
    base = { host: '127.0.0.1', port: (server.address() as AddressInfo).port };
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await s.close();
  });

  it('compresses a large JSON list for a client that takes br or gzip, and it decodes to the same JSON', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const plain = await get(`${API_ORDERS.orders.path}?pageSize=100`, auth);
    expect(plain.status).toBe(200);
    expect(plain.bytes.length).toBeGreaterThan(COMPRESS_ABOVE_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const list = JSON.parse(plain.bytes.toString('utf8')) as { data: { items: unknown[] } };
    expect(list.data.items.length).toBeGreaterThan(0);

    const br = await get(`${API_ORDERS.orders.path}?pageSize=100`, { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toBe('application/json');
    expect(Number(br.headers['content-length'])).toBe(br.bytes.length);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(list);

    const gzip = await get(`${API_ORDERS.orders.path}?pageSize=100`, { ...auth, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.bytes).toString('utf8'))).toEqual(list);

    // a coding refused with q=0 is not used
    const refused = await get(`${API_ORDERS.orders.path}?pageSize=100`, {
      ...auth,
      'accept-encoding': 'br;q=0, gzip;q=0',
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.bytes.toString('utf8'))).toEqual(list);
  });

  it('sends a small answer as it is, whatever the client takes', async () => {
    const res = await get(API_CONFIG.appConfig.path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.bytes.length).toBeLessThanOrEqual(COMPRESS_ABOVE_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(JSON.parse(res.bytes.toString('utf8'))).toMatchObject({ data: { SITE_CODE: expect.any(String) } });
  });

  it('compresses the API document too', async () => {
    const res = await get('/api/openapi.json', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.bytes).toString('utf8'))).toMatchObject({ openapi: '3.1.0' });
  });

  it('puts the security headers and the request id on answers, errors and cookie-setting answers alike', async () => {
    const ok = await get(API_CONFIG.appConfig.path, { 'x-request-id': 'trace-0001-abc' });
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(ok.headers['x-request-id']).toBe('trace-0001-abc');
    expect(ok.headers['strict-transport-security']).toBeUndefined();

    // a made-up id that is not sane is replaced by a new one
    const fresh = await get(API_CONFIG.appConfig.path, { 'x-request-id': 'no spaces allowed here' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    // behind the proxy (the test config trusts it), HTTPS answers say so
    const tls = await get(API_CONFIG.appConfig.path, { 'x-forwarded-proto': 'https' });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(tls.headers['x-content-type-options']).toBe('nosniff');

    const refused = await get(`${API_ORDERS.orders.path}?pageSize=100`, { 'x-request-id': 'trace-0002-abc' });
    expect(refused.status).toBe(401);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(refused.headers['x-request-id']).toBe('trace-0002-abc');
    expect(refused.headers['x-error-message']).toBeTruthy();

    const loggedIn = await get(
      API_AUTH.login.path,
      { authorization: basic(SELLER.email, SELLER.password), 'x-forwarded-for': '198.51.100.23' },
      'POST',
    );
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.headers['set-cookie']?.some((c) => c.startsWith('dk_rt='))).toBe(true);
    expect(loggedIn.headers['x-content-type-options']).toBe('nosniff');
    expect(loggedIn.headers['x-request-id']).toBeTruthy();
    expect(loggedIn.headers['content-type']).toBe('application/json');
  });

  it('gives a page its policy and frame refusal', async () => {
    const page = await get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });
});
