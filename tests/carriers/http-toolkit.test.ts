import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CourierError } from '../../server/carriers/courier-error';
import type { CallRecord } from '../../server/carriers/http/call-meter';
import { commonRemark, CourierHttp } from '../../server/carriers/http/courier-http';
import { InMemoryRateCardStore, RateCardRefresher } from '../../server/carriers/http/rate-card-refresher';
import { retryAfterSeconds } from '../../server/carriers/http/retry-after';
import { TokenSession } from '../../server/carriers/http/token-session';
import { InMemoryWaybillStore, WaybillPool } from '../../server/carriers/http/waybill-pool';
import { buildCarriers } from '../../server/carriers/providers';
import { CARRIER_BY_CODE } from '../../src/domain/shipping/carriers';
import { ReferenceCourier, REFERENCE_KIND } from './reference/reference-adapter';
import { CourierStandin } from './standin/courier-standin';

// The HTTP toolkit's parts on their own: what the conformance kit does not reach through an adapter.

describe('courier HTTP client', () => {
  let standin: CourierStandin;
  const calls: CallRecord[] = [];
  let adapter: ReferenceCourier;
  beforeEach(async () => {
    calls.length = 0;
    standin = new CourierStandin({ username: 'u', password: 'p' });
    await standin.start();
    adapter = new ReferenceCourier(
      CARRIER_BY_CODE.get('DE')!,
      { baseUrl: standin.url, username: 'u', password: 'p' },
      { timeoutMs: 500, meter: { record: (c) => calls.push(c) } },
    );
  });
  afterEach(() => standin.close());

  it('reports every call to the call meter: operation, outcome, status and latency', async () => {
    await adapter.track('149000000001');
    standin.exhaustRateLimit();
    await expect(adapter.track('149000000001')).rejects.toThrow(/rate limiting/);
    standin.advance(300_000);
    standin.hangNext();
    await expect(adapter.track('149000000001')).rejects.toThrow(/no answer to track within 0.5 s/);
    expect(calls.map((c) => [c.operation, c.outcome, c.httpStatus])).toEqual([
      ['login', 'OK', 200],
      ['track', 'OK', 200],
      ['track', 'RATE_LIMITED', 429],
      ['track', 'TIMEOUT', undefined],
    ]);
    expect(calls.every((c) => c.carrierCode === 'DE' && c.latencyMs >= 0)).toBe(true);
    expect(calls.at(-1)!.latencyMs).toBeGreaterThanOrEqual(450);
  });

  it('logs in once for concurrent calls, and gives up after one fresh login the courier still refuses', async () => {
    await Promise.all([adapter.track('1'), adapter.track('2'), adapter.track('3')]);
    expect(standin.logins).toBe(1);
    // a courier that refuses every token: the call logs in again once, then says so
    const refusing = new CourierHttp({
      carrierCode: 'DE',
      baseUrl: standin.url,
      auth: { kind: 'session', session: new TokenSession(async () => ({ token: 'revoked' })) },
      timeoutMs: 500,
      rateWindowSeconds: 300,
    });
    const refused = await refusing
      .call({ operation: 'track', path: '/api/v1/packages/json', query: { waybill: '1' } })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({
      kind: 'UNAUTHORISED',
      httpStatus: 401,
      remark: 'Authentication credentials were not provided',
    });
  });

  it("turns a 4xx body's messages into the courier's remark, and names an unreachable courier", async () => {
    const http = adapter.http;
    const bad = await http.call({ operation: 'pickup', path: '/fm/request/new', json: {} }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(CourierError);
    expect(bad).toMatchObject({
      kind: 'REFUSED',
      httpStatus: 400,
      remark: 'pickup_date: required; expected_package_count: must be positive',
    });
    const url = standin.url;
    await standin.close();
    const gone = new CourierHttp({
      carrierCode: 'DE',
      baseUrl: url,
      auth: { kind: 'none' },
      timeoutMs: 500,
      rateWindowSeconds: 300,
    });
    await expect(gone.call({ operation: 'track', path: '/x' })).rejects.toMatchObject({ kind: 'UNAVAILABLE' });
  });
});

describe("couriers' error words", () => {
  it('reads the fields couriers put them in', () => {
    expect(commonRemark({ success: false, rmk: 'ClientWarehouse matching query does not exist' })).toBe(
      'ClientWarehouse matching query does not exist',
    );
    expect(commonRemark({ status_code: 422, message: 'Invalid pincode' })).toBe('Invalid pincode');
    expect(commonRemark({ errors: { phone: ['must be 10 digits'] } })).toBe('phone: must be 10 digits');
    expect(commonRemark('Validation Error: [weight]')).toBe('Validation Error: [weight]');
    expect(commonRemark({ unrelated: 1 })).toBeNull();
  });

  it('reads Retry-After as seconds or a date, and falls back to the rate window', () => {
    const now = new Date('2026-11-20T06:30:00Z');
    expect(retryAfterSeconds('120', now, 300)).toBe(120);
    expect(retryAfterSeconds('Fri, 20 Nov 2026 06:31:30 GMT', now, 300)).toBe(90);
    expect(retryAfterSeconds(null, now, 300)).toBe(300);
    expect(retryAfterSeconds('soon', now, 300)).toBe(300);
  });
});

describe('token session', () => {
  it('keeps a token until shortly before it expires, then logs in again', async () => {
    let clock = Date.parse('2026-11-20T06:30:00Z');
    let n = 0;
    const session = new TokenSession(
      async () => ({ token: `t${++n}`, expiresInSeconds: 3600 }),
      () => new Date(clock),
    );
    expect(await session.token()).toBe('t1');
    clock += 58 * 60_000;
    expect(await session.token()).toBe('t1');
    clock += 60_000; // inside the last minute: renewed early
    expect(await session.token()).toBe('t2');
    session.invalidate('t1'); // an old token's refusal does not drop the new one
    expect(await session.token()).toBe('t2');
    session.invalidate('t2');
    expect(await session.token()).toBe('t3');
    expect(session.loginCount).toBe(3);
  });
});

describe('waybill pool', () => {
  it('gives each AWB to one booking however many take at once, refilling below its low-water mark', async () => {
    let batches = 0;
    const store = new InMemoryWaybillStore();
    const pool = new WaybillPool({
      carrierCode: 'DE',
      store,
      batchSize: 25,
      lowWater: 10,
      fetchBatch: async (count) => {
        const b = ++batches;
        await new Promise((r) => setTimeout(r, 5));
        return Array.from({ length: count }, (_, i) => `DE${b}${String(i).padStart(4, '0')}`);
      },
    });
    const taken = await Promise.all(Array.from({ length: 60 }, () => pool.take()));
    expect(new Set(taken).size).toBe(60);
    // an empty pool made the first takers wait for one batch, not one batch each
    expect(batches).toBeLessThanOrEqual(5);
    await pool.topUp();
    expect(await store.size('DE')).toBeGreaterThanOrEqual(10);
  });

  it('tops up off the booking path: a take with AWBs in the pool does not wait for the courier', async () => {
    const store = new InMemoryWaybillStore();
    await store.add('DE', ['A1', 'A2', 'A3']);
    let release!: () => void;
    const pool = new WaybillPool({
      carrierCode: 'DE',
      store,
      batchSize: 5,
      lowWater: 5,
      fetchBatch: () => new Promise<string[]>((r) => (release = () => r(['B1', 'B2', 'B3', 'B4', 'B5']))),
    });
    expect(await pool.take()).toBe('A1'); // the refill it started is still waiting for the courier
    expect(await pool.take()).toBe('A2');
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(await store.size('DE')).toBe(6);
  });

  it('leaves a failed background refill for the next take, and says so', async () => {
    const store = new InMemoryWaybillStore();
    await store.add('DE', ['A1', 'A2']);
    const errors: unknown[] = [];
    const pool = new WaybillPool({
      carrierCode: 'DE',
      store,
      batchSize: 5,
      lowWater: 5,
      fetchBatch: async () => {
        throw new CourierError('DE', 'UNAVAILABLE', 'waybill service down');
      },
      onRefillError: (e) => errors.push(e),
    });
    expect(await pool.take()).toBe('A1');
    await new Promise((r) => setTimeout(r, 0));
    expect(errors).toHaveLength(1);
    expect(await pool.take()).toBe('A2');
    await expect(pool.take()).rejects.toThrow('waybill service down');
  });
});

describe('rate-card refresher', () => {
  it('asks the courier within its budget on a schedule; quoting reads only the kept card', async () => {
    let clock = Date.parse('2026-11-20T06:30:00Z');
    const asked: string[] = [];
    const accounts = Array.from({ length: 60 }, (_, i) => `ACC${i}`);
    const refresher = new RateCardRefresher<{ perHalfKgPaise: number }>({
      carrierCode: 'SW-BD',
      accounts,
      source: {
        fetch: async (account) => {
          asked.push(account);
          return { perHalfKgPaise: 3_400 };
        },
      },
      store: new InMemoryRateCardStore(),
      budget: { calls: 50, windowSeconds: 300 },
      now: () => new Date(clock),
    });
    expect(await refresher.current('ACC0')).toBeNull();
    expect(asked).toEqual([]);
    expect(await refresher.refresh()).toBe(50);
    expect(await refresher.refresh()).toBe(0); // the window's 50 calls are spent
    clock += 300_000;
    expect(await refresher.refresh()).toBe(50);
    expect(asked).toHaveLength(100);
    const before = asked.length;
    expect(await refresher.current('ACC1')).toMatchObject({ carrierCode: 'SW-BD', card: { perHalfKgPaise: 3_400 } });
    expect(asked).toHaveLength(before);
  });
});

describe('registration', () => {
  it('serves a courier with its adapter kind once its credentials are configured, else the sandbox', async () => {
    const standin = new CourierStandin({ username: 'u', password: 'p' });
    await standin.start();
    try {
      const live = buildCarriers({ couriers: { DE: { baseUrl: standin.url, username: 'u', password: 'p' } } }, [
        REFERENCE_KIND,
      ]);
      expect(live.live).toEqual(['DE']);
      const adapter = live.factory('DE')(CARRIER_BY_CODE.get('DE')!, undefined as never);
      expect(adapter).toBeInstanceOf(ReferenceCourier);
      expect(
        (
          await adapter.createShipment({
            orderNumber: 'REG-1',
            from: {
              pincode: '560001',
              city: 'Bengaluru',
              state: 'Karnataka',
              name: 'Meera Textiles',
              phone: '+919845012345',
            },
            to: { pincode: '110001', city: 'New Delhi', state: 'Delhi', name: 'Arjun Mehta', phone: '+919811098110' },
            zone: 'D',
            weightKg: 0.5,
            paymentMethod: 'PPD',
            codAmountPaise: 0,
            bookedAt: standin.now(),
          })
        ).awb,
      ).toMatch(/^1490/);
      const without = buildCarriers({ couriers: { DE: { baseUrl: standin.url } } }, [REFERENCE_KIND]);
      expect(without.live).toEqual([]);
    } finally {
      await standin.close();
    }
  });

  it('keeps a freight carrier on the sandbox while a variable it cannot book without is missing, and says which', () => {
    const halfGati = buildCarriers({ couriers: { GT: { apiToken: 't', customerCode: 'C1' } } });
    expect(halfGati.liveFreight).toEqual([]);
    expect(halfGati.notes).toEqual(['GT is missing GATI_ENC_CUST_CODE; it runs on the sandbox']);
    const noLtlPassword = buildCarriers({ couriers: { 'DE-LTL': { username: 'ops' } } });
    expect(noLtlPassword.liveFreight).toEqual([]);
    const gati = buildCarriers({ couriers: { GT: { customerCode: 'C1', encodedCustomerCode: 'E1' } } });
    expect(gati.liveFreight).toEqual(['GT']);
    expect(gati.notes).toEqual([]);
  });
});
