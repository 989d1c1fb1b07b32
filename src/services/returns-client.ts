import {
  API_RETURNS,
  type Photo,
  type ReturnDetail,
  type ReturnListAnswer,
  type ReturnReasonsAnswer,
  type ReturnRequestListAnswer,
  type ReturnRequestRow,
  type ReturnSettings,
  type ReturnShipment,
  type Returnable,
  type ReverseRateAnswer,
} from '../domain/returns-contract';
import type {
  ApproveReturnRequestInput,
  ExchangeInput,
  InitiateReturnInput,
  ReturnListQuery,
  ReturnRequestListQuery,
  ReturnSettingsInput,
  StandaloneReturnInput,
} from '../domain/schemas/returns';
import { dataOf } from './answer';
import type { Http } from './types';

// Returns and reverse pickups (src/domain/returns-contract.ts). The bulk upload goes through
// uploads-client with API_RETURNS.uploads; the list may also go through the list view's calls
// (list-calls fetchList/downloadList with API_RETURNS.returns).

type Query = Record<string, string | number | boolean | undefined>;
const query = (q: object): Query => q as Query;

export const fetchReturns = (http: Http, q: ReturnListQuery = {}): Promise<ReturnListAnswer> =>
  dataOf(http.get(API_RETURNS.returns, query(q)));
export const exportReturns = (http: Http, q: ReturnListQuery = {}): Promise<Blob> =>
  http.download(API_RETURNS.export, query({ ...q, pageNumber: undefined, recordsPerPage: undefined }));
export const fetchReturn = (http: Http, returnId: number): Promise<ReturnDetail> =>
  dataOf(http.get(API_RETURNS.one(returnId)));
export const fetchReturnReasons = (http: Http): Promise<ReturnReasonsAnswer> => dataOf(http.get(API_RETURNS.reasons));
export const fetchReturnable = (http: Http, orderId: number): Promise<Returnable> =>
  dataOf(http.get(API_RETURNS.returnable(orderId)));
export const initiateReturn = (http: Http, body: InitiateReturnInput): Promise<ReturnDetail> =>
  dataOf(http.post(API_RETURNS.returns, body));
export const createStandaloneReturn = (http: Http, body: StandaloneReturnInput): Promise<ReturnDetail> =>
  dataOf(http.post(API_RETURNS.standalone, body));
export const uploadReturnPhoto = async (http: Http, file: Blob): Promise<Photo> => {
  const form = new FormData();
  form.set('file', file);
  return dataOf(http.upload(API_RETURNS.photos, form));
};

// the reverse pickup
export const fetchReverseQuotes = (http: Http, returnId: number): Promise<ReverseRateAnswer> =>
  dataOf(http.get(API_RETURNS.courierQuotes(returnId)));
export const shipReturn = (
  http: Http,
  returnId: number,
  carrierCode: string,
  idempotencyKey: string,
): Promise<ReturnShipment> => dataOf(http.post(API_RETURNS.ship(returnId), { carrierCode, idempotencyKey }));
export const reassignReturn = (
  http: Http,
  returnId: number,
  carrierCode: string,
  idempotencyKey: string,
): Promise<ReturnShipment> => dataOf(http.post(API_RETURNS.reassign(returnId), { carrierCode, idempotencyKey }));
export const fetchReturnShipment = (http: Http, returnId: number): Promise<ReturnShipment> =>
  dataOf(http.get(API_RETURNS.shipment(returnId)));
export const cancelReturnShipment = (http: Http, returnId: number): Promise<ReturnShipment> =>
  dataOf(http.put(API_RETURNS.cancelShipment(returnId)));
export const cancelReturn = (http: Http, returnId: number, reason = ''): Promise<ReturnDetail> =>
  dataOf(http.put(API_RETURNS.cancel(returnId), { reason }));
export const downloadReturnLabel = (http: Http, returnId: number, layout: '4x6' | 'A4' = '4x6'): Promise<Blob> =>
  http.download(API_RETURNS.label(returnId), { layout });
export const createExchange = (http: Http, returnId: number, body: ExchangeInput = {}): Promise<ReturnDetail> =>
  dataOf(http.post(API_RETURNS.exchange(returnId), body));

// settings
export const fetchReturnSettings = (http: Http): Promise<ReturnSettings> => dataOf(http.get(API_RETURNS.settings));
export const saveReturnSettings = (http: Http, body: ReturnSettingsInput): Promise<ReturnSettings> =>
  dataOf(http.put(API_RETURNS.settings, body));

// buyers' requests
export const fetchReturnRequests = (http: Http, q: ReturnRequestListQuery = {}): Promise<ReturnRequestListAnswer> =>
  dataOf(http.get(API_RETURNS.requests, query(q)));
export const approveReturnRequest = (
  http: Http,
  requestId: number,
  body: ApproveReturnRequestInput = { qc: null, refundDecision: 'REFUND' },
): Promise<ReturnRequestRow> => dataOf(http.post(API_RETURNS.approve(requestId), body));
export const rejectReturnRequest = (http: Http, requestId: number, note: string): Promise<ReturnRequestRow> =>
  dataOf(http.post(API_RETURNS.reject(requestId), { note }));
