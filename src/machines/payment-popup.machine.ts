import { assign, fromPromise, setup } from 'xstate';
import type { PaymentRow, PaymentStart } from '../domain/wallet-contract';
import { TIMING } from '../domain/constants';
import { MSG } from '../domain/messages';
import { takeFailure } from './failure';

// The wallet's payment popup, opener side (spec section 4): start the payment → a 450×600 popup
// on the gateway's page → every 10 s, is it closed? (then 'Transaction cancelled by user') → the
// result page posts its answer → the server's word on the payment → success or failure.
// Opening the window and asking whether it is closed are injected (openPopup, isPopupClosed).

export interface PaymentRequest {
  rechargeAmount: number;
  couponCode?: string;
}

export interface PaymentPopupContext {
  request: PaymentRequest | null;
  payment: PaymentStart | null;
  result: PaymentRow | null;
  error: string | null;
}

export type PaymentPopupEvent =
  | { type: 'START'; request: PaymentRequest }
  /** the result page posted its answer to this window */
  | { type: 'RESULT' }
  | { type: 'RETRY' };

export const paymentPopupMachine = setup({
  types: {
    context: {} as PaymentPopupContext,
    events: {} as PaymentPopupEvent,
  },
  actors: {
    startPayment: fromPromise<PaymentStart, PaymentRequest>(async () => {
      throw new Error('startPayment not provided');
    }),
    /** the server's view of the payment (it asks the gateway) */
    checkPayment: fromPromise<PaymentRow, { merchantTransactionId: string }>(async () => {
      throw new Error('checkPayment not provided');
    }),
    /** is the popup window closed? (asked every 10 s) */
    isPopupClosed: fromPromise<boolean, void>(async () => false),
    /** the popup was closed: cancel a still-pending payment; answers the payment as it stands */
    cancelPayment: fromPromise<PaymentRow, { merchantTransactionId: string }>(async () => {
      throw new Error('cancelPayment not provided');
    }),
  },
  delays: { closedCheck: TIMING.paymentPopupCheckMs },
  guards: {
    windowClosed: (_, closed: boolean) => closed,
    paid: (_, payment: PaymentRow) => payment.status === 'SUCCESS',
  },
  actions: {
    openPopup: () => {},
    closePopup: () => {},
    /** after a success: re-read the balance */
    paid: () => {},
  },
}).createMachine({
  id: 'paymentPopup',
  context: { request: null, payment: null, result: null, error: null },
  initial: 'idle',
  on: {
    START: {
      target: '.starting',
      actions: assign({ request: ({ event }) => event.request, payment: null, result: null, error: null }),
    },
  },
  states: {
    idle: {},
    starting: {
      invoke: {
        id: 'startPayment',
        src: 'startPayment',
        input: ({ context }) => context.request!,
        onDone: { target: 'popupOpen', actions: [assign({ payment: ({ event }) => event.output }), 'openPopup'] },
        // the window opened on the click has nowhere to go
        onError: {
          target: 'failed',
          actions: [assign(takeFailure), 'closePopup'],
        },
      },
    },
    popupOpen: {
      initial: 'waiting',
      on: { RESULT: '#paymentPopup.verifying' },
      states: {
        waiting: {
          after: { closedCheck: 'checkingWindow' },
        },
        checkingWindow: {
          invoke: {
            id: 'isPopupClosed',
            src: 'isPopupClosed',
            onDone: [
              {
                guard: { type: 'windowClosed', params: ({ event }) => event.output },
                target: '#paymentPopup.cancelling',
              },
              { target: 'waiting' },
            ],
            onError: { target: 'waiting' },
          },
        },
      },
    },
    verifying: {
      invoke: {
        id: 'checkPayment',
        src: 'checkPayment',
        input: ({ context }) => ({ merchantTransactionId: context.payment!.merchantTransactionId }),
        onDone: [
          {
            guard: { type: 'paid', params: ({ event }) => event.output },
            target: 'succeeded',
            actions: assign({ result: ({ event }) => event.output }),
          },
          {
            target: 'failed',
            actions: assign({
              result: ({ event }) => event.output,
              error: ({ event }) => event.output.detail || 'The payment did not go through',
            }),
          },
        ],
        onError: { target: 'failed', actions: assign(takeFailure) },
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelPayment',
        src: 'cancelPayment',
        input: ({ context }) => ({ merchantTransactionId: context.payment!.merchantTransactionId }),
        // paid just before the window closed: that is a success, not a cancellation
        onDone: [
          {
            guard: { type: 'paid', params: ({ event }) => event.output },
            target: 'succeeded',
            actions: assign({ result: ({ event }) => event.output }),
          },
          { target: 'cancelled' },
        ],
        onError: { target: 'cancelled' },
      },
    },
    // the result page closes itself a second after showing the answer
    succeeded: { entry: 'paid' },
    failed: {
      on: { RETRY: { guard: ({ context }) => context.request !== null, target: 'starting' } },
    },
    cancelled: {
      entry: assign({ error: MSG.transactionCancelled }),
      on: { RETRY: 'starting' },
    },
  },
});
