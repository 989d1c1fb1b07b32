import { codConfirmationMachine } from '../../../src/machines/cod-confirmation.machine';
import type { MachineModel } from '../model-harness';

export const VIEW = {
  brandName: 'Meera Crafts',
  logoUrl: null,
  orderNumber: 'MC-1002',
  items: [{ name: 'Blue Pottery Vase', quantity: 1 }],
  amountPaise: 145000,
  paymentMethod: 'COD',
  addressText: '12, 4th Cross, Indiranagar, Bengaluru, Karnataka 560038',
  buyerName: 'Kavya Reddy',
  state: 'PENDING',
  answeredText: null,
  dueAt: '2026-11-27T06:00:00.000Z',
  offerPrepaid: true,
};
const NO_PREPAID = { ...VIEW, offerPrepaid: false };
const CONFIRMED = {
  ...VIEW,
  state: 'CONFIRMED',
  answeredText: 'You confirmed this order already',
  offerPrepaid: false,
};

export const model: MachineModel = {
  name: 'cod-confirmation',
  machine: codConfirmationMachine,
  options: {
    input: { token: 'tok-cod' },
    promiseActors: ['fetchView', 'confirmOrder', 'cancelOrder', 'startPayment', 'checkPayment'],
    events: () => [
      { type: 'OPEN' },
      { type: 'RETURNED_FROM_PAYMENT', txn: 'DKYCV1T1' },
      { type: 'CONFIRM' },
      { type: 'CANCEL' },
      { type: 'REASON', reason: 'NOT_ORDERED' },
      { type: 'SUBMIT' },
      { type: 'PAY' },
      { type: 'BACK' },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.fetchView', output: VIEW },
      { type: 'xstate.done.actor.fetchView', output: NO_PREPAID },
      { type: 'xstate.done.actor.fetchView', output: CONFIRMED },
      {
        type: 'xstate.error.actor.fetchView',
        error: { status: 404, message: 'This link is not valid or has expired' },
      },
      { type: 'xstate.error.actor.fetchView', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.checkPayment', output: { ...CONFIRMED, state: 'SWITCHED' } },
      { type: 'xstate.done.actor.checkPayment', output: VIEW },
      { type: 'xstate.error.actor.checkPayment', error: { status: 404, message: 'No such payment' } },
      { type: 'xstate.error.actor.checkPayment', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.confirmOrder', output: CONFIRMED },
      { type: 'xstate.error.actor.confirmOrder', error: { status: 409, message: 'You cancelled this order already' } },
      { type: 'xstate.error.actor.confirmOrder', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.cancelOrder', output: { ...CONFIRMED, state: 'CANCELLED' } },
      { type: 'xstate.error.actor.cancelOrder', error: { status: 409, message: 'You confirmed this order already' } },
      { type: 'xstate.error.actor.cancelOrder', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.startPayment', output: { url: 'http://x/pay/1', merchantTransactionId: 'DKYCV1T1' } },
      { type: 'xstate.error.actor.startPayment', error: { status: 409, message: 'You confirmed this order already' } },
      { type: 'xstate.error.actor.startPayment', error: { status: 0, message: 'You are offline' } },
    ],
    limit: 4000,
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.txn,
        s.context.reason,
        s.context.error,
        s.context.view?.offerPrepaid ?? null,
        s.context.view?.state ?? null,
        s.context.paymentUrl,
      ]),
  },
};
