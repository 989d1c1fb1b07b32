import { staffWalletFormMachine } from '../../../src/machines/staff-wallet-form.machine';
import type { CreditLimitAnswer, WalletAdjustmentAnswer } from '../../../src/domain/wallet-contract';
import type { MachineModel } from '../model-harness';

export const adjustmentAnswer = (replayed = false): WalletAdjustmentAnswer => ({
  entryId: 41,
  balancePaise: 125_050,
  replayed,
  adjustment: {
    id: 7,
    entryId: 41,
    direction: 'CREDIT',
    amountPaise: 25_050,
    reason: 'Refund of a lost parcel',
    staffAccountId: 3,
    staffEmail: 'ops@dakiya.in',
    balanceBeforePaise: 100_000,
    balanceAfterPaise: 125_050,
    createdAt: '2026-11-20T06:30:00.000Z',
  },
});

export const limitAnswer = (changed = true): CreditLimitAnswer => ({
  wallet: {
    orgId: 9,
    companyName: 'Tara Textiles',
    email: 'tara@example.in',
    balancePaise: 0,
    heldPaise: 0,
    creditLimitPaise: 250_000,
    usablePaise: 250_000,
  },
  change: changed
    ? {
        id: 1,
        oldLimitPaise: 0,
        newLimitPaise: 250_000,
        reason: 'Postpaid agreed',
        staffAccountId: 3,
        staffEmail: 'ops@dakiya.in',
        createdAt: '2026-11-20T06:30:00.000Z',
      }
    : null,
});

/** The adjustment form: direction, amount and reason, the server's answer or its refusal. */
export const model: MachineModel = {
  name: 'staff-wallet-form',
  machine: staffWalletFormMachine,
  options: {
    input: { orgId: 9, mode: 'ADJUST', keySeed: 'form-0001' },
    promiseActors: ['submit'],
    events: () => [
      { type: 'FIELD', name: 'direction', value: 'CREDIT' },
      { type: 'FIELD', name: 'amount', value: '250.50' },
      { type: 'FIELD', name: 'reason', value: 'Refund of a lost parcel' },
      { type: 'xstate.done.actor.submit', output: adjustmentAnswer() },
      {
        type: 'xstate.error.actor.submit',
        error: {
          status: 422,
          message: 'Insufficient wallet balance: ₹250.50 is needed. Recharge your wallet and try again',
        },
      },
    ],
    // the saved counter only numbers request keys: left out so the state space stays finite
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.draft, s.context.errors, s.context.error, s.context.notice]),
  },
};
