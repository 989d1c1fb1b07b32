import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bankVerificationMachine, type SaveBankAccount } from '../../src/machines/bank-verification.machine';
import { bankChangeMachine, type BankChangeRequest } from '../../src/machines/bank-change.machine';
import { termsAcceptanceMachine, type TermsDecision } from '../../src/machines/terms-acceptance.machine';
import { describeModel } from './describe-model';
import { account, changeModel, list, verification, verificationModel } from './models/bank.model';
import { model as termsModel, TERMS } from './models/terms-acceptance.model';

const tick = () => new Promise((r) => setTimeout(r, 0));

describeModel(verificationModel, (a, e) => {
  // what the model tells states apart by (the form's contents are merged by how much is filled)
  expect([a.context.bank !== null, a.context.account?.status, a.context.error !== null]).toEqual([
    e.context.bank !== null,
    e.context.account?.status,
    e.context.error !== null,
  ]);
  // each outcome's view has the answer it shows
  if (a.matches('verified')) expect(a.context.account.status).toBe('VERIFIED');
  if (a.matches('nameMismatch')) expect(a.context.verification.outcome).toBe('NAME_MISMATCH');
  if (a.matches('refused')) expect(a.context.verification.outcome).toBe('INVALID');
  if (a.matches('providerDown')) expect(a.context.verification.outcome).toBe('UNAVAILABLE');
  if (a.matches('primary')) expect(a.context.account.isPrimary).toBe(true);
});

describeModel(changeModel, (a, e) => {
  expect([a.context.code, a.context.error]).toEqual([e.context.code, e.context.error]);
  if (a.matches('done')) expect(a.context.result).toEqual(e.context.result);
});

describeModel(termsModel, (a, e) => {
  expect([a.context.terms, a.context.ipAddress, a.context.error]).toEqual([
    e.context.terms,
    e.context.ipAddress,
    e.context.error,
  ]);
});

describe('bank verification rules', () => {
  it('saves the typed form, keeps the request key for a retry after no answer, and a new one after the provider was down', async () => {
    const saved: SaveBankAccount[] = [];
    const keys: string[] = [];
    const answers = [
      () => Promise.reject({ status: 0, message: 'No Internet Connection' }),
      () => Promise.resolve(verification('UNAVAILABLE')),
      () => Promise.resolve(verification('VERIFIED')),
    ];
    const machine = bankVerificationMachine.provide({
      actors: {
        lookupIfsc: fromPromise(async () => ({
          ifsc: 'HDFC0001234',
          bankName: 'HDFC Bank',
          branch: 'Fort' as string | null,
        })),
        saveAccount: fromPromise(async ({ input }: { input: SaveBankAccount }) => {
          saved.push(input);
          return account('UNVERIFIED');
        }),
        verifyAccount: fromPromise(async ({ input }: { input: { bankAccountId: number; requestKey: string } }) => {
          keys.push(input.requestKey);
          return answers[keys.length - 1]();
        }),
      },
    });
    const a = createActor(machine, { input: { primaryNeedsOtp: false, keySeed: 'k' } }).start();
    a.send({ type: 'OPEN', account: null });
    a.send({ type: 'SAVE' });
    expect(a.getSnapshot().context.fieldErrors).toMatchObject({
      ifsc: 'IFSC is required',
      accountNumber: 'Account number is required',
      accountHolderName: "Account holder's name is required",
    });
    a.send({ type: 'FIELD', field: 'ifsc', value: 'hdfc0001234' });
    await tick();
    expect(a.getSnapshot().context.bank?.branch).toBe('Fort');
    a.send({ type: 'FIELD', field: 'accountNumber', value: '50100123456789' });
    a.send({ type: 'FIELD', field: 'confirmAccountNumber', value: '50100123456780' });
    a.send({ type: 'FIELD', field: 'accountHolderName', value: 'Aarav Sharma' });
    a.send({ type: 'SAVE' });
    expect(a.getSnapshot().context.fieldErrors.confirmAccountNumber).toMatch(
      /^Account number \(again\) is not the same/,
    );
    a.send({ type: 'FIELD', field: 'confirmAccountNumber', value: '50100123456789' });
    a.send({ type: 'SAVE' });
    await tick();
    expect(saved).toEqual([
      {
        bankAccountId: null,
        form: {
          ifsc: 'hdfc0001234',
          accountNumber: '50100123456789',
          confirmAccountNumber: '50100123456789',
          accountHolderName: 'Aarav Sharma',
        },
      },
    ]);
    expect(a.getSnapshot().value).toBe('confirm');
    a.send({ type: 'VERIFY' });
    await tick();
    expect(a.getSnapshot().value).toBe('confirm');
    a.send({ type: 'VERIFY' });
    await tick();
    expect(a.getSnapshot().value).toBe('providerDown');
    a.send({ type: 'RETRY' });
    await tick();
    expect(a.getSnapshot().value).toBe('verified');
    expect(keys).toEqual(['k-2', 'k-2', 'k-3']);
  });

  it('an account already verified and primary starts verified and offers nothing more', () => {
    const a = createActor(bankVerificationMachine, { input: { primaryNeedsOtp: false, keySeed: 'k' } }).start();
    a.send({ type: 'OPEN', account: account('VERIFIED', true) });
    expect(a.getSnapshot().value).toBe('verified');
    a.send({ type: 'MAKE_PRIMARY' });
    expect(a.getSnapshot().value).toBe('verified');
  });
});

describe('bank change rules', () => {
  it('sends the code it was given, once six digits are typed', async () => {
    const sent: BankChangeRequest[] = [];
    const machine = bankChangeMachine.provide({
      actors: {
        applyChange: fromPromise(async ({ input }: { input: BankChangeRequest }) => {
          sent.push(input);
          return list(true);
        }),
      },
    });
    const a = createActor(machine, { input: { change: 'PRIMARY', bankAccountId: 7 } }).start();
    a.send({ type: 'START', needsOtp: true });
    a.send({ type: 'CODE', value: '12 34' });
    a.send({ type: 'CONFIRM' });
    expect(a.getSnapshot().context.error).toBe('OTP: enter the 6 digits sent to your email and mobile');
    a.send({ type: 'CODE', value: '123456' });
    a.send({ type: 'CONFIRM' });
    await tick();
    expect(sent).toEqual([{ change: 'PRIMARY', bankAccountId: 7, otp: '123456' }]);
    expect(a.getSnapshot().output).toEqual(list(true));
  });
});

describe('terms acceptance rules', () => {
  it('records the acceptance with the version and IP, and declining logs out', async () => {
    const decisions: TermsDecision[] = [];
    let loggedOut = 0;
    const machine = termsAcceptanceMachine.provide({
      actors: {
        loadTerms: fromPromise(async () => ({ terms: TERMS, ipAddress: '203.0.113.7' })),
        decide: fromPromise<unknown, TermsDecision>(async ({ input }) => {
          decisions.push(input);
          return null;
        }),
      },
      actions: { logOut: () => void (loggedOut += 1) },
    });
    const a = createActor(machine).start();
    await tick();
    a.send({ type: 'ACCEPT' });
    await tick();
    expect(a.getSnapshot().value).toBe('accepted');
    const b = createActor(machine).start();
    await tick();
    b.send({ type: 'DECLINE' });
    await tick();
    expect(b.getSnapshot().value).toBe('loggedOut');
    expect(loggedOut).toBe(1);
    expect(decisions).toEqual([
      { tcVersionId: 2, status: 'ACCEPTED', ipAddress: '203.0.113.7' },
      { tcVersionId: 2, status: 'DECLINED', ipAddress: '203.0.113.7' },
    ]);
  });
});
