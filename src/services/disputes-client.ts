import {
  API_DISPUTES,
  type DisputeEligibility,
  type DisputeEvidence,
  type DisputeRow,
} from '../domain/disputes-contract';
import type { RaiseDisputeRequest } from '../machines/delivery-dispute.machine';
import { dataOf } from './answer';
import type { Http } from './types';

// Delivery disputes' calls (src/domain/disputes-contract.ts).

export const fetchDisputeEligibility = (http: Http, orderId: number): Promise<DisputeEligibility> =>
  dataOf(http.get(API_DISPUTES.eligibility(orderId)));
export const uploadDisputeEvidence = (http: Http, file: Blob & { name?: string }): Promise<DisputeEvidence> => {
  const form = new FormData();
  form.set('file', file, file.name ?? 'evidence');
  return dataOf(http.upload(API_DISPUTES.evidence, form));
};
export const raiseDispute = (http: Http, body: RaiseDisputeRequest): Promise<DisputeRow> =>
  dataOf(http.post(API_DISPUTES.disputes, body));
export const fetchDispute = (http: Http, disputeId: number): Promise<DisputeRow> =>
  dataOf(http.get(API_DISPUTES.dispute(disputeId)));

// staff (the list goes through the list view: list-calls fetchList)
export const fetchStaffDispute = (http: Http, disputeId: number): Promise<DisputeRow> =>
  dataOf(http.get(API_DISPUTES.staffDispute(disputeId)));
export const sendDisputeToCourier = (http: Http, disputeId: number): Promise<DisputeRow> =>
  dataOf(http.post(API_DISPUTES.sendToCourier(disputeId)));
export const acceptDispute = (http: Http, disputeId: number, amount: number, note: string): Promise<DisputeRow> =>
  dataOf(http.post(API_DISPUTES.accept(disputeId), { amount, note }));
export const rejectDispute = (http: Http, disputeId: number, note: string): Promise<DisputeRow> =>
  dataOf(http.post(API_DISPUTES.reject(disputeId), { note }));
