import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { seedReference } from '../server/seeds/reference';
import { seedDemo } from '../server/seeds/demo-accounts';
import { seedDemoSetup } from '../server/seeds/demo-setup';
import { accounts, apiKeys, organisations, pickupAddresses, webhookEndpoints } from '../server/db/schema';
import { queryRows } from '../server/db/rows';
import { createApiKey } from '../server/modules/open-api/api-keys';
import { emitWebhookEvents } from '../server/modules/open-api/webhooks/emit';
import { deliverDueWebhooks } from '../server/modules/open-api/webhooks/deliver';
import { newWebhookSecret } from '../server/modules/open-api/webhooks/signing';
import { API_ORDERS } from '../src/domain/orders-contract';
import { appToken, freshProductDatabase, median, writeReport } from './lib';

// The open API on PostgreSQL, in one run:
// 1. Order creation from 50 concurrent clients through the seller API (an API key and an
//    Idempotency-Key on every call), beside the screen's create route (a login's token) on the
//    same app: the API's orders/s must be at least 0.9 of the screen's.
// 2. Webhook deliveries to a receiver on this machine: 10,000 events, delivered by the product's
//    deliverer; at least 500 a second, and every webhook-id received (none lost).

const CLIENTS = 50;
const ORDERS = 2_000;
const EVENTS = 10_000;
const FROM = { 'x-forwarded-for': '127.0.0.1', 'content-type': 'application/json' };

async function createMany(send: (i: number) => Response | Promise<Response>, count = ORDERS) {
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        const res = await send(i);
        if (res.status !== 200) failed++;
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    ordersPerSec: Math.round(count / seconds),
    p50Ms: Number(median(latencies).toFixed(1)),
    p99Ms: Number(latencies[Math.floor(latencies.length * 0.99)].toFixed(1)),
    failed,
  };
}

export async function run(): Promise<boolean> {
  const fresh = await freshProductDatabase({ poolSize: CLIENTS });
  const { deps } = fresh;
  const got = new Set<string>();
  let received = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      got.add(String(req.headers['webhook-id']));
      res.end('ok');
    });
  });
  receiver.keepAliveTimeout = 60_000;
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  try {
    await seedReference(deps.db);
    await seedDemo(deps);
    await seedDemoSetup(deps);
    const { app } = createApp(deps);
    const [owner] = await deps.db.select().from(accounts).where(eq(accounts.email, 'meera@demo.dakiya.in'));
    const orgId = owner.orgId!;
    await deps.db.update(organisations).set({ subscriptionType: 'PREMIUM' }).where(eq(organisations.id, orgId));
    const [pickup] = await deps.db
      .select()
      .from(pickupAddresses)
      .where(and(eq(pickupAddresses.orgId, orgId), isNotNull(pickupAddresses.verifiedAt)));
    const token = await appToken(app, 'meera@demo.dakiya.in', 'Seller@123');
    const caller = { accountId: owner.id, orgId } as Parameters<typeof createApiKey>[1];
    const { key, row } = await createApiKey(deps, caller, { name: 'bench' });
    // the bench measures throughput, not the limiter
    await deps.db.update(apiKeys).set({ rateLimitPerMinute: 1_000_000 }).where(eq(apiKeys.id, row.id));
    const body = (n: string) =>
      JSON.stringify({
        orderNumber: n,
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
        pickupAddressId: pickup.id,
      });
    // a warm-up of both routes first (the JIT, the pool's connections, the caches)
    await createMany(
      (i) =>
        app.request(API_ORDERS.orders.path, {
          method: 'POST',
          headers: { ...FROM, authorization: `Bearer ${token}` },
          body: body(`WARM-S-${i}`),
        }),
      300,
    );
    await createMany(
      (i) =>
        app.request(API_ORDERS.orders.path, {
          method: 'POST',
          headers: { ...FROM, 'x-api-key': key, 'idempotency-key': `warm-${i}` },
          body: body(`WARM-A-${i}`),
        }),
      300,
    );
    const screen = await createMany((i) =>
      app.request(API_ORDERS.orders.path, {
        method: 'POST',
        headers: { ...FROM, authorization: `Bearer ${token}` },
        body: body(`SCREEN-${i}`),
      }),
    );
    const api = await createMany((i) =>
      app.request(API_ORDERS.orders.path, {
        method: 'POST',
        headers: { ...FROM, 'x-api-key': key, 'idempotency-key': `bench-${i}` },
        body: body(`API-${i}`),
      }),
    );
    const ratio = Number((api.ordersPerSec / screen.ordersPerSec).toFixed(3));
    const [{ n: apiOrders }] = await queryRows<{ n: number }>(
      deps.db,
      sql`select count(*)::int as n from orders where org_id = ${orgId} and order_number like 'API-%'`,
    );

    // webhooks: one endpoint to the local receiver, 10,000 events in the outbox, then delivered
    // (the receiver is on this machine: the development setting OUTBOUND_ALLOW_LOOPBACK lets it through)
    deps.config.allowLoopbackDestinations = true;
    await deps.db.insert(webhookEndpoints).values({
      orgId,
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
      events: ['order.status_changed'],
      secret: newWebhookSecret(),
      createdAt: deps.now(),
    });
    for (let b = 0; b < EVENTS; b += 1000)
      await emitWebhookEvents(
        deps.db,
        Array.from({ length: 1000 }, (_, i) => ({
          orgId,
          type: 'order.status_changed' as const,
          ref: `bench-${b + i}`,
          data: { orderId: b + i, status: 'INT' },
        })),
        deps.now(),
      );
    const t0 = performance.now();
    // two deliverers side by side, as two worker processes would be
    const sent = (await Promise.all([0, 1].map(() => deliverDueWebhooks(deps)))).reduce((a, b) => a + b, 0);
    const seconds = (performance.now() - t0) / 1000;
    const perSec = Math.round(EVENTS / seconds);
    const [{ delivered }] = await queryRows<{ delivered: number }>(
      deps.db,
      sql`select count(*)::int as delivered from webhook_deliveries where org_id = ${orgId} and status = 'DELIVERED'`,
    );
    const lost = EVENTS - got.size;
    const met =
      ratio >= 0.9 &&
      api.failed === 0 &&
      screen.failed === 0 &&
      apiOrders === ORDERS &&
      perSec >= 500 &&
      lost === 0 &&
      delivered === EVENTS;
    writeReport(
      {
        bench: 'api',
        figures: {
          clients: CLIENTS,
          orders: ORDERS,
          screen,
          api,
          ratio,
          webhooks: { events: EVENTS, sent, received, uniqueIds: got.size, delivered, lost, seconds, perSec },
        },
        goal: 'API order creation with Idempotency-Key ≥ 0.9 of the screen route at 50 clients; webhooks ≥ 500/s, none lost',
        met,
      },
      [
        ['what', 'per s', 'p50 ms', 'p99 ms', 'failed'],
        ['screen POST /api/v1/orders (token)', screen.ordersPerSec, screen.p50Ms, screen.p99Ms, screen.failed],
        ['seller API POST /api/v1/orders (key + Idempotency-Key)', api.ordersPerSec, api.p50Ms, api.p99Ms, api.failed],
        ['ratio', ratio, '', '', ''],
        ['webhook deliveries to a local receiver', perSec, '', '', lost],
      ],
    );
    return met;
  } finally {
    await new Promise<void>((ok) => receiver.close(() => ok()));
    await fresh.drop();
  }
}
