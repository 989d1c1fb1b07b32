import { assign, fromPromise, setup } from 'xstate';
import {
  BUYER_ADVANCE_PROBLEMS,
  type BuyerAdvancePaymentStart,
  type BuyerAdvanceView,
} from '../domain/payment-modes-contract';
import { takeFailure } from './failure';

// The buyer's page for an order's advance (a seller's payment mode), opened from the SMS link (a
// token): the order and its amounts load; the buyer pays the advance on the gateway's page and
// comes back with the transaction, which the server checks. Paid is final.

export interface AdvancePaymentInput {
  token: string;
}

export interface AdvancePaymentContext extends AdvancePaymentInput {
  /** the transaction of a payment the buyer comes back from */
  txn: string | null;
  view: BuyerAdvanceView | null;
  error: string | null;
  paymentUrl: string | null;
}

export type AdvancePaymentEvent =
  { type: 'OPEN' } | { type: 'RETURNED_FROM_PAYMENT'; txn: string } | { type: 'PAY' } | { type: 'RETRY' };

const statusOf = (event: unknown) => (event as { error?: { status?: number } }).error?.status;

export const advancePaymentMachine = setup({
  types: {
    context: {} as AdvancePaymentContext,
    events: {} as AdvancePaymentEvent,
    input: {} as AdvancePaymentInput,
  },
  actors: {
    fetchView: fromPromise<BuyerAdvanceView, { token: string }>(async () => {
      throw new Error('fetchView not provided');
    }),
    startPayment: fromPromise<BuyerAdvancePaymentStart, { token: string }>(async () => {
      throw new Error('startPayment not provided');
    }),
    checkPayment: fromPromise<BuyerAdvanceView, { token: string; txn: string }>(async () => {
      throw new Error('checkPayment not provided');
    }),
  },
  actions: {
    /** the binding sends the browser to the gateway's page */
    openPayment: () => undefined,
  },
  guards: {
    paid: ({ event }) => !!(event as { output?: BuyerAdvanceView }).output?.paid,
    mayPay: ({ context }) => !!context.view?.mayPay,
    unknownLink: ({ event }) => statusOf(event) === 404,
  },
}).createMachine({
  id: 'advancePayment',
  context: ({ input }) => ({ ...input, txn: null, view: null, error: null, paymentUrl: null }),
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
          { guard: 'paid', target: 'paid', actions: assign({ view: ({ event }) => event.output }) },
          { target: 'ready', actions: assign({ view: ({ event }) => event.output }) },
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
          { guard: 'paid', target: 'paid', actions: assign({ view: ({ event }) => event.output, error: null }) },
          {
            target: 'ready',
            actions: assign({
              view: ({ event }) => event.output,
              error: BUYER_ADVANCE_PROBLEMS.paymentFailed,
            }),
          },
        ],
        onError: { target: 'loading', actions: assign(takeFailure) },
      },
    },
    ready: {
      on: { PAY: { guard: 'mayPay', target: 'startingPayment', actions: assign({ error: null }) } },
    },
    startingPayment: {
      invoke: {
        id: 'startPayment',
        src: 'startPayment',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'redirecting', actions: assign({ paymentUrl: ({ event }) => event.output.url }) },
        onError: { target: 'ready', actions: assign(takeFailure) },
      },
    },
    redirecting: { entry: 'openPayment', type: 'final' },
    paid: { type: 'final' },
    notFound: { type: 'final' },
  },
});
