import { eq } from 'drizzle-orm';
import { PERMISSION_DENIED } from '../../server/http/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BANK, BANK_TEXT } from '../../src/domain/bank-contract';
import { MSG } from '../../src/domain/messages';
import { accounts, bankAccounts } from '../../server/db/schema';
import { hashPassword } from '../../server/modules/auth/passwords';
import type { VerificationProvider } from '../../server/verification/provider';
import { errorOf, type TestServer } from './harness';
import { answer, answerOf, send } from './call';
import { pathOf, type InputOf } from '../../src/domain/operation';
import { demoTokens, freshIp, latestMessage, login, startDemoServer } from './helpers';

// Bank accounts for COD remittance through HTTP: add, verify with the sandbox's test identities
// (docs/simulated.md), the primary account, OTP-confirmed changes, staff's audit, tenancy and roles.

const VALID = '50100123456789';
const OTHER_VALID = '50100987654321';
const MISMATCH = '50100123458888';
const INVALID = '50100123459999';
const DOWN = '50100123450503';
const IFSC = 'HDFC0001234';

type BankInput = InputOf<typeof API_BANK.details>['body'];

describe('bank accounts', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  let worker: string;
  let pennyDrops = 0;
  let nextKey = 0;
  const key = () => `req-key-${(++nextKey).toString().padStart(4, '0')}`;

  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
    // count the provider's penny drops
    const real: VerificationProvider = s.deps.verification;
    s.deps.verification = {
      ...real,
      verifyBankAccount: async (check) => {
        pennyDrops += 1;
        // a little wait, so concurrent requests really overlap
        await new Promise((r) => setTimeout(r, 20));
        return real.verifyBankAccount(check);
      },
      ifscDetails: (ifsc) => real.ifscDetails(ifsc),
    };
    const sellerLogin = await login(s, { email: 'seller@demo.dakiya.in', password: 'Seller@123' });
    await s.deps.db.insert(accounts).values({
      orgId: sellerLogin.claims.oid,
      accountType: 'SELLER',
      role: 'SELLER',
      email: 'cashier@demo.dakiya.in',
      phone: '9811122299',
      firstName: 'Ravi',
      lastName: 'Kumar',
      passwordHash: await hashPassword('Cashier@123'),
      enabled: true,
    });
    worker = (await login(s, { email: 'cashier@demo.dakiya.in', password: 'Cashier@123' })).token;
  });
  afterAll(() => s.close());

  const add = (json: unknown, token = seller) => s.request(API_BANK.details.path, { method: 'POST', json, token });
  const form = (accountNumber: string, extra: Partial<BankInput> = {}): BankInput => ({
    ifsc: IFSC,
    accountNumber,
    confirmAccountNumber: accountNumber,
    accountHolderName: 'Aarav Sharma',
    ...extra,
  });
  const added = (accountNumber: string) => answer(s, API_BANK.details, { body: form(accountNumber), token: seller });
  const verifying = (bankAccountId: number, requestKey = key(), token = seller) => ({
    body: { bankAccountId, requestKey },
    token,
  });
  const verify = (...a: Parameters<typeof verifying>) => send(s, API_BANK.verify, verifying(...a));
  const verified = (...a: Parameters<typeof verifying>) => answer(s, API_BANK.verify, verifying(...a));
  const list = (token = seller) => answer(s, API_BANK.accounts, { token });
  const withOtp = (id: number, otp?: string, token = seller) => ({
    params: { bankAccountId: id },
    body: otp ? { otp } : {},
    token,
  });
  const primary = (...a: Parameters<typeof withOtp>) => send(s, API_BANK.primary, withOtp(...a));
  const madePrimary = (...a: Parameters<typeof withOtp>) => answer(s, API_BANK.primary, withOtp(...a));
  const remove = (...a: Parameters<typeof withOtp>) => send(s, API_BANK.remove, withOtp(...a));
  const removed = (...a: Parameters<typeof withOtp>) => answer(s, API_BANK.remove, withOtp(...a));
  async function changeOtp(): Promise<string> {
    s.clock.advance(61_000); // past the resend lockout of the last one
    await answer(s, API_BANK.changeOtp, { token: seller, headers: freshIp() });
    return (await latestMessage(s, 'seller@demo.dakiya.in')).code;
  }

  let verifiedId: number;

  describe('IFSC lookup', () => {
    it('names the bank and the branch as the seller types', async () => {
      expect(await answer(s, API_BANK.ifsc, { params: { ifsc: 'hdfc0001234' }, token: seller })).toEqual({
        ifsc: IFSC,
        bankName: 'HDFC Bank',
        branch: 'Branch 001234 (sandbox)',
      });
    });
    it("says 'invalid Ifsc Code' for a code no bank has, and the shape's rule for a malformed one", async () => {
      expect(
        await errorOf(await s.request(pathOf(API_BANK.ifsc, { ifsc: 'ABCD0123456' }), { token: seller })),
      ).toMatchObject({
        status: 400,
        message: BANK_TEXT.unknownIfsc('ABCD0123456'),
      });
      expect(
        (await errorOf(await s.request(pathOf(API_BANK.ifsc, { ifsc: 'HDFC1' }), { token: seller }))).message,
      ).toMatch(/^IFSC must be 11/);
    });
  });

  describe('adding', () => {
    it('adds an unverified account and answers the number masked, never in full', async () => {
      const res = await add(form(VALID));
      const text = await res.clone().text();
      expect(text).not.toContain(VALID);
      const row = await answerOf(API_BANK.details, res);
      expect(row).toMatchObject({
        ifsc: IFSC,
        bankName: 'HDFC Bank',
        accountNumberMasked: 'XXXXXXXXXX6789',
        last4: '6789',
        holderName: 'Aarav Sharma',
        status: 'UNVERIFIED',
        isPrimary: false,
      });
      verifiedId = row.bankAccountId;
      expect(JSON.stringify(await list())).not.toContain(VALID);
    });

    it('names each field by its label', async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [form(VALID, { ifsc: '' }), /^IFSC is required/],
        [form(VALID, { ifsc: 'HDFC1234567' }), /^IFSC: the fifth character must be 0/],
        [form(VALID, { ifsc: 'ABCD0123456' }), /^IFSC: invalid Ifsc Code/],
        [form('12ab5678901'), /^Account number must be digits only/],
        [form('12345'), /^Account number must be 9 to 18 digits/],
        [form(VALID, { confirmAccountNumber: '50100123456780' }), /^Account number \(again\) is not the same/],
        [form(VALID, { confirmAccountNumber: undefined }), /^Account number \(again\) is required/],
        [form(VALID, { accountHolderName: 'A1' }), /^Account holder's name must be 3 to 100 letters/],
        [form(VALID, { accountHolderName: '  ' }), /^Account holder's name is required/],
      ];
      for (const [body, message] of cases) {
        const e = await errorOf(await add(body));
        expect(e.status, JSON.stringify(body)).toBe(400);
        expect(e.message).toMatch(message);
      }
    });

    it('an account added again, or twice at once, is one account', async () => {
      const again = await added(VALID);
      expect(again.bankAccountId).toBe(verifiedId);
      const rows = await Promise.all([added(OTHER_VALID), added(OTHER_VALID)]);
      expect(rows[0].bankAccountId).toBe(rows[1].bankAccountId);
      expect((await list()).accounts.filter((a) => a.last4 === '4321')).toHaveLength(1);
    });
  });

  describe('verifying with the sandbox identities', () => {
    it('a valid account: the penny drop credits ₹1.00 and the bank holds the holder’s name', async () => {
      const before = pennyDrops;
      const v = await verified(verifiedId);
      expect(v.outcome).toBe('VERIFIED');
      expect(v.message).toBe("Verified: ₹1.00 was credited to the account and the bank holds the name 'AARAV SHARMA'");
      expect(v.account).toMatchObject({ status: 'VERIFIED', creditedPaise: 100, nameAtBank: 'AARAV SHARMA' });
      expect(v.account.utr).toMatch(/^\d{12}$/);
      expect(pennyDrops - before).toBe(1);
      // verified already: no second penny drop
      expect((await verified(verifiedId)).outcome).toBe('VERIFIED');
      expect(pennyDrops - before).toBe(1);
    });

    it("a name the bank does not hold: 'invalid Customer Name', and the account is not verified", async () => {
      const row = await added(MISMATCH);
      const v = await verified(row.bankAccountId);
      expect(v.outcome).toBe('NAME_MISMATCH');
      expect(v.message).toBe(BANK_TEXT.nameMismatch('Aarav Sharma', 'KAVITA DESHMUKH'));
      expect(v.message).toContain(MSG.invalidCustomerName);
      expect(v.account).toMatchObject({ status: 'NAME_MISMATCH', nameAtBank: 'KAVITA DESHMUKH', verifiedAt: null });
      expect(await errorOf(await primary(row.bankAccountId))).toMatchObject({
        status: 409,
        message: BANK_TEXT.verifyFirst,
      });
    });

    it('an account the bank does not have', async () => {
      const row = await added(INVALID);
      const v = await verified(row.bankAccountId);
      expect(v).toMatchObject({ outcome: 'INVALID', message: BANK_TEXT.invalid, account: { status: 'INVALID' } });
      // an unverified account may be corrected, then verified
      const fixed = await answer(s, API_BANK.account, {
        params: { bankAccountId: row.bankAccountId },
        body: form('50100123451111'),
        token: seller,
      });
      expect(fixed).toMatchObject({ status: 'UNVERIFIED', last4: '1111' });
      expect((await verified(row.bankAccountId)).outcome).toBe('VERIFIED');
      // a verified one is not changed in place
      expect(
        await errorOf(
          await s.request(pathOf(API_BANK.account, { bankAccountId: row.bankAccountId }), {
            method: 'PUT',
            json: form('50100123452222'),
            token: seller,
          }),
        ),
      ).toMatchObject({ status: 409, message: BANK_TEXT.verifiedCannotChange });
    });

    it('the provider down: nothing is decided and the account stays as it was', async () => {
      const row = await added(DOWN);
      const v = await verified(row.bankAccountId);
      expect(v).toMatchObject({
        outcome: 'UNAVAILABLE',
        message: BANK_TEXT.unavailable,
        account: { status: 'UNVERIFIED' },
      });
    });

    it('concurrent repeats of one request send one penny drop and answer the same result', async () => {
      const row = await added('50100123453333');
      const before = pennyDrops;
      const requestKey = key();
      const results = await Promise.all([1, 2, 3].map(() => verified(row.bankAccountId, requestKey)));
      expect(pennyDrops - before).toBe(1);
      expect(new Set(results.map((r) => r.message)).size).toBe(1);
      expect(results.every((r) => r.outcome === 'VERIFIED')).toBe(true);
      // the key belongs to that account
      expect((await errorOf(await verify(verifiedId, requestKey))).status).toBe(409);
    });
  });

  describe('the primary account and changes confirmed by OTP', () => {
    it('the first primary account needs no OTP; staff see it', async () => {
      const l = await madePrimary(verifiedId);
      expect(l.primaryId).toBe(verifiedId);
      expect(l.accounts[0]).toMatchObject({ bankAccountId: verifiedId, isPrimary: true });
      const page = await answer(s, API_BANK.staffChanges, { query: { searchPattern: 'Aarav' }, token: staff });
      expect(page.items[0]).toMatchObject({
        action: 'PRIMARY_SET',
        accountNumberMasked: 'XXXXXXXXXX6789',
        otpConfirmed: false,
      });
      expect(JSON.stringify(page)).not.toContain(VALID);
    });

    it('moving the primary away from a verified account needs the OTP; a wrong one is refused, a right one works once', async () => {
      const other = (await list()).accounts.find((a) => a.last4 === '1111')!;
      expect(await errorOf(await primary(other.bankAccountId))).toMatchObject({
        status: 400,
        message: BANK_TEXT.otpNeeded,
      });
      const code = await changeOtp();
      const sms = (await s.deps.messenger.recent()).find((m) => m.recipient === '+919876543210');
      expect(sms?.body).toContain(code);
      const wrong = code === '000000' ? '111111' : '000000';
      expect(await errorOf(await primary(other.bankAccountId, wrong))).toMatchObject({
        status: 400,
        message: BANK_TEXT.otpWrong,
      });
      // the same request twice at once with the right code: one change
      const both = await Promise.all([madePrimary(other.bankAccountId, code), madePrimary(other.bankAccountId, code)]);
      for (const r of both) expect(r.primaryId).toBe(other.bankAccountId);
      const page = await answer(s, API_BANK.staffChanges, { token: staff });
      expect(page.items.filter((c) => c.action === 'PRIMARY_CHANGED')).toHaveLength(1);
      expect(page.items[0]).toMatchObject({
        action: 'PRIMARY_CHANGED',
        otpConfirmed: true,
        actorEmail: 'seller@demo.dakiya.in',
      });
      // operations hear of it, without the full number
      const ops = (await s.deps.messenger.recent()).find((m) => m.recipient === 'operations@dakiya.in');
      expect(ops?.subject).toBe('Bank account changed: Aarav Traders');
      expect(ops?.body).toContain('XXXXXXXXXX1111');
      expect(ops?.body).not.toContain('50100123451111');
      // the code was used: it does not move the primary back
      expect(await errorOf(await primary(verifiedId, code))).toMatchObject({
        status: 400,
        message: BANK_TEXT.otpWrong,
      });
    });

    it('removing: never the primary; a verified account needs the OTP; an unverified one does not', async () => {
      const l = await list();
      expect(await errorOf(await remove(l.primaryId!))).toMatchObject({
        status: 409,
        message: BANK_TEXT.primaryCannotGo,
      });
      expect(await errorOf(await remove(verifiedId))).toMatchObject({ status: 400, message: BANK_TEXT.otpNeeded });
      const code = await changeOtp();
      const after = await removed(verifiedId, code);
      expect(after.accounts.some((a) => a.bankAccountId === verifiedId)).toBe(false);
      // a repeat answers the list as it stands
      expect((await remove(verifiedId, code)).status).toBe(200);
      const down = after.accounts.find((a) => a.last4 === '0503')!;
      expect((await removed(down.bankAccountId)).accounts.some((a) => a.last4 === '0503')).toBe(false);
      // the row is kept for staff's history
      const [kept] = await s.deps.db.select().from(bankAccounts).where(eq(bankAccounts.id, verifiedId));
      expect(kept.removedAt).not.toBeNull();
    });

    it('the OTP send keeps its 60-second lockout', async () => {
      s.clock.advance(61_000);
      expect(
        (await s.request(API_BANK.changeOtp.path, { method: 'POST', token: seller, headers: freshIp() })).status,
      ).toBe(200);
      expect(
        (await s.request(API_BANK.changeOtp.path, { method: 'POST', token: seller, headers: freshIp() })).status,
      ).toBe(429);
    });
  });

  describe('tenancy and roles', () => {
    it("another seller's bank account answers 404 and is not listed", async () => {
      const id = (await list()).primaryId!;
      expect((await list(meera)).accounts).toHaveLength(0);
      expect((await verify(id, key(), meera)).status).toBe(404);
      expect((await primary(id, undefined, meera)).status).toBe(404);
      expect((await remove(id, undefined, meera)).status).toBe(404);
      expect(
        (
          await s.request(pathOf(API_BANK.account, { bankAccountId: id }), {
            method: 'PUT',
            json: form('50100123454444'),
            token: meera,
          })
        ).status,
      ).toBe(404);
    });

    it('only the owner changes accounts; staff-only and seller-only routes refuse the other side', async () => {
      expect((await list(worker)).canChange).toBe(false);
      // a login whose role may not manage KYC and bank details is refused by the router; one whose
      // role may is still refused by the bank's own owner-only rule (BANK_TEXT.ownerOnly)
      expect(await errorOf(await add(form('50100123455555'), worker))).toMatchObject({
        status: 403,
        message: PERMISSION_DENIED,
      });
      expect((await s.request(API_BANK.changeOtp.path, { method: 'POST', token: worker })).status).toBe(403);
      expect((await s.request(API_BANK.staffChanges.path, { token: seller })).status).toBe(403);
      expect((await s.request(API_BANK.accounts.path, { token: staff })).status).toBe(403);
      expect((await s.request(API_BANK.accounts.path)).status).toBe(401);
    });
  });
});
