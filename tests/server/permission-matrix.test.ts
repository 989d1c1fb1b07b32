import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { PERMISSION_DENIED } from '../../server/http/router';
import { ALL_PERMISSIONS, SELF, type Permission } from '../../src/domain/permissions';
import { API_TEAM } from '../../src/domain/team-contract';

import { invitedUser, ownerOn } from './team-helpers';
import { answer } from './call';

// The permission matrix: every operation of the OpenAPI document, called by a seller login whose
// role lacks the permission it declares (refused by the permission check), by one whose role has
// only that permission (refused nothing the OWNER is not refused: the document's x-permission is
// the whole rule, with no second owner check behind it), and by the OWNER (never refused for it).
// A seller operation without a permission is the OWNER's alone: a login with every permission is
// refused there too.

interface Op {
  method: string;
  path: string;
  permission?: string;
  accountTypes?: string[];
}

/** Seller operations that are the OWNER's alone (spec section 6): plans, sub-sellers, company details. */
const OWNER_ONLY = [
  'PUT /api/v1/upgrade',
  'POST /api/v1/owner/downgrades',
  'DELETE /api/v1/owner/downgrades/{downgradeId}',
  'GET /api/v1/owner/sellers',
  'POST /api/v1/owner/register/seller',
  'POST /api/v1/owner/register/customer',
  'POST /api/v1/owner/sellers/{orgId}/switch',
  'GET /api/v1/account/details/{accountId}',
  // where COD money is paid: the owner alone changes it, with the owner's OTP (docs/decisions/bank-and-profile.md)
  'POST /api/v1/bank/details',
  'PUT /api/v1/bank/accounts/{bankAccountId}',
  'POST /api/v1/bank/verify',
  'POST /api/v1/bank/change-otp',
  'POST /api/v1/bank/accounts/{bankAccountId}/primary',
  'POST /api/v1/bank/accounts/{bankAccountId}/remove',
];

let s: TestServer;
let ops: Op[];
let owner: string;
let user: string;
let userId: number;
const roleIds = new Map<string, number>();

const key = (o: Op) => `${o.method.toUpperCase()} ${o.path}`;
const call = (o: Op, token: string) =>
  s.request(o.path.replace(/\{[^}]+\}/g, '1'), {
    method: o.method.toUpperCase(),
    token,
    ...(o.method === 'get' || o.method === 'delete' ? {} : { json: {} }),
  });
async function deniedForRole(res: Response): Promise<boolean> {
  if (res.status !== 403) return false;
  const body = (await res.json()) as { errorMessage?: string };
  return body.errorMessage === PERMISSION_DENIED;
}
/** Refused by the permission check, the one rule of who may call a seller route. */
const refused = deniedForRole;
/** The 403's message, or null when the answer is not a 403. */
async function refusal(res: Response): Promise<string | null> {
  if (res.status !== 403) return null;
  return ((await res.json()) as { errorMessage?: string }).errorMessage ?? '';
}
async function giveRole(name: string, permissions: readonly Permission[]) {
  let id = roleIds.get(name);
  if (!id) {
    const role = await answer(s, API_TEAM.addRole, {
      body: { roleName: name, permissions: [...permissions] },
      token: owner,
    });
    id = Number(role.roleId);
    roleIds.set(name, id);
  }
  await answer(s, API_TEAM.editUser, { params: { accountId: userId }, body: { teamRoleId: id }, token: owner });
}

beforeAll(async () => {
  s = await startTestServer();
  const doc = (await (await s.request('/api/openapi.json')).json()) as {
    paths: Record<
      string,
      Record<string, { security: Record<string, unknown>[]; 'x-permission'?: string; 'x-account-types'?: string[] }>
    >;
  };
  ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => op.security.some((scheme) => 'bearer' in scheme)) // a login's token; the login itself takes Basic credentials
      .map(([method, op]) => ({ method, path, permission: op['x-permission'], accountTypes: op['x-account-types'] })),
  );
  const o = await ownerOn(s, 'PREMIUM');
  owner = o.token;
  const u = await invitedUser(s, owner, 'matrix@team.test');
  user = u.token;
  userId = u.user.accountId;
}, 60_000);
afterAll(() => s?.close());

const sellerOps = () => ops.filter((o) => !o.accountTypes || o.accountTypes.includes('SELLER'));

describe('permission matrix over every operation of the OpenAPI document', () => {
  it('every seller operation declares a permission, or is one of the OWNER-only operations', () => {
    const undeclared = sellerOps()
      .filter((o) => !o.permission)
      .map(key);
    expect(undeclared.sort()).toEqual([...OWNER_ONLY].sort());
    for (const o of sellerOps())
      if (o.permission && o.permission !== SELF) expect(ALL_PERMISSIONS).toContain(o.permission);
    expect(sellerOps().length).toBeGreaterThan(170);
    // the help desk: reading tickets and raising or answering them are separate permissions
    const tickets = sellerOps().filter((o) => o.path.startsWith('/api/v1/tickets'));
    expect(new Set(tickets.map((o) => o.permission))).toEqual(new Set(['tickets.view', 'tickets.manage']));
  });

  it('a login lacking a permission is refused every operation that needs it; one with only it is not', async () => {
    let checked = 0;
    for (const p of ALL_PERMISSIONS) {
      const needing = ops.filter((o) => o.permission === p);
      await giveRole(
        `All but ${p}`,
        ALL_PERMISSIONS.filter((x) => x !== p),
      );
      for (const o of needing) {
        expect(await refused(await call(o, user)), `${key(o)} without ${p}`).toBe(true);
        checked += 1;
      }
      await giveRole(`Only ${p}`, [p]);
      for (const o of needing) {
        // holding the declared permission is as good as being the OWNER here: a 403 the member gets
        // (a plan's feature, the owner's own login as the target) is one the OWNER gets too
        const theirs = await refusal(await call(o, user));
        if (theirs !== null) expect(await refusal(await call(o, owner)), `${key(o)} with ${p}: ${theirs}`).toBe(theirs);
      }
    }
    expect(checked).toBe(ops.filter((o) => o.permission && o.permission !== SELF).length);
  }, 180_000);

  it('a login with every permission is still refused the OWNER-only operations, and never the SELF ones', async () => {
    await giveRole('Everything', ALL_PERMISSIONS);
    for (const o of sellerOps().filter((x) => !x.permission))
      expect(await refused(await call(o, user)), key(o)).toBe(true);
    for (const o of ops.filter((x) => x.permission === SELF))
      expect(await deniedForRole(await call(o, user)), key(o)).toBe(false);
  }, 60_000);

  it('the OWNER is refused nothing for its role', async () => {
    for (const o of sellerOps().filter((x) => x.path !== '/api/v1/auth/logout-everywhere'))
      expect(await deniedForRole(await call(o, owner)), key(o)).toBe(false);
  }, 120_000);
});
