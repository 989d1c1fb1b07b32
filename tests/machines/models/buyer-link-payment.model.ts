import { buyerLinkPaymentMachine } from '../../../src/machines/buyer-link-payment.machine';
import type { BuyerVerificationView } from '../../../src/domain/cod-verification-contract';
import type { BuyerAdvanceView } from '../../../src/domain/payment-modes-contract';
import type { MachineModel } from '../model-harness';

// A COD confirmation's link and an advance's link, through the one pay-by-link machine.

export const COD_VIEW: BuyerVerificationView = {
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
const COD_NO_PREPAID: BuyerVerificationView = { ...COD_VIEW, offerPrepaid: false };
const COD_CONFIRMED: BuyerVerificationView = {
  ...COD_VIEW,
  state: 'CONFIRMED',
  answeredText: 'You confirmed this order already',
  offerPrepaid: false,
};

export const advanceView = (paid: boolean, mayPay = !paid): BuyerAdvanceView => ({
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

const offline = { status: 0, message: 'You are offline' };

export const model: MachineModel = {
  name: 'buyer-link-payment',
  machine: buyerLinkPaymentMachine,
  options: {
    input: { token: 'tok-link' },
    promiseActors: ['fetchView', 'startPayment', 'checkPayment', 'confirmOrder', 'cancelOrder'],
    events: () => [
      { type: 'OPEN' },
      { type: 'RETURNED_FROM_PAYMENT', txn: 'DKYCV1T1' },
      { type: 'PAY' },
      { type: 'RETRY' },
      { type: 'CONFIRM' },
      { type: 'CANCEL' },
      { type: 'REASON', reason: 'NOT_ORDERED' },
      { type: 'SUBMIT' },
      { type: 'BACK' },
      { type: 'xstate.done.actor.fetchView', output: COD_VIEW },
      { type: 'xstate.done.actor.fetchView', output: COD_NO_PREPAID },
      { type: 'xstate.done.actor.fetchView', output: COD_CONFIRMED },
      { type: 'xstate.done.actor.fetchView', output: advanceView(false) },
      { type: 'xstate.done.actor.fetchView', output: advanceView(true) },
      { type: 'xstate.done.actor.fetchView', output: advanceView(false, false) },
      {
        type: 'xstate.error.actor.fetchView',
        error: { status: 404, message: 'This link is not valid or has expired' },
      },
      { type: 'xstate.error.actor.fetchView', error: offline },
      { type: 'xstate.done.actor.checkPayment', output: { ...COD_CONFIRMED, state: 'SWITCHED' } },
      { type: 'xstate.done.actor.checkPayment', output: COD_VIEW },
      { type: 'xstate.done.actor.checkPayment', output: advanceView(true) },
      { type: 'xstate.done.actor.checkPayment', output: advanceView(false) },
      { type: 'xstate.error.actor.checkPayment', error: { status: 404, message: 'No such payment for this order' } },
      { type: 'xstate.done.actor.confirmOrder', output: COD_CONFIRMED },
      { type: 'xstate.error.actor.confirmOrder', error: { status: 409, message: 'You cancelled this order already' } },
      { type: 'xstate.error.actor.confirmOrder', error: offline },
      { type: 'xstate.done.actor.cancelOrder', output: { ...COD_CONFIRMED, state: 'CANCELLED' } },
      { type: 'xstate.error.actor.cancelOrder', error: { status: 409, message: 'You confirmed this order already' } },
      { type: 'xstate.error.actor.cancelOrder', error: offline },
      { type: 'xstate.done.actor.startPayment', output: { url: 'http://x/pay/1', merchantTransactionId: 'DKYCV1T1' } },
      { type: 'xstate.error.actor.startPayment', error: { status: 409, message: 'The advance is paid already' } },
      { type: 'xstate.error.actor.startPayment', error: offline },
    ],
    limit: 6000,
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.txn,
        s.context.reason,
        s.context.error,
        s.context.view && ('answeredText' in s.context.view ? 'cod' : 'advance'),
        s.context.view && ('offerPrepaid' in s.context.view ? s.context.view.offerPrepaid : s.context.view.mayPay),
        s.context.view && ('state' in s.context.view ? s.context.view.state : s.context.view.paid),
        s.context.paymentUrl,
      ]),
  },
};
