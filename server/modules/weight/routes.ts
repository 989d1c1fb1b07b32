import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { pagingEntries, sortEntries } from '../../../src/domain/paging';
import { csvAttachment } from '../../http/csv';
import { IMAGE_TOO_LARGE } from '../files/service';
import { EVIDENCE_MAX_BODY, receiveEvidenceImage } from '../disputes/evidence';
import {
  API_WEIGHT,
  DiscrepancyDetailSchema,
  DiscrepancyPhotoSchema,
  SellerDiscrepancyListSchema,
  StaffDiscrepancyListSchema,
  StaffFreezeListSchema,
  WeightFreezeRowSchema,
} from '../../../src/domain/weight-contract';
import {
  DecisionBody,
  DisputeDiscrepancyBody,
  EscalateBody,
  FreezeBody,
  FreezeStatusFilter,
  PlatformBorneFilter,
  RejectFreezeBody,
  SellerDiscrepancyQuery,
} from '../../../src/domain/schemas/weight';
import * as weight from './service';
import * as freeze from './freeze';

const TAG = 'weight-discrepancies';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
const idParam = v.object({ discrepancyId: numericId('discrepancyId') });
const listQuery = v.object({ ...pagingEntries, ...sortEntries(['raisedAt'], 'raisedAt'), ...SellerDiscrepancyQuery });
const errors404 = { 404: 'no such weight discrepancy of yours' };

export function registerWeightRoutes(router: ApiRouter, deps: AppDeps) {
  // seller
  router.add({
    method: 'get',
    path: API_WEIGHT.discrepancies,
    tag: TAG,
    access: SELLERS,
    permission: 'billing.view',
    query: listQuery,
    summary:
      "The seller's weight discrepancies, newest first: filters by status, courier, raised dates and search (AWB, order), with counts by status and the money held",
    response: SellerDiscrepancyListSchema,
    handler: ({ caller, query }) => weight.sellerDiscrepancies(deps.db, caller.orgId, query),
  });
  router.add({
    method: 'get',
    path: API_WEIGHT.exportCsv,
    tag: TAG,
    access: SELLERS,
    permission: 'billing.view',
    query: listQuery,
    summary: "The seller's weight discrepancies under the list's filters as CSV",
    returns: 'text/csv attachment weight-discrepancies.csv',
    response: { file: 'text/csv' },
    handler: async ({ caller, query }) =>
      csvAttachment('weight-discrepancies.csv', await weight.exportCsv(deps.db, caller.orgId, query)),
  });
  router.add({
    method: 'post',
    path: API_WEIGHT.evidence,
    tag: TAG,
    access: SELLERS,
    permission: 'billing.manage',
    multipart: true,
    maxBody: EVIDENCE_MAX_BODY,
    summary:
      'Uploads one photo for a weight dispute or a weight freeze (field "file"; PNG, JPEG or WEBP up to 1 MB, checked by its content)',
    response: DiscrepancyPhotoSchema,
    errors: { 413: IMAGE_TOO_LARGE, 415: 'not a PNG, JPEG or WEBP image' },
    handler: ({ c, caller }) => receiveEvidenceImage(deps, c, caller.orgId),
  });
  router.add({
    method: 'get',
    path: API_WEIGHT.discrepancy(':discrepancyId'),
    tag: TAG,
    access: SELLERS,
    permission: 'billing.view',
    params: idParam,
    summary: 'One weight discrepancy: both weights, the hub photo, the money held, the timeline and what may be done',
    response: DiscrepancyDetailSchema,
    errors: errors404,
    handler: ({ caller, params }) => weight.sellerDiscrepancy(deps, caller.orgId, params.discrepancyId),
  });
  router.add({
    method: 'post',
    path: API_WEIGHT.accept(':discrepancyId'),
    tag: TAG,
    access: SELLERS,
    permission: 'billing.manage',
    params: idParam,
    summary: "Accepts the courier's weight: the held difference is charged (once)",
    response: DiscrepancyDetailSchema,
    errors: { ...errors404, 409: 'answered already', 422: 'the time to answer has passed, or the wallet cannot pay' },
    handler: ({ caller, params }) => weight.acceptDiscrepancy(deps, caller, params.discrepancyId),
  });
  router.add({
    method: 'post',
    path: API_WEIGHT.dispute(':discrepancyId'),
    tag: TAG,
    access: SELLERS,
    permission: 'billing.manage',
    params: idParam,
    body: DisputeDiscrepancyBody,
    summary:
      "Disputes the courier's weight within 7 days: photos of the package on a scale and with a tape measure on each side (label visible) and the product's category",
    response: DiscrepancyDetailSchema,
    errors: { ...errors404, 409: 'answered already', 422: 'the time to answer has passed' },
    handler: ({ caller, params, body }) => weight.disputeDiscrepancy(deps, caller, params.discrepancyId, body),
  });
  router.add({
    method: 'post',
    path: API_WEIGHT.escalate(':discrepancyId'),
    tag: TAG,
    access: SELLERS,
    permission: 'billing.manage',
    params: idParam,
    body: EscalateBody,
    summary: 'Escalates a rejected dispute, once, within 7 days of the rejection',
    response: DiscrepancyDetailSchema,
    errors: { ...errors404, 409: 'not rejected, or escalated already', 422: 'the time to escalate has passed' },
    handler: ({ caller, params, body }) => weight.escalateDiscrepancy(deps, caller, params.discrepancyId, body.note),
  });
  router.add({
    method: 'get',
    path: API_WEIGHT.freeze(':productId'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.view',
    params: v.object({ productId: numericId('productId') }),
    summary: "The product's newest weight-freeze request, or null",
    response: v.nullable(WeightFreezeRowSchema),
    errors: { 404: 'no such product of yours' },
    handler: ({ caller, params }) => freeze.productFreeze(deps, caller.orgId, params.productId),
  });
  router.add({
    method: 'post',
    path: API_WEIGHT.freeze(':productId'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    params: v.object({ productId: numericId('productId') }),
    body: FreezeBody,
    summary:
      "Asks to freeze a product's weight and size, with photos; once staff approve, its parcels raise no weight discrepancy for the seller",
    response: WeightFreezeRowSchema,
    errors: { 404: 'no such product of yours', 409: 'a request is waiting already' },
    handler: ({ caller, params, body }) => freeze.requestFreeze(deps, caller, params.productId, body),
  });

  // staff
  router.add({
    method: 'get',
    path: API_WEIGHT.staffList,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'weight.manage',
    query: v.object({
      ...pagingEntries,
      ...sortEntries(['raisedAt'], 'raisedAt'),
      ...SellerDiscrepancyQuery,
      platformBorne: PlatformBorneFilter,
    }),
    summary:
      'Weight discrepancies of every seller, newest first: filters by status, courier, dates, whether the platform bears it, and search (AWB, order, company), with counts',
    response: StaffDiscrepancyListSchema,
    handler: ({ query }) => weight.staffDiscrepancies(deps.db, query),
  });
  router.add({
    method: 'get',
    path: API_WEIGHT.staffDiscrepancy(':discrepancyId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'weight.manage',
    params: idParam,
    summary: 'One weight discrepancy with its evidence and timeline, for staff',
    response: DiscrepancyDetailSchema,
    errors: { 404: 'no such weight discrepancy' },
    handler: ({ params }) => weight.staffDiscrepancy(deps, params.discrepancyId),
  });
  router.add({
    method: 'post',
    path: API_WEIGHT.sendToCourier(':discrepancyId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'weight.manage',
    params: idParam,
    summary: "Files a disputed (or platform-borne) discrepancy with its courier (the adapter's claim call)",
    response: DiscrepancyDetailSchema,
    errors: { 404: 'no such weight discrepancy', 409: 'not disputed' },
    handler: ({ params }) => weight.sendToCourier(deps, params.discrepancyId),
  });
  router.add({
    method: 'post',
    path: API_WEIGHT.decide(':discrepancyId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'weight.manage',
    params: idParam,
    body: DecisionBody,
    summary:
      'Decides a dispute the courier has: SELLER releases the held money, COURIER charges it; with a note the seller reads',
    response: DiscrepancyDetailSchema,
    errors: { 404: 'no such weight discrepancy', 409: 'not with the courier, or decided already' },
    handler: ({ caller, params, body }) =>
      weight.decideDispute(deps, caller.accountId, params.discrepancyId, body.outcome, body.note),
  });
  router.add({
    method: 'post',
    path: API_WEIGHT.decideEscalation(':discrepancyId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'weight.manage',
    params: idParam,
    body: DecisionBody,
    summary: 'Decides an escalation for good: SELLER refunds the charge (once), COURIER lets it stand',
    response: DiscrepancyDetailSchema,
    errors: { 404: 'no such weight discrepancy', 409: 'not escalated, or decided already' },
    handler: ({ caller, params, body }) =>
      weight.decideEscalation(deps, caller.accountId, params.discrepancyId, body.outcome, body.note),
  });
  router.add({
    method: 'get',
    path: API_WEIGHT.freezes,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'weight.manage',
    query: v.object({ status: FreezeStatusFilter }),
    summary: 'Weight-freeze requests, newest first, with counts by status',
    response: StaffFreezeListSchema,
    handler: ({ query }) => freeze.staffFreezes(deps, query.status),
  });
  router.add({
    method: 'post',
    path: API_WEIGHT.approveFreeze(':freezeId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'weight.manage',
    params: v.object({ freezeId: numericId('freezeId') }),
    summary: "Approves a waiting weight-freeze request: the product's parcels raise no discrepancy for the seller",
    response: WeightFreezeRowSchema,
    errors: { 404: 'no such request', 409: 'decided already' },
    handler: ({ caller, params }) => freeze.decideFreeze(deps, caller.accountId, params.freezeId, 'APPROVED', null),
  });
  router.add({
    method: 'post',
    path: API_WEIGHT.rejectFreeze(':freezeId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'weight.manage',
    params: v.object({ freezeId: numericId('freezeId') }),
    body: RejectFreezeBody,
    summary: 'Rejects a waiting weight-freeze request with a note the seller reads',
    response: WeightFreezeRowSchema,
    errors: { 404: 'no such request', 409: 'decided already' },
    handler: ({ caller, params, body }) =>
      freeze.decideFreeze(deps, caller.accountId, params.freezeId, 'REJECTED', body.note),
  });
}
