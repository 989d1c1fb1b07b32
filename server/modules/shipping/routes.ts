import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_SHIPPING } from '../../../src/domain/shipping-contract';
import { pdfAttachment } from '../../documents/pdf-buffer';
import { labelsFor } from './label-data';
import { proofOfDelivery } from './proof-of-delivery';
import { invoicesPdf, manifestPdf, pendingDocumentsPdf } from './seller-documents';
import { saveShippingPreferences, shippingPreferences } from './preferences';
import * as store from './service';

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerShippingRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_SHIPPING.rates, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, body }) => store.rateCalculator(deps, caller, body),
  });
  router.route(API_SHIPPING.preferences, {
    access: SELLERS,
    permission: 'setup.view',
    handler: ({ caller }) => shippingPreferences(deps.db, caller.orgId),
  });
  router.route(API_SHIPPING.savePreferences, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => saveShippingPreferences(deps.db, caller.orgId, body, deps.now()),
  });
  router.route(API_SHIPPING.autoShip, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: ({ caller, body }) => store.autoShip(deps, caller, body.orderIds, body.rule, body.idempotencyKey),
  });
  router.route(API_SHIPPING.track, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, params }) => store.shipmentByAwb(deps.db, caller.orgId, params.awb),
  });
  router.route(API_SHIPPING.courierQuotes, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, params }) => store.orderQuotes(deps, caller, params.orderId),
  });
  router.route(API_SHIPPING.ship, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: ({ caller, params, body }) =>
      store.shipOrder(
        deps,
        caller,
        params.orderId,
        body.carrierCode,
        body.idempotencyKey,
        body.slotId,
        body.pickupDate,
        { insured: body.insured, delayProtection: body.delayProtection },
      ),
  });
  router.route(API_SHIPPING.reassign, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: ({ caller, params, body }) =>
      store.reassignOrder(
        deps,
        caller,
        params.orderId,
        body.carrierCode,
        body.idempotencyKey,
        body.slotId,
        body.pickupDate,
      ),
  });
  router.route(API_SHIPPING.shipment, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, params }) => store.shipmentInfo(deps, caller, params.orderId),
  });
  router.route(API_SHIPPING.cancelShipment, {
    access: SELLERS,
    permission: 'orders.cancel',
    handler: ({ caller, params }) => store.cancelShipment(deps, caller, params.orderId),
  });
  router.route(API_SHIPPING.labels, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: async ({ caller, body }) =>
      pdfAttachment(
        `labels-${body.orderIds.length}.pdf`,
        await labelsFor(deps.db, caller.orgId, body.orderIds, body.layout),
      ),
  });
  router.route(API_SHIPPING.proofOfDelivery, {
    access: SELLERS,
    permission: 'orders.view',
    handler: async ({ caller, params }) =>
      pdfAttachment(`pod-${params.orderId}.pdf`, await proofOfDelivery(deps, caller.orgId, params.orderId)),
  });
  router.route(API_SHIPPING.label, {
    access: SELLERS,
    permission: 'orders.view',
    handler: async ({ caller, params, query }) =>
      pdfAttachment(
        `label-${params.orderId}.pdf`,
        await labelsFor(deps.db, caller.orgId, [params.orderId], query.layout),
      ),
  });
  router.route(API_SHIPPING.invoices, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: async ({ caller, body }) =>
      pdfAttachment(
        `invoices-${body.orderIds.length}.pdf`,
        await invoicesPdf(deps.db, caller.orgId, body.orderIds, deps.now()),
      ),
  });
  router.route(API_SHIPPING.invoice, {
    access: SELLERS,
    permission: 'orders.view',
    handler: async ({ caller, params }) =>
      pdfAttachment(
        `invoice-${params.orderId}.pdf`,
        await invoicesPdf(deps.db, caller.orgId, [params.orderId], deps.now()),
      ),
  });
  router.route(API_SHIPPING.manifest, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: async ({ caller, body }) =>
      pdfAttachment('manifest.pdf', await manifestPdf(deps.db, caller.orgId, body.orderIds, deps.now())),
  });
  router.route(API_SHIPPING.pendingDocuments, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: async ({ caller, body }) => {
      const { fileName, pdf } = await pendingDocumentsPdf(
        deps.db,
        caller.orgId,
        body.pendingDay,
        body.document,
        deps.now(),
      );
      return pdfAttachment(fileName, pdf);
    },
  });
}
