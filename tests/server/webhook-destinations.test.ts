import { pathOf } from '../../src/domain/operation';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, type TestServer } from './harness';
import { answer } from './call';
import { ownerOn } from './team-helpers';
import { loadConfig } from '../../server/config';
import type { Resolver } from '../../server/outbound/destination';
import { deliverDueWebhooks } from '../../server/modules/open-api/webhooks/deliver';
import { emitWebhookEvents } from '../../server/modules/open-api/webhooks/emit';
import { API_OPEN } from '../../src/domain/open-api-contract';

// Webhook endpoints reach only the public internet, whatever NODE_ENV says: each bad URL is a
// 400 naming the field, in production and outside it; the name is checked again at send time
// and the request goes to the address checked (a name re-pointed to this machine gets nothing);
// a redirect is a failed delivery, never followed. Loopback only with OUTBOUND_ALLOW_LOOPBACK.

let s: TestServer;

/** A receiver on 127.0.0.1 that counts what it got and answers `answer`. */
interface Receiver {
  port: number;
  hits: { host: string | undefined; url: string | undefined }[];
  answer: { status: number; location?: string };
  server: Server;
}
async function receiver(): Promise<Receiver> {
  const r = { hits: [], answer: { status: 200 } } as unknown as Receiver;
  r.server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      r.hits.push({ host: req.headers.host, url: req.url });
      if (r.answer.location) res.setHeader('location', r.answer.location);
      res.statusCode = r.answer.status;
      res.end('ok');
    });
  });
  await new Promise<void>((ok) => r.server.listen(0, '127.0.0.1', ok));
  r.port = (r.server.address() as AddressInfo).port;
  return r;
}

/** Names this test's resolver knows; anything else does not resolve. */
let names: Record<string, string[]> = {};
let lookups: string[] = [];
const resolver: Resolver = async (host) => {
  lookups.push(host);
  const list = names[host];
  if (!list) throw new Error(`ENOTFOUND ${host}`);
  return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const PUBLIC_ONLY = 'Endpoint link must be a public internet address';
const ALWAYS_REFUSED: [string, string][] = [
  ['http://169.254.169.254/latest/meta-data/iam/', PUBLIC_ONLY],
  ['http://10.0.0.1/hook', PUBLIC_ONLY],
  ['http://192.168.1.20/hook', PUBLIC_ONLY],
  ['http://172.16.5.4/hook', PUBLIC_ONLY],
  ['http://100.64.0.9/hook', PUBLIC_ONLY],
  ['http://0.0.0.0/hook', PUBLIC_ONLY],
  ['http://198.18.0.1/hook', PUBLIC_ONLY],
  ['http://224.0.0.1/hook', PUBLIC_ONLY],
  ['http://[::]/hook', PUBLIC_ONLY],
  ['http://[fc00::1]/hook', PUBLIC_ONLY],
  ['http://[fe80::1]/hook', PUBLIC_ONLY],
  ['http://[::ffff:10.0.0.1]/hook', PUBLIC_ONLY],
  ['http://[64:ff9b::a9fe:a9fe]/hook', PUBLIC_ONLY],
  ['http://[2002:c0a8:101::]/hook', PUBLIC_ONLY],
  ['http://2852039166/hook', PUBLIC_ONLY],
  ['https://metadata.seller.example/hook', PUBLIC_ONLY],
  ['https://user:password@hooks.seller.example/hook', 'Endpoint link must not carry a user name or password'],
  ['https://nowhere.seller.example/hook', 'Endpoint link has a host name that does not resolve'],
];
const LOOPBACK = [
  'http://127.0.0.1:9/hook',
  'http://2130706433/hook',
  'http://0x7f.1/hook',
  'http://017700000001/hook',
  'http://[::1]/hook',
  'http://loopback.seller.example/hook',
];

const MODES = [
  { name: 'NODE_ENV unset', production: false, allowLoopback: false },
  { name: 'NODE_ENV=production', production: true, allowLoopback: false },
  { name: 'OUTBOUND_ALLOW_LOOPBACK=1', production: false, allowLoopback: true },
  { name: 'NODE_ENV=production with OUTBOUND_ALLOW_LOOPBACK=1', production: true, allowLoopback: true },
];
function setMode(m: { production: boolean; allowLoopback: boolean }) {
  s.deps.config.production = m.production;
  s.deps.config.allowLoopbackDestinations = m.allowLoopback;
}

beforeAll(async () => {
  s = await startTestServer();
  s.deps.resolveHost = resolver;
});
afterAll(() => s.close());
beforeEach(() => {
  names = {
    'hooks.seller.example': ['93.184.216.34'],
    'metadata.seller.example': ['93.184.216.34', '169.254.169.254'],
    'loopback.seller.example': ['127.0.0.1'],
  };
  lookups = [];
  setMode(MODES[0]);
});

describe('the development setting', () => {
  it('is off unless OUTBOUND_ALLOW_LOOPBACK=1, in production and outside it alike', () => {
    expect(loadConfig({}).allowLoopbackDestinations).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).allowLoopbackDestinations).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).allowLoopbackDestinations).toBe(false);
    expect(loadConfig({ OUTBOUND_ALLOW_LOOPBACK: '1' }).allowLoopbackDestinations).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', OUTBOUND_ALLOW_LOOPBACK: '1' }).allowLoopbackDestinations).toBe(true);
  });
});

describe('saving a webhook endpoint', () => {
  for (const mode of MODES) {
    it(`refuses every non-public address with a 400 naming the field (${mode.name})`, async () => {
      setMode(mode);
      const owner = await ownerOn(s, 'PREMIUM');
      const made = await answer(s, API_OPEN.createEndpoint, {
        token: owner.token,
        body: { url: 'https://hooks.seller.example/hook', events: ['order.created'] },
      });
      for (const [url, message] of ALWAYS_REFUSED) {
        const json = { url, events: ['order.created'] };
        const created = await errorOf(
          await s.request(API_OPEN.endpoints.path, { method: 'POST', token: owner.token, json }),
        );
        expect({ url, ...created }).toMatchObject({ url, status: 400, message });
        const changed = await errorOf(
          await s.request(pathOf(API_OPEN.updateEndpoint, { endpointId: made.id }), {
            method: 'PUT',
            token: owner.token,
            json,
          }),
        );
        expect({ url, ...changed }).toMatchObject({ url, status: 400, message });
      }
      for (const url of LOOPBACK) {
        const res = await s.request(API_OPEN.endpoints.path, {
          method: 'POST',
          token: owner.token,
          json: { url, events: ['order.created'] },
        });
        if (!mode.allowLoopback)
          expect({ url, ...(await errorOf(res)) }).toMatchObject({ url, status: 400, message: PUBLIC_ONLY });
        // with the setting, loopback passes the address rule; production still wants https
        else if (mode.production)
          expect({ url, ...(await errorOf(res)) }).toMatchObject({
            url,
            status: 400,
            message: 'Endpoint link must be an https address',
          });
        else expect({ url, status: res.status }).toEqual({ url, status: 200 });
      }
      const list = await answer(s, API_OPEN.endpoints, { token: owner.token });
      expect(list.map((e) => e.url).sort()).toEqual(
        // kept as the address it names: 2130706433, 0x7f.1 and 017700000001 are saved as 127.0.0.1
        [
          'https://hooks.seller.example/hook',
          ...(mode.allowLoopback && !mode.production ? LOOPBACK.map((u) => new URL(u).href) : []),
        ].sort(),
      );
    });
  }
});

describe('delivering a webhook', () => {
  let r: Receiver;
  let other: Receiver;
  beforeAll(async () => {
    r = await receiver();
    other = await receiver();
  });
  afterAll(async () => {
    for (const x of [r, other]) await new Promise<void>((ok) => x.server.close(() => ok()));
  });
  beforeEach(() => {
    r.hits.length = 0;
    other.hits.length = 0;
    r.answer = { status: 200 };
  });

  async function endpointWithEvent(url: string) {
    const owner = await ownerOn(s, 'PREMIUM');
    const ep = await answer(s, API_OPEN.createEndpoint, {
      token: owner.token,
      body: { url, events: ['order.created'] },
    });
    await emitWebhookEvents(
      s.deps.db,
      [{ orgId: owner.orgId, type: 'order.created', ref: `ref-${ep.id}`, data: { orderId: ep.id } }],
      s.deps.now(),
    );
    const lastAttempt = async () => {
      const page = await answer(s, API_OPEN.deliveries, { params: { endpointId: ep.id }, token: owner.token });
      const detail = await answer(s, API_OPEN.delivery, {
        params: { deliveryId: page.items[0].id },
        token: owner.token,
      });
      return { status: detail.status, ...detail.attemptsLog.at(-1)! };
    };
    return { ep, lastAttempt };
  }

  it('a name public when saved and re-pointed to this machine at send time: no request is made', async () => {
    // "localhost" is the name a resolver really answers 127.0.0.1 for
    names.localhost = ['93.184.216.34'];
    const { lastAttempt } = await endpointWithEvent(`http://localhost:${r.port}/hook`);
    names.localhost = ['127.0.0.1'];
    lookups = [];
    expect(await deliverDueWebhooks(s.deps)).toBe(1);
    expect(r.hits).toHaveLength(0);
    expect(lookups).toEqual(['localhost']);
    expect(await lastAttempt()).toMatchObject({
      status: 'PENDING',
      responseStatus: null,
      error: `Not sent: ${PUBLIC_ONLY}`,
    });
  });

  it('connects to the address it checked: a name asked once, whatever it would answer next', async () => {
    setMode(MODES[2]);
    let asked = 0;
    // the first answer is this machine's receiver; any later one points elsewhere
    s.deps.resolveHost = async (host) => {
      lookups.push(host);
      return [{ address: asked++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
    };
    try {
      const { lastAttempt } = await endpointWithEvent(`http://hooks.seller.example:${r.port}/hook`);
      asked = 0;
      lookups = [];
      expect(await deliverDueWebhooks(s.deps)).toBe(1);
      expect(lookups).toEqual(['hooks.seller.example']);
      expect(r.hits).toEqual([{ host: `hooks.seller.example:${r.port}`, url: '/hook' }]);
      expect(await lastAttempt()).toMatchObject({ status: 'DELIVERED', responseStatus: 200, error: null });
    } finally {
      s.deps.resolveHost = resolver;
    }
  });

  it('never follows a redirect: a 3xx is a failed delivery, and its target gets nothing', async () => {
    setMode(MODES[2]);
    r.answer = { status: 307, location: `http://127.0.0.1:${other.port}/elsewhere` };
    const { lastAttempt } = await endpointWithEvent(`http://127.0.0.1:${r.port}/hook`);
    expect(await deliverDueWebhooks(s.deps)).toBe(1);
    expect(r.hits).toHaveLength(1);
    expect(other.hits).toHaveLength(0);
    expect(await lastAttempt()).toMatchObject({ status: 'PENDING', responseStatus: 307 });
  });

  it('outside the development setting a loopback receiver saved earlier is not sent to', async () => {
    setMode(MODES[2]);
    const { lastAttempt } = await endpointWithEvent(`http://127.0.0.1:${r.port}/hook`);
    setMode(MODES[0]);
    expect(await deliverDueWebhooks(s.deps)).toBe(1);
    expect(r.hits).toHaveLength(0);
    expect(await lastAttempt()).toMatchObject({ responseStatus: null, error: `Not sent: ${PUBLIC_ONLY}` });
  });
});
