import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { pdfAttachment } from '../../documents/pdf-buffer';
import { API_B2B } from '../../../src/domain/b2b-contract';
import { bookB2bOrder } from './booking';
import { cancelB2bOrder } from './cancel';
import { requestB2bPickup } from './pickup';
import { boxLabels, invoiceSet, lrCopy, proofOfDelivery } from './documents';
import { enterEwayBill, extendEwayBill, generateEwayBill, updatePartB } from './eway-bills';
import { b2bTracking } from './tracking';

// A B2B order's freight operations (src/domain/b2b-contract.ts): e-way bills, booking, pickup, cancel,
// documents and tracking. The orders, warehouses and quotes themselves are served by modules/b2b.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerB2bFreightRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_B2B.generateEwayBill, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: ({ caller, params, body }) => generateEwayBill(deps, caller, params.orderId, params.invoiceId, body),
  });
  router.route(API_B2B.enterEwayBill, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: ({ caller, params, body }) => enterEwayBill(deps, caller, params.orderId, params.invoiceId, body),
  });
  router.route(API_B2B.extendEwayBill, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: ({ caller, params, body }) => extendEwayBill(deps, caller, params.orderId, params.invoiceId, body),
  });
  router.route(API_B2B.ewayBillPartB, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: ({ caller, params, body }) => updatePartB(deps, caller, params.orderId, params.invoiceId, body),
  });
  router.route(API_B2B.book, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: ({ caller, params, body }) => bookB2bOrder(deps, caller, params.orderId, body.carrierCode),
  });
  router.route(API_B2B.requestPickup, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: ({ caller, params, body }) => requestB2bPickup(deps, caller, params.orderId, body),
  });
  router.route(API_B2B.cancel, {
    access: SELLERS,
    permission: 'orders.cancel',
    handler: ({ caller, params, body }) => cancelB2bOrder(deps, caller, params.orderId, body.reason),
  });
  router.route(API_B2B.tracking, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, params }) => b2bTracking(deps, caller, params.orderId),
  });
  const documents = [
    [API_B2B.lrCopy, 'lr', lrCopy],
    [API_B2B.boxLabels, 'box-labels', boxLabels],
    [API_B2B.invoiceSet, 'invoices', invoiceSet],
    [API_B2B.pod, 'pod', proofOfDelivery],
  ] as const;
  for (const [operation, name, make] of documents)
    router.route(operation, {
      access: SELLERS,
      permission: 'orders.view',
      handler: async ({ caller, params }) =>
        pdfAttachment(`${name}-${params.orderId}.pdf`, await make(deps, caller.orgId, params.orderId)),
    });
}
