import {
  API_PAYMENT_MODES,
  type BuyerAdvancePaymentStart,
  type BuyerAdvanceView,
} from '../domain/payment-modes-contract';
import { buyerGet, buyerPost } from './buyer-call';

// The buyer's advance payment by the token of the SMS link (loaded with its page only).

const token36 = (token: string) => encodeURIComponent(token);
export const fetchAdvanceView = (token: string) => buyerGet<BuyerAdvanceView>(API_PAYMENT_MODES.buyer(token36(token)));
export const startAdvancePayment = (token: string) =>
  buyerPost<BuyerAdvancePaymentStart>(API_PAYMENT_MODES.buyerPay(token36(token)), {});
export const checkAdvancePayment = (token: string, merchantTransactionId: string) =>
  buyerPost<BuyerAdvanceView>(API_PAYMENT_MODES.buyerPayCheck(token36(token)), { merchantTransactionId });
