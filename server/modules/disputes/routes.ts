import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { pagingEntries } from '../../../src/domain/paging';
import {
  API_DISPUTES,
  DisputeEligibilitySchema,
  DisputeEvidenceSchema,
  DisputeRowSchema,
  SellerDisputeListSchema,
  StaffDisputeListSchema,
} from '../../../src/domain/disputes-contract';
import {
  AcceptDisputeBody,
  DisputeCategoryFilter,
  DisputeStatusFilter,
  RaiseDisputeBody,
  RejectDisputeBody,
} from '../../../src/domain/schemas/disputes';
import { IMAGE_TOO_LARGE } from '../files/service';
import { EVIDENCE_MAX_BODY, receiveEvidenceImage } from './evidence';
import * as disputes from './service';
import { paiseOf } from '../../../src/domain/money';

const TAG = 'disputes';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
const idParam = v.object({ disputeId: numericId('disputeId') });

export function registerDisputeRoutes(router: ApiRouter, deps: AppDeps) {
  // seller
  router.add({
    method: 'get',
    path: API_DISPUTES.eligibility(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'billing.view',
    params: v.object({ orderId: numericId('orderId') }),
    summary:
      "Whether the order's shipment may be disputed now (delivered or RTO delivered, within the window, none open), with its newest dispute",
    response: DisputeEligibilitySchema,
    errors: { 404: 'no such order' },
    handler: ({ caller, params }) => disputes.eligibility(deps, caller.orgId, params.orderId),
  });
  router.add({
    method: 'post',
    path: API_DISPUTES.evidence,
    tag: TAG,
    access: SELLERS,
    permission: 'billing.manage',
    multipart: true,
    maxBody: EVIDENCE_MAX_BODY,
    summary:
      'Uploads one evidence image for a dispute (field "file"; PNG, JPEG or WEBP up to 1 MB, checked by its content)',
    response: DisputeEvidenceSchema,
    errors: { 413: IMAGE_TOO_LARGE, 415: 'not a PNG, JPEG or WEBP image' },
    handler: ({ c, caller }) => receiveEvidenceImage(deps, c, caller.orgId),
  });
  router.add({
    method: 'post',
    path: API_DISPUTES.disputes,
    tag: TAG,
    access: SELLERS,
    permission: 'billing.manage',
    body: RaiseDisputeBody,
    summary:
      'Raises a dispute on a delivered or RTO delivered shipment within 3 days: category, description and evidence images (one open dispute per shipment)',
    response: DisputeRowSchema,
    errors: {
      404: 'no such order',
      409: 'a dispute is open for this shipment, or one was accepted',
      422: 'not delivered, or the window has closed',
    },
    handler: ({ caller, body }) => disputes.raiseDispute(deps, caller, body),
  });
  router.add({
    method: 'get',
    path: API_DISPUTES.disputes,
    tag: TAG,
    access: SELLERS,
    permission: 'billing.view',
    query: v.object({ ...pagingEntries, status: DisputeStatusFilter, category: DisputeCategoryFilter }),
    summary:
      "The seller's disputes, newest first, a page at a time: by status, category and a search (AWB, order), with counts by status",
    response: SellerDisputeListSchema,
    handler: ({ caller, query }) => disputes.sellerDisputes(deps, caller.orgId, query),
  });
  router.add({
    method: 'get',
    path: API_DISPUTES.dispute(':disputeId'),
    tag: TAG,
    access: SELLERS,
    permission: 'billing.view',
    params: idParam,
    summary: "One of the seller's disputes, with its status and the staff's note",
    response: DisputeRowSchema,
    errors: { 404: 'no such dispute' },
    handler: ({ caller, params }) => disputes.sellerDispute(deps, caller.orgId, params.disputeId),
  });

  // staff
  router.add({
    method: 'get',
    path: API_DISPUTES.staffList,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'disputes.manage',
    query: v.object({ ...pagingEntries, status: DisputeStatusFilter, category: DisputeCategoryFilter }),
    summary:
      'Delivery disputes of every seller, newest first: filters by status, category and search (AWB, order, company), with counts by status',
    response: StaffDisputeListSchema,
    handler: ({ query }) => disputes.staffDisputes(deps, query),
  });
  router.add({
    method: 'get',
    path: API_DISPUTES.staffDispute(':disputeId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'disputes.manage',
    params: idParam,
    summary: 'One dispute with its evidence, for staff',
    response: DisputeRowSchema,
    errors: { 404: 'no such dispute' },
    handler: ({ params }) => disputes.staffDispute(deps, params.disputeId),
  });
  router.add({
    method: 'post',
    path: API_DISPUTES.sendToCourier(':disputeId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'disputes.manage',
    params: idParam,
    summary: "Files an open dispute with its courier (the adapter's claim call); the dispute is then with the courier",
    response: DisputeRowSchema,
    errors: { 404: 'no such dispute', 409: 'not open' },
    handler: ({ caller, params }) => disputes.sendToCourier(deps, caller.accountId, params.disputeId),
  });
  router.add({
    method: 'post',
    path: API_DISPUTES.accept(':disputeId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'disputes.manage',
    params: idParam,
    body: AcceptDisputeBody,
    summary:
      "Accepts a dispute the courier has: credits the seller's wallet once per shipment, at most the order value plus the shipment's charges",
    response: DisputeRowSchema,
    errors: { 404: 'no such dispute', 409: 'not with the courier, or settled already' },
    handler: ({ caller, params, body }) =>
      disputes.acceptDispute(deps, caller.accountId, params.disputeId, paiseOf(body.amount), body.note),
  });
  router.add({
    method: 'post',
    path: API_DISPUTES.reject(':disputeId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'disputes.manage',
    params: idParam,
    body: RejectDisputeBody,
    summary: 'Rejects an open dispute or one with the courier, with a note the seller reads',
    response: DisputeRowSchema,
    errors: { 404: 'no such dispute', 409: 'settled already' },
    handler: ({ caller, params, body }) => disputes.rejectDispute(deps, caller.accountId, params.disputeId, body.note),
  });
}
