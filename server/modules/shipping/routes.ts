import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import {
  API_SHIPPING,
  AutoShipAnswerSchema,
  RateAnswerSchema,
  ShipmentInfoSchema,
  ShippingPreferencesSchema,
} from '../../../src/domain/shipping-contract';
import { OrderIdsBody } from '../../../src/domain/schemas/order';
import {
  AutoShipBody,
  LABEL_LAYOUTS,
  LabelsBody,
  PendingDocumentsBody,
  RateQueryBody,
  ShipBody,
  ShippingPreferencesBody,
} from '../../../src/domain/schemas/shipping';
import { pdfAttachment } from '../../documents/pdf-buffer';
import { labelsFor } from './label-data';
import { proofOfDelivery } from './proof-of-delivery';
import { invoicesPdf, manifestPdf, pendingDocumentsPdf } from './seller-documents';
import { saveShippingPreferences, shippingPreferences } from './preferences';
import * as store from './service';

const TAG = 'shipping';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const byOrder = v.object({ orderId: numericId('orderId') });

export function registerShippingRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'post',
    path: API_SHIPPING.rates,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    body: RateQueryBody,
    summary:
      'Rate calculator: every serviceable courier with its price breakdown, delivery date and zone; the others with why not',
    response: RateAnswerSchema,
    handler: ({ caller, body }) => store.rateCalculator(deps, caller, body),
  });
  router.add({
    method: 'get',
    path: API_SHIPPING.preferences,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.view',
    summary: 'The seller’s auto-ship rule and courier priority list',
    response: ShippingPreferencesSchema,
    handler: ({ caller }) => shippingPreferences(deps.db, caller.orgId),
  });
  router.add({
    method: 'put',
    path: API_SHIPPING.preferences,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: ShippingPreferencesBody,
    summary: 'Save the auto-ship rule (CHEAPEST, FASTEST or PRIORITY) and the courier priority list',
    response: ShippingPreferencesSchema,
    handler: ({ caller, body }) => saveShippingPreferences(deps.db, caller.orgId, body, deps.now()),
  });
  router.add({
    method: 'post',
    path: API_SHIPPING.autoShip,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.ship',
    body: AutoShipBody,
    summary:
      'Ship many orders by a rule (the seller’s preset unless given); each order answers shipped with its AWB, or why not',
    response: AutoShipAnswerSchema,
    handler: ({ caller, body }) => store.autoShip(deps, caller, body.orderIds, body.rule, body.idempotencyKey),
  });
  router.add({
    method: 'get',
    path: API_SHIPPING.track(':awb'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    params: v.object({ awb: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{6,20}$/, 'awb is not a tracking number')) }),
    summary: 'Tracking by number: the shipment with its scans, oldest first',
    errors: { 404: 'no shipment of yours with that number' },
    response: ShipmentInfoSchema,
    handler: ({ caller, params }) => store.shipmentByAwb(deps.db, caller.orgId, params.awb),
  });
  router.add({
    method: 'get',
    path: API_SHIPPING.courierQuotes(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    params: byOrder,
    summary: 'Couriers for one order: price, delivery date and a cheapest / fastest / best value tag',
    errors: { 404: 'no such order of yours', 409: 'the order has no pickup address' },
    response: RateAnswerSchema,
    handler: ({ caller, params }) => store.orderQuotes(deps, caller, params.orderId),
  });
  router.add({
    method: 'post',
    path: API_SHIPPING.ship(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.ship',
    params: byOrder,
    body: ShipBody,
    summary:
      'Ship the order with a courier: AWB assigned, wallet charged in the same transaction; a repeat with the same idempotencyKey answers the same shipment',
    errors: {
      404: 'no such order of yours',
      409: 'the order cannot be shipped now',
      422: 'the courier cannot take it, or the wallet is short (X-Recharge-Paise says by how much)',
    },
    response: ShipmentInfoSchema,
    handler: ({ caller, params, body }) =>
      store.shipOrder(
        deps,
        caller,
        params.orderId,
        body.carrierCode,
        body.idempotencyKey,
        body.slotId,
        body.pickupDate,
      ),
  });
  router.add({
    method: 'post',
    path: API_SHIPPING.reassign(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.ship',
    params: byOrder,
    body: ShipBody,
    summary:
      'Move a shipment waiting for pickup to another courier: the old one is cancelled and refunded, the new one booked and charged',
    errors: {
      404: 'no such order of yours',
      409: 'only a shipment waiting for pickup can be reassigned, and only to another courier',
      422: 'the courier cannot take it, or the wallet is short after the refund (X-Recharge-Paise says by how much)',
    },
    response: ShipmentInfoSchema,
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
  router.add({
    method: 'get',
    path: API_SHIPPING.shipment(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    params: byOrder,
    summary: 'The order’s shipment: courier, AWB, charges, dates and scans',
    errors: { 404: 'no such order of yours, or not shipped' },
    response: ShipmentInfoSchema,
    handler: ({ caller, params }) => store.shipmentInfo(deps, caller, params.orderId),
  });
  router.add({
    method: 'delete',
    path: API_SHIPPING.shipment(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.cancel',
    params: byOrder,
    summary:
      'Cancel the shipment before pickup: the charge is refunded to the wallet and the order is Ready To Ship again',
    errors: { 404: 'no such order of yours', 409: 'no shipment, or the courier has picked it up' },
    response: ShipmentInfoSchema,
    handler: ({ caller, params }) => store.cancelShipment(deps, caller, params.orderId),
  });
  router.add({
    method: 'post',
    path: API_SHIPPING.labels,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.ship',
    body: LabelsBody,
    summary:
      "Shipping labels of many shipped orders in one PDF: 4x6 thermal, or A4 (four to a page when the account may merge labels or its label template is A4 four-up); without a layout, the template's",
    errors: { 404: 'an order is not yours', 409: 'an order has no shipment yet, or no pickup address' },
    response: { file: 'application/pdf' },
    handler: async ({ caller, body }) =>
      pdfAttachment(
        `labels-${body.orderIds.length}.pdf`,
        await labelsFor(deps.db, caller.orgId, body.orderIds, body.layout),
      ),
  });
  router.add({
    method: 'get',
    path: API_SHIPPING.proofOfDelivery(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    params: byOrder,
    summary:
      "A delivered order's proof of delivery (PDF): delivery time (IST), receiver, whether the buyer's OTP was checked, the courier's photo or signature",
    errors: { 404: 'no such order of yours', 409: 'not delivered yet, or the courier has not sent its proof' },
    response: { file: 'application/pdf' },
    handler: async ({ caller, params }) =>
      pdfAttachment(`pod-${params.orderId}.pdf`, await proofOfDelivery(deps, caller.orgId, params.orderId)),
  });
  router.add({
    method: 'get',
    path: API_SHIPPING.label(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    params: byOrder,
    query: v.object({ layout: v.optional(v.picklist(LABEL_LAYOUTS, 'layout must be 4x6 or A4')) }),
    summary: "One shipped order's label (PDF)",
    errors: { 404: 'no such order of yours', 409: 'not shipped yet, or no pickup address' },
    response: { file: 'application/pdf' },
    handler: async ({ caller, params, query }) =>
      pdfAttachment(
        `label-${params.orderId}.pdf`,
        await labelsFor(deps.db, caller.orgId, [params.orderId], query.layout),
      ),
  });
  router.add({
    method: 'post',
    path: API_SHIPPING.invoices,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.ship',
    body: OrderIdsBody,
    summary:
      'GST tax invoices from the seller to the buyers of the orders, one a page (CGST/SGST within a state, IGST across)',
    errors: { 404: 'an order is not yours', 409: 'an order has no pickup address' },
    response: { file: 'application/pdf' },
    handler: async ({ caller, body }) =>
      pdfAttachment(
        `invoices-${body.orderIds.length}.pdf`,
        await invoicesPdf(deps.db, caller.orgId, body.orderIds, deps.now()),
      ),
  });
  router.add({
    method: 'get',
    path: API_SHIPPING.invoice(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    params: byOrder,
    summary: "One order's GST tax invoice (PDF)",
    errors: { 404: 'no such order of yours', 409: 'the order has no pickup address' },
    response: { file: 'application/pdf' },
    handler: async ({ caller, params }) =>
      pdfAttachment(
        `invoice-${params.orderId}.pdf`,
        await invoicesPdf(deps.db, caller.orgId, [params.orderId], deps.now()),
      ),
  });
  router.add({
    method: 'post',
    path: API_SHIPPING.manifest,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.ship',
    body: OrderIdsBody,
    summary: 'Pickup manifests of shipped orders: one per courier and pickup address, AWB barcodes and signature boxes',
    errors: { 404: 'an order is not yours', 409: 'an order has no shipment yet, or no pickup address' },
    response: { file: 'application/pdf' },
    handler: async ({ caller, body }) =>
      pdfAttachment('manifest.pdf', await manifestPdf(deps.db, caller.orgId, body.orderIds, deps.now())),
  });
  router.add({
    method: 'post',
    path: API_SHIPPING.pendingDocuments,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.ship',
    body: PendingDocumentsBody,
    summary: 'Home page: labels or invoices of the shipments booked pendingDay days ago and still waiting for pickup',
    errors: { 404: 'no shipment has waited that long', 409: 'an order has no pickup address' },
    response: { file: 'application/pdf' },
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
