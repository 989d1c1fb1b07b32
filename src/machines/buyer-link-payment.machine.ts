import { assign, fromPromise, setup } from 'xstate';
import {
  linkMayPay,
  linkPaymentFailed,
  linkSettled,
  takesAnswers,
  type BuyerLinkPaymentStart,
  type BuyerLinkView,
} from '../domain/buyer-link';
import { BUYER_COD_PROBLEMS, type CancelReason } from '../domain/cod-verification';
import { takeFailure } from './failure';

// A buyer's pay-by-link page, opened from the SMS link (a token): a COD order's confirmation or
// a payment mode's advance. The link's view loads; the buyer pays on the gateway's page and comes
// back with the transaction, which is checked. A COD link also takes an answer: the buyer confirms
// the order, or cancels it with a reason. A settled link (the advance paid, the COD order
// answered) is final; so is a COD answer refused because another came first, which shows what
// stands. What each view allows is read by src/domain/buyer-link.ts.

export interface BuyerLinkPaymentInput {
  token: string;
}

export interface BuyerLinkPaymentContext extends BuyerLinkPaymentInput {
  /** the transaction of a payment the buyer comes back from */
  txn: string | null;
  view: BuyerLinkView | null;
  /** a COD cancellation's reason */
  reason: CancelReason | null;
  error: string | null;
  paymentUrl: string | null;
}

/** What the page ended with: the view that stands, and the gateway's page it went on to. */
export interface BuyerLinkPaymentOutput {
  view: BuyerLinkView | null;
  paymentUrl: string | null;
}

export type BuyerLinkPaymentEvent =
  | { type: 'OPEN' }
  | { type: 'RETURNED_FROM_PAYMENT'; txn: string }
  | { type: 'PAY' }
  | { type: 'RETRY' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'REASON'; reason: CancelReason }
  | { type: 'SUBMIT' }
  | { type: 'BACK' };

const statusOf = (event: unknown) => (event as { error?: { status?: number } }).error?.status;

export const buyerLinkPaymentMachine = setup({
  types: {
    context: {} as BuyerLinkPaymentContext,
    events: {} as BuyerLinkPaymentEvent,
    input: {} as BuyerLinkPaymentInput,
    output: {} as BuyerLinkPaymentOutput,
  },
  actors: {
    fetchView: fromPromise<BuyerLinkView, { token: string }>(async () => {
      throw new Error('fetchView not provided');
    }),
    startPayment: fromPromise<BuyerLinkPaymentStart, { token: string }>(async () => {
      throw new Error('startPayment not provided');
    }),
    checkPayment: fromPromise<BuyerLinkView, { token: string; txn: string }>(async () => {
      throw new Error('checkPayment not provided');
    }),
    confirmOrder: fromPromise<BuyerLinkView, { token: string }>(async () => {
      throw new Error('confirmOrder not provided');
    }),
    cancelOrder: fromPromise<BuyerLinkView, { token: string; cancelReason: CancelReason }>(async () => {
      throw new Error('cancelOrder not provided');
    }),
  },
  actions: {
    /** the binding sends the browser to the gateway's page */
    openPayment: () => undefined,
  },
  guards: {
    settled: (_, view: BuyerLinkView) => linkSettled(view),
    mayPay: ({ context }) => linkMayPay(context.view),
    takesAnswers: ({ context }) => takesAnswers(context.view),
    hasReason: ({ context }) => context.reason !== null,
    unknownLink: ({ event }) => statusOf(event) === 404,
    /** a COD link answered another way first: what stands is final */
    answeredFirst: ({ context, event }) => takesAnswers(context.view) && statusOf(event) === 409,
  },
}).createMachine({
  id: 'buyerLinkPayment',
  context: ({ input }) => ({ ...input, txn: null, view: null, reason: null, error: null, paymentUrl: null }),
  output: ({ context }) => ({ view: context.view, paymentUrl: context.paymentUrl }),
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
          {
            guard: { type: 'settled', params: ({ event }) => event.output },
            target: 'settled',
            actions: assign({ view: ({ event }) => event.output }),
          },
          { target: 'choosing', actions: assign({ view: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'unknownLink', target: 'notFound' },
          { target: 'loadFailed', actions: assign(takeFailure) },
        ],
      },
    },
    loadFailed: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
    // a failed check loads the link again with the check's failure said
    checkingPayment: {
      invoke: {
        id: 'checkPayment',
        src: 'checkPayment',
        input: ({ context }) => ({ token: context.token, txn: context.txn ?? '' }),
        onDone: [
          {
            guard: { type: 'settled', params: ({ event }) => event.output },
            target: 'settled',
            actions: assign({ view: ({ event }) => event.output, error: null }),
          },
          {
            target: 'choosing',
            actions: assign({
              view: ({ event }) => event.output,
              error: ({ event }) => linkPaymentFailed(event.output),
            }),
          },
        ],
        onError: { target: 'loading', actions: assign(takeFailure) },
      },
    },
    choosing: {
      on: {
        PAY: { guard: 'mayPay', target: 'startingPayment', actions: assign({ error: null }) },
        CONFIRM: { guard: 'takesAnswers', target: 'confirming', actions: assign({ error: null }) },
        CANCEL: { guard: 'takesAnswers', target: 'cancelForm', actions: assign({ error: null }) },
      },
    },
    startingPayment: {
      invoke: {
        id: 'startPayment',
        src: 'startPayment',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'redirecting', actions: assign({ paymentUrl: ({ event }) => event.output.url }) },
        onError: [
          { guard: 'answeredFirst', target: 'refused', actions: assign(takeFailure) },
          { target: 'choosing', actions: assign(takeFailure) },
        ],
      },
    },
    cancelForm: {
      on: {
        REASON: {
          actions: assign({ reason: ({ event }) => event.reason, error: null }),
        },
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
        onDone: { target: 'settled', actions: assign({ view: ({ event }) => event.output }) },
        onError: [
          { guard: 'answeredFirst', target: 'refused', actions: assign(takeFailure) },
          { target: 'choosing', actions: assign(takeFailure) },
        ],
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => ({ token: context.token, cancelReason: context.reason! }),
        onDone: { target: 'settled', actions: assign({ view: ({ event }) => event.output }) },
        onError: [
          { guard: 'answeredFirst', target: 'refused', actions: assign(takeFailure) },
          { target: 'cancelForm', actions: assign(takeFailure) },
        ],
      },
    },
    redirecting: { entry: 'openPayment', type: 'final' },
    settled: { type: 'final' },
    refused: { type: 'final' },
    notFound: { type: 'final' },
  },
});
