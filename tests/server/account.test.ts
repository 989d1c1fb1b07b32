import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { count, eq } from 'drizzle-orm';
import { API_ACCOUNT, API, type AccountInfo } from '../../src/domain/account-contract';
import { pathOf } from '../../src/domain/operation';
import { MSG } from '../../src/domain/messages';
import { API_SETUP } from '../../src/domain/setup-contract';
import { PERMISSION_DENIED } from '../../server/http/router';
import { accounts, organisations } from '../../server/db/schema';
import { seedDemo } from '../../server/seeds/demo-accounts';
import { hashPassword } from '../../server/modules/auth/passwords';
import { answer, answerOf, send } from './call';
import { errorOf, type TestServer } from './harness';
import { MEERA, SELLER, STAFF, login, startDemoServer } from './helpers';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082',
  'hex',
);

describe('account routes', () => {
  let s: TestServer;
  let owner: string;
  let meera: string;
  let staff: string;
  let worker: string;
  let workerId: number;
  let meeraId: number;

  beforeAll(async () => {
    s = await startDemoServer();
    const o = await login(s, SELLER);
    owner = o.token;
    const m = await login(s, MEERA);
    meera = m.token;
    meeraId = Number(m.claims.sub);
    staff = (await login(s, STAFF)).token;
    // a SELLER-role login inside Aarav Traders
    const [row] = await s.deps.db
      .insert(accounts)
      .values({
        orgId: o.claims.oid,
        accountType: 'SELLER',
        role: 'SELLER',
        email: 'packer@demo.dakiya.in',
        phone: '9811122233',
        firstName: 'Ravi',
        lastName: 'Kumar',
        passwordHash: await hashPassword('Packer@123'),
        enabled: true,
      })
      .returning({ id: accounts.id });
    workerId = row.id;
    worker = (await login(s, { email: 'packer@demo.dakiya.in', password: 'Packer@123' })).token;
  });
  afterAll(() => s.close());

  const get = (path: string, token?: string) => s.request(path, { token });

  describe('access tokens', () => {
    it('answers 401 without a token, with a tampered one, an expired one or another algorithm', async () => {
      expect(await errorOf(await get(API_ACCOUNT.accountDetails.path))).toMatchObject({
        status: 401,
        message: MSG.notLoggedIn,
      });
      const tampered = owner.slice(0, -3) + (owner.endsWith('AAA') ? 'BBB' : 'AAA');
      expect((await get(API_ACCOUNT.accountDetails.path, tampered)).status).toBe(401);
      const claims = decodeJwt(owner);
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
      expect((await get(API_ACCOUNT.accountDetails.path, none)).status).toBe(401);
      const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(s.deps.jwtKey);
      expect((await get(API_ACCOUNT.accountDetails.path, hs512)).status).toBe(401);
      const fresh = (await login(s, SELLER)).token;
      s.clock.advance(s.deps.config.accessTokenTtlS * 1000 + 1000);
      expect((await get(API_ACCOUNT.accountDetails.path, fresh)).status).toBe(401);
      // everyone else logs in again on the new clock
      owner = (await login(s, SELLER)).token;
      meera = (await login(s, MEERA)).token;
      staff = (await login(s, STAFF)).token;
      worker = (await login(s, { email: 'packer@demo.dakiya.in', password: 'Packer@123' })).token;
    });
  });

  describe('GET account/details', () => {
    it("answers the caller's details", async () => {
      const d = await answer(s, API_ACCOUNT.accountDetails, { token: owner });
      expect(d).toMatchObject({
        email: SELLER.email,
        st: 'LITE',
        at: 'SELLER',
        scope: ['OWNER', 'SELLER'],
        role: 'OWNER',
        companyName: 'Aarav Traders',
      });
      const st = await answer(s, API_ACCOUNT.accountDetails, { token: staff });
      expect(st).toMatchObject({ at: 'DAKIYA', oid: null, scope: ['CORPORATE'], companyName: null });
    });
  });

  describe('GET account/details/:accountId', () => {
    it('lets an OWNER read a login of the same organisation', async () => {
      const d = await answer(s, API_ACCOUNT.accountDetailsById, { params: { accountId: workerId }, token: owner });
      expect(d).toMatchObject({ accountId: workerId, role: 'SELLER', scope: ['SELLER'] });
    });
    it("answers 404 for another organisation's login", async () => {
      expect(
        (await send(s, API_ACCOUNT.accountDetailsById, { params: { accountId: meeraId }, token: owner })).status,
      ).toBe(404);
    });
    it('refuses a SELLER-role login with 403 (the OWNER-only permission check)', async () => {
      expect(
        await errorOf(await get(pathOf(API_ACCOUNT.accountDetailsById, { accountId: workerId }), worker)),
      ).toMatchObject({
        status: 403,
        message: PERMISSION_DENIED,
      });
    });
    it('lets staff read any seller login, 404 for none', async () => {
      expect(
        (await answer(s, API_ACCOUNT.accountDetailsById, { params: { accountId: meeraId }, token: staff })).email,
      ).toBe(MEERA.email);
      expect(
        (await send(s, API_ACCOUNT.accountDetailsById, { params: { accountId: 999999 }, token: staff })).status,
      ).toBe(404);
    });
    it('names a malformed id', async () => {
      expect(
        await errorOf(await get(pathOf(API_ACCOUNT.accountDetailsById, { accountId: 'abc' }), owner)),
      ).toMatchObject({
        status: 400,
        message: 'Account must be a number',
      });
    });
  });

  describe('GET account/info', () => {
    it('answers every field of account info', async () => {
      const info = await answer(s, API_ACCOUNT.accountInfo, { token: owner });
      const keys: (keyof AccountInfo)[] = [
        'firstName',
        'lastName',
        'walletBalance',
        'walletBalancePaise',
        'wallet',
        'kycVerified',
        'email',
        'phone',
        'permissions',
        'smartPackageSelectionEnabled',
        'mergedShippingLabelsAllowed',
        'postpaidWallet',
        'role',
        'subscriptionType',
        'subscriptionExpiryDate',
        'addressLine1',
        'companyLogoUrl',
        'companySignUrl',
        'termsAndConditionsDetailsInfoDTO',
        'hasPendingDowngradeRequest',
        'subscriptionBillingFrequency',
        'betaFeaturesEnabled',
        'betaFeatures',
        'previousPaidSubscriptionsBool',
        'companyName',
        'mustChangePassword',
        'homeTourSeen',
      ];
      expect(Object.keys(info).sort()).toEqual([...keys].sort());
      expect(info).toMatchObject({
        firstName: 'Aarav',
        lastName: 'Sharma',
        walletBalance: 0,
        walletBalancePaise: 0,
        wallet: { balancePaise: 0, heldPaise: 0, creditLimitPaise: 0, spendablePaise: 0, heldFor: [] },
        phone: '9876543210',
        role: 'OWNER',
        subscriptionType: 'LITE',
        companyName: 'Aarav Traders',
      });
      expect(info.addressLine1).toMatch(/New Delhi/);
      expect(info.termsAndConditionsDetailsInfoDTO).toMatchObject({ accepted: true });
    });
    it('works for staff with the organisation fields empty', async () => {
      const info = await answer(s, API_ACCOUNT.accountInfo, { token: staff });
      expect(info).toMatchObject({
        role: 'DAKIYA',
        subscriptionType: 'PREMIUM',
        companyName: null,
        kycVerified: false,
      });
    });
  });

  describe('GET account/company', () => {
    it("answers the caller's organisation only", async () => {
      expect((await answer(s, API_ACCOUNT.company, { token: owner })).companyName).toBe('Aarav Traders');
      expect((await answer(s, API_ACCOUNT.company, { token: meera })).companyName).toBe('Meera Crafts');
    });
    it('refuses staff with 403', async () => {
      expect((await send(s, API_ACCOUNT.company, { token: staff })).status).toBe(403);
    });
    it('lets a login whose role holds setup.manage (as its document says) change the company and smart package', async () => {
      const company = { companyName: 'Aarav Traders', addressLine1: '12 MG Road, Pune' };
      const saved = await answer(s, API_ACCOUNT.updateCompany, { body: company, token: worker });
      expect(saved.companyName).toBe('Aarav Traders');
      const smart = await answer(s, API_SETUP.smartPackage, { body: { activated: false }, token: worker });
      expect(smart).toEqual({ smartPackageSelectionEnabled: false });
    });
  });

  describe('POST account/profile', () => {
    const post = (json: unknown, token?: string) =>
      s.request(API_ACCOUNT.profile.path, { method: 'POST', json, token });
    it('updates the names', async () => {
      expect(
        await answer(s, API_ACCOUNT.profile, { body: { firstName: 'Ravi ', lastName: 'Verma' }, token: worker }),
      ).toEqual({
        message: MSG.profileUpdated,
      });
      expect(await answer(s, API_ACCOUNT.accountInfo, { token: worker })).toMatchObject({
        firstName: 'Ravi',
        lastName: 'Verma',
      });
    });
    it('names a missing or wrong field', async () => {
      expect(await errorOf(await post({ firstName: 'Ravi' }, worker))).toMatchObject({
        status: 400,
        message: 'Last name is required',
      });
      expect((await errorOf(await post({ firstName: 5, lastName: 'X' }, worker))).message).toMatch(/First name/);
      expect(
        await errorOf(
          await s.request(API_ACCOUNT.profile.path, {
            method: 'POST',
            body: 'nope',
            token: worker,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ).toMatchObject({ status: 400, message: 'Request body must be valid JSON' });
    });
    it('needs a login', async () => {
      expect((await post({ firstName: 'A', lastName: 'B' })).status).toBe(401);
    });
  });

  describe('POST account/image/:name and GET files/:id', () => {
    const upload = (name: string, file: Blob | null, token?: string, fileName = 'logo.png') => {
      const form = new FormData();
      if (file) form.append('file', file, fileName);
      else form.append('other', 'x');
      return s.request(pathOf(API_ACCOUNT.companyImage, { name }), { method: 'POST', body: form, token });
    };

    it('stores a PNG logo, serves it with its type and a long cache, and shows it on the profile', async () => {
      const { url } = await answerOf(API_ACCOUNT.companyImage, await upload('logo', new Blob([PNG]), owner));
      expect(url).toMatch(/^\/api\/v1\/files\/[A-Za-z0-9_-]+$/);
      const res = await s.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toMatch(/max-age=31536000/);
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
      expect((await answer(s, API_ACCOUNT.accountInfo, { token: owner })).companyLogoUrl).toBe(url);
      expect((await answer(s, API_ACCOUNT.company, { token: meera })).companyLogoUrl).toBeNull();
    });

    it('accepts a JPEG signature', async () => {
      const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
      const { url } = await answerOf(
        API_ACCOUNT.companyImage,
        await upload('sign', new Blob([jpeg]), owner, 'sign.jpg'),
      );
      expect((await s.request(url)).headers.get('content-type')).toBe('image/jpeg');
      expect((await answer(s, API_ACCOUNT.company, { token: owner })).companySignUrl).toBe(url);
    });

    it('rejects a text file renamed .png with 415', async () => {
      const e = await errorOf(await upload('logo', new Blob(['just some text, not an image']), owner, 'evil.png'));
      expect(e.status).toBe(415);
      expect(e.message).toMatch(/PNG, JPEG or WEBP/);
    });

    it('rejects an image over 1 MB with 413', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
      expect((await errorOf(await upload('logo', new Blob([big]), owner))).status).toBe(413);
    });

    it('names a missing file field and an unknown image name', async () => {
      expect(await errorOf(await upload('logo', null, owner))).toMatchObject({
        status: 400,
        message: expect.stringMatching(/^File/),
      });
      expect(await errorOf(await upload('banner', new Blob([PNG]), owner))).toMatchObject({
        status: 400,
        message: 'Name must be logo or sign',
      });
    });

    it('refuses staff (403) and anonymous callers (401)', async () => {
      expect((await upload('logo', new Blob([PNG]), staff)).status).toBe(403);
      expect((await upload('logo', new Blob([PNG]))).status).toBe(401);
    });

    it('answers 404 for an unknown file', async () => {
      expect((await s.request(API.file('no-such-file'))).status).toBe(404);
    });
  });

  describe('demo seed', () => {
    it('is idempotent and lists the demo logins with each seller’s plan, one on each plan', async () => {
      const before = await s.deps.db.select({ n: count() }).from(accounts);
      const logins = await seedDemo(s.deps);
      expect(logins.map((l) => [l.email, l.password, l.plan])).toEqual([
        ['seller@demo.dakiya.in', 'Seller@123', 'Lite'],
        ['meera@demo.dakiya.in', 'Seller@123', 'Pro'],
        ['kavya@demo.dakiya.in', 'Seller@123', 'Premium'],
        ['ops@dakiya.in', 'Staff@123', null],
        ['support@dakiya.in', 'Staff@123', null],
        ['finance@dakiya.in', 'Staff@123', null],
        ['kyc@dakiya.in', 'Staff@123', null],
        ['operations@dakiya.in', 'Staff@123', null],
      ]);
      const [kavya] = await s.deps.db
        .select({ plan: organisations.subscriptionType, kyc: organisations.kycVerified })
        .from(accounts)
        .innerJoin(organisations, eq(organisations.id, accounts.orgId))
        .where(eq(accounts.email, 'kavya@demo.dakiya.in'));
      expect(kavya).toEqual({ plan: 'PREMIUM', kyc: true });
      expect(await s.deps.db.select({ n: count() }).from(accounts)).toEqual(before);
      const [staffRow] = await s.deps.db.select().from(accounts).where(eq(accounts.email, STAFF.email));
      expect(staffRow).toMatchObject({ accountType: 'DAKIYA', role: 'DAKIYA', orgId: null, staffRole: 'ADMIN' });
      expect(staffRow.passwordHash).toMatch(/^\$argon2id\$/);
    });
  });
});
