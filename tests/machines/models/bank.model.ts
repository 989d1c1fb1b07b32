import type { BankAccountList, BankAccountRow, BankVerification } from '../../../src/domain/bank-contract';
import { bankChangeMachine } from '../../../src/machines/bank-change.machine';
import { bankVerificationMachine } from '../../../src/machines/bank-verification.machine';
import type { MachineModel } from '../model-harness';

export function account(status: BankAccountRow['status'], isPrimary = false): BankAccountRow {
  return {
    bankAccountId: 7,
    ifsc: 'HDFC0001234',
    bankName: 'HDFC Bank',
    branch: 'Branch 001234 (sandbox)',
    accountNumberMasked: 'XXXXXXXXXX6789',
    last4: '6789',
    holderName: 'Aarav Sharma',
    status,
    statusText: status,
    nameAtBank: status === 'VERIFIED' ? 'AARAV SHARMA' : null,
    nameScore: null,
    verificationMode: null,
    creditedPaise: status === 'VERIFIED' ? 100 : null,
    utr: null,
    verifiedAt: null,
    isPrimary,
    createdAt: '2026-11-20T10:00:00.000Z',
  };
}

export const verification = (outcome: BankVerification['outcome']): BankVerification => ({
  outcome,
  message: outcome,
  account: account(
    outcome === 'VERIFIED'
      ? 'VERIFIED'
      : outcome === 'NAME_MISMATCH'
        ? 'NAME_MISMATCH'
        : outcome === 'INVALID'
          ? 'INVALID'
          : 'UNVERIFIED',
  ),
});

export const list = (primary: boolean): BankAccountList => ({
  accounts: [account('VERIFIED', primary)],
  primaryId: primary ? 7 : null,
  canChange: true,
});

const IFSC = { ifsc: 'HDFC0001234', bankName: 'HDFC Bank', branch: 'Branch 001234 (sandbox)' };

export const verificationModel: MachineModel = {
  name: 'bank-verification',
  machine: bankVerificationMachine,
  options: {
    input: { primaryNeedsOtp: false, keySeed: 'seed' },
    promiseActors: ['lookupIfsc', 'saveAccount', 'verifyAccount', 'bankChange'],
    events: () => [
      { type: 'OPEN', account: null },
      { type: 'OPEN', account: account('UNVERIFIED') },
      { type: 'OPEN', account: account('VERIFIED') },
      { type: 'FIELD', field: 'ifsc', value: 'HDFC0001234' },
      { type: 'FIELD', field: 'accountNumber', value: '50100123456789' },
      { type: 'FIELD', field: 'confirmAccountNumber', value: '50100123456789' },
      { type: 'FIELD', field: 'accountHolderName', value: 'Aarav Sharma' },
      { type: 'SAVE' },
      { type: 'xstate.done.actor.lookupIfsc', output: IFSC },
      { type: 'xstate.error.actor.lookupIfsc', error: { message: 'IFSC: invalid Ifsc Code' } },
      { type: 'xstate.done.actor.saveAccount', output: account('UNVERIFIED') },
      { type: 'xstate.error.actor.saveAccount', error: { message: 'Only the account owner can change bank accounts' } },
      { type: 'xstate.done.actor.verifyAccount', output: verification('VERIFIED') },
      { type: 'xstate.done.actor.verifyAccount', output: verification('NAME_MISMATCH') },
      { type: 'xstate.done.actor.verifyAccount', output: verification('INVALID') },
      { type: 'xstate.done.actor.verifyAccount', output: verification('UNAVAILABLE') },
      { type: 'xstate.error.actor.verifyAccount', error: { status: 0, message: 'No Internet Connection' } },
      { type: 'xstate.done.actor.makePrimary', output: list(true) },
    ],
    serializeState: (s) =>
      // how much of the form is filled, not which fields: the order of typing does not matter
      JSON.stringify([
        s.value,
        Object.values(s.context.form).filter((x) => x !== '').length,
        Object.keys(s.context.fieldErrors).length > 0,
        s.context.bank !== null,
        s.context.account?.status ?? null,
        s.context.account?.isPrimary ?? null,
        s.context.error !== null,
        Math.min(s.context.keyCount, 2),
      ]),
  },
};

export const changeModel: MachineModel = {
  name: 'bank-change',
  machine: bankChangeMachine,
  options: {
    input: { change: 'PRIMARY', bankAccountId: 7 },
    promiseActors: ['applyChange'],
    events: () => [
      { type: 'START', needsOtp: true },
      { type: 'START', needsOtp: false },
      { type: 'xstate.done.actor.applyChange', output: list(false) },
      {
        type: 'xstate.error.actor.applyChange',
        error: { message: 'Make another account primary before removing this one' },
      },
      { type: 'CODE', value: '123456' },
      { type: 'CODE', value: '12' },
      { type: 'xstate.done.actor.applyWithOtp', output: list(true) },
      { type: 'xstate.error.actor.applyWithOtp', error: { message: 'OTP: the OTP is not correct' } },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.code, s.context.error]),
  },
};
