import {
  API_PAYMENT_MODES,
  type BuyerAdvancePaymentStart,
  type BuyerAdvanceView,
} from '../domain/payment-modes-contract';
import { pathOf } from '../domain/operation';
import { buyerGet, buyerPost } from './buyer-call';
import type { BuyerLinkCalls } from './use-buyer-link-payment';

// The buyer's advance payment by the token of the SMS link (loaded with its page only).

export const fetchAdvanceView = (token: string) =>
  buyerGet<BuyerAdvanceView>(pathOf(API_PAYMENT_MODES.buyer, { token }));
export const startAdvancePayment = (token: string) =>
  buyerPost<BuyerAdvancePaymentStart>(pathOf(API_PAYMENT_MODES.buyerPay, { token }), {});
export const checkAdvancePayment = (token: string, merchantTransactionId: string) =>
  buyerPost<BuyerAdvanceView>(pathOf(API_PAYMENT_MODES.buyerPayCheck, { token }), { merchantTransactionId });

/** The advance page's calls, for its machine's binding. */
export const ADVANCE_LINK_CALLS: BuyerLinkCalls = {
  fetchView: fetchAdvanceView,
  startPayment: startAdvancePayment,
  checkPayment: checkAdvancePayment,
};
