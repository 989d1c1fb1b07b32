import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_CHANNELS } from '../../src/domain/channels-contract';
import { STANDIN_WOOCOMMERCE } from '../../server/channels/settings';
import { wooStandinKeys } from '../../server/channels/standin/woocommerce-standin';
import type { Resolver } from '../../server/outbound/destination';
import { errorOf, type TestServer } from './harness';
import { demoTokens, startDemoServer } from './helpers';
import { answerOf, send } from './call';

// A store's site is a seller-given destination too: connecting one that is not on the public
// internet is a 400 naming the Store URL and no request reaches it, in production and outside
// it. The stand-in stores of a development server post their webhooks only to that server.

let s: TestServer;
let meera: string;
let hits = 0;
let site: Server;
let port = 0;

const names: Record<string, string[]> = {
  localhost: ['127.0.0.1'],
  'shop.seller.example': ['169.254.169.254'],
  'both.seller.example': ['93.184.216.34', '10.0.0.7'],
};
const resolver: Resolver = async (host) => {
  const list = names[host];
  if (!list) throw new Error(`ENOTFOUND ${host}`);
  return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

beforeAll(async () => {
  s = await startDemoServer();
  s.deps.resolveHost = resolver;
  ({ meera } = await demoTokens(s));
  // a "store" on this machine that would answer as WooCommerce does
  site = createServer((req, res) => {
    hits += 1;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ name: 'Inside the network' }));
  });
  await new Promise<void>((ok) => site.listen(0, '127.0.0.1', ok));
  port = (site.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((ok) => site.close(() => ok()));
  await s.close();
});
beforeEach(() => {
  hits = 0;
  s.deps.config.production = false;
  s.deps.config.allowLoopbackDestinations = false;
});

const KEYS = { consumerKey: `ck_${'a'.repeat(40)}`, consumerSecret: `cs_${'b'.repeat(40)}` };
const connect = (siteUrl: string) => send(s, API_CHANNELS.woocommerce, { body: { siteUrl, ...KEYS }, token: meera });

describe('connecting a WooCommerce site', () => {
  const PUBLIC_ONLY = 'Store URL must be a public internet address';
  const refused = (scheme: string): [string, string][] => [
    [`${scheme}://localhost:${port}`, PUBLIC_ONLY],
    [`${scheme}://2130706433:${port}`, PUBLIC_ONLY],
    [`${scheme}://169.254.169.254`, PUBLIC_ONLY],
    [`${scheme}://10.0.0.1`, PUBLIC_ONLY],
    [`${scheme}://[fd00::5]`, PUBLIC_ONLY],
    [`${scheme}://shop.seller.example`, PUBLIC_ONLY],
    [`${scheme}://both.seller.example`, PUBLIC_ONLY],
    [`${scheme}://admin:secret@both.seller.example`, 'Store URL must not carry a user name or password'],
  ];

  it('refuses a site that is not a public internet address, and sends it nothing (NODE_ENV unset)', async () => {
    for (const [url, message] of refused('http')) {
      expect({ url, ...(await errorOf(await connect(url))) }).toMatchObject({ url, status: 400, message });
    }
    expect(hits).toBe(0);
  });

  it('refuses the same over https in production, and sends it nothing (NODE_ENV=production)', async () => {
    s.deps.config.production = true;
    for (const [url, message] of refused('https')) {
      expect({ url, ...(await errorOf(await connect(url))) }).toMatchObject({ url, status: 400, message });
    }
    expect(hits).toBe(0);
  });

  it('reaches a site on this machine only with OUTBOUND_ALLOW_LOOPBACK=1', async () => {
    s.deps.config.allowLoopbackDestinations = true;
    const store = await answerOf(API_CHANNELS.woocommerce, await connect(`http://localhost:${port}`));
    expect(store).toMatchObject({ platform: 'WOOCOMMERCE', name: 'Inside the network' });
    expect(hits).toBeGreaterThan(0);
  });
});

describe('the stand-in WooCommerce store', () => {
  it('subscribes webhooks only to this Dakiya server', async () => {
    const keys = await wooStandinKeys(s.deps);
    const subscribe = (delivery_url: string) =>
      s.request(`${STANDIN_WOOCOMMERCE}/wp-json/wc/v3/webhooks`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${keys.consumerKey}:${keys.consumerSecret}`).toString('base64')}`,
        },
        json: { topic: 'order.created', delivery_url },
      });
    for (const url of ['http://169.254.169.254/latest', `http://127.0.0.1:${port}/x`, 'https://elsewhere.example/x'])
      expect({ url, status: (await subscribe(url)).status }).toEqual({ url, status: 400 });
    expect((await subscribe(`${s.deps.config.publicUrl}/api/v1/channels/webhooks/woocommerce/1`)).status).toBe(201);
  });
});
