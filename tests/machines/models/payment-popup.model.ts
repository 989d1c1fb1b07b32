import { paymentPopupMachine } from '../../../src/machines/payment-popup.machine';
import type { MachineModel } from '../model-harness';

const START = {
  paymentOrderId: 'DKY1TX',
  merchantTransactionId: 'DKY1TX',
  url: 'http://x/pay',
  gateway: 'phonepe',
  amountPaise: 50000,
  bonusPaise: 0,
};
const row = (status: string) => ({
  merchantTransactionId: 'DKY1TX',
  gateway: 'phonepe',
  amountPaise: 50000,
  bonusPaise: 0,
  couponCode: null,
  status,
  detail: '',
  createdAt: '',
  settledAt: null,
});

export const model: MachineModel = {
  name: 'payment-popup',
  machine: paymentPopupMachine,
  options: {
    promiseActors: ['startPayment', 'checkPayment', 'cancelPayment', 'isPopupClosed'],
    events: () => [
      { type: 'START', request: { rechargeAmount: 500 } },
      { type: 'RESULT' },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.startPayment', output: START },
      {
        type: 'xstate.error.actor.startPayment',
        error: { message: 'rechargeAmount must be between ₹100 and ₹5,00,000' },
      },
      { type: 'xstate.done.actor.isPopupClosed', output: true },
      { type: 'xstate.done.actor.isPopupClosed', output: false },
      { type: 'xstate.error.actor.isPopupClosed', error: { message: 'no window' } },
      { type: 'xstate.done.actor.checkPayment', output: row('SUCCESS') },
      { type: 'xstate.done.actor.checkPayment', output: row('FAILED') },
      { type: 'xstate.error.actor.checkPayment', error: { message: 'offline' } },
      { type: 'xstate.done.actor.cancelPayment', output: row('SUCCESS') },
      { type: 'xstate.done.actor.cancelPayment', output: row('CANCELLED') },
      { type: 'xstate.error.actor.cancelPayment', error: { message: 'offline' } },
    ],
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.error, s.context.result?.status ?? null, s.context.payment !== null]),
  },
};
