import { advancePaymentMachine } from '../../../src/machines/advance-payment.machine';
import type { BuyerAdvanceView } from '../../../src/domain/payment-modes-contract';
import type { MachineModel } from '../model-harness';

const view = (paid: boolean, mayPay = !paid): BuyerAdvanceView => ({
  brandName: 'Meera Crafts',
  orderNumber: 'ORD-000101',
  buyerName: 'Kavya Reddy',
  modeName: 'Partial COD 20%',
  totalPaise: 145_000,
  advancePaise: 29_000,
  codAmountPaise: 116_000,
  paid,
  mayPay,
});

export const model: MachineModel = {
  name: 'advance-payment',
  machine: advancePaymentMachine,
  options: {
    input: { token: 'a1.token' },
    promiseActors: ['fetchView', 'startPayment', 'checkPayment'],
    events: () => [
      { type: 'OPEN' },
      { type: 'RETURNED_FROM_PAYMENT', txn: 'DKYAD1TXYZ' },
      { type: 'PAY' },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.fetchView', output: view(false) },
      { type: 'xstate.done.actor.fetchView', output: view(true) },
      { type: 'xstate.done.actor.fetchView', output: view(false, false) },
      {
        type: 'xstate.error.actor.fetchView',
        error: { status: 404, message: 'This link is not valid or has expired' },
      },
      { type: 'xstate.error.actor.fetchView', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.checkPayment', output: view(true) },
      { type: 'xstate.done.actor.checkPayment', output: view(false) },
      { type: 'xstate.error.actor.checkPayment', error: { status: 404, message: 'No such payment for this order' } },
      {
        type: 'xstate.done.actor.startPayment',
        output: { url: 'http://localhost/pay/x', merchantTransactionId: 'T1' },
      },
      { type: 'xstate.error.actor.startPayment', error: { status: 409, message: 'The advance is paid already' } },
    ],
    limit: 3000,
  },
};
