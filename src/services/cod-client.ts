import {
  API_COD,
  type CodForecast,
  type CodSettings,
  type CycleResult,
  type PayoutBankDetails,
  type PayoutDetail,
} from '../domain/cod-contract';
import type { EarlyCodRequest } from '../machines/early-cod.machine';
import type { StaffCodRequest } from '../machines/staff-cod-payout.machine';
import { dataOf } from './answer';
import type { Http } from './types';

// COD remittance calls (src/domain/cod-contract.ts). The payouts lists and the statement (the
// seller's list export) go through the list view's calls.

/** The whole account of a bank payout, for the staff who pay it (the server audits each call). */
export const fetchPayoutBankDetails = (http: Http, id: number): Promise<PayoutBankDetails> =>
  dataOf(http.get(API_COD.bankDetails(id)));
/** The NEFT bulk-upload file of the chosen payouts (audited). */
export const downloadCodBankFile = (http: Http, payoutIds: readonly number[]): Promise<Blob> =>
  http.download(`${API_COD.bankFile}?payoutIds=${payoutIds.join(',')}`);

export const fetchCodSettings = (http: Http): Promise<CodSettings> => dataOf(http.get(API_COD.settings));
export const saveEarlyCod = (http: Http, r: EarlyCodRequest): Promise<CodSettings> =>
  dataOf(http.put(API_COD.earlyCod, r));
export const savePayoutMethod = (http: Http, payToWallet: boolean): Promise<CodSettings> =>
  dataOf(http.put(API_COD.payoutMethod, { payToWallet }));
export const fetchCodForecast = (http: Http): Promise<CodForecast> => dataOf(http.get(API_COD.forecast));
export const fetchPayout = (http: Http, id: number): Promise<PayoutDetail> => dataOf(http.get(API_COD.payout(id)));

// staff
export const fetchStaffPayout = (http: Http, id: number): Promise<PayoutDetail> =>
  dataOf(http.get(API_COD.staffPayout(id)));
export const runCodCycle = (http: Http): Promise<CycleResult> => dataOf(http.post(API_COD.runCycle));
export function actOnPayout(http: Http, r: StaffCodRequest): Promise<PayoutDetail> {
  if (r.action === 'MARK_PAID')
    return dataOf(http.post(API_COD.markPaid(r.payoutId), { utr: r.utr, comments: r.comments ?? '' }));
  if (r.action === 'HOLD') return dataOf(http.post(API_COD.hold(r.payoutId), { holdReason: r.holdReason }));
  return dataOf(http.post(API_COD.release(r.payoutId)));
}
