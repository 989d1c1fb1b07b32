import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { API } from '../../src/domain/api';
import { dataOf, startTestServer, type TestServer } from './harness';

describe('development mailbox', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('lists sent messages as JSON and as an escaped page', async () => {
    await s.deps.messenger.send({ channel: 'SMS', recipient: '+919876543210', subject: 'Your code', body: 'Code 123456 <script>x</script>' });
    const rows = await dataOf<{ channel: string; recipient: string; body: string }[]>(await s.request(API.devOutbox));
    expect(rows[0]).toMatchObject({ channel: 'SMS', recipient: '+919876543210' });
    const page = await (await s.request('/dev/outbox')).text();
    expect(page).toContain('Development mailbox');
    expect(page).toContain('Code 123456 &#60;script&#62;');
    expect(page).not.toContain('<script>x');
  });

  it('does not exist in production', async () => {
    const { app } = createApp({ ...s.deps, config: { ...s.deps.config, devOutbox: false, production: true } });
    expect((await app.request(API.devOutbox)).status).toBe(404);
    expect((await app.request('/dev/outbox')).status).toBe(404);
  });
});
