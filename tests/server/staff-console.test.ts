import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessClaims } from '../../src/domain/account-contract';

import { API_ACCOUNT } from '../../src/domain/account-contract';
import { API_CORPORATE } from '../../src/domain/corporate-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { API_STAFF } from '../../src/domain/staff-contract';
import { ALL_STAFF_PERMISSIONS, STAFF_PERMISSION_DENIED } from '../../src/domain/staff-permissions';
import { STAFF_SELF_DEACTIVATION } from '../../server/modules/staff/status';
import { STAFF_DEACTIVATED } from '../../server/modules/auth/service';
import { API_TEAM } from '../../src/domain/team-contract';
import { API_TICKETS } from '../../src/domain/tickets-contract';
import { recheckPayment } from '../../server/modules/wallet/payments';
import { answer, answerOf, send } from './call';
import { API_AUDIT } from '../../src/domain/audit-contract';
import { errorOf, type TestServer } from './harness';
import {
  csvLines,
  freshIp,
  latestMessage,
  login,
  loginRequest,
  MEERA,
  SELLER,
  STAFF,
  startDemoServer,
} from './helpers';
import { API_AUTH } from '../../src/domain/auth-contract';
import { pathOf } from '../../src/domain/operation';

// The staff console over HTTP: staff roles, the audit log, a seller's whole picture, account
// deactivation, coupons and plan prices.

const PASSWORD = 'Staff@123';
let s: TestServer;
let admin: string;
let support: string;
let finance: string;
let kyc: string;
let sellerId: number;
let meeraId: number;

const put = (path: string, json: unknown, token: string) => s.request(path, { method: 'PUT', json, token });
const post = (path: string, json: unknown, token: string) => s.request(path, { method: 'POST', json, token });
const audit = async (query: string, token = admin) =>
  answerOf(API_AUDIT.log, await s.request(`${API_AUDIT.log.path}?${query}`, { token }));
const subOf = (token: string) => Number((decodeJwt(token) as unknown as AccessClaims).sub);

beforeAll(async () => {
  s = await startDemoServer();
  admin = (await login(s, STAFF)).token;
  support = (await login(s, { email: 'support@dakiya.in', password: PASSWORD })).token;
  finance = (await login(s, { email: 'finance@dakiya.in', password: PASSWORD })).token;
  kyc = (await login(s, { email: 'kyc@dakiya.in', password: PASSWORD })).token;
  sellerId = subOf((await login(s, SELLER)).token);
  meeraId = subOf((await login(s, MEERA)).token);
}, 60_000);
afterAll(() => s?.close());

describe('staff roles', () => {
  it('each login reads its own role and permissions', async () => {
    const me = await answer(s, API_STAFF.me, { token: finance });
    expect(me).toMatchObject({ staffRole: 'FINANCE' });
    expect(me.permissions).toContain('coupons.manage');
    expect(me.permissions).not.toContain('kyc.review');
    expect((await answer(s, API_STAFF.me, { token: admin })).permissions).toHaveLength(ALL_STAFF_PERMISSIONS.length);
  });

  it('a finance login may not see KYC; a KYC reviewer may', async () => {
    const res = await s.request('/api/v1/corporate/kyc/pending-approvals', { token: finance });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe(STAFF_PERMISSION_DENIED);
    expect((await s.request('/api/v1/corporate/kyc/pending-approvals', { token: kyc })).status).toBe(200);
  });

  it('the ADMIN lists staff and changes a role with a reason; the change applies at the next call', async () => {
    const staff = await answer(s, API_STAFF.staff, { token: admin });
    expect(staff.filter((x) => x.email !== 'neha@dakiya.in').map((x) => [x.email, x.staffRole])).toEqual([
      ['finance@dakiya.in', 'FINANCE'],
      ['kyc@dakiya.in', 'KYC_REVIEWER'],
      ['operations@dakiya.in', 'OPERATIONS'],
      ['ops@dakiya.in', 'ADMIN'],
      ['support@dakiya.in', 'SUPPORT'],
    ]);
    const supportId = staff.find((x) => x.email === 'support@dakiya.in')!.accountId;
    expect((await send(s, API_STAFF.staff, { token: finance })).status).toBe(403);
    expect((await send(s, API_AUDIT.log, { token: support })).status).toBe(403);
    for (const [json, message] of [
      [{ staffRole: 'BOSS', reason: 'Promotion' }, 'Staff role must be one of Support, Finance'],
      [{ staffRole: 'FINANCE' }, 'Reason is required'],
      [{ staffRole: 'FINANCE', reason: 'no' }, 'Reason must be 5 to 300 characters'],
    ] as const)
      expect(
        (await errorOf(await put(pathOf(API_STAFF.staffRole, { accountId: supportId }), json, admin))).message,
      ).toContain(message);
    expect(
      (
        await put(
          pathOf(API_STAFF.staffRole, { accountId: 999999 }),
          { staffRole: 'FINANCE', reason: 'Moved team' },
          admin,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await put(
          pathOf(API_STAFF.staffRole, { accountId: sellerId }),
          { staffRole: 'FINANCE', reason: 'Moved team' },
          admin,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await errorOf(
          await put(
            pathOf(API_STAFF.staffRole, { accountId: subOf(admin) }),
            { staffRole: 'SUPPORT', reason: 'Step down' },
            admin,
          ),
        )
      ).message,
    ).toBe('Staff role: you cannot change your own role');
    const changed = await answerOf(
      API_STAFF.staffRole,
      await put(
        pathOf(API_STAFF.staffRole, { accountId: supportId }),
        { staffRole: 'FINANCE', reason: 'Moved to the finance desk' },
        admin,
      ),
    );
    expect(changed.staffRole).toBe('FINANCE');
    expect((await send(s, API_AUDIT.log, { token: support })).status).toBe(200);
    const rows = await audit(`action=staff.role&entityKey=${supportId}`);
    expect(rows.items[0]).toMatchObject({
      actorEmail: 'ops@dakiya.in',
      entityType: 'account',
      before: { staffRole: 'SUPPORT' },
      after: { staffRole: 'FINANCE' },
      reason: 'Moved to the finance desk',
    });
    await put(
      pathOf(API_STAFF.staffRole, { accountId: supportId }),
      { staffRole: 'SUPPORT', reason: 'Back to the support desk' },
      admin,
    );
  });
});

describe('a new staff login', () => {
  it('the ADMIN adds one with its role; a temporary password is emailed and must be changed', async () => {
    const json = {
      firstName: 'Neha',
      lastName: 'Joshi',
      email: 'neha@dakiya.in',
      phone: '9000012350',
      staffRole: 'KYC_REVIEWER',
    };
    for (const [body, message] of [
      [{ ...json, email: 'not-an-email' }, 'Invalid email'],
      [{ ...json, staffRole: 'CHIEF' }, 'Staff role must be one of'],
      [{ ...json, phone: '12' }, 'Please enter a valid Phone Number'],
    ] as const)
      expect((await errorOf(await post(API_STAFF.staffCreate.path, body, admin))).message).toContain(message);
    expect((await post(API_STAFF.staffCreate.path, json, support)).status).toBe(403);
    const made = await Promise.all([
      post(API_STAFF.staffCreate.path, json, admin),
      post(API_STAFF.staffCreate.path, json, admin),
    ]);
    expect(made.map((r) => r.status).sort()).toEqual([200, 409]);
    const mail = await latestMessage(s, 'neha@dakiya.in');
    const password = /temporary password is: (\S+)/.exec(mail.body)![1];
    const neha = await login(s, { email: 'neha@dakiya.in', password });
    expect(neha.mustChangePassword).toBe(true);
    expect((await audit('action=staff.create')).items[0]).toMatchObject({
      after: { email: 'neha@dakiya.in', staffRole: 'KYC_REVIEWER' },
    });
  });
});

describe('ending a staff login', () => {
  const supportLogin = { email: 'support@dakiya.in', password: PASSWORD };
  const status = (id: number, json: unknown, token = admin) =>
    put(pathOf(API_STAFF.staffStatus, { accountId: id }), json, token);
  const supportRow = async () =>
    (await answer(s, API_STAFF.staff, { token: admin })).find((x) => x.email === supportLogin.email)!;

  it('only the ADMIN, with a reason, never their own login, never a seller through it', async () => {
    const id = (await supportRow()).accountId;
    expect(await errorOf(await status(id, { activated: false, reason: 'Left the company' }, finance))).toMatchObject({
      status: 403,
      message: STAFF_PERMISSION_DENIED,
    });
    expect(await errorOf(await status(id, { activated: false }))).toMatchObject({
      status: 400,
      message: 'Reason is required',
    });
    expect(
      await errorOf(await status(subOf(admin), { activated: false, reason: 'Stepping away from the desk' })),
    ).toMatchObject({ status: 400, message: STAFF_SELF_DEACTIVATION });
    expect((await status(sellerId, { activated: false, reason: 'Left the company' })).status).toBe(404);
    expect((await status(999999, { activated: false, reason: 'Left the company' })).status).toBe(404);
    expect((await supportRow()).active).toBe(true);
  });

  it('deactivation ends every session at once (access token and refresh) and login; reactivation lets them back', async () => {
    const open = await login(s, supportLogin);
    expect((await send(s, API_STAFF.me, { token: open.token })).status).toBe(200);
    const id = (await supportRow()).accountId;
    const res = await status(id, { activated: false, reason: 'Left the company on 27 Nov' });
    expect(await answerOf(API_STAFF.staffStatus, res)).toEqual({ accountId: id, activated: false });
    // the token issued before is refused at once, its refresh cookie too, and a new login
    expect((await send(s, API_STAFF.me, { token: open.token })).status).toBe(401);
    expect((await s.request('/api/v1/corporate/kyc/pending-approvals', { token: open.token })).status).toBe(401);
    expect((await s.request(API_AUTH.refreshToken.path, { method: 'POST', cookie: open.cookie })).status).toBe(401);
    expect(await errorOf(await loginRequest(s, supportLogin, freshIp()))).toMatchObject({
      status: 403,
      message: STAFF_DEACTIVATED,
    });
    expect(await supportRow()).toMatchObject({ active: false });
    expect((await audit(`action=staff.deactivate&entityKey=${id}`)).items[0]).toMatchObject({
      before: { active: true },
      after: { active: false },
      reason: 'Left the company on 27 Nov',
      requestId: res.headers.get('x-request-id'),
    });

    expect(
      await answerOf(API_STAFF.staffStatus, await status(id, { activated: true, reason: 'Rejoined the support desk' })),
    ).toEqual({
      accountId: id,
      activated: true,
    });
    expect((await audit(`action=staff.activate&entityKey=${id}`)).items[0]).toMatchObject({
      reason: 'Rejoined the support desk',
    });
    // the later cases work as support again
    support = (await answerOf(API_AUTH.login, await loginRequest(s, supportLogin, freshIp()))).accessToken;
    expect(await supportRow()).toMatchObject({ active: true });
  });
});

describe('ending a staff login that acts as a seller', () => {
  it("ends the staff member's open admin sessions too, at once", async () => {
    const operations = { email: 'operations@dakiya.in', password: PASSWORD };
    const ops = await login(s, operations);
    const asSeller = await answerOf(
      API_CORPORATE.impersonate,
      await post(pathOf(API_CORPORATE.impersonate, { accountId: sellerId }), {}, ops.token),
    );
    expect((await s.request(API_ACCOUNT.accountDetails.path, { token: asSeller.accessToken })).status).toBe(200);
    const id = subOf(ops.token);
    expect(
      (
        await put(
          pathOf(API_STAFF.staffStatus, { accountId: id }),
          { activated: false, reason: 'Access under review' },
          admin,
        )
      ).status,
    ).toBe(200);
    expect((await s.request(API_ACCOUNT.accountDetails.path, { token: asSeller.accessToken })).status).toBe(401);
    expect(
      (await put(pathOf(API_STAFF.staffStatus, { accountId: id }), { activated: true, reason: 'Review closed' }, admin))
        .status,
    ).toBe(200);
    // an admin session ended stays ended: a new one is needed
    expect((await s.request(API_ACCOUNT.accountDetails.path, { token: asSeller.accessToken })).status).toBe(401);
  });
});

describe("a seller's whole picture and deactivation", () => {
  it("answers the seller's plan, KYC, wallet and recent work; 404 for a staff login", async () => {
    const o = await answer(s, API_STAFF.accountOverview, { params: { accountId: sellerId }, token: support });
    expect(o.account).toMatchObject({ email: SELLER.email, active: true, companyName: 'Aarav Traders' });
    expect(o.plan.subscriptionType).toBe('LITE');
    expect(o.kyc.verified).toBe(true);
    expect(o.tickets).toEqual([]);
    // a ticket the seller raises shows on the page, newest first
    const sellerToken = (await login(s, SELLER)).token;
    const raised = await answer(s, API_TICKETS.raise, {
      token: sellerToken,
      body: {
        category: 'OTHER',
        subject: 'Pickup missed twice',
        description: 'The courier did not come on Monday or Tuesday.',
      },
    });
    const again = await answer(s, API_STAFF.accountOverview, { params: { accountId: sellerId }, token: support });
    expect(again.tickets[0]).toMatchObject({
      ticketId: raised.ticketId,
      ticketNumber: raised.ticketNumber,
      subject: 'Pickup missed twice',
      status: 'OPEN',
    });
    expect(o.orders.length).toBeLessThanOrEqual(10);
    expect(
      (await s.request(pathOf(API_STAFF.accountOverview, { accountId: subOf(admin) }), { token: admin })).status,
    ).toBe(404);
    expect(
      (await errorOf(await s.request(pathOf(API_STAFF.accountOverview, { accountId: 'x' }), { token: admin }))).message,
    ).toBe('Account must be a number');
  });

  it('deactivation needs a reason, ends the open session at once, is said at login and kept in the audit', async () => {
    const meera = await login(s, MEERA);
    const status = (json: unknown, token = admin) =>
      put(pathOf(API_AUTH.accountStatus, { accountId: meeraId }), json, token);
    expect((await errorOf(await status({ activated: false }))).message).toBe('Reason is required');
    expect((await status({ activated: false, reason: 'Suspected fraud' }, finance)).status).toBe(403);
    const res = await status({ activated: false, reason: 'Suspected fraud ring' });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    expect((await s.request(API_ACCOUNT.accountDetails.path, { token: meera.token })).status).toBe(401);
    expect((await s.request(API_AUTH.refreshToken.path, { method: 'POST', cookie: meera.cookie })).status).toBe(401);
    expect((await errorOf(await loginRequest(s, MEERA, freshIp()))).message).toBe(
      'This account has been deactivated by Dakiya. Write to support@dakiya.in to have it reactivated.',
    );
    const rows = (await audit(`entityKind=account&entityKey=${meeraId}`)).items;
    const change = rows.find((r) => r.action === 'account.deactivate')!;
    expect(change).toMatchObject({
      before: { active: true },
      after: { active: false },
      reason: 'Suspected fraud ring',
      requestId,
    });
    // the router's own row of the same request: the operation and the body
    expect(rows.find((r) => r.requestId === requestId && r.action !== 'account.deactivate')).toMatchObject({
      action: 'putCorporateAccountsStatus',
      after: { activated: false, reason: 'Suspected fraud ring' },
    });
    expect(
      (await answer(s, API_STAFF.accountOverview, { params: { accountId: meeraId }, token: admin })).account.active,
    ).toBe(false);
    expect((await status({ activated: true, reason: 'Cleared after review' })).status).toBe(200);
    expect((await loginRequest(s, MEERA, freshIp())).status).toBe(200);
  });
});

describe('the audit log', () => {
  it('is append-only in the database', async () => {
    const refusal = (q: Promise<unknown>) =>
      q.then(
        () => 'changed',
        (e: Error & { cause?: Error }) => String(e.cause?.message ?? e.message),
      );
    expect(await refusal(s.deps.db.execute(sql`update staff_audit set reason = 'edited'`))).toMatch(/append-only/);
    expect(await refusal(s.deps.db.execute(sql`delete from staff_audit`))).toMatch(/append-only/);
  });

  it('searches by actor, action, entity and IST days, exports CSV, and hides secrets', async () => {
    const byEmail = await audit('actor=ops@dakiya.in');
    expect(byEmail.items.length).toBeGreaterThan(0);
    expect(byEmail.items.every((r) => r.actorEmail === 'ops@dakiya.in')).toBe(true);
    expect((await audit('fromDate=2026-11-21')).items).toEqual([]);
    expect((await audit('fromDate=2026-11-20&toDate=2026-11-20')).items.length).toBeGreaterThan(0);
    expect(
      (await errorOf(await s.request(`${API_AUDIT.log.path}?fromDate=2026-11-21&toDate=2026-11-20`, { token: admin })))
        .message,
    ).toBe('From date must be on or before To date');
    expect(
      (await errorOf(await s.request(`${API_AUDIT.log.path}?fromDate=21-11-2026`, { token: admin }))).message,
    ).toContain('From date');
    const lines = await csvLines(
      await send(s, API_AUDIT.export, { query: { action: 'account.deactivate' }, token: finance }),
    );
    expect(lines[0]).toBe('At (IST),Staff member,Action,Record,Record id,What changed,Before,After,Reason,Request id');
    expect(lines.length).toBe(2);
    expect(lines[1]).toContain('Suspected fraud ring');
  });

  it('keeps admin sessions: begun, ended, and expired', async () => {
    const open = async () =>
      answerOf(API_CORPORATE.impersonate, await post(`/api/v1/corporate/accounts/${sellerId}/impersonate`, {}, admin));
    const first = await open();
    // a write made as the seller is kept under the staff member
    expect(
      (await post(API_ACCOUNT.profile.path, { firstName: 'Aarav', lastName: 'Sharma' }, first.accessToken)).status,
    ).toBe(200);
    expect(
      (await post(pathOf(API_STAFF.impersonationEnd, { impersonationId: first.impersonationId }), {}, admin)).status,
    ).toBe(200);
    // ending it ends its token at once
    expect((await s.request(API_ACCOUNT.accountDetails.path, { token: first.accessToken })).status).toBe(401);
    expect(
      (await post(pathOf(API_STAFF.impersonationEnd, { impersonationId: first.impersonationId }), {}, admin)).status,
    ).toBe(404);
    const second = await open();
    s.clock.advance(31 * 60_000);
    admin = (await login(s, STAFF)).token;
    finance = (await login(s, { email: 'finance@dakiya.in', password: PASSWORD })).token;
    support = (await login(s, { email: 'support@dakiya.in', password: PASSWORD })).token;
    kyc = (await login(s, { email: 'kyc@dakiya.in', password: PASSWORD })).token;
    const rows = (await audit(`entityKind=account&entityKey=${sellerId}`)).items;
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'impersonation.start',
        'impersonation.end',
        'impersonation.expire',
        'postAccountProfile',
      ]),
    );
    expect(rows.find((r) => r.action === 'impersonation.expire')).toMatchObject({
      before: { impersonationId: second.impersonationId },
    });
    expect(rows.find((r) => r.action === 'postAccountProfile')?.reason).toBe(`Acting as seller account ${sellerId}`);
    admin = (await login(s, STAFF)).token;
    finance = (await login(s, { email: 'finance@dakiya.in', password: PASSWORD })).token;
  });
});

const COUPON = {
  couponCode: 'pro500',
  description: 'Pro sellers: ₹500 on ₹2,000',
  category: 'RECHARGE',
  subscriptionType: 'PRO',
  billingFrequency: null,
  rechargeAmount: 2000,
  bonusPercent: 0,
  bonusFlat: 500,
  maxBonus: 500,
  validFrom: '2026-11-01',
  validUntil: '2026-12-31',
  usageLimit: 1,
};

describe('coupons and plan prices', () => {
  it('creates a coupon with its terms, refusing bad input by label, a taken code, and a role without coupons', async () => {
    for (const [json, message] of [
      [{ ...COUPON, couponCode: 'x' }, 'Coupon code must be 3 to 20 characters'],
      [{ ...COUPON, subscriptionType: 'GOLD' }, 'Plan must be one of'],
      [{ ...COUPON, validUntil: '2026-10-01' }, 'Valid until must be on or after the Valid from date'],
      [{ ...COUPON, bonusFlat: 0 }, 'Bonus (%) or Flat bonus must be above zero'],
      [{ ...COUPON, usageLimit: 0 }, 'Usage cap must be at least 1'],
      [{ ...COUPON, rechargeAmount: 'lots' }, 'Recharge amount must be a number'],
    ] as const)
      expect((await errorOf(await post(API_STAFF.couponCreate.path, json, finance))).message).toContain(message);
    expect((await post(API_STAFF.couponCreate.path, COUPON, kyc)).status).toBe(403);
    const created = await Promise.all([
      post(API_STAFF.couponCreate.path, COUPON, finance),
      post(API_STAFF.couponCreate.path, COUPON, finance),
    ]);
    expect(created.map((r) => r.status).sort()).toEqual([200, 409]);
    const list = await answer(s, API_STAFF.coupons, { token: finance });
    expect(list.find((c) => c.couponCode === 'PRO500')).toMatchObject({ used: 0, usageLimit: 1, active: true });
  });

  it("a seller meets the coupon's plan, its cap and its status where coupons are checked", async () => {
    const seller = (await login(s, SELLER)).token;
    const meera = (await login(s, MEERA)).token;
    const validate = (token: string) =>
      post(API_WALLET.couponValidate.path, { couponCode: 'PRO500', rechargeAmount: 2000 }, token);
    expect((await errorOf(await validate(seller))).message).toBe('This coupon is for the Pro plan only');
    expect((await answerOf(API_WALLET.couponValidate, await validate(meera))).bonusPaise).toBe(50_000);
    // used once by Meera: the cap of one is reached
    const started = await answerOf(
      API_WALLET.startPayment,
      await post(API_WALLET.startPayment.path, { rechargeAmount: 2000, couponCode: 'PRO500' }, meera),
    );
    const path = new URL(started.url).pathname;
    await s.request(path, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'success' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await recheckPayment(s.deps, started.merchantTransactionId, 0);
    const row = (await answer(s, API_STAFF.coupons, { token: finance })).find((c) => c.couponCode === 'PRO500')!;
    expect(row.used).toBe(1);
    await s.deps.db.execute(
      sql`update organisations set subscription_type = 'PRO' where id = (select org_id from accounts where id = ${sellerId})`,
    );
    expect((await errorOf(await validate(seller))).message).toBe(
      'This coupon has been used as many times as it may be',
    );
    // raise the cap, then switch it off
    expect(
      (await put(pathOf(API_STAFF.coupon, { code: 'PRO500' }), { ...COUPON, usageLimit: 5 }, finance)).status,
    ).toBe(200);
    expect((await answerOf(API_WALLET.couponValidate, await validate(seller))).bonusPaise).toBe(50_000);
    expect(
      (
        await put(
          pathOf(API_STAFF.couponStatus, { code: 'PRO500' }),
          { active: false, reason: 'Campaign over' },
          finance,
        )
      ).status,
    ).toBe(200);
    expect((await errorOf(await validate(seller))).message).toBe('Invalid coupon code');
    expect(
      (
        await put(
          pathOf(API_STAFF.couponStatus, { code: 'NOPE1' }),
          { active: false, reason: 'Campaign over' },
          finance,
        )
      ).status,
    ).toBe(404);
    const rows = (await audit('entityKind=coupon&entityKey=PRO500')).items.map((r) => r.action);
    expect(rows).toEqual(expect.arrayContaining(['coupon.create', 'coupon.update', 'coupon.deactivate']));
  });

  it('staff set a plan price; the plan page and the next charge use it', async () => {
    expect(
      (
        await errorOf(
          await put(pathOf(API_STAFF.plan, { code: 'PRO' }), { monthlyPrice: 12.5, reason: 'New pricing' }, finance),
        )
      ).message,
    ).toBe('Monthly price must be whole rupees');
    expect(
      (await put(pathOf(API_STAFF.plan, { code: 'GOLD' }), { monthlyPrice: 100, reason: 'New pricing' }, finance))
        .status,
    ).toBe(404);
    expect(
      (await put(pathOf(API_STAFF.plan, { code: 'PRO' }), { monthlyPrice: 100, reason: 'New pricing' }, support))
        .status,
    ).toBe(403);
    const pro = await answerOf(
      API_STAFF.plan,
      await put(pathOf(API_STAFF.plan, { code: 'PRO' }), { monthlyPrice: 2600, reason: 'New pricing' }, finance),
    );
    expect(pro).toEqual({ code: 'PRO', name: 'Pro', monthlyPrice: 2600 });
    const owner = (await login(s, SELLER)).token;
    const state = await answer(s, API_TEAM.plan, { token: owner });
    expect(state.prices.find((p) => p.plan === 'PRO' && p.billingFrequency === 'MONTHLY')?.basePaise).toBe(260_000);
    expect((await audit('action=plan.price')).items[0]).toMatchObject({
      before: { monthlyPrice: 2450 },
      after: { monthlyPrice: 2600 },
    });
  });
});
