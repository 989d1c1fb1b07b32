import {
  API_COD_VERIFICATION,
  type BuyerPaymentStart,
  type BuyerVerificationView,
} from '../domain/cod-verification-contract';
import type { CancelReason } from '../domain/cod-verification';
import { pathOf } from '../domain/operation';
import { get, post } from './tracking-client';

// The buyer's COD confirmation by the token of the SMS link (loaded with its page only).

const path = (token: string) => pathOf(API_COD_VERIFICATION.buyer, { token });
export const fetchCodView = (token: string) => get<BuyerVerificationView>(path(token));
export const confirmCod = (token: string) => post<BuyerVerificationView>(path(token), { answer: 'CONFIRM' });
export const cancelCod = (token: string, cancelReason: CancelReason) =>
  post<BuyerVerificationView>(path(token), { answer: 'CANCEL', cancelReason });
export const startCodPayment = (token: string) =>
  post<BuyerPaymentStart>(pathOf(API_COD_VERIFICATION.buyerPay, { token }), {});
export const checkCodPayment = (token: string, merchantTransactionId: string) =>
  post<BuyerVerificationView>(pathOf(API_COD_VERIFICATION.buyerPayCheck, { token }), { merchantTransactionId });
