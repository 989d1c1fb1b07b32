import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { answer, send } from './call';
import { pathOf } from '../../src/domain/operation';
import { errorOf, startTestServer, type TestServer } from './harness';
import { login, loginRequest, STAFF } from './helpers';
import { seedDemo } from '../../server/seeds/demo-accounts';
import { accounts } from '../../server/db/schema';
import { hashPassword } from '../../server/modules/auth/passwords';
import { API_ACCOUNT } from '../../src/domain/account-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { PERMISSION_DENIED } from '../../server/http/router';
import { invitationToken, invite, invitedUser, newInvitee, ownerOn } from './team-helpers';

let s: TestServer;
let staff: string;
beforeAll(async () => {
  s = await startTestServer({ seed: async (deps) => void (await seedDemo(deps)) });
  staff = (await login(s, STAFF)).token;
}, 60_000);
afterAll(() => s?.close());

describe('inviting users', () => {
  it('the owner invites a user by email; the link sets the password once; the user logs in with the role', async () => {
    const owner = await ownerOn(s, 'PRO');
    const invited = await newInvitee(s, owner.token, 'asha@team.test', { role: 'USER' });
    expect(invited).toMatchObject({ email: 'asha@team.test', role: 'USER', status: 'INVITED', lastLoginAt: null });
    const token = await invitationToken(s, 'asha@team.test');
    expect(await answer(s, API_TEAM.invitation, { params: { invitationToken: token } })).toMatchObject({
      email: 'asha@team.test',
      firstName: 'Asha',
    });
    // before accepting there is no way in
    expect((await loginRequest(s, { email: 'asha@team.test', password: 'Team@1234' })).status).toBe(401);
    const accept = (json: object) => s.request(API_TEAM.acceptInvitation.path, { method: 'POST', json });
    expect(
      await errorOf(await accept({ invitationToken: token, password: 'Team@1234', confirmPassword: 'Team@12345' })),
    ).toMatchObject({ status: 400, message: expect.stringContaining('Confirm password') });
    expect(
      await errorOf(await accept({ invitationToken: token, password: 'short', confirmPassword: 'short' })),
    ).toMatchObject({ status: 400, message: expect.stringContaining('Password') });
    const [a, b] = await Promise.all([
      accept({ invitationToken: token, password: 'Team@1234', confirmPassword: 'Team@1234' }),
      accept({ invitationToken: token, password: 'Team@9999', confirmPassword: 'Team@9999' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 404]);
    expect((await send(s, API_TEAM.invitation, { params: { invitationToken: token } })).status).toBe(404);
    const password = a.status === 200 ? 'Team@1234' : 'Team@9999';
    const session = await login(s, { email: 'asha@team.test', password });
    expect(session.claims).toMatchObject({ role: 'USER', oid: owner.orgId, scope: ['SELLER'] });
    const info = await answer(s, API_ACCOUNT.accountInfo, { token: session.token });
    expect(info.permissions).toEqual(expect.arrayContaining(['orders.view', 'ndr.act']));
    expect(info.permissions).not.toContain('wallet.view');
    const list = await answer(s, API_TEAM.users, { token: owner.token });
    expect(list.items.find((u) => u.email === 'asha@team.test')).toMatchObject({ status: 'ACTIVE' });
    expect(list.items.find((u) => u.email === 'asha@team.test')?.lastLoginAt).not.toBeNull();
    expect(list).toMatchObject({ loginsUsed: 2, loginsAllowed: 5 });
  });

  it('refuses bad input naming the field by its label, a taken email, and an unknown role', async () => {
    const owner = await ownerOn(s, 'PRO');
    expect(await errorOf(await invite(s, owner.token, 'not-an-email'))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/email/i),
    });
    expect(await errorOf(await invite(s, owner.token, 'x1@team.test', { phone: '12345' }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/phone number/i),
    });
    expect(await errorOf(await invite(s, owner.token, 'x2@team.test', { role: 'OWNER' }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Role/),
    });
    expect(await errorOf(await invite(s, owner.token, 'x3@team.test', { teamRoleId: 99999 }))).toMatchObject({
      status: 404,
    });
    expect((await invite(s, owner.token, 'dup@team.test')).status).toBe(200);
    expect((await errorOf(await invite(s, owner.token, 'DUP@team.test'))).status).toBe(409);
  });

  it('the account form’s username: required, letters and digits 5-20, unique in the team, shown in the list', async () => {
    const owner = await ownerOn(s, 'PRO');
    const rule = 'Username must be 5-20 letters or digits, with no spaces or symbols';
    expect(await errorOf(await invite(s, owner.token, 'un0@team.test', { username: undefined }))).toMatchObject({
      status: 400,
      message: 'Username is required',
    });
    expect(await errorOf(await invite(s, owner.token, 'un0@team.test', { username: '' }))).toMatchObject({
      status: 400,
      message: 'Username is required',
    });
    for (const bad of ['asha', 'asha rao', 'asha_01', 'a'.repeat(21)])
      expect(await errorOf(await invite(s, owner.token, 'un1@team.test', { username: bad }))).toMatchObject({
        status: 400,
        message: rule,
      });
    const made = await newInvitee(s, owner.token, 'un2@team.test', { username: 'AshaRao01' });
    expect(made.username).toBe('AshaRao01');
    // the same name in another case is the same username in this team; another team may have it
    expect(await errorOf(await invite(s, owner.token, 'un3@team.test', { username: 'asharao01' }))).toMatchObject({
      status: 409,
      message: 'Username: another login of your team already has it',
    });
    const other = await ownerOn(s, 'PRO');
    expect((await invite(s, other.token, 'un4@team.test', { username: 'asharao01' })).status).toBe(200);
    const list = await answer(s, API_TEAM.users, { token: owner.token });
    expect(list.items.find((u) => u.email === 'un2@team.test')?.username).toBe('AshaRao01');
    expect(list.items.find((u) => u.role === 'OWNER')?.username).toBeNull();
  });

  it('is the owner’s (or a users.manage role’s): staff, a Seller and a User are refused', async () => {
    const owner = await ownerOn(s, 'PRO');
    const seller = await invitedUser(s, owner.token, 'slr@team.test', { role: 'SELLER' });
    expect((await invite(s, staff, 'a@team.test')).status).toBe(403);
    expect(await errorOf(await invite(s, seller.token, 'b@team.test'))).toMatchObject({
      status: 403,
      message: PERMISSION_DENIED,
    });
    expect((await send(s, API_TEAM.users, { token: seller.token })).status).toBe(403);
    expect((await send(s, API_TEAM.users, {})).status).toBe(401);
  });

  it('another organisation’s user answers 404', async () => {
    const a = await ownerOn(s, 'PRO');
    const b = await ownerOn(s, 'PRO');
    const user = await newInvitee(s, a.token, 'other@team.test');
    for (const res of [
      await send(s, API_TEAM.editUser, {
        params: { accountId: user.accountId },
        token: b.token,
        body: { role: 'USER' },
      }),
      await send(s, API_TEAM.userStatus, {
        params: { accountId: user.accountId },
        token: b.token,
        body: { activated: false },
      }),
      await send(s, API_TEAM.deactivateUser, { params: { accountId: user.accountId }, token: b.token }),
    ])
      expect(res.status).toBe(404);
    // the owner's own login is not a team member to change
    expect(
      (
        await send(s, API_TEAM.editUser, {
          params: { accountId: a.claims.sub },
          token: a.token,
          body: { role: 'USER' },
        })
      ).status,
    ).toBe(403);
  });
});

describe('roles and enforcement', () => {
  it('an "orders only" role can open orders and not the wallet; a role change applies at the next call', async () => {
    const owner = await ownerOn(s, 'PRO');
    const role = await answer(s, API_TEAM.addRole, {
      token: owner.token,
      body: { roleName: 'Orders only', permissions: ['orders.view', 'orders.create', 'orders.ship'] },
    });
    const u = await invitedUser(s, owner.token, 'orders@team.test', { teamRoleId: role.roleId });
    expect((await s.request(API_ORDERS.orders.path, { token: u.token })).status).toBe(200);
    expect(await errorOf(await s.request(API_WALLET.wallet.path, { token: u.token }))).toMatchObject({
      status: 403,
      message: PERMISSION_DENIED,
    });
    await answer(s, API_TEAM.editRole, {
      params: { roleId: role.roleId },
      token: owner.token,
      body: { roleName: 'Orders only', permissions: ['orders.view', 'wallet.view'] },
    });
    expect((await s.request(API_WALLET.wallet.path, { token: u.token })).status).toBe(200);
    const roles = await answer(s, API_TEAM.roles, { token: owner.token });
    expect(roles.map((r) => r.name)).toEqual(['Seller', 'User', 'Orders only']);
    expect(roles.find((r) => r.name === 'Orders only')?.users).toBe(1);
  });

  it('role names are unique in an organisation, permissions must be known, and a role in use is not deleted', async () => {
    const owner = await ownerOn(s, 'PRO');
    const make = (json: object) => s.request(API_TEAM.addRole.path, { method: 'POST', token: owner.token, json });
    const role = await answer(s, API_TEAM.addRole, {
      token: owner.token,
      body: { roleName: 'Packers', permissions: ['orders.ship'] },
    });
    expect((await errorOf(await make({ roleName: 'packers', permissions: ['orders.ship'] }))).status).toBe(409);
    expect(await errorOf(await make({ roleName: 'X', permissions: ['orders.fly'] }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Permissions/),
    });
    expect(await errorOf(await make({ roleName: '', permissions: ['orders.ship'] }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Role name/),
    });
    await invitedUser(s, owner.token, 'packer@team.test', { teamRoleId: role.roleId });
    const removal = { params: { roleId: role.roleId } };
    expect((await send(s, API_TEAM.deleteRole, { ...removal, token: owner.token })).status).toBe(409);
    const other = await ownerOn(s, 'PRO');
    expect((await send(s, API_TEAM.deleteRole, { ...removal, token: other.token })).status).toBe(404);
  });
});

describe('deactivating users and plan limits', () => {
  it('a deactivated user is out at once and cannot log in; reactivated within the plan, it can again', async () => {
    const owner = await ownerOn(s, 'PRO');
    const u = await invitedUser(s, owner.token, 'deact@team.test');
    const off = await answer(s, API_TEAM.deactivateUser, {
      params: { accountId: u.user.accountId },
      token: owner.token,
    });
    expect(off.status).toBe('DEACTIVATED');
    expect((await s.request(API_ORDERS.orders.path, { token: u.token })).status).toBe(401);
    const res = await loginRequest(s, { email: 'deact@team.test', password: 'Team@1234' });
    expect(await errorOf(res)).toMatchObject({ status: 403, message: expect.stringMatching(/is locked$/) });
    const on = await answer(s, API_TEAM.userStatus, {
      params: { accountId: u.user.accountId },
      token: owner.token,
      body: { activated: true },
    });
    expect(on.status).toBe('ACTIVE');
    expect((await loginRequest(s, { email: 'deact@team.test', password: 'Team@1234' })).status).toBe(200);
    expect(
      await errorOf(
        await s.request(pathOf(API_TEAM.userStatus, { accountId: u.user.accountId }), {
          method: 'PUT',
          token: owner.token,
          json: { activated: 'yes' },
        }),
      ),
    ).toMatchObject({ status: 400, message: expect.stringMatching(/^Active/) });
  });

  it('Lite has one login: the owner; an invitation is refused with the upgrade hint', async () => {
    const owner = await ownerOn(s, 'LITE');
    expect(await errorOf(await invite(s, owner.token, 'lite@team.test'))).toMatchObject({
      status: 403,
      message: expect.stringContaining('Upgrade your plan'),
    });
  });

  it('Premium allows 50 logins: the 50th is taken, the 51st is refused; two at once for the last place: one', async () => {
    const owner = await ownerOn(s, 'PREMIUM');
    const hash = await hashPassword('Team@1234');
    // 48 logins besides the owner, made directly
    await s.deps.db.insert(accounts).values(
      Array.from({ length: 48 }, (_, i) => ({
        orgId: owner.orgId,
        accountType: 'SELLER',
        role: 'USER',
        email: `bulk${i}@premium.test`,
        phone: '9876500000',
        firstName: 'Bulk',
        lastName: String(i),
        passwordHash: hash,
        enabled: true,
      })),
    );
    const [a, b] = await Promise.all([
      invite(s, owner.token, 'fiftieth-a@premium.test'),
      invite(s, owner.token, 'fiftieth-b@premium.test'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    expect(await errorOf(await invite(s, owner.token, 'fifty-first@premium.test'))).toMatchObject({
      status: 403,
      message: expect.stringContaining('allows 50 logins'),
    });
    const list = await answer(s, API_TEAM.users, { token: owner.token });
    expect(list).toMatchObject({ loginsUsed: 50, loginsAllowed: 50 });
    // a deactivated login frees its place
    const someone = list.items.find((u) => u.role === 'USER')!;
    await answer(s, API_TEAM.deactivateUser, { params: { accountId: someone.accountId }, token: owner.token });
    expect((await invite(s, owner.token, 'fifty-first@premium.test')).status).toBe(200);
    const [row] = await s.deps.db.select().from(accounts).where(eq(accounts.id, someone.accountId));
    expect(row.deactivatedAt).not.toBeNull();
  }, 30_000);
});
