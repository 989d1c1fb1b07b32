import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_DISPUTES } from '../../../src/domain/disputes-contract';
import { EVIDENCE_MAX_BODY, receiveEvidenceImage } from './evidence';
import * as disputes from './service';
import { paiseOf } from '../../../src/domain/money';

// Delivery disputes' operations (src/domain/disputes-contract.ts): who may call each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

export function registerDisputeRoutes(router: ApiRouter, deps: AppDeps) {
  // seller
  router.route(API_DISPUTES.eligibility, {
    access: SELLERS,
    permission: 'billing.view',
    handler: ({ caller, params }) => disputes.eligibility(deps, caller.orgId, params.orderId),
  });
  router.route(API_DISPUTES.evidence, {
    access: SELLERS,
    permission: 'billing.manage',
    maxBody: EVIDENCE_MAX_BODY,
    handler: ({ c, caller }) => receiveEvidenceImage(deps, c, caller.orgId),
  });
  router.route(API_DISPUTES.raise, {
    access: SELLERS,
    permission: 'billing.manage',
    handler: ({ caller, body }) => disputes.raiseDispute(deps, caller, body),
  });
  router.route(API_DISPUTES.disputes, {
    access: SELLERS,
    permission: 'billing.view',
    handler: ({ caller, query }) => disputes.sellerDisputes(deps, caller.orgId, query),
  });
  router.route(API_DISPUTES.dispute, {
    access: SELLERS,
    permission: 'billing.view',
    handler: ({ caller, params }) => disputes.sellerDispute(deps, caller.orgId, params.disputeId),
  });

  // staff
  router.route(API_DISPUTES.staffList, {
    access: STAFF,
    staffPermission: 'disputes.manage',
    handler: ({ query }) => disputes.staffDisputes(deps, query),
  });
  router.route(API_DISPUTES.staffDispute, {
    access: STAFF,
    staffPermission: 'disputes.manage',
    handler: ({ params }) => disputes.staffDispute(deps, params.disputeId),
  });
  router.route(API_DISPUTES.sendToCourier, {
    access: STAFF,
    staffPermission: 'disputes.manage',
    handler: ({ caller, params }) => disputes.sendToCourier(deps, caller.accountId, params.disputeId),
  });
  router.route(API_DISPUTES.accept, {
    access: STAFF,
    staffPermission: 'disputes.manage',
    handler: ({ caller, params, body }) =>
      disputes.acceptDispute(deps, caller.accountId, params.disputeId, paiseOf(body.amount), body.note),
  });
  router.route(API_DISPUTES.reject, {
    access: STAFF,
    staffPermission: 'disputes.manage',
    handler: ({ caller, params, body }) => disputes.rejectDispute(deps, caller.accountId, params.disputeId, body.note),
  });
}
