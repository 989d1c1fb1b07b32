import {
  API_COD_VERIFICATION,
  type OrderVerification,
  type VerificationSettingsAnswer,
} from '../domain/cod-verification-contract';
import type { VerificationSettingsInput } from '../domain/schemas/cod-verification';
import { dataOf } from './answer';
import type { Http } from './types';

// COD order verification (src/domain/cod-verification-contract.ts): the seller's settings and an
// order's verification with its actions.

export const fetchVerificationSettings = (http: Http): Promise<VerificationSettingsAnswer> =>
  dataOf(http.get(API_COD_VERIFICATION.settings));
export const saveVerificationSettings = (
  http: Http,
  body: VerificationSettingsInput,
): Promise<VerificationSettingsAnswer> => dataOf(http.put(API_COD_VERIFICATION.settings, body));
export const fetchOrderVerification = (http: Http, orderId: number): Promise<OrderVerification> =>
  dataOf(http.get(API_COD_VERIFICATION.order(orderId)));
export const resendVerificationLink = (http: Http, orderId: number): Promise<OrderVerification> =>
  dataOf(http.post(API_COD_VERIFICATION.resend(orderId)));
export const shipWithoutConfirmation = (http: Http, orderId: number): Promise<OrderVerification> =>
  dataOf(http.post(API_COD_VERIFICATION.override(orderId)));
