import {
  API_NDR,
  type NdrActionOutcome,
  type NdrBulkAnswer,
  type NdrDetail,
  type RtoRow,
} from '../domain/ndr-contract';
import type { NdrActionRequest, NdrBulkRequest, RtoAckRequest } from '../domain/schemas/ndr';
import { dataOf } from './answer';
import type { Http } from './types';

// Failed deliveries and returns to origin (src/domain/ndr-contract.ts). The lists (NDR, RTO) and
// the NDR export go through the list view's calls (list-calls fetchList/downloadList).

export const fetchNdr = (http: Http, ndrId: number): Promise<NdrDetail> => dataOf(http.get(API_NDR.one(ndrId)));
export const actOnNdr = (http: Http, ndrId: number, request: NdrActionRequest): Promise<NdrActionOutcome> =>
  dataOf(http.post(API_NDR.action(ndrId), request));
export const actOnNdrs = (http: Http, request: NdrBulkRequest): Promise<NdrBulkAnswer> =>
  dataOf(http.post(API_NDR.bulkAction, request));
export const acknowledgeRto = (http: Http, orderId: number, request: RtoAckRequest): Promise<RtoRow> =>
  dataOf(http.post(API_NDR.rtoAcknowledge(orderId), request));
export const uploadNdrEvidence = async (http: Http, file: Blob): Promise<{ fileId: string; url: string }> => {
  const form = new FormData();
  form.set('file', file);
  return dataOf(http.upload(API_NDR.evidence, form));
};
