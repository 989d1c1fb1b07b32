import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { login, SELLER, startDemoServer } from './helpers';

// A JSON body nested thousands deep fits easily under the 100 KB limit; anything that walks it
// recursively would overflow the stack and answer 500. The router refuses it with 400 before
// anything walks it, on routes that need no login as on those that do.

const DEEP_ARRAY = '['.repeat(20_000) + ']'.repeat(20_000);
const DEEP_OBJECT = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000);
const DEPTH_MESSAGE = /nested too deeply/;

describe('hostile JSON bodies', () => {
  let s: TestServer;
  let seller = '';

  beforeAll(async () => {
    s = await startDemoServer();
    seller = (await login(s, SELLER)).token;
  });
  afterAll(() => s?.close());

  async function post(path: string, body: string, token?: string) {
    const res = await s.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.18.0.9' },
      body,
      token,
    });
    const json = (await res.json().catch(() => null)) as { errorMessage?: string } | null;
    return { status: res.status, message: json?.errorMessage ?? '', header: res.headers.get('x-error-message') };
  }

  it('refuses a body nested 20,000 arrays or 5,000 objects deep with 400 on a route that needs no login', async () => {
    for (const body of [DEEP_ARRAY, DEEP_OBJECT]) {
      const r = await post('/api/v1/otp/email', body);
      expect(r.status).toBe(400);
      expect(r.message).toMatch(DEPTH_MESSAGE);
      expect(r.header).toBeTruthy();
    }
  });

  it('refuses a deeply nested body with 400 on a logged-in route', async () => {
    for (const body of [DEEP_ARRAY, DEEP_OBJECT]) {
      const r = await post('/api/v1/products', body, seller);
      expect(r.status).toBe(400);
      expect(r.message).toMatch(DEPTH_MESSAGE);
    }
  });

  it('counts only brackets outside texts: a text full of brackets and escapes is an ordinary value', async () => {
    // 32 levels are allowed; brackets, quotes and backslashes inside a text do not count
    const text = `${'[{'.repeat(5_000)}\\"\\\\`;
    const r = await post('/api/v1/otp/email', JSON.stringify({ firstName: text, email: 'x@example.com' }));
    expect(r.status).toBe(400);
    expect(r.message).not.toMatch(DEPTH_MESSAGE);
    const within = '['.repeat(32) + ']'.repeat(32);
    expect((await post('/api/v1/otp/email', within)).message).not.toMatch(DEPTH_MESSAGE);
    const beyond = '['.repeat(33) + ']'.repeat(33);
    expect((await post('/api/v1/otp/email', beyond)).message).toMatch(DEPTH_MESSAGE);
  });
});
