import { API_CONFIG } from '../../src/domain/config-contract';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configProblems, loadConfig } from '../../server/config';
import { demoGstin, gstinCheckChar, gstinProblem } from '../../src/domain/gstin';
import { ROOT } from '../../scripts/server-process';
import { startTestServer, type TestServer } from './harness';
import { answer } from './call';

/** Starts the server with these variables on a store it never opens, for a start it must refuse. */
function startServer(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, DATABASE_URL: '', DATA_DIR: '/nonexistent/never-opened', PORT: '0' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('config routes', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('answers the app configuration without a login', async () => {
    const data = await answer(s, API_CONFIG.appConfig, {});
    expect(data.CARRIER_PUBLIC_URL).toBe('http://dakiya.test/tracking');
    expect(data.SITE_CODE).toBe('CARRIER');
    expect(data.CHANNEL_URL).toMatch(/^http:\/\/dakiya\.test\//);
  });

  it('lists the states with GST codes', async () => {
    const data = await answer(s, API_CONFIG.states, {});
    expect(data).toContainEqual({ code: 'KA', name: 'Karnataka', gstCode: '29' });
    expect(data.length).toBe(36);
  });

  it('answers an unknown API path with 404 and the error header', async () => {
    const res = await s.request('/api/v1/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-error-message')).toContain('No such API route');
  });

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await (await s.request('/api/openapi.json')).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain(API_CONFIG.appConfig.path);
    const page = await (await s.request('/api/docs')).text();
    expect(page).toContain('Dakiya API reference');
  });
});

describe('the supplier GSTIN on tax invoices', () => {
  it('checks a GSTIN: shape, check character and the state it is registered in', () => {
    expect(gstinProblem('27AAPFU0939F1ZV', 'Maharashtra')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZW', 'Maharashtra')).toContain('wrong check character');
    expect(gstinProblem('27AAPFU0939F1ZV', 'Karnataka')).toBe("starts with state code 27, but Karnataka's code is 29");
    expect(gstinProblem('not configured', 'Karnataka')).toContain('must be 15 characters');
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
  });

  it('gives the demo a valid GSTIN of COMPANY_STATE, and production none of its own', () => {
    const demo = loadConfig({ NODE_ENV: 'development' });
    expect(demo.company.gstin).toBe(demoGstin('Karnataka'));
    expect(gstinProblem(demo.company.gstin, 'Karnataka')).toBeNull();
    expect(configProblems(demo)).toEqual([]);
    const kerala = loadConfig({ NODE_ENV: 'development', COMPANY_STATE: 'Kerala' });
    expect(kerala.company.gstin.slice(0, 2)).toBe('32');
    expect(configProblems(kerala)).toEqual([]);
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(production.company.gstin).toBe('');
    expect(configProblems(production)).toEqual([expect.stringContaining('COMPANY_GSTIN is not set')]);
    expect(
      configProblems(
        loadConfig({ NODE_ENV: 'production', COMPANY_GSTIN: '27aapfu0939f1zv', COMPANY_STATE: 'Maharashtra' }),
      ),
    ).toEqual([]);
    expect(configProblems(loadConfig({ NODE_ENV: 'production', COMPANY_GSTIN: '27AAPFU0939F1ZV' }))).toEqual([
      expect.stringContaining("Karnataka's code is 29"),
    ]);
  });

  it('a production server without a GSTIN refuses to start and says why', () => {
    const r = startServer({ NODE_ENV: 'production', COMPANY_GSTIN: '' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('COMPANY_GSTIN is not set');
  }, 60_000);
});

describe('e-way bill configuration', () => {
  it('runs on the sandbox with none of the EWAY_BILL_* variables, and names the missing ones when some are set', async () => {
    const { buildEwayBills } = await import('../../server/eway-bills/setup');
    expect(configProblems(loadConfig({ NODE_ENV: 'development' }))).toEqual([]);
    expect(buildEwayBills({}, fetch).name).toBe('sandbox');
    const half = loadConfig({ NODE_ENV: 'development', EWAY_BILL_GSTIN: '29AAPFU0939F1ZV', EWAY_BILL_USERNAME: 'api' });
    expect(configProblems(half)).toEqual([
      expect.stringContaining('E-way bills: EWAY_BILL_BASE_URL, EWAY_BILL_PASSWORD'),
    ]);
    expect(half.ewayBillProblems[0]).toContain('while EWAY_BILL_GSTIN, EWAY_BILL_USERNAME are');
  });

  it('a server with half an e-way bill connection refuses to start and says which variables are missing', () => {
    const r = startServer({ NODE_ENV: 'development', EWAY_BILL_GSTIN: '29AAPFU0939F1ZV' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('EWAY_BILL_BASE_URL');
  }, 60_000);
});

describe('courier configuration', () => {
  // the exact names operations set (README's variable table): each courier is live exactly when its
  // credentials are set, on its production host unless its base URL says otherwise
  const env = {
    DELHIVERY_TOKEN: 'dlv-key',
    XPRESSBEES_EMAIL: 'ops@seller.in',
    XPRESSBEES_PASSWORD: 'xb-pass',
    XPRESSBEES_BASE_URL: 'https://xb-staging.example.in',
    EKART_CLIENT_ID: 'EKART_1',
    EKART_USERNAME: 'ops@seller.in',
    EKART_PASSWORD: 'ek-pass',
    SHADOWFAX_TOKEN: 'sfx-key',
  };

  it('takes each courier live from its documented variables, and leaves every code on the sandbox without them', async () => {
    const { buildCarriers } = await import('../../server/carriers/providers');
    const live = buildCarriers(loadConfig({ ...env, NODE_ENV: 'test' }));
    expect([...live.live].sort()).toEqual(['DE', 'DEHW', 'DEMW', 'EK', 'SF', 'XB', 'XBSDD']);
    expect(live.notes).toEqual([]);
    const config = loadConfig({ ...env, NODE_ENV: 'test' });
    expect(config.couriers.DE).toMatchObject({ apiToken: 'dlv-key' });
    expect(config.couriers.DEHW).toMatchObject({ apiToken: 'dlv-key' });
    expect(config.couriers.XBSDD).toMatchObject({ email: 'ops@seller.in', baseUrl: 'https://xb-staging.example.in' });
    expect(config.couriers.EK).toMatchObject({ clientId: 'EKART_1', username: 'ops@seller.in', password: 'ek-pass' });
    expect(buildCarriers(loadConfig({ NODE_ENV: 'test' })).live).toEqual([]);
    // half a login is no login: Xpressbees without its password stays on the sandbox
    expect(buildCarriers(loadConfig({ XPRESSBEES_EMAIL: 'ops@seller.in', NODE_ENV: 'test' })).live).toEqual([]);
  });
});
