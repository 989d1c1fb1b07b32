import { pathOf, type InputOf } from '../../src/domain/operation';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { errorOf, startTestServer, type TestServer } from './harness';
import { answer, answerOf } from './call';
import { verifiedPickup } from './helpers';
import { invitedUser, ownerOn, relogin } from './team-helpers';
import { apiKeys, webhookEndpoints } from '../../server/db/schema';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { API_OPEN, SELLER_API_DOCS, WEBHOOK_RETRY_SECONDS } from '../../src/domain/open-api-contract';
import { deliverDueWebhooks } from '../../server/modules/open-api/webhooks/deliver';
import { planFeatureRefusal } from '../../src/domain/plans';
import { PERMISSION_DENIED, API_KEY_ROUTE_REFUSED } from '../../server/http/router';
import { queryRows } from '../../server/db/rows';

// The open API end to end through HTTP: keys (plan gate, shown once, permissions, tenancy,
// revocation, rate limit), Idempotency-Key, the seller API's document, and signed webhooks with
// retries, disabling, rotation and replay.

let s: TestServer;

/** A receiver on this machine that answers with `status()` and keeps what it got. */
interface Receiver {
  url: string;
  got: { headers: IncomingHttpHeaders; body: string }[];
  status: number;
  server: Server;
}
async function receiver(): Promise<Receiver> {
  const r = { got: [], status: 200 } as unknown as Receiver;
  r.server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      r.got.push({ headers: req.headers, body });
      res.statusCode = r.status;
      res.end(r.status < 300 ? 'ok' : 'receiver is down');
    });
  });
  await new Promise<void>((ok) => r.server.listen(0, '127.0.0.1', ok));
  r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}/hooks`;
  return r;
}

/** The Standard Webhooks check written from the specification, apart from the library that signs. */
function verifiedBySpec(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`)
    .digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((part) => {
      const [version, sig] = part.split(',');
      const given = Buffer.from(sig ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

type OrderInput = InputOf<typeof API_ORDERS.create>['body'];

const ORDER = (pickupAddressId: number, over: Partial<OrderInput> = {}): OrderInput => ({
  orderDate: '2026-11-20',
  paymentMethod: 'PPD',
  buyerName: 'Kavya Reddy',
  buyerPhone: '9988776655',
  shipping: { line1: '12, 4th Cross, Indiranagar', pincode: '560038' },
  items: [{ name: 'Blue Pottery Vase', sku: 'BPV-12', quantity: 1, unitPrice: 1450, taxRatePercent: 12 }],
  lengthCm: 20,
  breadthCm: 20,
  heightCm: 30,
  deadWeightKg: 1.2,
  pickupAddressId,
  ...over,
});

const withKey = (key: string, init: RequestInit & { json?: unknown } = {}, idem?: string) => ({
  ...init,
  headers: { ...keyHeaders(key, idem), ...(init.headers as object) },
});
/** An API key's headers, with the Idempotency-Key of a write. */
const keyHeaders = (key: string, idem?: string) => ({
  'x-api-key': key,
  ...(idem ? { 'idempotency-key': idem } : {}),
});

async function premiumSeller() {
  const owner = await ownerOn(s, 'PREMIUM');
  const { pickupId } = await verifiedPickup(s, owner.token);
  const made = await answer(s, API_OPEN.createKey, { body: { name: 'Store sync' }, token: owner.token });
  return { ...owner, pickupId, key: made.key, keyRow: made.row };
}

beforeAll(async () => {
  // the receivers of these tests run on this machine: the development setting lets webhooks reach them
  s = await startTestServer({ config: { allowLoopbackDestinations: true } });
});
afterAll(async () => {
  await s.close();
});

describe('API keys', () => {
  it('are a Premium feature: Pro is refused with the plan that opens it, Premium may make one', async () => {
    const pro = await ownerOn(s, 'PRO');
    const refused = await errorOf(
      await s.request(API_OPEN.keys.path, { method: 'POST', token: pro.token, json: { name: 'k' } }),
    );
    expect(refused).toMatchObject({ status: 403, message: planFeatureRefusal('openApi') });
    expect((await s.request(API_OPEN.endpoints.path, { token: pro.token })).status).toBe(403);
    const premium = await ownerOn(s, 'PREMIUM');
    expect(
      (await s.request(API_OPEN.keys.path, { method: 'POST', token: premium.token, json: { name: 'k' } })).status,
    ).toBe(200);
  });

  it('is shown once, kept hashed, lists its last use, and a revoked key is refused', async () => {
    const seller = await premiumSeller();
    expect(seller.key).toMatch(/^dk_live_[A-Za-z0-9_-]{43}$/);
    expect(seller.keyRow.prefix).toBe(seller.key.slice(0, 12));
    const [stored] = await s.deps.db.select().from(apiKeys).where(eq(apiKeys.id, seller.keyRow.id));
    expect(stored.keyHash).not.toContain(seller.key.slice(8));
    expect(JSON.stringify(stored)).not.toContain(seller.key);
    let list = await answer(s, API_OPEN.keys, { token: seller.token });
    expect(JSON.stringify(list)).not.toContain(seller.key);
    expect(list[0].lastUsedAt).toBeNull();
    // Bearer works as well as X-Api-Key
    const wallet = await s.request(API_WALLET.wallet.path, { headers: { authorization: `Bearer ${seller.key}` } });
    expect(wallet.status).toBe(200);
    list = await answer(s, API_OPEN.keys, { token: seller.token });
    expect(list[0].lastUsedAt).toBe(s.clock.now.toISOString());
    const revoked = await answer(s, API_OPEN.revokeKey, { params: { keyId: seller.keyRow.id }, token: seller.token });
    expect(revoked.revokedAt).not.toBeNull();
    expect(await errorOf(await s.request(API_WALLET.wallet.path, withKey(seller.key)))).toMatchObject({
      status: 401,
      message: 'This API key is not valid or was revoked',
    });
    expect((await s.request(API_WALLET.wallet.path, withKey('dk_live_nonsense'))).status).toBe(401);
  });

  it('names the field by its label when a key has no name', async () => {
    const owner = await ownerOn(s, 'PREMIUM');
    const res = await s.request(API_OPEN.keys.path, { method: 'POST', token: owner.token, json: { name: '  ' } });
    expect(await errorOf(res)).toMatchObject({ status: 400, message: 'Key name is required' });
  });

  it('reaches only the seller API: not its own keys, nor the team', async () => {
    const seller = await premiumSeller();
    expect(await errorOf(await s.request(API_OPEN.keys.path, withKey(seller.key)))).toMatchObject({
      status: 403,
      message: API_KEY_ROUTE_REFUSED,
    });
    expect((await s.request(API_TEAM.users.path, withKey(seller.key))).status).toBe(403);
  });

  it('carries its maker’s permissions: a key made by a login without Create orders cannot create one', async () => {
    const owner = await premiumSeller();
    const role = await answer(s, API_TEAM.addRole, {
      body: { roleName: 'Integrations', permissions: ['apikeys.manage', 'orders.view'] },
      token: owner.token,
    });
    const user = await invitedUser(s, owner.token, 'integrations@team.test', { teamRoleId: role.roleId });
    const { key } = await answer(s, API_OPEN.createKey, { body: { name: 'read only' }, token: user.token });
    expect((await s.request(API_ORDERS.orders.path, withKey(key))).status).toBe(200);
    const refused = await s.request(
      API_ORDERS.orders.path,
      withKey(key, { method: 'POST', body: JSON.stringify(ORDER(owner.pickupId)) }, 'perm-1'),
    );
    expect(await errorOf(refused)).toMatchObject({ status: 403, message: PERMISSION_DENIED });
    // a login without Manage API keys makes none
    const packer = await invitedUser(s, owner.token, 'packer@team.test', { role: 'USER' });
    expect(
      (await s.request(API_OPEN.keys.path, { method: 'POST', token: packer.token, json: { name: 'x' } })).status,
    ).toBe(403);
  });

  it('another seller’s key sees nothing of this seller’s', async () => {
    const a = await premiumSeller();
    const b = await premiumSeller();
    const order = await answer(s, API_ORDERS.create, { body: ORDER(a.pickupId), headers: keyHeaders(a.key, 'a-1') });
    expect((await s.request(pathOf(API_ORDERS.order, { orderId: order.orderId }), withKey(b.key))).status).toBe(404);
    const listed = await answer(s, API_ORDERS.orders, { headers: keyHeaders(b.key) });
    expect(listed.items.map((o) => o.orderId)).not.toContain(order.orderId);
    const cancel = await s.request(
      pathOf(API_ORDERS.cancel, { orderId: order.orderId }),
      withKey(b.key, { method: 'PUT' }, 'b-cancel'),
    );
    expect(cancel.status).toBe(404);
    // b's idempotency keys are b's own: the same key text is no replay of a's write
    const bOrder = await s.request(
      API_ORDERS.orders.path,
      withKey(b.key, { method: 'POST', body: JSON.stringify(ORDER(b.pickupId)) }, 'a-1'),
    );
    expect(bOrder.status).toBe(200);
    expect(bOrder.headers.get('idempotent-replayed')).toBeNull();
    // b's endpoints and deliveries are b's own
    const ep = await answer(s, API_OPEN.createEndpoint, {
      body: { url: 'http://127.0.0.1:9/x', events: ['order.created'] },
      token: a.token,
    });
    expect((await s.request(pathOf(API_OPEN.endpointSecret, { endpointId: ep.id }), { token: b.token })).status).toBe(
      404,
    );
    expect((await s.request(pathOf(API_OPEN.deliveries, { endpointId: ep.id }), { token: b.token })).status).toBe(404);
  });

  it('has a rate limit a minute: past it a 429 with Retry-After', async () => {
    const seller = await premiumSeller();
    await s.deps.db.update(apiKeys).set({ rateLimitPerMinute: 2 }).where(eq(apiKeys.id, seller.keyRow.id));
    expect((await s.request(API_WALLET.wallet.path, withKey(seller.key))).status).toBe(200);
    expect((await s.request(API_WALLET.wallet.path, withKey(seller.key))).status).toBe(200);
    const limited = await s.request(API_WALLET.wallet.path, withKey(seller.key));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    s.clock.advance(31_000);
    expect((await s.request(API_WALLET.wallet.path, withKey(seller.key))).status).toBe(200);
  });
});

describe('Idempotency-Key on API writes', () => {
  it('is required, replays the same answer for the same body, and refuses another body with 422', async () => {
    const seller = await premiumSeller();
    const body = JSON.stringify(ORDER(seller.pickupId));
    const missing = await s.request(API_ORDERS.orders.path, withKey(seller.key, { method: 'POST', body }));
    expect(await errorOf(missing)).toMatchObject({
      status: 400,
      message: 'The Idempotency-Key header is required on every API write',
    });
    const firstData = await answer(s, API_ORDERS.create, {
      body: ORDER(seller.pickupId),
      headers: keyHeaders(seller.key, 'order-1'),
    });
    const again = await s.request(API_ORDERS.orders.path, withKey(seller.key, { method: 'POST', body }, 'order-1'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await answerOf(API_ORDERS.create, again)).toEqual(firstData);
    const other = await s.request(
      API_ORDERS.orders.path,
      withKey(
        seller.key,
        { method: 'POST', body: JSON.stringify(ORDER(seller.pickupId, { buyerName: 'Other' })) },
        'order-1',
      ),
    );
    expect((await errorOf(other)).status).toBe(422);
    // a refused write keeps its answer too: the same repeat gets the same 400
    const bad = JSON.stringify(ORDER(seller.pickupId, { buyerPhone: '12' }));
    const r1 = await errorOf(
      await s.request(API_ORDERS.orders.path, withKey(seller.key, { method: 'POST', body: bad }, 'bad-1')),
    );
    const r2 = await errorOf(
      await s.request(API_ORDERS.orders.path, withKey(seller.key, { method: 'POST', body: bad }, 'bad-1')),
    );
    expect(r1.status).toBe(400);
    expect(r2).toEqual(r1);
  });

  it('acts once under concurrent repeats: ten at once make one order and answer it ten times', async () => {
    const seller = await premiumSeller();
    const body = JSON.stringify(ORDER(seller.pickupId, { orderNumber: 'RACE-1' }));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        s.request(API_ORDERS.orders.path, withKey(seller.key, { method: 'POST', body }, 'race-1')),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const ids = await Promise.all(answers.map(async (r) => (await answerOf(API_ORDERS.create, r)).orderId));
    expect(new Set(ids).size).toBe(1);
    const [{ n }] = await queryRows<{ n: number }>(
      s.deps.db,
      sql`select count(*)::int as n from orders where org_id = ${seller.orgId} and order_number = 'RACE-1'`,
    );
    expect(n).toBe(1);
  });

  it('a key is free again after a day', async () => {
    const seller = await premiumSeller();
    const send = (n: string) =>
      s.request(
        API_ORDERS.orders.path,
        withKey(
          seller.key,
          { method: 'POST', body: JSON.stringify(ORDER(seller.pickupId, { orderNumber: n })) },
          'daily',
        ),
      );
    expect((await send('DAY-1')).status).toBe(200);
    expect((await send('DAY-2')).status).toBe(422);
    s.clock.advance(25 * 3600_000);
    expect((await send('DAY-2')).status).toBe(200);
  });
});

describe('the seller API document', () => {
  it('holds the API operations with the Idempotency-Key header on writes, and nothing else', async () => {
    const doc = (await (await s.request(SELLER_API_DOCS.document)).json()) as {
      paths: Record<string, Record<string, { parameters: { name: string; in: string }[]; security: unknown[] }>>;
    };
    const create = doc.paths['/api/v1/orders'].post;
    expect(create.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
    expect(create.security).toEqual([{ apiKey: [] }, { bearerApiKey: [] }]);
    expect(doc.paths['/api/v1/orders/{orderId}/cancel'].put).toBeDefined();
    expect(doc.paths['/api/v1/wallet']?.get ?? Object.keys(doc.paths).find((p) => p.includes('wallet'))).toBeTruthy();
    expect(doc.paths[API_OPEN.keys.path]).toBeUndefined();
    const page = await s.request(SELLER_API_DOCS.reference);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Dakiya seller API');
    expect(html).toContain('Idempotency-Key');
    expect(html).not.toContain(API_OPEN.keys.path);
  });
});

describe('webhooks', () => {
  let r: Receiver;
  beforeAll(async () => {
    r = await receiver();
  });
  afterAll(() => new Promise<void>((ok) => r.server.close(() => ok())));

  it('refuses a bad URL and an empty list of events by their labels', async () => {
    const owner = await ownerOn(s, 'PREMIUM');
    const post = (json: object) => s.request(API_OPEN.endpoints.path, { method: 'POST', token: owner.token, json });
    expect(await errorOf(await post({ url: 'ftp://x', events: ['order.created'] }))).toMatchObject({
      status: 400,
      message: 'Endpoint link must be an http or https address',
    });
    expect(await errorOf(await post({ url: r.url, events: [] }))).toMatchObject({
      status: 400,
      message: 'Choose at least one of the events',
    });
    expect((await errorOf(await post({ url: r.url, events: ['order.eaten'] }))).status).toBe(400);
  });

  it('sends a subscribed event once, signed per Standard Webhooks (checked independently and by the library)', async () => {
    const seller = await premiumSeller();
    const ep = await answer(s, API_OPEN.createEndpoint, {
      body: { url: r.url, events: ['order.created', 'order.status_changed'] },
      token: seller.token,
    });
    const { secret } = await answer(s, API_OPEN.endpointSecret, { params: { endpointId: ep.id }, token: seller.token });
    expect(secret).toMatch(/^whsec_/);
    await deliverDueWebhooks(s.deps);
    r.got.length = 0;
    const order = await answer(s, API_ORDERS.create, {
      body: ORDER(seller.pickupId),
      headers: keyHeaders(seller.key, 'hook-1'),
    });
    await answer(s, API_ORDERS.cancel, {
      params: { orderId: order.orderId },
      headers: keyHeaders(seller.key, 'hook-cancel'),
    });
    expect(await deliverDueWebhooks(s.deps)).toBe(2);
    expect(await deliverDueWebhooks(s.deps)).toBe(0);
    expect(r.got).toHaveLength(2);
    const created = r.got.find((g) => JSON.parse(g.body).type === 'order.created')!;
    expect(JSON.parse(created.body).data).toMatchObject({ orderId: order.orderId, orderNumber: order.orderNumber });
    const changed = r.got.find((g) => JSON.parse(g.body).type === 'order.status_changed')!;
    expect(JSON.parse(changed.body).data).toMatchObject({ orderId: order.orderId, fromStatus: 'RTS', status: 'CAN' });
    for (const g of r.got) {
      expect(g.headers['webhook-id']).toMatch(/^msg_\d+$/);
      expect(Number(g.headers['webhook-timestamp'])).toBe(Math.floor(s.clock.now.getTime() / 1000));
      expect(verifiedBySpec(secret, g.headers, g.body)).toBe(true);
      expect(verifiedBySpec(secret, g.headers, g.body.replace('"data"', '"data" '))).toBe(false);
      const wh = new Webhook(secret);
      // the library checks the timestamp against the wall clock: sign-time is the test clock's
      expect(() =>
        wh.verify(g.body, {
          'webhook-id': String(g.headers['webhook-id']),
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': new Webhook(secret).sign(String(g.headers['webhook-id']), new Date(), g.body),
        }),
      ).not.toThrow();
    }
    const log = await answer(s, API_OPEN.deliveries, { params: { endpointId: ep.id }, token: seller.token });
    expect(log.items.map((d) => d.status)).toEqual(['DELIVERED', 'DELIVERED']);
    const detail = await answer(s, API_OPEN.delivery, { params: { deliveryId: log.items[0].id }, token: seller.token });
    expect(detail.attemptsLog[0]).toMatchObject({ attempt: 1, responseStatus: 200, responseBody: 'ok' });
    expect(detail.attemptsLog[0].requestHeaders['webhook-id']).toBe(detail.webhookId);
  });

  it('retries on the schedule for a day, then disables the endpoint and emails the owner; enabling sends it again', async () => {
    const seller = await premiumSeller();
    const ep = await answer(s, API_OPEN.createEndpoint, {
      body: { url: r.url, events: ['order.created'] },
      token: seller.token,
    });
    await deliverDueWebhooks(s.deps);
    r.status = 500;
    r.got.length = 0;
    await answer(s, API_ORDERS.create, { body: ORDER(seller.pickupId), headers: keyHeaders(seller.key, 'retry-1') });
    expect(await deliverDueWebhooks(s.deps)).toBe(1);
    for (const wait of WEBHOOK_RETRY_SECONDS) {
      s.clock.advance((wait - 1) * 1000);
      expect(await deliverDueWebhooks(s.deps)).toBe(0); // not yet
      s.clock.advance(1000);
      expect(await deliverDueWebhooks(s.deps)).toBe(1);
    }
    expect(r.got).toHaveLength(WEBHOOK_RETRY_SECONDS.length + 1);
    seller.token = await relogin(s, seller);
    expect(new Set(r.got.map((g) => g.headers['webhook-id'])).size).toBe(1);
    const [disabled] = await s.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id));
    expect(disabled.status).toBe('DISABLED');
    const mail = (await s.deps.messenger.recent()).find((m) => m.recipient === seller.email);
    expect(mail?.subject).toBe('A Dakiya webhook endpoint was disabled');
    const log = await answer(s, API_OPEN.deliveries, { params: { endpointId: ep.id }, token: seller.token });
    expect(log.items[0]).toMatchObject({ status: 'FAILED', attempts: 8 });
    // nothing is sent while disabled; enabling sends what waited
    s.clock.advance(3600_000);
    expect(await deliverDueWebhooks(s.deps)).toBe(0);
    r.status = 200;
    seller.token = await relogin(s, seller);
    await answer(s, API_OPEN.endpointStatus, {
      params: { endpointId: ep.id },
      body: { enabled: true },
      token: seller.token,
    });
    expect(await deliverDueWebhooks(s.deps)).toBe(1);
    const after = await answer(s, API_OPEN.deliveries, { params: { endpointId: ep.id }, token: seller.token });
    expect(after.items[0].status).toBe('DELIVERED');
  });

  it('signs with both secrets for a day after a rotation, and a replay sends the same webhook-id again', async () => {
    const seller = await premiumSeller();
    const ep = await answer(s, API_OPEN.createEndpoint, {
      body: { url: r.url, events: ['order.created'] },
      token: seller.token,
    });
    const old = await answer(s, API_OPEN.endpointSecret, { params: { endpointId: ep.id }, token: seller.token });
    const rotated = await answer(s, API_OPEN.rotateSecret, { params: { endpointId: ep.id }, token: seller.token });
    expect(rotated.previousSecret).toBe(old.secret);
    expect(rotated.secret).not.toBe(old.secret);
    r.status = 200;
    r.got.length = 0;
    await answer(s, API_ORDERS.create, { body: ORDER(seller.pickupId), headers: keyHeaders(seller.key, 'rot-1') });
    await deliverDueWebhooks(s.deps);
    const [g] = r.got;
    expect(String(g.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifiedBySpec(old.secret, g.headers, g.body)).toBe(true);
    expect(verifiedBySpec(rotated.secret, g.headers, g.body)).toBe(true);
    // a day later the old secret no longer signs
    s.clock.advance(24 * 3600_000 + 1000);
    seller.token = await relogin(s, seller);
    const log = await answer(s, API_OPEN.deliveries, { params: { endpointId: ep.id }, token: seller.token });
    const replayed = await answer(s, API_OPEN.replay, { params: { deliveryId: log.items[0].id }, token: seller.token });
    expect(replayed.attemptsLog.map((a) => a.trigger)).toEqual(['SCHEDULE', 'MANUAL']);
    const again = r.got[1];
    expect(again.headers['webhook-id']).toBe(g.headers['webhook-id']);
    expect(again.body).toBe(g.body);
    expect(String(again.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifiedBySpec(rotated.secret, again.headers, again.body)).toBe(true);
    expect(verifiedBySpec(old.secret, again.headers, again.body)).toBe(false);
  });
});
