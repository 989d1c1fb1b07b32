import { assign, fromPromise, setup } from 'xstate';
import type { BillingFrequency, PaidPlan, PlanCode } from '../domain/plans';
import type { DowngradeRow, UpgradeAnswer } from '../domain/team-contract';
import { takeFailure } from './failure';

// Changing the plan. An upgrade is chosen (plan and monthly or yearly), confirmed with its price,
// and paid from the wallet; when the wallet cannot spend enough, the payment popup machine (the
// wallet's recharge, src/services/use-payment-popup.ts) tops it up by the amount the server
// offered (the shortfall against what can be spent, holds counted) and its success sends
// TOPPED_UP, which upgrades at once. Whenever the plan's answer is read again (after a top-up, a
// hold, a charge), WALLET_READ brings the fresh offer, so a failed try offers what is short now.
// A downgrade is a request for the period's end, cancellable until then. The request key stays
// the same across retries of one upgrade, so a repeat after a lost answer charges once.

export interface UpgradeChoice {
  plan: PaidPlan;
  billingFrequency: BillingFrequency;
  /** the price with GST in paise */
  totalPaise: number;
  /** the card or UPI payment the server offers so the wallet can pay it (0 when it can now) */
  topUpPaise: number;
}

export interface PlanChangeContext {
  choice: UpgradeChoice | null;
  requestKey: string;
  keySeed: number;
  /** the session's part of request keys */
  seed: string;
  result: UpgradeAnswer | null;
  downgrade: DowngradeRow | null;
  error: string | null;
}

export type PlanChangeEvent =
  | { type: 'CHOOSE'; choice: UpgradeChoice }
  | { type: 'PAY_FROM_WALLET' }
  | { type: 'TOP_UP' }
  | { type: 'TOPPED_UP' }
  | { type: 'WALLET_READ'; topUpPaise: number }
  | { type: 'BACK' }
  | { type: 'REQUEST_DOWNGRADE'; plan: PlanCode }
  | { type: 'CANCEL_DOWNGRADE'; downgradeId: number }
  | { type: 'DONE' };

export const planChangeMachine = setup({
  types: {
    context: {} as PlanChangeContext,
    events: {} as PlanChangeEvent,
    input: {} as { keySeed: string },
  },
  actors: {
    upgrade: fromPromise<UpgradeAnswer, { plan: PaidPlan; billingFrequency: BillingFrequency; requestKey: string }>(
      async () => {
        throw new Error('upgrade not provided');
      },
    ),
    requestDowngrade: fromPromise<DowngradeRow, { plan: PlanCode }>(async () => {
      throw new Error('requestDowngrade not provided');
    }),
    cancelDowngrade: fromPromise<DowngradeRow, { downgradeId: number }>(async () => {
      throw new Error('cancelDowngrade not provided');
    }),
  },
  actions: {
    /** the plan, the wallet and the account are stale (supplied by the binding) */
    changed: () => {},
    readWallet: assign({
      choice: ({ context, event }) =>
        context.choice && event.type === 'WALLET_READ' ? { ...context.choice, topUpPaise: event.topUpPaise } : null,
    }),
  },
  guards: { walletCovers: ({ context }) => !!context.choice && context.choice.topUpPaise === 0 },
}).createMachine({
  id: 'planChange',
  context: ({ input }) => ({
    choice: null,
    requestKey: '',
    keySeed: 0,
    result: null,
    downgrade: null,
    error: null,
    seed: input.keySeed,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        CHOOSE: {
          target: 'confirming',
          actions: assign({
            choice: ({ event }) => event.choice,
            keySeed: ({ context }) => context.keySeed + 1,
            requestKey: ({ context }) => `up-${context.seed}-${context.keySeed + 1}`,
            error: null,
          }),
        },
        REQUEST_DOWNGRADE: 'requestingDowngrade',
        CANCEL_DOWNGRADE: 'cancellingDowngrade',
      },
    },
    confirming: {
      on: {
        PAY_FROM_WALLET: { guard: 'walletCovers', target: 'upgrading' },
        TOP_UP: 'toppingUp',
        WALLET_READ: { actions: 'readWallet' },
        BACK: { target: 'idle', actions: assign({ choice: null, error: null }) },
      },
    },
    toppingUp: {
      on: { TOPPED_UP: 'upgrading', WALLET_READ: { actions: 'readWallet' }, BACK: 'confirming' },
    },
    upgrading: {
      invoke: {
        id: 'upgrade',
        src: 'upgrade',
        input: ({ context }) => ({
          plan: context.choice!.plan,
          billingFrequency: context.choice!.billingFrequency,
          requestKey: context.requestKey,
        }),
        onDone: { target: 'upgraded', actions: [assign({ result: ({ event }) => event.output }), 'changed'] },
        onError: { target: 'confirming', actions: assign(takeFailure) },
      },
    },
    upgraded: { on: { DONE: { target: 'idle', actions: assign({ choice: null, result: null }) } } },
    requestingDowngrade: {
      invoke: {
        id: 'requestDowngrade',
        src: 'requestDowngrade',
        input: ({ event }) => ({ plan: (event as { plan: PlanCode }).plan }),
        onDone: {
          target: 'idle',
          actions: [assign({ downgrade: ({ event }) => event.output, error: null }), 'changed'],
        },
        onError: { target: 'idle', actions: assign(takeFailure) },
      },
    },
    cancellingDowngrade: {
      invoke: {
        id: 'cancelDowngrade',
        src: 'cancelDowngrade',
        input: ({ event }) => ({ downgradeId: (event as { downgradeId: number }).downgradeId }),
        onDone: {
          target: 'idle',
          actions: [assign({ downgrade: ({ event }) => event.output, error: null }), 'changed'],
        },
        onError: { target: 'idle', actions: assign(takeFailure) },
      },
    },
  },
});
