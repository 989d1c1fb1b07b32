import { describe, expect, it } from 'vitest';
import { API_ACCOUNT } from '../../src/domain/account-contract';
import { call, callOutlivingPage } from '../../src/services/call';
import type { Http } from '../../src/services/types';

// A contract's operation sent through the session's HTTP client: the path, the body and, for a
// record that must outlive the page, keepalive.

/** An Http that records each request it is asked for and answers `{ data }`. */
function recordingHttp() {
  const sent: { method: string; path: string; body?: unknown; options?: unknown }[] = [];
  const answer = <T>(data: unknown) => Promise.resolve({ data } as T);
  const http: Http = {
    get: (path) => (sent.push({ method: 'get', path }), answer({ email: 'meera@demo.dakiya.in' })),
    post: (path, body, options) => (sent.push({ method: 'post', path, body, options }), answer({ message: 'ok' })),
    put: (path, body) => (sent.push({ method: 'put', path, body }), answer({})),
    delete: (path, body) => (sent.push({ method: 'delete', path, body }), answer({})),
    upload: () => Promise.reject(new Error('not sent here')),
    download: () => Promise.reject(new Error('not sent here')),
    downloadPost: () => Promise.reject(new Error('not sent here')),
    uploadWithProgress: () => Promise.reject(new Error('not sent here')),
  };
  return { http, sent };
}

describe('call', () => {
  it('sends a POST with no options, and answers its data', async () => {
    const { http, sent } = recordingHttp();
    expect(await call(http, API_ACCOUNT.homeTourSeen)).toEqual({ message: 'ok' });
    expect(sent).toEqual([{ method: 'post', path: '/api/v1/account/home-tour', body: undefined, options: undefined }]);
  });
});

describe('callOutlivingPage', () => {
  it('sends the same POST with keepalive, and answers its data', async () => {
    const { http, sent } = recordingHttp();
    expect(await callOutlivingPage(http, API_ACCOUNT.homeTourSeen)).toEqual({ message: 'ok' });
    expect(sent).toEqual([
      { method: 'post', path: '/api/v1/account/home-tour', body: undefined, options: { keepalive: true } },
    ]);
  });

  it('refuses an operation that is not a POST, sending nothing', async () => {
    const { http, sent } = recordingHttp();
    expect(() => callOutlivingPage(http, API_ACCOUNT.accountInfo)).toThrow(/only a POST/);
    expect(sent).toEqual([]);
  });
});
