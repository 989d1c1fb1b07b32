import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { csvAttachment } from '../../http/csv';
import { EVIDENCE_MAX_BODY, receiveEvidenceImage } from '../disputes/evidence';
import { API_WEIGHT } from '../../../src/domain/weight-contract';
import * as weight from './service';
import * as freeze from './freeze';

// Weight discrepancies' and weight freezes' operations (src/domain/weight-contract.ts): who may
// call each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

export function registerWeightRoutes(router: ApiRouter, deps: AppDeps) {
  // seller
  router.route(API_WEIGHT.discrepancies, {
    access: SELLERS,
    permission: 'billing.view',
    handler: ({ caller, query }) => weight.sellerDiscrepancies(deps.db, caller.orgId, query),
  });
  router.route(API_WEIGHT.exportCsv, {
    access: SELLERS,
    permission: 'billing.view',
    handler: async ({ caller, query }) =>
      csvAttachment('weight-discrepancies.csv', await weight.exportCsv(deps.db, caller.orgId, query)),
  });
  router.route(API_WEIGHT.evidence, {
    access: SELLERS,
    permission: 'billing.manage',
    maxBody: EVIDENCE_MAX_BODY,
    handler: ({ c, caller }) => receiveEvidenceImage(deps, c, caller.orgId),
  });
  router.route(API_WEIGHT.discrepancy, {
    access: SELLERS,
    permission: 'billing.view',
    handler: ({ caller, params }) => weight.sellerDiscrepancy(deps, caller.orgId, params.discrepancyId),
  });
  router.route(API_WEIGHT.accept, {
    access: SELLERS,
    permission: 'billing.manage',
    handler: ({ caller, params }) => weight.acceptDiscrepancy(deps, caller, params.discrepancyId),
  });
  router.route(API_WEIGHT.dispute, {
    access: SELLERS,
    permission: 'billing.manage',
    handler: ({ caller, params, body }) => weight.disputeDiscrepancy(deps, caller, params.discrepancyId, body),
  });
  router.route(API_WEIGHT.escalate, {
    access: SELLERS,
    permission: 'billing.manage',
    handler: ({ caller, params, body }) => weight.escalateDiscrepancy(deps, caller, params.discrepancyId, body.note),
  });
  router.route(API_WEIGHT.freeze, {
    access: SELLERS,
    permission: 'setup.view',
    handler: ({ caller, params }) => freeze.productFreeze(deps, caller.orgId, params.productId),
  });
  router.route(API_WEIGHT.requestFreeze, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, params, body }) => freeze.requestFreeze(deps, caller, params.productId, body),
  });

  // staff
  router.route(API_WEIGHT.staffList, {
    access: STAFF,
    staffPermission: 'weight.manage',
    handler: ({ query }) => weight.staffDiscrepancies(deps.db, query),
  });
  router.route(API_WEIGHT.staffDiscrepancy, {
    access: STAFF,
    staffPermission: 'weight.manage',
    handler: ({ params }) => weight.staffDiscrepancy(deps, params.discrepancyId),
  });
  router.route(API_WEIGHT.sendToCourier, {
    access: STAFF,
    staffPermission: 'weight.manage',
    handler: ({ params }) => weight.sendToCourier(deps, params.discrepancyId),
  });
  router.route(API_WEIGHT.decide, {
    access: STAFF,
    staffPermission: 'weight.manage',
    handler: ({ caller, params, body }) =>
      weight.decideDispute(deps, caller.accountId, params.discrepancyId, body.outcome, body.note),
  });
  router.route(API_WEIGHT.decideEscalation, {
    access: STAFF,
    staffPermission: 'weight.manage',
    handler: ({ caller, params, body }) =>
      weight.decideEscalation(deps, caller.accountId, params.discrepancyId, body.outcome, body.note),
  });
  router.route(API_WEIGHT.freezes, {
    access: STAFF,
    staffPermission: 'weight.manage',
    handler: ({ query }) => freeze.staffFreezes(deps, query.status),
  });
  router.route(API_WEIGHT.approveFreeze, {
    access: STAFF,
    staffPermission: 'weight.manage',
    handler: ({ caller, params }) => freeze.decideFreeze(deps, caller.accountId, params.freezeId, 'APPROVED', null),
  });
  router.route(API_WEIGHT.rejectFreeze, {
    access: STAFF,
    staffPermission: 'weight.manage',
    handler: ({ caller, params, body }) =>
      freeze.decideFreeze(deps, caller.accountId, params.freezeId, 'REJECTED', body.note),
  });
}
