import { API_KYC, type KycDocumentKind, type KycView, type StaffKycView } from '../domain/kyc-contract';
import type { KycCall } from '../machines/kyc.machine';
import type { KycDecisionRequest } from '../machines/staff-kyc-decision.machine';
import { dataOf } from './answer';
import type { Http } from './types';

// KYC's calls (src/domain/kyc-contract.ts). The staff's queue goes through the list view (list-calls fetchList).

const CALL_PATHS: Record<KycCall['call'], string> = {
  values: API_KYC.values,
  pan: API_KYC.panVerify,
  signatoryPan: API_KYC.signatoryPanVerify,
  aadhaarOtp: API_KYC.aadharVerify,
  aadhaarSubmit: API_KYC.aadharSubmit,
  gstVerify: API_KYC.gstVerify,
  gstOtp: API_KYC.gstGenerateOtp,
  gstSubmit: API_KYC.gstSubmitOtp,
};

export const fetchKyc = (http: Http): Promise<KycView> => dataOf(http.get(API_KYC.inProgress));
export const callKyc = (http: Http, c: KycCall): Promise<KycView> => dataOf(http.post(CALL_PATHS[c.call], c.body));
export const submitKyc = (http: Http): Promise<KycView> => dataOf(http.post(API_KYC.submit));
export const uploadKycDocument = (
  http: Http,
  kind: KycDocumentKind,
  file: Blob,
  name: string,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<KycView> => {
  const form = new FormData();
  form.set('file', file, name);
  return dataOf(http.uploadWithProgress(API_KYC.upload(kind), form, onProgress, signal));
};

// staff
export const fetchStaffKyc = (http: Http, applicationId: number): Promise<StaffKycView> =>
  dataOf(http.get(API_KYC.staffApplication(applicationId)));
export const decideKyc = (http: Http, d: KycDecisionRequest): Promise<StaffKycView> =>
  dataOf(http.put(API_KYC.status(d.applicationId), { status: d.status, note: d.note, remarks: d.remarks }));
/** A private document (the seller's own, or staff's), read with the session's token. */
export const downloadKycDocument = (http: Http, url: string): Promise<Blob> => http.download(url);
