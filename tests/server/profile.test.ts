import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCOUNT } from '../../src/domain/account-contract';
import { MSG } from '../../src/domain/messages';
import { accounts, organisations } from '../../server/db/schema';
import { hashPassword } from '../../server/modules/auth/passwords';
import { answer, answerOf } from './call';
import { errorOf, type TestServer } from './harness';
import { demoTokens, login, startDemoServer } from './helpers';

// The profile: the owner's name by the spec's rules, the company's name and address, and the
// GSTIN that KYC verified, read-only.

describe('profile and company', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  let worker: string;
  let orgId: number;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
    orgId = (await login(s, { email: 'seller@demo.dakiya.in', password: 'Seller@123' })).claims.oid!;
    await s.deps.db.insert(accounts).values({
      orgId,
      accountType: 'SELLER',
      // the built-in User role, which lacks setup.manage (company details follow that permission)
      role: 'USER',
      email: 'desk@demo.dakiya.in',
      phone: '9811122200',
      firstName: 'Ravi',
      lastName: 'Kumar',
      passwordHash: await hashPassword('Desk@1234'),
      enabled: true,
    });
    worker = (await login(s, { email: 'desk@demo.dakiya.in', password: 'Desk@1234' })).token;
  });
  afterAll(() => s.close());

  const profile = (json: unknown, token = seller) =>
    s.request(API_ACCOUNT.profile.path, { method: 'POST', json, token });
  const company = (json: unknown, token = seller) =>
    s.request(API_ACCOUNT.updateCompany.path, { method: 'POST', json, token });

  it('updates the name; twice at once is the same name', async () => {
    const both = await Promise.all([
      profile({ firstName: ' Aarav  ', lastName: 'Sharma Rao' }),
      profile({ firstName: ' Aarav  ', lastName: 'Sharma Rao' }),
    ]);
    for (const r of both) expect(await answerOf(API_ACCOUNT.profile, r)).toEqual({ message: MSG.profileUpdated });
    expect(await answer(s, API_ACCOUNT.accountInfo, { token: seller })).toMatchObject({
      firstName: 'Aarav',
      lastName: 'Sharma Rao',
    });
  });

  it("keeps the spec's name rules, naming the field", async () => {
    const cases: [unknown, string][] = [
      [{ firstName: 'Av', lastName: 'Sharma' }, MSG.firstNameRule],
      [{ firstName: 'Aarav2', lastName: 'Sharma' }, MSG.firstNameRule],
      [{ firstName: 'A'.repeat(31), lastName: 'Sharma' }, MSG.firstNameRule],
      [{ firstName: 'Aarav', lastName: 'S'.repeat(31) }, MSG.lastNameRule],
      [{ firstName: 'Aarav', lastName: 'O’Brien' }, MSG.lastNameRule],
      [{ firstName: '', lastName: 'Sharma' }, 'First name is required'],
      [{ firstName: 'Aarav' }, 'Last name is required'],
    ];
    for (const [body, message] of cases)
      expect(await errorOf(await profile(body))).toMatchObject({ status: 400, message });
    // a 30-letter first name and a 1-letter last name are fine
    expect((await profile({ firstName: 'A'.repeat(30), lastName: 'S' })).status).toBe(200);
    expect((await profile({ firstName: 'Aarav', lastName: 'Sharma' })).status).toBe(200);
  });

  it('shows the GSTIN only once KYC put it there', async () => {
    expect((await answer(s, API_ACCOUNT.company, { token: seller })).gstin).toBeNull();
    await s.deps.db.update(organisations).set({ gstin: '07AAACA1234A1Z5' }).where(eq(organisations.id, orgId));
    expect((await answer(s, API_ACCOUNT.company, { token: seller })).gstin).toBe('07AAACA1234A1Z5');
    expect((await answer(s, API_ACCOUNT.company, { token: meera })).gstin).toBeNull();
  });

  it('the owner updates the company name and address; the GSTIN is not theirs to change', async () => {
    const c = await answerOf(
      API_ACCOUNT.updateCompany,
      await company({
        companyName: 'Aarav Traders',
        addressLine1: ' Shop 14, Karol Bagh, New Delhi 110005 ',
        gstin: 'X',
      }),
    );
    expect(c).toMatchObject({
      companyName: 'Aarav Traders',
      addressLine1: 'Shop 14, Karol Bagh, New Delhi 110005',
      gstin: '07AAACA1234A1Z5',
    });
    expect(await errorOf(await company({ companyName: 'Aa', addressLine1: null }))).toMatchObject({
      status: 400,
      message: 'Company name: Name too short',
    });
    expect(await errorOf(await company({ companyName: 'Aarav Traders', addressLine1: 'x'.repeat(201) }))).toMatchObject(
      {
        status: 400,
        message: 'Address line 1 must be at most 200 characters',
      },
    );
  });

  it('a member without setup.manage cannot change the company; staff have no company', async () => {
    expect((await company({ companyName: 'Someone Else', addressLine1: null }, worker)).status).toBe(403);
    expect((await company({ companyName: 'Someone Else', addressLine1: null }, staff)).status).toBe(403);
    expect((await company({ companyName: 'Meera Crafts', addressLine1: 'Jaipur' }, meera)).status).toBe(200);
    expect((await answer(s, API_ACCOUNT.company, { token: seller })).companyName).toBe('Aarav Traders');
  });
});
