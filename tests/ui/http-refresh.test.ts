// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { createSessionActor } from '../../src/services/session';
import { http } from '../../src/services/http';
import { ADMIN_TOKEN, REFRESHED_TOKEN, SELLER_TOKEN } from '../machines/fixtures/tokens';

// The HTTP client and the session together, with only fetch replaced: many requests that meet
// a 401 share one refresh and are each retried once with the new token.

type Handler = (url: string, init: Request) => Response | Promise<Response>;

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

let calls: { url: string; auth: string | null; site: string | null }[] = [];
function serve(handler: Handler) {
  calls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://app.test'), init);
    const url = new URL(request.url).pathname;
    calls.push({ url, auth: request.headers.get('authorization'), site: request.headers.get('x-site-code') });
    return handler(url, request);
  });
}

const ACCOUNT = { firstName: 'Aarav', lastName: 'Sharma' };

async function loggedIn(token: string) {
  const actor = createSessionActor({ onLoginPage: false });
  actor.start();
  actor.send({ type: 'START' });
  await waitFor(actor, (s) => s.matches('anonymous'));
  actor.send({ type: 'LOGGED_IN', token });
  await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
  return actor;
}

describe('HTTP client with the session', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shares one refresh among concurrent 401s and retries each request once', async () => {
    let refreshes = 0;
    serve(async (url, req) => {
      if (url === '/api/v1/auth/refresh-token') {
        refreshes++;
        if (refreshes === 1) return json(401, { errorMessage: 'no cookie' });
        await new Promise((r) => setTimeout(r, 20));
        return json(200, { data: { accessToken: REFRESHED_TOKEN } });
      }
      if (url === '/api/v1/account/info') return json(200, { data: ACCOUNT });
      if (url === '/api/v1/app-config') return json(200, { data: {} });
      if (url.startsWith('/api/v1/thing/')) {
        return req.headers.get('authorization') === `Bearer ${REFRESHED_TOKEN}`
          ? json(200, { data: url })
          : json(401, { errorMessage: 'Token expired' }, { 'x-error-message': 'Token expired' });
      }
      return json(404, { errorMessage: 'nope' });
    });
    const actor = await loggedIn(SELLER_TOKEN);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => http.get<{ data: string }>(`/api/v1/thing/${n}`)));
    expect(answers.map((a) => a.data)).toEqual([1, 2, 3, 4, 5].map((n) => `/api/v1/thing/${n}`));
    expect(refreshes).toBe(2); // one at start-up (no cookie), exactly one for the five 401s
    expect(calls.filter((c) => c.url.startsWith('/api/v1/thing/'))).toHaveLength(10);
    // every call names the site (spec section 9 site code)
    expect(calls.filter((c) => c.url.startsWith('/api/v1/thing/')).every((c) => c.site === 'CARRIER')).toBe(true);
    expect(actor.getSnapshot().context.token).toBe(REFRESHED_TOKEN);
    expect(localStorage.getItem('dakiya.loggedIn')).toBe('1');
  });

  it('logs out with the original message when the refresh fails', async () => {
    serve((url) => {
      if (url === '/api/v1/account/info') return json(200, { data: ACCOUNT });
      if (url === '/api/v1/app-config') return json(200, { data: {} });
      if (url === '/api/v1/auth/logout') return json(200, { data: null });
      if (url === '/api/v1/auth/refresh-token')
        return json(401, { errorMessage: 'Your session has expired. Please log in again.' });
      return json(401, { errorMessage: 'Wallet is locked' }, { 'x-error-message': 'Wallet is locked' });
    });
    const actor = await loggedIn(SELLER_TOKEN);
    await expect(http.get('/api/v1/wallet')).rejects.toEqual({ status: 401, message: 'Wallet is locked' });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(actor.getSnapshot().context.message).toBe('Wallet is locked');
    expect(localStorage.getItem('dakiya.loginError')).toBe('Wallet is locked');
    expect(localStorage.getItem('dakiya.loggedIn')).toBeNull();
  });

  it('ends an admin session on a 401 with Admin Session Expired, without a refresh', async () => {
    serve((url) => {
      if (url === '/api/v1/account/info') return json(200, { data: ACCOUNT });
      if (url === '/api/v1/app-config') return json(200, { data: {} });
      if (url === '/api/v1/auth/logout') return json(200, { data: null });
      return json(401, { errorMessage: 'Token expired' });
    });
    const actor = createSessionActor({ onLoginPage: false });
    actor.start();
    actor.send({ type: 'START', popupToken: ADMIN_TOKEN });
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    await expect(http.get('/api/v1/orders')).rejects.toMatchObject({ status: 401 });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(actor.getSnapshot().context.message).toBe('Admin Session Expired');
    expect(calls.some((c) => c.url === '/api/v1/auth/refresh-token')).toBe(false);
  });

  it('reads a failure as header, then body, then generic; offline as No Internet Connection', async () => {
    serve((url) => {
      if (url === '/a') return json(400, { errorMessage: 'body text' }, { 'x-error-message': 'header text' });
      if (url === '/b') return json(400, { errorMessage: 'body text' });
      if (url === '/c') return new Response('<html>', { status: 500 });
      throw new TypeError('Failed to fetch');
    });
    await expect(http.get('/a')).rejects.toEqual({ status: 400, message: 'header text' });
    await expect(http.get('/b')).rejects.toEqual({ status: 400, message: 'body text' });
    await expect(http.get('/c')).rejects.toEqual({ status: 500, message: 'Something went wrong. Please try again.' });
    await expect(http.get('/d')).rejects.toEqual({ status: 0, message: 'No Internet Connection' });
  });
});
