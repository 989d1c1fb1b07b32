import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { API_SPLIT, OrderPackagesSchema } from '../../../src/domain/split-contract';
import { RateAnswerSchema, ShipmentInfoSchema } from '../../../src/domain/shipping-contract';
import { ShipBody } from '../../../src/domain/schemas/shipping';
import { SplitBody } from '../../../src/domain/schemas/split';
import { pdfAttachment } from '../../documents/pdf-buffer';
import { packageLabel } from './package-label';
import * as split from './service';

const TAG = 'shipping';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const byOrder = v.object({ orderId: numericId('orderId') });
const byPackage = v.object({ orderId: numericId('orderId'), packageNo: numericId('packageNo') });
const PREMIUM = 'the plan does not include split shipments (Premium)';

export function registerSplitShipmentRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_SPLIT.packages(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    params: byOrder,
    summary: 'The order’s packages: items, weight and size, COD share, status and shipment of each',
    errors: { 404: 'no such order of yours' },
    response: OrderPackagesSchema,
    handler: ({ caller, params }) => split.orderPackagesOf(deps, caller, params.orderId),
  });
  router.add({
    method: 'put',
    path: API_SPLIT.packages(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.ship',
    params: byOrder,
    body: SplitBody,
    summary:
      'Split the order into packages, by item (each its own shipment) or by box (one multi-piece shipment); replaces a split none of whose packages is booked',
    errors: {
      400: 'an item left out or packed twice, an empty package, too many boxes',
      403: PREMIUM,
      404: 'no such order of yours',
      409: 'the order is not Ready To Ship, or a package is booked',
    },
    response: OrderPackagesSchema,
    handler: ({ caller, params, body }) => split.saveSplit(deps, caller, params.orderId, body),
  });
  router.add({
    method: 'delete',
    path: API_SPLIT.packages(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.ship',
    params: byOrder,
    summary: 'Make a split order one parcel again, while none of its packages is booked',
    errors: { 404: 'no such order of yours', 409: 'not split, or a package is booked' },
    response: OrderPackagesSchema,
    handler: ({ caller, params }) => split.removeSplit(deps, caller, params.orderId),
  });
  router.add({
    method: 'get',
    path: API_SPLIT.packageQuotes(':orderId', ':packageNo'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    params: byPackage,
    summary: 'Couriers for one package of a split by item: its weight, size and COD share',
    errors: { 404: 'no such order or package of yours', 409: 'the order is not split by item' },
    response: RateAnswerSchema,
    handler: ({ caller, params }) => split.packageQuotes(deps, caller, params.orderId, params.packageNo),
  });
  router.add({
    method: 'get',
    path: API_SPLIT.boxQuotes(':orderId'),
    operationId: 'getOrderBoxCourierQuotes',
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    params: byOrder,
    summary: 'Couriers that take every box of a split by box as one multi-piece shipment, with their prices',
    errors: { 404: 'no such order of yours', 409: 'the order is not split by box' },
    response: RateAnswerSchema,
    handler: ({ caller, params }) => split.boxQuotes(deps, caller, params.orderId),
  });
  router.add({
    method: 'post',
    path: API_SPLIT.shipPackage(':orderId', ':packageNo'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.ship',
    params: byPackage,
    body: ShipBody,
    summary:
      'Ship one package of a split by item: its own AWB and wallet charge; the order’s status follows its packages’. Answers the package’s shipment; a repeat with the same idempotencyKey books nothing new',
    errors: {
      403: PREMIUM,
      404: 'no such order or package of yours',
      409: 'the package is shipped already, or the order is not split by item',
      422: 'the courier cannot take it, or the wallet is short',
    },
    response: ShipmentInfoSchema,
    handler: ({ caller, params, body }) =>
      split.shipPackage(deps, caller, params.orderId, params.packageNo, body.carrierCode, body.idempotencyKey),
  });
  router.add({
    method: 'post',
    path: API_SPLIT.shipBoxes(':orderId'),
    operationId: 'postOrderBoxesShip',
    tag: TAG,
    access: SELLERS,
    permission: 'orders.ship',
    params: byOrder,
    body: ShipBody,
    summary:
      'Ship every box of a split by box as one multi-piece shipment: a master AWB and a child AWB a box, one wallet charge',
    errors: {
      403: PREMIUM,
      404: 'no such order of yours',
      409: 'the order is not split by box, or not Ready To Ship',
      422: 'the courier takes no multi-piece shipment of that many boxes, or the wallet is short',
    },
    response: ShipmentInfoSchema,
    handler: ({ caller, params, body }) =>
      split.shipBoxes(deps, caller, params.orderId, body.carrierCode, body.idempotencyKey),
  });
  router.add({
    method: 'get',
    path: API_SPLIT.packageLabel(':orderId', ':packageNo'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    params: byPackage,
    summary: 'One package’s 4x6 label (PDF): its AWB, items, weight and “1 of 2”',
    errors: { 404: 'no such order or package of yours', 409: 'the package is not shipped yet' },
    response: { file: 'application/pdf' },
    handler: async ({ caller, params }) =>
      pdfAttachment(
        `label-${params.orderId}-${params.packageNo}.pdf`,
        await packageLabel(deps.db, caller.orgId, params.orderId, params.packageNo),
      ),
  });
}
