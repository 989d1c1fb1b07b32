import { pathOf } from '../../src/domain/operation';
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ORDERS, type OrderDetail } from '../../src/domain/orders-contract';
import { API_SHIPPING, type ShipmentInfo } from '../../src/domain/shipping-contract';
import { API_COURIERS } from '../../src/domain/courier-inlet-contract';
import { API_NDR } from '../../src/domain/ndr-contract';
import { courierUnknownCodes, shipments, shipmentScans } from '../../server/db/schema';
import { buildCarriers } from '../../server/carriers/providers';
import type { CourierSettings } from '../../server/carriers/settings';
import type { CarrierAdapter, CourierScan } from '../../server/carriers/adapter';
import { CourierRateLimited } from '../../server/carriers/rate-limited';
import { TRACKING_LIMITS } from '../../server/carriers/tracking-limits';
import { reloadCarrierNetwork } from '../../server/carriers/registry';
import { pollCourier, QUIET_EVERY } from '../../server/modules/courier-inlet/poll';
import { pushParserOf } from '../../server/carriers/push/push-parsers';
import { parseGenericPush } from '../../server/carriers/push/generic-push';
import { answer, answerOf } from './call';
import { errorOf, type TestServer } from './harness';
import { creditWallet, demoTokens, newShippableOrder, startDemoServer, verifiedPickup } from './helpers';

// Couriers' scans come in through one inlet: pushed to the webhook (each courier authenticated by
// its own scheme), polled from live couriers within their limits, or reported by the sandbox.

const DAY = 86_400_000;
const HMAC_SECRET = 'delhivery-push-secret';
const TOKEN = 'generic-push-token';
const ALLOWED_IP = '198.51.100.9';

describe('the courier inlet', () => {
  let s: TestServer;
  let meera: string;
  let staff: string;
  let pickupId: number;
  /** a parcel booked with Delhivery (its push shape), and one with a courier that sends Dakiya's shape */
  let de: { order: OrderDetail; info: ShipmentInfo };
  let other: { order: OrderDetail; info: ShipmentInfo };
  let otherCode: string;

  const configure = (couriers: Record<string, CourierSettings>) => {
    s.deps.carriers = buildCarriers({ couriers });
  };
  const push = (code: string, body: unknown, headers: Record<string, string> = {}) => {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    return s.request(pathOf(API_COURIERS.webhook, { carrierCode: code }), {
      method: 'POST',
      body: raw,
      headers: { 'content-type': 'application/json', ...headers },
    });
  };
  const signed = (raw: string) => createHmac('sha256', HMAC_SECRET).update(raw).digest('hex');
  const statusOf = async (orderId: number) =>
    (await answer(s, API_ORDERS.order, { params: { orderId }, token: meera })).status;
  const scanCount = async (awb: string) =>
    (await s.deps.db.select().from(shipmentScans).where(eq(shipmentScans.awb, awb))).length;
  const generic = (awb: string, status: string, at: Date, extra: Record<string, unknown> = {}) => ({
    scans: [{ awb, at: at.toISOString(), status, location: 'Jaipur Hub', remark: `${status} scan`, ...extra }],
  });

  async function shipWith(pick: (codes: string[]) => string): Promise<{ order: OrderDetail; info: ShipmentInfo }> {
    const order = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, {
      params: { orderId: order.orderId },
      token: meera,
    });
    const carrierCode = pick(quotes.map((q) => q.carrierCode));
    const info = await answer(s, API_SHIPPING.ship, {
      params: { orderId: order.orderId },
      body: { carrierCode, idempotencyKey: crypto.randomUUID() },
      token: meera,
    });
    return { order, info };
  }

  beforeAll(async () => {
    s = await startDemoServer();
    ({ meera, staff } = await demoTokens(s));
    const pickup = await verifiedPickup(s, meera);
    pickupId = pickup.pickupId;
    await creditWallet(s, staff, pickup.orgId, 20_000, 'Float for courier inlet tests');
    de = await shipWith((codes) => (codes.includes('DE') ? 'DE' : codes[0]));
    expect(de.info.carrierCode).toBe('DE');
    // a courier that pushes Dakiya's generic shape (not one read in its own, as Delhivery and Shadowfax)
    other = await shipWith((codes) => codes.find((c) => pushParserOf(c) === parseGenericPush)!);
    otherCode = other.info.carrierCode;
    configure({
      DE: { push: { scheme: 'hmac', header: 'x-delhivery-signature', secret: HMAC_SECRET } },
      [otherCode]: { push: { scheme: 'token', header: 'x-webhook-token', token: TOKEN } },
    });
  }, 120_000);
  afterAll(() => s?.close());

  it('takes a pushed scan by token; a repeated delivery records nothing and moves nothing', async () => {
    const body = generic(other.info.awb, 'PICKED_UP', s.clock.now);
    const first = await answerOf(API_COURIERS.webhook, await push(otherCode, body, { 'x-webhook-token': TOKEN }));
    expect(first).toEqual({ received: 1, recorded: 1, duplicates: 0, unknown: 0, moved: 1, ignored: 0 });
    expect(await statusOf(other.order.orderId)).toBe('PKD');
    const scans = await scanCount(other.info.awb);
    const again = await answerOf(API_COURIERS.webhook, await push(otherCode, body, { 'x-webhook-token': TOKEN }));
    expect(again).toMatchObject({ received: 1, recorded: 0, duplicates: 1, moved: 0 });
    expect(await scanCount(other.info.awb)).toBe(scans);
    // concurrent repeats act once
    const later = generic(other.info.awb, 'IN_TRANSIT', new Date(s.clock.now.getTime() + 60_000));
    const both = await Promise.all([1, 2].map(() => push(otherCode, later, { 'x-webhook-token': TOKEN })));
    const acks = await Promise.all(both.map((r) => answerOf(API_COURIERS.webhook, r)));
    expect(acks.map((a) => a.recorded).sort()).toEqual([0, 1]);
    expect(await statusOf(other.order.orderId)).toBe('INT');
  });

  it('a late scan is kept on the timeline but never moves the parcel back', async () => {
    const t = s.clock.now.getTime();
    const ofd = generic(other.info.awb, 'OUT_FOR_DELIVERY', new Date(t + 3 * 3_600_000));
    expect((await answerOf(API_COURIERS.webhook, await push(otherCode, ofd, { 'x-webhook-token': TOKEN }))).moved).toBe(
      1,
    );
    expect(await statusOf(other.order.orderId)).toBe('OFD');
    // an older In Transit scan arrives after it
    const late = generic(other.info.awb, 'IN_TRANSIT', new Date(t + 2 * 3_600_000));
    const ack = await answerOf(API_COURIERS.webhook, await push(otherCode, late, { 'x-webhook-token': TOKEN }));
    expect(ack).toMatchObject({ recorded: 1, moved: 0 });
    expect(await statusOf(other.order.orderId)).toBe('OFD');
  });

  it('reads Delhivery’s own push shape, signed with an HMAC of the body', async () => {
    // picked up first (through the inlet as the poll would bring it), so In Transit is a move
    expect(
      await s.deps.courierInlet.receiveScans('DE', [
        {
          awb: de.info.awb,
          at: new Date('2026-11-20T12:00:00Z'),
          courierStatus: 'PICKED_UP',
          location: 'Jaipur',
          remark: '',
        },
      ]),
    ).toMatchObject({ recorded: 1, moved: 1, ignored: 0 });
    const body = JSON.stringify({
      Shipment: {
        AWB: de.info.awb,
        NSLCode: 'X-ILL1F',
        Status: {
          Status: 'In Transit',
          StatusType: 'UD',
          // IST, as Delhivery writes it
          StatusDateTime: '2026-11-20T18:00:00.000',
          StatusLocation: 'Jaipur_Hub (Rajasthan)',
          Instructions: 'Shipment in transit',
        },
      },
    });
    const ack = await answerOf(API_COURIERS.webhook, await push('DE', body, { 'x-delhivery-signature': signed(body) }));
    expect(ack).toMatchObject({ recorded: 1, moved: 1 });
    expect(await statusOf(de.order.orderId)).toBe('INT');
    const [scan] = await s.deps.db
      .select()
      .from(shipmentScans)
      .where(and(eq(shipmentScans.awb, de.info.awb), eq(shipmentScans.courierStatus, 'UD-In Transit')));
    expect(scan.at.toISOString()).toBe('2026-11-20T12:30:00.000Z');
    // base64 signatures and a "sha256=" prefix are accepted too
    const b64 = createHmac('sha256', HMAC_SECRET).update(body).digest('base64');
    expect((await push('DE', body, { 'x-delhivery-signature': b64 })).status).toBe(200);
    expect((await push('DE', body, { 'x-delhivery-signature': `sha256=${signed(body)}` })).status).toBe(200);
  });

  it('refuses a call not authenticated as the courier (401) and a courier we do not know (404)', async () => {
    const body = JSON.stringify(generic(other.info.awb, 'DELIVERED', s.clock.now));
    expect(await errorOf(await push(otherCode, body))).toMatchObject({ status: 401 });
    expect(await errorOf(await push(otherCode, body, { 'x-webhook-token': 'wrong' }))).toMatchObject({ status: 401 });
    expect(await errorOf(await push('DE', body, { 'x-delhivery-signature': signed(body + ' ') }))).toMatchObject({
      status: 401,
    });
    // a courier with no webhook configured takes no push
    configure({});
    expect(await errorOf(await push(otherCode, body, { 'x-webhook-token': TOKEN }))).toMatchObject({ status: 401 });
    expect(await errorOf(await push('ZZ', body))).toMatchObject({ status: 404, message: 'No such courier' });
    expect(await statusOf(other.order.orderId)).toBe('OFD');
  });

  it('takes a push from an allow-listed address only', async () => {
    configure({ [otherCode]: { push: { scheme: 'ip', allow: [ALLOWED_IP] } } });
    const body = generic(other.info.awb, 'OUT_FOR_DELIVERY', new Date(s.clock.now.getTime() + 3 * 3_600_000));
    expect(await errorOf(await push(otherCode, body, { 'x-forwarded-for': '203.0.113.50' }))).toMatchObject({
      status: 401,
    });
    const ack = await answerOf(API_COURIERS.webhook, await push(otherCode, body, { 'x-forwarded-for': ALLOWED_IP }));
    expect(ack).toMatchObject({ received: 1, duplicates: 1 });
    configure({
      DE: { push: { scheme: 'hmac', header: 'x-delhivery-signature', secret: HMAC_SECRET } },
      [otherCode]: { push: { scheme: 'token', header: 'x-webhook-token', token: TOKEN } },
    });
  });

  it('a malformed push is 400 naming the field by its label', async () => {
    const h = { 'x-webhook-token': TOKEN };
    const at = s.clock.now.toISOString();
    const cases: [unknown, string][] = [
      ['{not json', 'Body must be JSON'],
      [{}, 'Scans must be a list'],
      [{ scans: [] }, 'Scans must not be empty'],
      [{ scans: [{ at, status: 'PICKED_UP' }] }, 'Scan 1 AWB is required'],
      [{ scans: [{ awb: other.info.awb, at: '20 Nov 2026', status: 'PICKED_UP' }] }, 'Scan 1 time must be'],
      [{ scans: [{ awb: other.info.awb, at: '2026-11-20T12:00:00', status: 'X' }] }, 'Scan 1 time must be'],
      [{ scans: [{ awb: other.info.awb, at }] }, 'Scan 1 status is required'],
      [
        { scans: [{ awb: other.info.awb, at, status: 'X', hubWeight: { deadWeightKg: -1 } }] },
        'Scan 1 hub weight dead weight (kg) must be a positive number',
      ],
    ];
    for (const [body, message] of cases) {
      const e = await errorOf(await push(otherCode, body, h));
      expect(e.status, message).toBe(400);
      expect(e.message).toContain(message);
    }
    const raw = JSON.stringify({ Shipment: { AWB: de.info.awb, Status: { Status: 'In Transit', StatusType: 'UD' } } });
    expect(await errorOf(await push('DE', raw, { 'x-delhivery-signature': signed(raw) }))).toMatchObject({
      status: 400,
      message: expect.stringContaining('Shipment status time must be a date and time'),
    });
  });

  it('records a status code no table knows, listed for staff; another courier’s AWB is ignored', async () => {
    const odd = generic(other.info.awb, 'SORTER_JAM', new Date(s.clock.now.getTime() + 4 * 3_600_000));
    const ack = await answerOf(API_COURIERS.webhook, await push(otherCode, odd, { 'x-webhook-token': TOKEN }));
    expect(ack).toMatchObject({ unknown: 1, moved: 0 });
    const [row] = await s.deps.db
      .select()
      .from(courierUnknownCodes)
      .where(and(eq(courierUnknownCodes.carrierCode, otherCode), eq(courierUnknownCodes.code, 'SORTER_JAM')));
    expect(row).toMatchObject({ kind: 'STATUS', count: 1, sampleAwb: other.info.awb });
    const listed = await answer(s, API_NDR.unknownCodes, { token: staff });
    expect(listed).toContainEqual(expect.objectContaining({ carrierCode: otherCode, code: 'SORTER_JAM' }));
    // Delhivery's parcel pushed by the other courier is not that courier's to report
    const foreign = generic(de.info.awb, 'DELIVERED', s.clock.now);
    expect(
      await answerOf(API_COURIERS.webhook, await push(otherCode, foreign, { 'x-webhook-token': TOKEN })),
    ).toMatchObject({
      received: 1,
      recorded: 0,
      ignored: 1,
    });
    expect(await statusOf(de.order.orderId)).toBe('INT');
  });

  describe('the poll of a live courier', () => {
    /** A courier's tracking API as a test sees it: it records each call and answers what it is told. */
    function recordingAdapter(answer: (awbs: string[], call: number) => CourierScan[] | Error) {
      const calls: string[][] = [];
      const adapter = {
        async track(awb: string) {
          return adapter.trackMany!([awb]);
        },
        async trackMany(awbs: string[]) {
          calls.push(awbs);
          const a = answer(awbs, calls.length);
          if (a instanceof Error) throw a;
          return a;
        },
      } as unknown as CarrierAdapter & { trackMany: (awbs: string[]) => Promise<CourierScan[]> };
      return { adapter, calls };
    }
    let parcels: { order: OrderDetail; info: ShipmentInfo }[];
    let code: string;

    beforeAll(async () => {
      code = otherCode;
      parcels = [];
      for (let i = 0; i < 4; i++) parcels.push(await shipWith(() => code));
      // one of them has been quiet for three days
      await s.deps.db
        .update(shipments)
        .set({
          lastScanAt: new Date(s.clock.now.getTime() - 3 * DAY),
          bookedAt: new Date(s.clock.now.getTime() - 4 * DAY),
        })
        .where(eq(shipments.awb, parcels[3].info.awb));
    }, 120_000);

    it('asks in the courier’s batch size, within its calls per run, moving parcels first', async () => {
      expect(TRACKING_LIMITS.DE).toMatchObject({ batchSize: 50, callsPerWindow: 750, windowSeconds: 300 });
      const { adapter, calls } = recordingAdapter(() => []);
      const limits = { batchSize: 2, callsPerWindow: 3, windowSeconds: 300 };
      // the slot in which the quiet parcel is due is found by running the QUIET_EVERY runs
      const quiet = parcels[3].info.awb;
      const moving = parcels.slice(0, 3).map((p) => p.info.awb);
      let quietAsked = 0;
      for (let run = 0; run < QUIET_EVERY; run++) {
        calls.length = 0;
        const r = await pollCourier(s.deps, code, { adapter, run, limits });
        expect(r.calls).toBeLessThanOrEqual(3);
        for (const c of calls) expect(c.length).toBeLessThanOrEqual(2);
        const asked = calls.flat();
        for (const awb of moving) expect(asked).toContain(awb);
        if (asked.includes(quiet)) quietAsked++;
      }
      expect(quietAsked).toBe(1);
      // one call a run: only the first batch of the moving parcels is asked
      calls.length = 0;
      const one = await pollCourier(s.deps, code, { adapter, run: 0, limits: { ...limits, callsPerWindow: 1 } });
      expect(one).toMatchObject({ calls: 1, parcels: 2 });
      expect(calls).toHaveLength(1);
    });

    it('feeds what the courier answers through the inlet', async () => {
      const target = parcels[0];
      const { adapter } = recordingAdapter((awbs) =>
        awbs.includes(target.info.awb)
          ? [
              {
                awb: target.info.awb,
                at: s.clock.now,
                courierStatus: 'PICKED_UP',
                location: 'Jaipur',
                remark: 'Picked up',
              },
            ]
          : [],
      );
      const r = await pollCourier(s.deps, code, { adapter, run: 1 });
      expect(r.scans).toBe(1);
      expect(await statusOf(target.order.orderId)).toBe('PKD');
      // asked again, the same scan changes nothing
      await pollCourier(s.deps, code, { adapter, run: 2 });
      expect(await scanCount(target.info.awb)).toBe(1);
    });

    it('backs off on HTTP 429 until the courier’s Retry-After has passed', async () => {
      const { adapter, calls } = recordingAdapter((_, n) => (n === 1 ? new CourierRateLimited(code, 120) : []));
      const limits = { batchSize: 1, callsPerWindow: 10, windowSeconds: 300 };
      const first = await pollCourier(s.deps, code, { adapter, run: 0, limits });
      expect(first.calls).toBe(1);
      expect(first.backedOffUntil?.getTime()).toBe(s.clock.now.getTime() + 120_000);
      const during = await pollCourier(s.deps, code, { adapter, run: 1, limits });
      expect(during.calls).toBe(0);
      expect(calls).toHaveLength(1);
      s.clock.advance(121_000);
      const after = await pollCourier(s.deps, code, { adapter, run: 2, limits });
      expect(after.calls).toBeGreaterThan(1);
      expect(after.backedOffUntil).toBeNull();
    });
  });

  it('with nothing configured every courier is the sandbox; a configured one without an adapter says so', () => {
    expect(buildCarriers({ couriers: {} }).live).toEqual([]);
    // no adapter kind serves it (here: none registered)
    const configured = buildCarriers(
      { couriers: { DE: { baseUrl: 'https://track.delhivery.com', apiToken: 't' } } },
      [],
    );
    expect(configured.live).toEqual([]);
    expect(configured.notes[0]).toMatch(/^DE has credentials but no courier adapter serves it yet/);
    const live = buildCarriers({ couriers: { DE: { baseUrl: 'https://track.delhivery.com', apiToken: 't' } } }, [
      {
        kind: 'test',
        codes: ['DE'],
        defaultBaseUrl: 'https://track.delhivery.com',
        build: () => () => ({ marker: 'live' }) as unknown as CarrierAdapter,
      },
    ]);
    expect(live.live).toEqual(['DE']);
    expect(live.factory('DE')({} as never, s.deps)).toEqual({ marker: 'live' });
    reloadCarrierNetwork(s.deps);
  });
});
