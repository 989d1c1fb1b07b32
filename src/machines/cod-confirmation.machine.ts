import { assign, fromPromise, setup } from 'xstate';
import { BUYER_COD_PROBLEMS, type CancelReason } from '../domain/cod-verification';
import type { BuyerPaymentStart, BuyerVerificationView } from '../domain/cod-verification-contract';
import { takeFailure } from './failure';

// The buyer's page for a COD order awaiting confirmation, opened from the SMS link (a token):
// the order loads; the buyer confirms it, cancels it with a reason, or pays now (the gateway's
// page, then back here with the transaction, which is checked). One answer: a link answered
// before, or refused because another answer came first, shows what stands.

export interface CodConfirmationInput {
  token: string;
}

export interface CodConfirmationContext extends CodConfirmationInput {
  /** the transaction of a payment the buyer comes back from */
  txn: string | null;
  view: BuyerVerificationView | null;
  reason: CancelReason | null;
  error: string | null;
  paymentUrl: string | null;
}

export type CodConfirmationEvent =
  | { type: 'OPEN' }
  | { type: 'RETURNED_FROM_PAYMENT'; txn: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'REASON'; reason: CancelReason }
  | { type: 'SUBMIT' }
  | { type: 'PAY' }
  | { type: 'BACK' }
  | { type: 'RETRY' };

const statusOf = (event: unknown) => (event as { error?: { status?: number } }).error?.status;
const answered = (view: BuyerVerificationView) => view.answeredText !== null;

export const codConfirmationMachine = setup({
  types: {
    context: {} as CodConfirmationContext,
    events: {} as CodConfirmationEvent,
    input: {} as CodConfirmationInput,
  },
  actors: {
    fetchView: fromPromise<BuyerVerificationView, { token: string }>(async () => {
      throw new Error('fetchView not provided');
    }),
    confirmOrder: fromPromise<BuyerVerificationView, { token: string }>(async () => {
      throw new Error('confirmOrder not provided');
    }),
    cancelOrder: fromPromise<BuyerVerificationView, { token: string; cancelReason: CancelReason }>(async () => {
      throw new Error('cancelOrder not provided');
    }),
    startPayment: fromPromise<BuyerPaymentStart, { token: string }>(async () => {
      throw new Error('startPayment not provided');
    }),
    checkPayment: fromPromise<BuyerVerificationView, { token: string; txn: string }>(async () => {
      throw new Error('checkPayment not provided');
    }),
  },
  actions: {
    /** the binding sends the browser to the gateway's page */
    openPayment: () => undefined,
  },
  guards: {
    answeredAlready: ({ event }) => {
      const view = (event as { output?: BuyerVerificationView }).output;
      return !!view && answered(view);
    },
    prepaidOffered: ({ context }) => !!context.view?.offerPrepaid,
    hasReason: ({ context }) => context.reason !== null,
    unknownLink: ({ event }) => statusOf(event) === 404,
    refused: ({ event }) => statusOf(event) === 409,
  },
}).createMachine({
  id: 'codConfirmation',
  context: ({ input }) => ({ ...input, txn: null, view: null, reason: null, error: null, paymentUrl: null }),
  initial: 'start',
  states: {
    // the binding says at once how the page was opened: from the link, or back from the gateway
    start: {
      on: {
        OPEN: 'loading',
        RETURNED_FROM_PAYMENT: { target: 'checkingPayment', actions: assign({ txn: ({ event }) => event.txn }) },
      },
    },
    loading: {
      invoke: {
        id: 'fetchView',
        src: 'fetchView',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          { guard: 'answeredAlready', target: 'answered', actions: assign({ view: ({ event }) => event.output }) },
          { target: 'choosing', actions: assign({ view: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'unknownLink', target: 'notFound' },
          { target: 'loadFailed', actions: assign(takeFailure) },
        ],
      },
    },
    loadFailed: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
    checkingPayment: {
      invoke: {
        id: 'checkPayment',
        src: 'checkPayment',
        input: ({ context }) => ({ token: context.token, txn: context.txn ?? '' }),
        onDone: [
          { guard: 'answeredAlready', target: 'answered', actions: assign({ view: ({ event }) => event.output }) },
          {
            target: 'choosing',
            actions: assign({
              view: ({ event }) => event.output,
              error: BUYER_COD_PROBLEMS.paymentFailed,
            }),
          },
        ],
        onError: [
          { guard: 'unknownLink', target: 'loading' },
          { target: 'loading', actions: assign(takeFailure) },
        ],
      },
    },
    choosing: {
      on: {
        CONFIRM: { target: 'confirming', actions: assign({ error: null }) },
        CANCEL: { target: 'cancelForm', actions: assign({ error: null }) },
        PAY: { guard: 'prepaidOffered', target: 'startingPayment', actions: assign({ error: null }) },
      },
    },
    cancelForm: {
      on: {
        REASON: { actions: assign({ reason: ({ event }) => event.reason, error: null }) },
        SUBMIT: [
          { guard: 'hasReason', target: 'cancelling' },
          { actions: assign({ error: BUYER_COD_PROBLEMS.noReason }) },
        ],
        BACK: { target: 'choosing', actions: assign({ error: null }) },
      },
    },
    confirming: {
      invoke: {
        id: 'confirmOrder',
        src: 'confirmOrder',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'answered', actions: assign({ view: ({ event }) => event.output }) },
        onError: [
          { guard: 'refused', target: 'refused', actions: assign(takeFailure) },
          { target: 'choosing', actions: assign(takeFailure) },
        ],
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => ({ token: context.token, cancelReason: context.reason! }),
        onDone: { target: 'answered', actions: assign({ view: ({ event }) => event.output }) },
        onError: [
          { guard: 'refused', target: 'refused', actions: assign(takeFailure) },
          { target: 'cancelForm', actions: assign(takeFailure) },
        ],
      },
    },
    startingPayment: {
      invoke: {
        id: 'startPayment',
        src: 'startPayment',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'redirecting', actions: assign({ paymentUrl: ({ event }) => event.output.url }) },
        onError: [
          { guard: 'refused', target: 'refused', actions: assign(takeFailure) },
          { target: 'choosing', actions: assign(takeFailure) },
        ],
      },
    },
    redirecting: { entry: 'openPayment', type: 'final' },
    answered: { type: 'final' },
    refused: { type: 'final' },
    notFound: { type: 'final' },
  },
});
