import { API_PAYMENT_MODES, type OrderAdvance, type PaymentModeRow } from '../domain/payment-modes-contract';
import type { SaveInput } from '../machines/payment-modes.machine';
import { dataOf } from './answer';
import type { Http } from './types';

// The custom payment modes' calls (src/domain/payment-modes-contract.ts).

export const fetchPaymentModes = (http: Http, showArchived = false): Promise<PaymentModeRow[]> =>
  dataOf(http.get(API_PAYMENT_MODES.modes, showArchived ? { archived: 'true' } : undefined));
export const savePaymentMode = (http: Http, { modeId, body }: SaveInput): Promise<PaymentModeRow> =>
  dataOf(modeId === null ? http.post(API_PAYMENT_MODES.modes, body) : http.put(API_PAYMENT_MODES.mode(modeId), body));
export const setPaymentModeArchived = (http: Http, modeId: number, archived: boolean): Promise<PaymentModeRow> =>
  dataOf(http.post(archived ? API_PAYMENT_MODES.archive(modeId) : API_PAYMENT_MODES.restore(modeId)));

export const fetchOrderAdvance = (http: Http, orderId: number): Promise<OrderAdvance> =>
  dataOf(http.get(API_PAYMENT_MODES.advance(orderId)));
export const sendAdvanceLink = (http: Http, orderId: number): Promise<OrderAdvance> =>
  dataOf(http.post(API_PAYMENT_MODES.advanceLink(orderId)));
export const markAdvanceReceived = (http: Http, orderId: number, note: string): Promise<OrderAdvance> =>
  dataOf(http.post(API_PAYMENT_MODES.advanceReceived(orderId), { note }));
