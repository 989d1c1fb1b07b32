import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer } from './harness';
import { login, startDemoServer } from './helpers';
import { SELF } from '../../src/domain/permissions';
import {
  ALL_STAFF_PERMISSIONS,
  STAFF_PERMISSION_DENIED,
  STAFF_ROLE_CODES,
  staffMayUse,
  type StaffRole,
} from '../../src/domain/staff-permissions';

// The staff permission matrix: every operation of the OpenAPI document that staff may call, by a
// demo login of each staff role. A role lacking the operation's staff permission is refused with
// the staff 403; a role with it never is. An operation that names none is the ADMIN's alone.

interface Op {
  method: string;
  path: string;
  permission?: string;
  staffPermission?: string;
  accountTypes?: string[];
}

const LOGINS: Record<StaffRole, string> = {
  ADMIN: 'ops@dakiya.in',
  SUPPORT: 'support@dakiya.in',
  FINANCE: 'finance@dakiya.in',
  KYC_REVIEWER: 'kyc@dakiya.in',
  OPERATIONS: 'operations@dakiya.in',
};

let s: TestServer;
let ops: Op[];
const tokens = {} as Record<StaffRole, string>;

const key = (o: Op) => `${o.method.toUpperCase()} ${o.path}`;
const call = (o: Op, token: string) =>
  s.request(o.path.replace(/\{[^}]+\}/g, '1'), {
    method: o.method.toUpperCase(),
    token,
    ...(o.method === 'get' || o.method === 'delete' ? {} : { json: {} }),
  });
async function staffDenied(res: Response): Promise<boolean> {
  if (res.status !== 403) return false;
  return ((await res.json()) as { errorMessage?: string }).errorMessage === STAFF_PERMISSION_DENIED;
}

beforeAll(async () => {
  s = await startDemoServer();
  const doc = (await (await s.request('/api/openapi.json')).json()) as {
    paths: Record<
      string,
      Record<
        string,
        {
          security: Record<string, unknown>[];
          'x-permission'?: string;
          'x-staff-permission'?: string;
          'x-account-types'?: string[];
        }
      >
    >;
  };
  ops = Object.entries(doc.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.security.some((scheme) => 'bearer' in scheme)) // a login's token; the login itself takes Basic credentials
        .map(([method, op]) => ({
          method,
          path,
          permission: op['x-permission'],
          staffPermission: op['x-staff-permission'],
          accountTypes: op['x-account-types'],
        })),
    )
    .filter((o) => !o.accountTypes || o.accountTypes.includes('DAKIYA'));
  for (const role of STAFF_ROLE_CODES)
    tokens[role] = (await login(s, { email: LOGINS[role], password: 'Staff@123' })).token;
}, 60_000);
afterAll(() => s?.close());

describe('staff permission matrix over every operation staff may call', () => {
  it('every staff operation names a staff permission, or is open to any login (SELF)', () => {
    const undeclared = ops.filter((o) => !o.staffPermission && o.permission !== SELF).map(key);
    expect(undeclared).toEqual([]);
    for (const o of ops) if (o.staffPermission) expect(ALL_STAFF_PERMISSIONS).toContain(o.staffPermission);
    expect(ops.filter((o) => o.staffPermission).length).toBeGreaterThan(50);
  });

  it('each role is refused exactly the operations whose permission it lacks', async () => {
    let refusedCount = 0;
    for (const role of STAFF_ROLE_CODES) {
      for (const o of ops) {
        if (o.path === '/api/v1/auth/logout-everywhere') continue; // would end the login this test uses
        const allowed = o.permission === SELF || staffMayUse(role, o.staffPermission as never);
        const denied = await staffDenied(await call(o, tokens[role]));
        expect(denied, `${role} ${key(o)}`).toBe(!allowed);
        if (denied) refusedCount += 1;
      }
    }
    expect(refusedCount).toBeGreaterThan(50);
  }, 240_000);

  it("a route with no staff permission is the ADMIN's alone: the rule itself", () => {
    expect(staffMayUse('ADMIN', undefined)).toBe(true);
    for (const role of STAFF_ROLE_CODES.filter((r) => r !== 'ADMIN')) expect(staffMayUse(role, undefined)).toBe(false);
    expect(staffMayUse(null, 'accounts.view')).toBe(false);
  });
});
