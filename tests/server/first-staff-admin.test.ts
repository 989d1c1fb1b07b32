import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configProblems, loadConfig } from '../../server/config';
import { ensureFirstStaffAdmin } from '../../server/seeds/first-staff-admin';
import { firstStaffAdminLines } from '../../server/seeds/first-staff-admin-lines';
import { serverScript, startServerProcess, type ServerProcess } from '../../scripts/server-process';
import { API_AUTH } from '../../src/domain/auth-contract';
import { freshPostgres, startTestServer, type TestServer } from './harness';
import { answerOf } from './call';
import { basic, login, MEERA, startDemoServer, STAFF } from './helpers';

// A server without the demo (production) seeds no well-known login: its first staff ADMIN is named
// in the environment and opens the corporate area with a temporary password printed once.

const ADMIN_ENV = {
  STAFF_ADMIN_EMAIL: 'Priya.Nair@Example.in',
  STAFF_ADMIN_NAME: '  Priya   Nair ',
  STAFF_ADMIN_PHONE: '+91 98450-12345',
};

describe('the demo data and the first staff ADMIN in the configuration', () => {
  it('seeds the demo everywhere but production, unless DEMO_DATA says otherwise', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: '1' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: '0' }).demoData).toBe(false);
    expect(configProblems(loadConfig({ DEMO_DATA: 'yes' }))).toEqual([
      'DEMO_DATA is yes: set it to 1 (seed the demo logins and data) or 0 (none).',
    ]);
  });

  it('reads the ADMIN as a person writes it: email in lower case, the name split at its last space, +91 dropped', () => {
    expect(loadConfig(ADMIN_ENV).firstStaffAdmin).toEqual({
      email: 'priya.nair@example.in',
      firstName: 'Priya',
      lastName: 'Nair',
      phone: '9845012345',
    });
    expect(loadConfig({ ...ADMIN_ENV, STAFF_ADMIN_NAME: 'Priya' }).firstStaffAdmin).toMatchObject({
      firstName: 'Priya',
      lastName: 'Admin',
    });
    expect(loadConfig({}).firstStaffAdmin).toBeNull();
  });

  it('refuses to start on an email or a mobile number that is not one, saying which', () => {
    expect(configProblems(loadConfig({ ...ADMIN_ENV, STAFF_ADMIN_EMAIL: 'priya@' }))).toEqual([
      'STAFF_ADMIN_EMAIL priya@ is not an email address. Fix it and start again.',
    ]);
    for (const phone of ['', '12345', '5845012345', '98450123456'])
      expect(configProblems(loadConfig({ ...ADMIN_ENV, STAFF_ADMIN_PHONE: phone }))).toEqual([
        expect.stringContaining('STAFF_ADMIN_PHONE must be'),
      ]);
  });
});

describe('the first staff ADMIN', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  it('is missing, and the banner says how to make one, while none is named', async () => {
    const outcome = await ensureFirstStaffAdmin(s.deps, null);
    expect(outcome).toEqual({ kind: 'missing' });
    expect(firstStaffAdminLines(outcome)[0]).toContain('Set STAFF_ADMIN_EMAIL, STAFF_ADMIN_NAME and STAFF_ADMIN_PHONE');
  });

  it('is made once, even by two starts at once; its temporary password logs in and must be changed', async () => {
    const admin = loadConfig(ADMIN_ENV).firstStaffAdmin;
    const outcomes = await Promise.all([ensureFirstStaffAdmin(s.deps, admin), ensureFirstStaffAdmin(s.deps, admin)]);
    const made = outcomes.filter((o) => o.kind === 'created');
    expect(made).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'present')).toHaveLength(1);
    const created = made[0] as Extract<(typeof outcomes)[number], { kind: 'created' }>;
    expect(created.expiresAt.getTime() - s.clock.now.getTime()).toBe(24 * 3_600_000);
    const lines = firstStaffAdminLines(created);
    expect(lines[1]).toContain(`priya.nair@example.in  temporary password ${created.temporaryPassword}`);
    // the expiry in IST, as dd MMM yyyy, hh:mm am/pm
    expect(lines[2]).toContain('before 21 Nov 2026, 12:00 pm IST');

    const first = await login(s, { email: 'priya.nair@example.in', password: created.temporaryPassword });
    expect(first.mustChangePassword).toBe(true);
    expect(first.claims).toMatchObject({ role: 'DAKIYA' });
    // a wrong password is refused as any other
    const wrong = await s.request(API_AUTH.login.path, {
      method: 'POST',
      headers: { authorization: basic('priya.nair@example.in', 'Staff@123') },
    });
    expect(wrong.status).toBe(401);
    // a later start finds the ADMIN and makes nothing
    expect(await ensureFirstStaffAdmin(s.deps, admin)).toEqual({ kind: 'present' });
    expect(firstStaffAdminLines({ kind: 'present' })).toEqual([]);
  });
});

describe('an email that is a seller’s login', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startDemoServer();
    // the demo's sellers without a staff ADMIN
    await s.deps.db.execute(sql`update accounts set staff_role = 'SUPPORT' where staff_role = 'ADMIN'`);
  });
  afterAll(() => s?.close());

  it('is not made a staff login, and the banner says so', async () => {
    const admin = { ...loadConfig(ADMIN_ENV).firstStaffAdmin!, email: MEERA.email };
    const outcome = await ensureFirstStaffAdmin(s.deps, admin);
    expect(outcome).toEqual({ kind: 'taken', email: MEERA.email });
    expect(firstStaffAdminLines(outcome)[0]).toContain('is already a seller');
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('a production start', () => {
  let app: ServerProcess;
  beforeAll(async () => {
    const database = await freshPostgres();
    app = await startServerProcess(
      serverScript('main'),
      { NODE_ENV: 'production', DEMO_DATA: '0', DATABASE_URL: database.url, WORKERS: 'off', ...ADMIN_ENV },
      '/api/v1/app-config',
      120_000,
    );
  }, 150_000);
  afterAll(() => app?.stop());

  it('seeds no demo login, and prints the first ADMIN’s temporary password once', async () => {
    const logs = app.logs();
    expect(logs).not.toContain('Demo logins');
    const password = /priya\.nair@example\.in {2}temporary password (\S+)/.exec(logs)?.[1];
    expect(password).toBeTruthy();
    const loginWith = (who: { email: string; password: string }) =>
      fetch(`${app.url}${API_AUTH.login.path}`, {
        method: 'POST',
        headers: { authorization: basic(who.email, who.password) },
      });
    for (const demo of [STAFF, MEERA]) expect((await loginWith(demo)).status).toBe(401);
    const first = await loginWith({ email: 'priya.nair@example.in', password: password! });
    expect(first.status).toBe(200);
    expect((await answerOf(API_AUTH.login, first)).mustChangePassword).toBe(true);
  });
});
