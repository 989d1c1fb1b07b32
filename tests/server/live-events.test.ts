import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIVE_API,
  LIVE_REPLAY_PER_ORDER,
  type OrderStatusEvent,
  type SimulationOrder,
  type SimulationStep,
} from '../../src/domain/live-events-contract';
import { ingestScans } from '../../server/modules/courier-inlet/ingest';
import { STEP_SCAN } from '../../server/modules/simulation/steps';
import { accounts, liveOrderEvents, orders, simulationRuns } from '../../server/db/schema';
import { recordLiveEvents } from '../../server/modules/live/record';
import { PUBLIC_STREAMS_PER_ADDRESS } from '../../server/modules/live/stream';
import { errorOf, type TestServer } from './harness';
import { creditWallet, demoTokens, MEERA, newShippableOrder, startDemoServer, verifiedPickup } from './helpers';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { pathOf } from '../../src/domain/operation';
import { SseReader } from '../../scripts/sse-reader';
import { API_SIMULATION } from '../../src/domain/simulation-contract';
import { answer, answerOf, send } from './call';

// Live order events: the staff simulation drives an order through scan ingestion, and the
// seller's, staff's and buyer's streams each see every change once, resuming with Last-Event-ID.
// The seller's streams follow an order Meera shipped herself (a simulation's own test orders are
// made on the platform's sandbox, never on a seller: tests/server/simulation-sandbox.test.ts).

describe('live order events and the staff simulation', () => {
  let s: TestServer;
  let t: Awaited<ReturnType<typeof demoTokens>>;
  let meeraAccount: number;
  let meeraPickup: number;
  let order: SimulationOrder;
  let shipped = 0;
  const open: SseReader[] = [];
  const aborts: AbortController[] = [];

  async function stream(path: string, token?: string, lastEventId?: string): Promise<SseReader> {
    const abort = new AbortController();
    aborts.push(abort);
    const res = await s.request(path, {
      token,
      signal: abort.signal,
      headers: lastEventId ? { 'last-event-id': lastEventId } : {},
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = new SseReader(res.body!);
    open.push(reader);
    return reader;
  }

  const step = (orderId: number, body: unknown, token = t.staff) =>
    s.request(pathOf(API_SIMULATION.step, { orderId }), { method: 'POST', json: body, token });

  /** Her courier's scan of a step on Meera's own order (simulated steps are the sandbox's alone). */
  async function courierScan(o: SimulationOrder, stepCode: SimulationStep): Promise<SimulationOrder> {
    s.clock.advance(60_000);
    const scan = STEP_SCAN[stepCode];
    await ingestScans(s.deps, [
      {
        awb: o.trackingNumber!,
        at: s.clock.now,
        courierStatus: scan.courierStatus,
        location: 'Jaipur',
        remark: scan.remark,
      },
    ]);
    return answer(s, API_SIMULATION.order, { params: { orderId: o.orderId }, token: t.staff });
  }

  /** An order Meera makes and ships herself, as the simulation screen shows it. */
  async function meerasShippedOrder(): Promise<SimulationOrder> {
    const made = await newShippableOrder(s, t.meera, meeraPickup);
    await answer(s, API_SHIPPING.ship, {
      params: { orderId: made.orderId },
      body: { carrierCode: 'DE', idempotencyKey: `live-ship-${++shipped}` },
      token: t.meera,
    });
    return answer(s, API_SIMULATION.order, { params: { orderId: made.orderId }, token: t.staff });
  }

  beforeAll(async () => {
    s = await startDemoServer();
    t = await demoTokens(s);
    const { orgId, pickupId } = await verifiedPickup(s, t.meera);
    meeraPickup = pickupId;
    await creditWallet(s, t.staff, orgId, 5_000, 'Float for the simulation');
    [{ id: meeraAccount }] = await s.deps.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, MEERA.email));
    order = await meerasShippedOrder();
  });

  afterAll(async () => {
    for (const a of aborts) a.abort();
    await s?.close();
  });

  it('makes a shipped test order for a seller’s pickup address', async () => {
    const made = await answer(s, API_SIMULATION.testOrder, { body: { accountId: meeraAccount }, token: t.staff });
    expect(made.status).toBe('PKP_SCH');
    expect(made.nextSteps).toEqual(['PKD']);
    expect(order.status).toBe('PKP_SCH');
    expect(order.trackingNumber).toMatch(/^[A-Z0-9]{6,}$/);
    expect(order.courierName).toBeTruthy();
    expect(order.nextSteps).toEqual(['PKD']);
    expect(order.events.at(-1)).toMatchObject({ status: 'PKP_SCH', statusText: 'Pickup Scheduled' });
  });

  it('streams each step to the seller, staff and buyer, each once', async () => {
    const seller = await stream(pathOf(LIVE_API.sellerOrder, { orderId: order.orderId }), t.meera);
    const staff = await stream(pathOf(LIVE_API.staffOrder, { orderId: order.orderId }), t.staff);
    const buyer = await stream(pathOf(LIVE_API.tracking, { trackingRef: order.trackingNumber! }));
    // a fresh stream starts with the order's newest event
    for (const r of [seller, staff, buyer]) await r.until((x) => x.statuses().length === 1);
    const moved = await courierScan(order, 'PKD');
    expect(moved.status).toBe('PKD');
    expect(moved.nextSteps).toEqual(['INT', 'RTO_INT']);
    await courierScan(order, 'INT');
    for (const r of [seller, staff, buyer]) await r.until((x) => x.statuses().length === 3);
    expect(seller.statuses().map((e) => e.status)).toEqual(['PKP_SCH', 'PKD', 'INT']);
    expect(staff.statuses().map((e) => e.status)).toEqual(['PKP_SCH', 'PKD', 'INT']);
    const sellerInt = seller.statuses<OrderStatusEvent>()[2];
    expect(sellerInt).toMatchObject({ orderId: order.orderId, trackingNumber: order.trackingNumber });
    expect(sellerInt.remark).toBeTruthy();
    expect(seller.events[2].id).toBe(sellerInt.eventId);
    // the buyer sees the tracking page's words and none of the remarks
    expect(buyer.statuses<OrderStatusEvent>()[2]).toMatchObject({ statusText: 'Order Shipped', remark: null });
  });

  it('replays from Last-Event-ID, and ends when the order can move no further', async () => {
    const events = (await answer(s, API_SIMULATION.order, { params: { orderId: order.orderId }, token: t.staff }))
      .events;
    const first = events[0];
    const resumed = await stream(pathOf(LIVE_API.sellerOrder, { orderId: order.orderId }), t.meera, first.eventId);
    await resumed.until((x) => x.statuses().length === events.length - 1);
    expect(resumed.statuses().map((e) => e.eventId)).toEqual(events.slice(1).map((e) => e.eventId));
    await courierScan(order, 'OFD');
    await courierScan(order, 'DLV');
    await resumed.until((x) => x.events.at(-1)?.event === 'end');
    expect(
      resumed
        .statuses()
        .map((e) => e.status)
        .slice(-2),
    ).toEqual(['OFD', 'DLV']);
    await resumed.closed();
    // a delivered order's stream ends after its newest event
    const late = await stream(pathOf(LIVE_API.staffOrder, { orderId: order.orderId }), t.staff);
    await late.closed();
    expect(late.events.map((e) => e.event)).toEqual(['status', 'end']);
  });

  it('lets go of a stream whose client went away, and bounds a client address’s public streams', async () => {
    const open = await meerasShippedOrder();
    const before = s.deps.live.openStreams;
    const res = await s.request(pathOf(LIVE_API.sellerOrder, { orderId: open.orderId }), { token: t.meera });
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('event: status');
    expect(s.deps.live.openStreams).toBe(before + 1);
    // the client goes away: its body is cancelled, as the server's socket closing does
    await reader.cancel();
    for (let i = 0; i < 50 && s.deps.live.openStreams > before; i++) await new Promise((r) => setTimeout(r, 20));
    expect(s.deps.live.openStreams).toBe(before);
    // a buyer's page needs no login: one client address holds a bounded number open
    const from = { 'x-forwarded-for': '198.51.100.77' };
    const readers = [];
    for (let i = 0; i < PUBLIC_STREAMS_PER_ADDRESS; i++) {
      const r = await s.request(pathOf(LIVE_API.tracking, { trackingRef: open.trackingNumber! }), { headers: from });
      expect(r.status).toBe(200);
      readers.push(r.body!.getReader());
    }
    const refused = await errorOf(
      await s.request(pathOf(LIVE_API.tracking, { trackingRef: open.trackingNumber! }), { headers: from }),
    );
    expect(refused.status).toBe(429);
    await readers.pop()!.cancel();
    for (let i = 0; i < 50 && s.deps.live.openStreams >= before + PUBLIC_STREAMS_PER_ADDRESS; i++)
      await new Promise((r) => setTimeout(r, 20));
    const again = await s.request(pathOf(LIVE_API.tracking, { trackingRef: open.trackingNumber! }), { headers: from });
    expect(again.status).toBe(200);
    readers.push(again.body!.getReader());
    for (const r of readers) await r.cancel();
  });

  it('refuses strangers, other sellers and wrong account types', async () => {
    const id = order.orderId;
    expect(
      (await errorOf(await s.request(pathOf(LIVE_API.sellerOrder, { orderId: id }), { token: t.seller }))).status,
    ).toBe(404);
    expect((await errorOf(await s.request(pathOf(LIVE_API.sellerOrder, { orderId: id })))).status).toBe(401);
    expect(
      (await errorOf(await s.request(pathOf(LIVE_API.sellerOrder, { orderId: id }), { token: t.staff }))).status,
    ).toBe(403);
    expect(
      (await errorOf(await s.request(pathOf(LIVE_API.staffOrder, { orderId: id }), { token: t.meera }))).status,
    ).toBe(403);
    expect(
      (await errorOf(await send(s, API_SIMULATION.order, { params: { orderId: id }, token: t.meera }))).status,
    ).toBe(403);
    expect((await errorOf(await step(id, { step: 'PKD' }, t.meera))).status).toBe(403);
    expect(
      (await errorOf(await s.request(pathOf(LIVE_API.staffOrder, { orderId: 999_999 }), { token: t.staff }))).status,
    ).toBe(404);
    expect((await errorOf(await s.request(pathOf(LIVE_API.tracking, { trackingRef: 'NOSUCHAWB1' })))).status).toBe(404);
    expect((await errorOf(await s.request(pathOf(LIVE_API.tracking, { trackingRef: 'bad ref!' })))).status).toBe(404);
    // the words of the addresses beside it are never a tracking number: /tracking/return/events is a return's
    expect((await errorOf(await s.request(pathOf(LIVE_API.tracking, { trackingRef: 'return' })))).message).toBe(
      'No return with that tracking number',
    );
  });

  it("streams a page of the seller's orders: each order's changes once, never another seller's, no end", async () => {
    const a = await meerasShippedOrder();
    const b = await meerasShippedOrder();
    const ids = `${a.orderId},${b.orderId},999999`;
    const list = await stream(`${pathOf(LIVE_API.sellerOrders)}?orderIds=${ids}`, t.meera);
    // a list starts with what comes, not with each order's newest event
    await courierScan(a, 'PKD');
    await courierScan(b, 'PKD');
    await courierScan(a, 'INT');
    await list.until((x) => x.statuses().length === 3);
    expect(list.statuses<OrderStatusEvent>().map((e) => [e.orderId, e.status])).toEqual([
      [a.orderId, 'PKD'],
      [b.orderId, 'PKD'],
      [a.orderId, 'INT'],
    ]);
    // delivered: the list's stream goes on (other rows may still move)
    await courierScan(a, 'OFD');
    await courierScan(a, 'DLV');
    await courierScan(b, 'INT');
    await list.until((x) => x.statuses().length === 6);
    expect(list.events.some((e) => e.event === 'end')).toBe(false);
    // resuming from an id replays both orders' later events
    const resumed = await stream(
      `${pathOf(LIVE_API.sellerOrders)}?orderIds=${a.orderId},${b.orderId}`,
      t.meera,
      list.statuses<OrderStatusEvent>()[2].eventId,
    );
    await resumed.until((x) => x.statuses().length === 3);
    expect(resumed.statuses<OrderStatusEvent>().map((e) => e.status)).toEqual(['OFD', 'DLV', 'INT']);
    // another seller's orders are not theirs to follow; bad lists are named by label
    expect(
      (await errorOf(await s.request(`${pathOf(LIVE_API.sellerOrders)}?orderIds=${ids}`, { token: t.seller }))).status,
    ).toBe(404);
    expect(
      (await errorOf(await s.request(`${pathOf(LIVE_API.sellerOrders)}?orderIds=${ids}`, { token: t.staff }))).status,
    ).toBe(403);
    expect((await errorOf(await s.request(`${pathOf(LIVE_API.sellerOrders)}?orderIds=${ids}`))).status).toBe(401);
    for (const [q, message] of [
      ['', 'Orders is required'],
      ['?orderIds=1,x', 'Orders must be order ids separated by commas'],
      ['?orderIds=0', 'Orders must be order ids separated by commas'],
      [`?orderIds=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, 'Orders may name at most 100 orders'],
    ]) {
      const e = await errorOf(await s.request(`${pathOf(LIVE_API.sellerOrders)}${q}`, { token: t.meera }));
      expect([e.status, e.message], q).toEqual([400, message]);
    }
  });

  it('checks steps and runs, naming the field', async () => {
    const next = await answer(s, API_SIMULATION.testOrder, { body: { accountId: meeraAccount }, token: t.staff });
    const bad = await errorOf(await step(next.orderId, { step: 'FLY' }));
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('Step must be one of');
    const early = await errorOf(await step(next.orderId, { step: 'DLV' }));
    expect(early.status).toBe(409);
    const run = (json: unknown) =>
      s.request(pathOf(API_SIMULATION.run, { orderId: next.orderId }), { method: 'POST', json, token: t.staff });
    expect((await errorOf(await run({ steps: [], intervalSeconds: 1 }))).message).toContain('Steps must name at least');
    expect((await errorOf(await run({ steps: ['PKD'], intervalSeconds: 0 }))).message).toContain('Interval (seconds)');
    expect((await errorOf(await run({ steps: ['PKD', 'DLV'], intervalSeconds: 1 }))).message).toContain('"DLV"');
    const noSeller = await errorOf(
      await send(s, API_SIMULATION.testOrder, { body: { accountId: 999_999 }, token: t.staff }),
    );
    expect(noSeller.status).toBe(404);
  });

  it('runs steps at an interval as jobs, and stops when asked', async () => {
    const next = await answer(s, API_SIMULATION.testOrder, { body: { accountId: meeraAccount }, token: t.staff });
    const watch = await stream(pathOf(LIVE_API.staffOrder, { orderId: next.orderId }), t.staff);
    const started = await answer(s, API_SIMULATION.run, {
      params: { orderId: next.orderId },
      body: { steps: ['PKD', 'INT', 'NDR', 'RTO_INT', 'RTO_DLV'], intervalSeconds: 1 },
      token: t.staff,
    });
    expect(started.running).toEqual({ remaining: ['PKD', 'INT', 'NDR', 'RTO_INT', 'RTO_DLV'], intervalSeconds: 1 });
    await watch.until((x) => x.statuses().some((e) => e.status === 'INT'), 20_000);
    const stopped = await answer(s, API_SIMULATION.stop, { params: { orderId: next.orderId }, token: t.staff });
    expect(stopped.running).toBeNull();
    expect(await s.deps.db.select().from(simulationRuns).where(eq(simulationRuns.orderId, next.orderId))).toEqual([]);
    // the NDR step raised a record through ingestion, like a courier's scan would, when it came
    expect(['PKD', 'INT', 'NDR']).toContain(stopped.status);
  }, 30_000);

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'listens again after its connection is cut, and streams catch up on what was missed',
    async () => {
      const next = await answer(s, API_SIMULATION.testOrder, { body: { accountId: meeraAccount }, token: t.staff });
      const watch = await stream(pathOf(LIVE_API.staffOrder, { orderId: next.orderId }), t.staff);
      await watch.until((x) => x.statuses().length === 1);
      const listener = sql`select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN %'`;
      const pids = async () => ((await s.deps.db.execute(listener)) as unknown as { rows: { pid: number }[] }).rows;
      const [before] = await pids();
      await s.deps.db.execute(sql`select pg_terminate_backend(${before.pid})`);
      // the change is made while nobody listens: its notification is lost, the table is not
      await answerOf(API_SIMULATION.step, await step(next.orderId, { step: 'PKD' }));
      await watch.until((x) => x.statuses().some((e) => e.status === 'PKD'), 10_000);
      const [after] = await pids();
      expect(after.pid).not.toBe(before.pid);
    },
  );

  it('keeps only the newest events of an order', async () => {
    const [o] = await s.deps.db.select({ orgId: orders.orgId }).from(orders).where(eq(orders.id, order.orderId));
    await s.deps.db.transaction((tx) =>
      recordLiveEvents(
        tx,
        Array.from({ length: LIVE_REPLAY_PER_ORDER + 5 }, (_, i) => ({
          orgId: o.orgId,
          orderId: order.orderId,
          orderNumber: order.orderNumber,
          trackingNumber: null,
          status: 'INT',
          at: new Date(s.clock.now.getTime() + i),
          location: null,
          remark: null,
        })),
      ),
    );
    const [{ n }] = await s.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(liveOrderEvents)
      .where(eq(liveOrderEvents.orderId, order.orderId));
    expect(n).toBe(LIVE_REPLAY_PER_ORDER);
  });
});
