import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { STAFF, SELLER, login } from './helpers';
import { seedDemo } from '../../server/seeds/demo-accounts';
import { buildCarriers, type AdapterKind } from '../../server/carriers/providers';
import { carrierNetwork, reloadCarrierNetwork } from '../../server/carriers/registry';
import { SandboxCarrier } from '../../server/carriers/sandbox/sandbox-carrier';
import { CourierCallMeter } from '../../server/carriers/call-meter';
import type { CourierSettings } from '../../server/carriers/settings';
import { courierCallStats, courierUnknownCodes } from '../../server/db/schema';
import { API_COURIER_HEALTH, type CourierHealth } from '../../src/domain/courier-health-contract';
import { answer } from './call';
import { STAFF_PERMISSION_DENIED } from '../../src/domain/staff-permissions';

// The staff couriers page's API: every call to a courier adapter is counted per courier and minute
// (saved every few seconds by each process), and staff with the courier network's permission see
// each courier's mode, calls, errors, rate-limit headroom and webhook scheme, never a secret.

const API_TOKEN = 'de-api-token-7f3a9c';
const PUSH_TOKEN = 'de-push-token-51be0d';
const HMAC_SECRET = 'sf-hmac-secret-c0ffee';
const XB_PASSWORD = 'xb-password-9d2e';
const SECRETS = [API_TOKEN, PUSH_TOKEN, HMAC_SECRET, XB_PASSWORD];

const COURIERS: Record<string, CourierSettings> = {
  DE: {
    baseUrl: 'https://track.delhivery.test',
    apiToken: API_TOKEN,
    push: { scheme: 'token', header: 'x-webhook-token', token: PUSH_TOKEN },
  },
  SF: { push: { scheme: 'hmac', header: 'x-signature', secret: HMAC_SECRET } },
  XB: { baseUrl: 'https://xb.test', username: 'dakiya', password: XB_PASSWORD },
};

/** Delhivery as a real adapter would be: the sandbox, whose tracking fails naming its URL and token. */
const DELHIVERY_KIND: AdapterKind = {
  kind: 'delhivery',
  codes: ['DE'],
  defaultBaseUrl: 'https://track.delhivery.com',
  build: (settings) => (profile, deps) =>
    Object.assign(new SandboxCarrier(profile, deps), {
      trackMany: async (): Promise<never> => {
        throw new Error(`GET ${settings.baseUrl}/api/v1/packages/json/?token=${settings.apiToken} answered 502`);
      },
    }),
};

describe('GET corporate/couriers', () => {
  let s: TestServer;
  let admin: string;
  let support: string;
  let finance: string;
  let seller: string;
  const list = async (token = admin) => answer(s, API_COURIER_HEALTH.couriers, { token });
  const one = (rows: CourierHealth[], code: string) => rows.find((r) => r.code === code)!;

  beforeAll(async () => {
    s = await startTestServer({ seed: async (deps) => void (await seedDemo(deps)), config: { couriers: COURIERS } });
    s.deps.carriers = buildCarriers({ couriers: COURIERS }, [DELHIVERY_KIND]);
    reloadCarrierNetwork(s.deps);
    admin = (await login(s, STAFF)).token;
    support = (await login(s, { email: 'support@dakiya.in', password: 'Staff@123' })).token;
    finance = (await login(s, { email: 'finance@dakiya.in', password: 'Staff@123' })).token;
    seller = (await login(s, SELLER)).token;
  }, 60_000);
  afterAll(() => s?.close());

  it('reads well on a fresh install: every courier, sandbox or live and why, no calls yet', async () => {
    const rows = await list();
    expect(rows.length).toBeGreaterThan(5);
    expect(one(rows, 'DE')).toMatchObject({
      name: 'Delhivery Surface',
      mode: 'LIVE',
      modeReason: 'CREDENTIALS_SET',
      active: true,
      lastSuccessAt: null,
      lastError: null,
      lastHour: { calls: 0, failures: 0, errorRatePercent: null, averageLatencyMs: null },
      lastDay: { calls: 0, failures: 0, errorRatePercent: null, averageLatencyMs: null },
      rateLimit: { callsPerWindow: 750, windowSeconds: 300, callsInWindow: 0, remaining: 750 },
      webhookAuth: 'token',
      unknownCodes: 0,
    });
    expect(one(rows, 'XB')).toMatchObject({ mode: 'SANDBOX', modeReason: 'NO_ADAPTER', rateLimit: null });
    expect(one(rows, 'SF')).toMatchObject({ mode: 'SANDBOX', modeReason: 'NO_CREDENTIALS', webhookAuth: 'hmac' });
    expect(one(rows, 'EK')).toMatchObject({ mode: 'SANDBOX', modeReason: 'NO_CREDENTIALS', webhookAuth: null });
    expect(rows.find((r) => r.hyperlocal)).toMatchObject({ mode: 'SANDBOX', active: true });
  });

  it('counts each call to a courier adapter: successes, failures with the secret blanked, latency, headroom', async () => {
    const network = await carrierNetwork(s.deps);
    const de = network.adapters.get('DE')!;
    for (let i = 0; i < 3; i++) expect(await de.track(`NOPE${i}`)).toEqual([]);
    await expect(de.trackMany!(['NOPE9'])).rejects.toThrow('502');
    // a local decision (serviceability) is not a call to the courier
    de.serviceability({ from: '110001', to: '400001' } as never);
    await network.adapters.get('EK')!.track('NOPE');
    const rows = await list(support);
    const row = one(rows, 'DE');
    expect(row).toMatchObject({
      lastSuccessAt: s.clock.now.toISOString(),
      lastErrorAt: s.clock.now.toISOString(),
      lastHour: { calls: 4, failures: 1, errorRatePercent: 25 },
      lastDay: { calls: 4, failures: 1, errorRatePercent: 25 },
      rateLimit: { callsInWindow: 4, remaining: 746 },
    });
    expect(row.lastError).toBe('GET https://track.delhivery.test/api/v1/packages/json/?token=••• answered 502');
    expect(row.lastHour.averageLatencyMs).toBeGreaterThanOrEqual(0);
    expect(one(rows, 'EK')).toMatchObject({
      lastHour: { calls: 1, failures: 0, errorRatePercent: 0 },
      rateLimit: null,
    });
    expect(one(rows, 'SF').lastHour.calls).toBe(0);
  });

  it('adds every process’s counts, survives a restart, and a repeated flush counts once', async () => {
    const other = new CourierCallMeter(s.deps.db);
    other.record('DE', { ok: true, latencyMs: 120, at: s.clock.now });
    other.record('DE', { ok: false, latencyMs: 80, at: s.clock.now, error: 'timeout' });
    await Promise.all([other.flush(), other.flush(), other.flush()]);
    const row = one(await list(), 'DE');
    expect(row).toMatchObject({ lastError: 'timeout', lastHour: { calls: 6, failures: 2 } });
    expect(row.rateLimit?.remaining).toBe(744);
    const saved = await s.deps.db.select().from(courierCallStats);
    expect(saved.filter((r) => r.carrierCode === 'DE')).toHaveLength(1);
  });

  it('counts the unknown codes a courier sent', async () => {
    const at = s.clock.now;
    await s.deps.db.insert(courierUnknownCodes).values([
      { carrierCode: 'DE', kind: 'STATUS', code: 'ZZ', count: 4, firstSeenAt: at, lastSeenAt: at },
      { carrierCode: 'DE', kind: 'NDR_REASON', code: 'EOD-999', count: 1, firstSeenAt: at, lastSeenAt: at },
    ]);
    expect(one(await list(), 'DE').unknownCodes).toBe(2);
  });

  it('never answers a token, secret or password', async () => {
    const res = await s.request(API_COURIER_HEALTH.couriers.path, { token: admin });
    const body = await res.text();
    expect(res.status).toBe(200);
    for (const secret of SECRETS) expect(body).not.toContain(secret);
  });

  it('is for staff with the courier network’s permission only', async () => {
    const seller403 = await s.request(API_COURIER_HEALTH.couriers.path, { token: seller });
    expect(seller403.status).toBe(403);
    const denied = await s.request(API_COURIER_HEALTH.couriers.path, { token: finance });
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { errorMessage: string }).errorMessage).toBe(STAFF_PERMISSION_DENIED);
    expect((await s.request(API_COURIER_HEALTH.couriers.path)).status).toBe(401);
  });
  it('moves with the clock: the rate window empties after five minutes, the hour after sixty', async () => {
    s.clock.advance(6 * 60_000);
    let row = one(await list(), 'DE');
    expect(row.rateLimit).toMatchObject({ callsInWindow: 0, remaining: 750 });
    expect(row.lastHour.calls).toBe(6);
    s.clock.advance(2 * 3_600_000);
    // access tokens are short-lived: sign in again on the moved clock
    row = one(await list((await login(s, STAFF)).token), 'DE');
    expect(row.lastHour).toEqual({ calls: 0, failures: 0, errorRatePercent: null, averageLatencyMs: null });
    expect(row.lastDay).toMatchObject({ calls: 6, failures: 2, errorRatePercent: 33.3 });
    expect(row.lastSuccessAt).not.toBeNull();
  });
});
