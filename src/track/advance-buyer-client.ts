import {
  API_PAYMENT_MODES,
  type BuyerAdvancePaymentStart,
  type BuyerAdvanceView,
} from '../domain/payment-modes-contract';
import { get, post } from './tracking-client';

// The buyer's advance payment by the token of the SMS link (loaded with its page only).

const token36 = (token: string) => encodeURIComponent(token);
export const fetchAdvanceView = (token: string) => get<BuyerAdvanceView>(API_PAYMENT_MODES.buyer(token36(token)));
export const startAdvancePayment = (token: string) =>
  post<BuyerAdvancePaymentStart>(API_PAYMENT_MODES.buyerPay(token36(token)), {});
export const checkAdvancePayment = (token: string, merchantTransactionId: string) =>
  post<BuyerAdvanceView>(API_PAYMENT_MODES.buyerPayCheck(token36(token)), { merchantTransactionId });
