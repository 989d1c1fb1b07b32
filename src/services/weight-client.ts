import {
  API_WEIGHT,
  type DiscrepancyDetail,
  type DiscrepancyPhoto,
  type StaffFreezeList,
  type WeightFreezeRow,
} from '../domain/weight-contract';
import type { DisputeRequest } from '../machines/weight-discrepancy.machine';
import type { StaffWeightRequest } from '../machines/staff-weight-decision.machine';
import type { FreezeRequest } from '../machines/weight-freeze.machine';
import { dataOf } from './answer';
import type { Http } from './types';

// Weight discrepancies' and weight freezes' calls (src/domain/weight-contract.ts). The lists and
// their CSV export go through the list view's calls (list-calls fetchList/downloadList).

export const fetchDiscrepancy = (http: Http, id: number): Promise<DiscrepancyDetail> =>
  dataOf(http.get(API_WEIGHT.discrepancy(id)));
export const acceptDiscrepancy = (http: Http, id: number): Promise<DiscrepancyDetail> =>
  dataOf(http.post(API_WEIGHT.accept(id)));
export const disputeDiscrepancy = (http: Http, r: DisputeRequest): Promise<DiscrepancyDetail> =>
  dataOf(
    http.post(API_WEIGHT.dispute(r.discrepancyId), {
      productCategory: r.productCategory,
      note: r.note,
      evidence: r.evidence,
    }),
  );
export const escalateDiscrepancy = (http: Http, id: number, note: string): Promise<DiscrepancyDetail> =>
  dataOf(http.post(API_WEIGHT.escalate(id), { note }));
export const uploadWeightPhoto = async (http: Http, file: Blob & { name?: string }): Promise<DiscrepancyPhoto> => {
  const form = new FormData();
  form.set('file', file, file.name ?? 'photo');
  return dataOf(http.upload(API_WEIGHT.evidence, form));
};
export const fetchFreeze = (http: Http, productId: number): Promise<WeightFreezeRow | null> =>
  dataOf(http.get(API_WEIGHT.freeze(productId)));
export const requestFreeze = (http: Http, r: FreezeRequest): Promise<WeightFreezeRow> => {
  const { productId, ...body } = r;
  return dataOf(http.post(API_WEIGHT.freeze(productId), body));
};

// staff
export const fetchStaffDiscrepancy = (http: Http, id: number): Promise<DiscrepancyDetail> =>
  dataOf(http.get(API_WEIGHT.staffDiscrepancy(id)));
export const actOnDiscrepancy = (http: Http, r: StaffWeightRequest): Promise<DiscrepancyDetail> =>
  r.action === 'COURIER'
    ? dataOf(http.post(API_WEIGHT.sendToCourier(r.discrepancyId)))
    : dataOf(
        http.post(
          r.action === 'DECIDE' ? API_WEIGHT.decide(r.discrepancyId) : API_WEIGHT.decideEscalation(r.discrepancyId),
          {
            outcome: r.outcome,
            note: r.note,
          },
        ),
      );
export const fetchFreezes = (http: Http, status?: string): Promise<StaffFreezeList> =>
  dataOf(http.get(API_WEIGHT.freezes, { status }));
export const approveFreeze = (http: Http, id: number): Promise<WeightFreezeRow> =>
  dataOf(http.post(API_WEIGHT.approveFreeze(id)));
export const rejectFreeze = (http: Http, id: number, note: string): Promise<WeightFreezeRow> =>
  dataOf(http.post(API_WEIGHT.rejectFreeze(id), { note }));
