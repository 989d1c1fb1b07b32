import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_SPLIT } from '../../../src/domain/split-contract';
import { pdfAttachment } from '../../documents/pdf-buffer';
import { packageLabel } from './package-label';
import * as split from './service';

// Split shipments' operations (src/domain/split-contract.ts): who may call each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerSplitShipmentRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_SPLIT.packages, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, params }) => split.orderPackagesOf(deps, caller, params.orderId),
  });
  router.route(API_SPLIT.saveSplit, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: ({ caller, params, body }) => split.saveSplit(deps, caller, params.orderId, body),
  });
  router.route(API_SPLIT.removeSplit, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: ({ caller, params }) => split.removeSplit(deps, caller, params.orderId),
  });
  router.route(API_SPLIT.packageQuotes, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, params }) => split.packageQuotes(deps, caller, params.orderId, params.packageNo),
  });
  router.route(API_SPLIT.boxQuotes, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, params }) => split.boxQuotes(deps, caller, params.orderId),
  });
  router.route(API_SPLIT.shipPackage, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: ({ caller, params, body }) =>
      split.shipPackage(deps, caller, params.orderId, params.packageNo, body.carrierCode, body.idempotencyKey, body),
  });
  router.route(API_SPLIT.shipBoxes, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: ({ caller, params, body }) =>
      split.shipBoxes(deps, caller, params.orderId, body.carrierCode, body.idempotencyKey, body),
  });
  router.route(API_SPLIT.packageLabel, {
    access: SELLERS,
    permission: 'orders.view',
    handler: async ({ caller, params }) =>
      pdfAttachment(
        `label-${params.orderId}-${params.packageNo}.pdf`,
        await packageLabel(deps.db, caller.orgId, params.orderId, params.packageNo),
      ),
  });
}
