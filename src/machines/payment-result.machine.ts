import { assign, fromPromise, setup } from 'xstate';
import type { PaymentResult } from '../domain/wallet-contract';
import { TIMING } from '../domain/constants';
import { countdownMachine } from './countdown.machine';

// The payment-result popup page (spec sections 2 and 4): 'Please wait / Processing Your
// Request' with 'Automatically closing in N seconds' counting down from 5, while the server
// verifies the payment with the gateway; then a success or failure card; the result is posted
// to the opener and the window closes 1 second later. A failed status call is ignored (spec
// section 8): the page stays on its loading view and asks again; so does a pending payment.

export interface PaymentResultContext {
  result: PaymentResult | null;
}

export const paymentResultMachine = setup({
  types: {
    context: {} as PaymentResultContext,
    events: {} as { type: 'NOOP' },
  },
  actors: {
    checkStatus: fromPromise<PaymentResult, void>(async () => {
      throw new Error('checkStatus not provided');
    }),
    countdown: countdownMachine,
  },
  delays: { recheck: 2000, closeAfter: TIMING.paymentPopupCloseAfterMs },
  guards: {
    decided: (_, result: PaymentResult) => result.status !== 'PENDING',
  },
  actions: {
    /** window.opener.postMessage(result) */
    postResult: () => {},
    /** window.close() */
    closeWindow: () => {},
  },
}).createMachine({
  id: 'paymentResult',
  context: { result: null },
  initial: 'loading',
  states: {
    loading: {
      // 'Automatically closing in N seconds', from 5
      invoke: { id: 'countdown', src: 'countdown', input: { seconds: TIMING.paymentCountdownStartS } },
      initial: 'asking',
      states: {
        asking: {
          invoke: {
            id: 'checkStatus',
            src: 'checkStatus',
            onDone: [
              {
                guard: { type: 'decided', params: ({ event }) => event.output },
                target: '#paymentResult.shown',
                actions: assign({ result: ({ event }) => event.output }),
              },
              { target: 'waiting' },
            ],
            onError: { target: 'waiting' },
          },
        },
        waiting: { after: { recheck: 'asking' } },
      },
    },
    shown: {
      entry: 'postResult',
      after: { closeAfter: 'closed' },
    },
    closed: { type: 'final', entry: 'closeWindow' },
  },
});
