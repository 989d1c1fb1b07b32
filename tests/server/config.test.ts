import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/domain/api';
import { dataOf, startTestServer, type TestServer } from './harness';

describe('config routes', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('answers the app configuration without a login', async () => {
    const data = await dataOf<{ CHANNEL_URL: string; CARRIER_PUBLIC_URL: string }>(await s.request(API.appConfig));
    expect(data.CARRIER_PUBLIC_URL).toBe('http://dakiya.test/tracking');
    expect(data.CHANNEL_URL).toMatch(/^http:\/\/dakiya\.test\//);
  });

  it('lists the states with GST codes', async () => {
    const data = await dataOf<{ code: string; gstCode: string }[]>(await s.request(API.states));
    expect(data).toContainEqual({ code: 'KA', name: 'Karnataka', gstCode: '29' });
    expect(data.length).toBe(36);
  });

  it('answers an unknown API path with 404 and the error header', async () => {
    const res = await s.request('/api/v1/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-error-message')).toContain('No such API route');
  });

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await (await s.request('/api/openapi.json')).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain(API.appConfig);
    const page = await (await s.request('/api/docs')).text();
    expect(page).toContain('Dakiya API reference');
  });
});
