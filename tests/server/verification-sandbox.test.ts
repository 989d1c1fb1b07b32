import { describe, expect, it } from 'vitest';
import { aadhaarProblem } from '../../src/domain/kyc/aadhaar';
import { gstinKycProblem } from '../../src/domain/kyc/gstin';
import { matchNames } from '../../src/domain/kyc/name-match';
import { panProblem } from '../../src/domain/kyc/pan';
import type { BankAccountCheck } from '../../server/verification/provider';
import {
  SANDBOX_AADHAAR_HOLDER,
  SANDBOX_IDENTITIES,
  SANDBOX_OTHER_NAME,
  SANDBOX_OTP,
  SANDBOX_PENNY_PAISE,
  sandboxVerificationProvider,
} from '../../server/verification/sandbox-provider';
import { buildVerification } from '../../server/verification/setup';

// The sandbox provider's documented test identities (docs/simulated.md, "KYC verification"):
// valid, invalid, another name (a name mismatch by our rule), provider down.

const sandbox = sandboxVerificationProvider();

describe('the sandbox identities are well formed', () => {
  it.each(SANDBOX_IDENTITIES.map((i) => [i.key, i] as const))('%s', (_key, identity) => {
    const type = identity.pan[3] === 'C' ? 'COMPANY' : 'INDIVIDUAL';
    expect(panProblem(identity.pan, type)).toBeNull();
    if (identity.aadhaar) expect(aadhaarProblem(identity.aadhaar)).toBeNull();
    if (identity.gstin) expect(gstinKycProblem(identity.gstin, identity.pan)).toBeNull();
  });
});

describe('sandbox PAN verification', () => {
  it('answers a named identity with its own name', async () => {
    const r = await sandbox.verifyPan('abcpn1234k', 'Priya Nair');
    expect(r).toMatchObject({ ok: true, pan: 'ABCPN1234K', registeredName: 'PRIYA NAIR', holderType: 'Individual' });
    if (r.ok) expect(matchNames('Mrs Priya Nair', r.registeredName).matches).toBe(true);
  });

  it('answers any other valid PAN with the name given, and the holder type of its fourth letter', async () => {
    expect(await sandbox.verifyPan('AAACK2345Q', 'Kaveri Foods Pvt Ltd')).toMatchObject({
      ok: true,
      registeredName: 'KAVERI FOODS PVT LTD',
      holderType: 'Company',
    });
  });

  it.each([
    ['ABCPN9999K', 'INVALID'],
    ['ABCPN0503K', 'UNAVAILABLE'],
    ['NOT-A-PAN', 'INVALID'],
  ])('%s is refused as %s', async (pan, reason) => {
    expect(await sandbox.verifyPan(pan, 'Priya Nair')).toMatchObject({ ok: false, reason });
  });

  it('answers another name for the digits 8888, which the name rule refuses', async () => {
    const r = await sandbox.verifyPan('ABCPN8888K', 'Priya Nair');
    expect(r).toMatchObject({ ok: true, registeredName: SANDBOX_OTHER_NAME });
    if (r.ok) expect(matchNames('Priya Nair', r.registeredName).matches).toBe(false);
  });
});

describe('sandbox GSTIN verification and OTP', () => {
  it('answers a valid GSTIN with its legal name and status', async () => {
    expect(await sandbox.verifyGstin('29AAACN1234M1ZE', 'Nair Naturals')).toMatchObject({
      ok: true,
      gstin: '29AAACN1234M1ZE',
      legalName: 'NAIR NATURALS PRIVATE LIMITED',
      status: 'Active',
      principalAddress: 'Karnataka',
    });
  });

  it.each([
    ['29AAACN1234M1ZF', 'INVALID'],
    ['29AAACN9999M1ZA', 'INVALID'],
    ['29AAACN0503M1ZK', 'UNAVAILABLE'],
  ])('%s is refused as %s', async (gstin, reason) => {
    expect(await sandbox.verifyGstin(gstin, 'x')).toMatchObject({ ok: false, reason });
  });

  it('answers another legal name for the PAN digits 8888, and a cancelled registration for 7777', async () => {
    expect(await sandbox.verifyGstin('29AAACN8888M1ZG', 'Nair Naturals')).toMatchObject({
      ok: true,
      legalName: `${SANDBOX_OTHER_NAME} TRADERS`,
    });
    expect(await sandbox.verifyGstin('29AAACN7777M1ZM', 'Nair Naturals')).toMatchObject({
      ok: true,
      status: 'Cancelled',
    });
  });

  it('confirms the GSTIN with the sandbox OTP, and refuses a wrong one or another GSTIN’s reference', async () => {
    expect(sandbox.gstinOtp).toBe(true);
    const started = await sandbox.generateGstinOtp('29AAACN1234M1ZE');
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    expect(await sandbox.submitGstinOtp('29AAACN1234M1ZE', started.reference, '654321')).toMatchObject({
      ok: false,
      reason: 'OTP_INVALID',
    });
    expect(await sandbox.submitGstinOtp('07AAACN1234M1ZK', started.reference, SANDBOX_OTP)).toMatchObject({
      ok: false,
      reason: 'OTP_INVALID',
    });
    expect(await sandbox.submitGstinOtp('29AAACN1234M1ZE', started.reference, SANDBOX_OTP)).toMatchObject({
      ok: true,
      confirmed: true,
    });
  });

  it.each([
    ['29AAACN0503M1ZK', 'UNAVAILABLE'],
    ['29AAACN9999M1ZA', 'INVALID'],
    ['29AAACN1234M1ZF', 'INVALID'],
  ])('the OTP for %s is refused as %s', async (gstin, reason) => {
    expect(await sandbox.generateGstinOtp(gstin)).toMatchObject({ ok: false, reason });
  });
});

describe('sandbox Aadhaar OTP', () => {
  async function verify(aadhaar: string, otp = SANDBOX_OTP) {
    const started = await sandbox.generateAadhaarOtp(aadhaar);
    if (!started.ok) return started;
    // the reference never carries the number
    expect(started.reference).not.toContain(aadhaar.replace(/\s/g, '').slice(0, 8));
    return sandbox.submitAadhaarOtp(started.reference, otp);
  }

  it('answers a named identity with its name after the right OTP', async () => {
    expect(await verify('2345 6789 0124')).toMatchObject({ ok: true, name: 'PRIYA NAIR', yearOfBirth: 1990 });
    expect(await verify('345678901238')).toMatchObject({ ok: true, name: 'RAHUL KUMAR SHARMA' });
  });

  it('answers any other valid number with the sandbox holder, and 8888 8888… with another name', async () => {
    expect(await verify('456789012341')).toMatchObject({ ok: true, name: SANDBOX_AADHAAR_HOLDER });
    expect(await verify('888888880126')).toMatchObject({ ok: true, name: SANDBOX_OTHER_NAME });
  });

  it.each([
    ['999999990128', 'INVALID'],
    ['503503500125', 'UNAVAILABLE'],
    ['234567890125', 'INVALID'],
    ['12345', 'INVALID'],
  ])('%s is refused as %s', async (aadhaar, reason) => {
    expect(await sandbox.generateAadhaarOtp(aadhaar)).toMatchObject({ ok: false, reason });
  });

  it('refuses a wrong OTP and an unknown reference', async () => {
    expect(await verify('234567890124', '000000')).toMatchObject({ ok: false, reason: 'OTP_INVALID' });
    expect(await sandbox.submitAadhaarOtp('made-up', SANDBOX_OTP)).toMatchObject({ ok: false, reason: 'OTP_INVALID' });
  });
});

describe('sandbox bank account verification', () => {
  const check = (change: Partial<BankAccountCheck> = {}): BankAccountCheck => ({
    ifsc: 'HDFC0000001',
    accountNumber: '50100123456789',
    holderName: 'Priya Nair',
    phone: '9812345678',
    mode: 'PENNY_DROP',
    ...change,
  });

  it('drops a penny: the credited amount, the bank’s name for the holder, the bank and a UTR', async () => {
    const r = await sandbox.verifyBankAccount(check());
    expect(r).toMatchObject({
      ok: true,
      mode: 'PENNY_DROP',
      nameAtBank: 'PRIYA NAIR',
      bankName: 'HDFC Bank',
      branch: 'Branch 000001 (sandbox)',
      creditedPaise: SANDBOX_PENNY_PAISE,
    });
    if (r.ok) expect(r.utr).toMatch(/^\d{12}$/);
    // the same account gives the same answer
    expect(await sandbox.verifyBankAccount(check())).toEqual(r);
  });

  it('checks pennyless: no amount and no UTR', async () => {
    expect(await sandbox.verifyBankAccount(check({ mode: 'PENNYLESS' }))).toMatchObject({
      ok: true,
      mode: 'PENNYLESS',
      creditedPaise: null,
      utr: null,
    });
  });

  it('names a co-operative bank behind its sponsor bank’s IFSC', async () => {
    expect(await sandbox.verifyBankAccount(check({ ifsc: 'HDFC0CAACOB' }))).toMatchObject({
      ok: true,
      bankName: 'Akhand Anand Co.op Bank',
    });
  });

  it('answers another name for an account ending 8888', async () => {
    const r = await sandbox.verifyBankAccount(check({ accountNumber: '50100123458888' }));
    expect(r).toMatchObject({ ok: true, nameAtBank: SANDBOX_OTHER_NAME });
  });

  it.each([
    [{ accountNumber: '50100123459999' }, 'INVALID'],
    [{ accountNumber: '50100123450503' }, 'UNAVAILABLE'],
    [{ accountNumber: '12345' }, 'INVALID'],
    [{ ifsc: 'SBIN0999999' }, 'INVALID'],
    [{ ifsc: 'HDFC1000001' }, 'INVALID'],
  ])('%j is refused as %s', async (change, reason) => {
    expect(await sandbox.verifyBankAccount(check(change))).toMatchObject({ ok: false, reason });
  });

  it('gives an IFSC’s bank from the offline directory', async () => {
    expect(await sandbox.ifscDetails('KKBK0000958')).toMatchObject({ ok: true, bankName: 'Kotak Mahindra Bank' });
    expect(await sandbox.ifscDetails('KKBK0999999')).toMatchObject({ ok: false, reason: 'INVALID' });
  });
});

describe('choosing the provider', () => {
  it('is the sandbox without Cashfree keys, Cashfree with both', () => {
    expect(buildVerification({}, globalThis.fetch)).toMatchObject({ name: 'sandbox', sandbox: true });
    expect(buildVerification({ CASHFREE_VERIFICATION_CLIENT_ID: 'id' }, globalThis.fetch).name).toBe('sandbox');
    expect(
      buildVerification(
        { CASHFREE_VERIFICATION_CLIENT_ID: 'id', CASHFREE_VERIFICATION_CLIENT_SECRET: 'secret' },
        globalThis.fetch,
      ),
    ).toMatchObject({ name: 'cashfree', sandbox: false, gstinOtp: false });
  });
});

describe('the cancelled-registration code is the GSTIN’s only', () => {
  it('a PAN or an account with 7777 is an ordinary valid one', async () => {
    expect(await sandbox.verifyPan('ABCPN7777K', 'Priya Nair')).toMatchObject({
      ok: true,
      registeredName: 'PRIYA NAIR',
    });
    expect(
      await sandbox.verifyBankAccount({
        ifsc: 'SBIN0000001',
        accountNumber: '50100123457777',
        holderName: 'Priya Nair',
        phone: '9812345678',
        mode: 'PENNY_DROP',
      }),
    ).toMatchObject({ ok: true, bankName: 'State Bank of India' });
  });
});
