import {
  API_COD_VERIFICATION,
  type BuyerPaymentStart,
  type BuyerVerificationView,
} from '../domain/cod-verification-contract';
import type { CancelReason } from '../domain/cod-verification';
import { pathOf } from '../domain/operation';
import { buyerGet, buyerPost } from './buyer-call';
import type { BuyerLinkCalls } from './use-buyer-link-payment';

// The buyer's COD confirmation by the token of the SMS link (loaded with its page only).

const path = (token: string) => pathOf(API_COD_VERIFICATION.buyer, { token });
export const fetchCodView = (token: string) => buyerGet<BuyerVerificationView>(path(token));
export const confirmCod = (token: string) => buyerPost<BuyerVerificationView>(path(token), { answer: 'CONFIRM' });
export const cancelCod = (token: string, cancelReason: CancelReason) =>
  buyerPost<BuyerVerificationView>(path(token), { answer: 'CANCEL', cancelReason });
export const startCodPayment = (token: string) =>
  buyerPost<BuyerPaymentStart>(pathOf(API_COD_VERIFICATION.buyerPay, { token }), {});
export const checkCodPayment = (token: string, merchantTransactionId: string) =>
  buyerPost<BuyerVerificationView>(pathOf(API_COD_VERIFICATION.buyerPayCheck, { token }), { merchantTransactionId });

/** The COD confirmation page's calls, for its machine's binding. */
export const COD_LINK_CALLS: BuyerLinkCalls = {
  fetchView: fetchCodView,
  startPayment: startCodPayment,
  checkPayment: checkCodPayment,
  confirmOrder: confirmCod,
  cancelOrder: cancelCod,
};
