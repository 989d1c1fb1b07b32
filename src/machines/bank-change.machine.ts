import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { BankAccountList, BankChange } from '../domain/bank-contract';
import { TIMING } from '../domain/constants';
import { SIX_DIGITS } from '../domain/schemas/fields';
import { takeFailure } from './failure';
import { otpTimerMachine } from './otp-timer.machine';

// One change to a seller's bank accounts: making an account the primary one for COD remittance,
// or removing one. A change the owner must confirm (changeNeedsOtp in bank-contract.ts: moving
// the primary away from a verified account, removing a verified one) first sends an OTP to the
// owner's email and mobile through the otp-timer machine (60-second resend lockout), then goes
// out with the 6 digits; a wrong code says why and the seller tries again or resends. A change
// that needs no OTP goes out at once. The answer is the accounts as they now stand.

export interface BankChangeInput {
  change: BankChange;
  bankAccountId: number;
}

export interface BankChangeContext extends BankChangeInput {
  code: string;
  error: string | null;
  result: BankAccountList | null;
}

export type BankChangeEvent =
  /** begin, once the actor runs: with whether the owner's OTP must confirm it (changeNeedsOtp) */
  | { type: 'START'; needsOtp: boolean }
  | { type: 'CODE'; value: string }
  | { type: 'CONFIRM' }
  | { type: 'RESEND' }
  | { type: 'RETRY' };

export interface BankChangeRequest {
  change: BankChange;
  bankAccountId: number;
  otp?: string;
}

export const bankChangeMachine = setup({
  types: {
    context: {} as BankChangeContext,
    events: {} as BankChangeEvent,
    input: {} as BankChangeInput,
    output: {} as BankAccountList | null,
  },
  actors: {
    applyChange: fromPromise<BankAccountList, BankChangeRequest>(async () => {
      throw new Error('applyChange not provided');
    }),
    otpTimer: otpTimerMachine,
  },
  guards: {
    needsOtp: ({ event }) => event.type === 'START' && event.needsOtp,
    codeComplete: ({ context }) => SIX_DIGITS.test(context.code),
  },
  actions: {
    sendCode: sendTo('otpTimer', { type: 'SEND' as const, payload: {} }),
    takeError: assign(takeFailure),
  },
}).createMachine({
  id: 'bankChange',
  context: ({ input }) => ({ ...input, code: '', error: null, result: null }),
  initial: 'start',
  states: {
    start: {
      on: { START: [{ guard: 'needsOtp', target: 'confirming' }, { target: 'applying' }] },
    },
    confirming: {
      invoke: { id: 'otpTimer', src: 'otpTimer', input: { seconds: TIMING.otpResendLockoutS } },
      entry: 'sendCode',
      initial: 'entering',
      states: {
        entering: {
          on: {
            CODE: { actions: assign({ code: ({ event }) => event.value.replace(/\D/g, '').slice(0, 6), error: null }) },
            CONFIRM: [
              { guard: 'codeComplete', target: 'applying' },
              { actions: assign({ error: 'OTP: enter the 6 digits sent to your email and mobile' }) },
            ],
            RESEND: { actions: [assign({ code: '', error: null }), 'sendCode'] },
          },
        },
        applying: {
          invoke: {
            id: 'applyWithOtp',
            src: 'applyChange',
            input: ({ context }) => ({
              change: context.change,
              bankAccountId: context.bankAccountId,
              otp: context.code,
            }),
            onDone: { target: '#bankChange.done', actions: assign({ result: ({ event }) => event.output }) },
            onError: { target: 'entering', actions: ['takeError', assign({ code: '' })] },
          },
        },
      },
    },
    applying: {
      invoke: {
        id: 'applyChange',
        src: 'applyChange',
        input: ({ context }) => ({ change: context.change, bankAccountId: context.bankAccountId }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: 'takeError' },
      },
    },
    failed: {
      on: { RETRY: { target: 'applying', actions: assign({ error: null }) } },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => context.result,
});
