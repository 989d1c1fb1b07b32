import * as v from 'valibot';
import { SPLIT_MODES } from './split-shipments';
import { operation } from './operation';
import { numericId } from './params';
import { RateAnswerSchema, ShipmentInfoSchema } from './shipping-contract';
import { ShipBody } from './schemas/shipping';
import { SplitBody } from './schemas/split';

// Operations and shapes of split shipments (issue "Split shipments"): an order's packages, shipping
// each (by item) or all as one multi-piece shipment (by box), and each package's label.

export const SplitItemSchema = v.object({
  itemId: v.number(),
  name: v.string(),
  sku: v.string(),
  quantity: v.number(),
  unitPricePaise: v.number(),
});

export const OrderPackageSchema = v.object({
  packageNo: v.number(),
  lines: v.array(v.object({ itemId: v.number(), name: v.string(), quantity: v.number() })),
  deadWeightKg: v.number(),
  lengthCm: v.number(),
  breadthCm: v.number(),
  heightCm: v.number(),
  codAmountPaise: v.number(),
  status: v.string(),
  statusText: v.string(),
  /** its own AWB (by item), or the master AWB (by box); null until booked */
  awb: v.nullable(v.string()),
  /** by box: this box's AWB under the master */
  childAwb: v.nullable(v.string()),
  carrierName: v.nullable(v.string()),
  /** what its shipment was charged (by box: the whole shipment's, on each box) */
  totalPaise: v.nullable(v.number()),
});
export type OrderPackage = v.InferOutput<typeof OrderPackageSchema>;

export const OrderPackagesSchema = v.object({
  orderId: v.number(),
  orderNumber: v.string(),
  orderStatus: v.string(),
  /** null while the order is one parcel */
  mode: v.nullable(v.picklist(SPLIT_MODES)),
  /** whether the packages may still be changed (none booked yet) */
  editable: v.boolean(),
  items: v.array(SplitItemSchema),
  /** the order's own weight and size: where a new split's packages start */
  parcel: v.object({ deadWeightKg: v.number(), lengthCm: v.number(), breadthCm: v.number(), heightCm: v.number() }),
  packages: v.array(OrderPackageSchema),
  /** couriers that take a multi-piece shipment (by box) */
  multiPieceCarriers: v.array(v.object({ code: v.string(), name: v.string(), maxPieces: v.number() })),
});
export type OrderPackages = v.InferOutput<typeof OrderPackagesSchema>;

// The operations: each declared once, served by server/modules/split-shipments/routes.ts, sent by
// the browser with call() (src/services/call.ts) and by the server's tests with the same typed call.

const TAG = 'shipping';
const ByOrder = v.object({ orderId: numericId('orderId') });
const ByPackage = v.object({ orderId: numericId('orderId'), packageNo: numericId('packageNo') });
const PREMIUM = 'the plan does not include split shipments (Premium)';
const PACKAGES = '/api/v1/orders/:orderId/packages';

export const API_SPLIT = {
  packages: operation({
    method: 'get',
    path: PACKAGES,
    tag: TAG,
    params: ByOrder,
    summary: 'The order’s packages: items, weight and size, COD share, status and shipment of each',
    errors: { 404: 'no such order of yours' },
    response: OrderPackagesSchema,
  }),
  saveSplit: operation({
    method: 'put',
    path: PACKAGES,
    tag: TAG,
    params: ByOrder,
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
  }),
  removeSplit: operation({
    method: 'delete',
    path: PACKAGES,
    tag: TAG,
    params: ByOrder,
    summary: 'Make a split order one parcel again, while none of its packages is booked',
    errors: { 404: 'no such order of yours', 409: 'not split, or a package is booked' },
    response: OrderPackagesSchema,
  }),
  packageQuotes: operation({
    method: 'get',
    path: `${PACKAGES}/:packageNo/courier-quotes`,
    tag: TAG,
    params: ByPackage,
    summary: 'Couriers for one package of a split by item: its weight, size and COD share',
    errors: { 404: 'no such order or package of yours', 409: 'the order is not split by item' },
    response: RateAnswerSchema,
  }),
  boxQuotes: operation({
    method: 'get',
    path: `${PACKAGES}/courier-quotes`,
    operationId: 'getOrderBoxCourierQuotes',
    tag: TAG,
    params: ByOrder,
    summary: 'Couriers that take every box of a split by box as one multi-piece shipment, with their prices',
    errors: { 404: 'no such order of yours', 409: 'the order is not split by box' },
    response: RateAnswerSchema,
  }),
  shipPackage: operation({
    method: 'post',
    path: `${PACKAGES}/:packageNo/ship`,
    tag: TAG,
    params: ByPackage,
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
  }),
  shipBoxes: operation({
    method: 'post',
    path: `${PACKAGES}/ship`,
    operationId: 'postOrderBoxesShip',
    tag: TAG,
    params: ByOrder,
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
  }),
  packageLabel: operation({
    method: 'get',
    path: `${PACKAGES}/:packageNo/label`,
    tag: TAG,
    params: ByPackage,
    summary: 'One package’s 4x6 label (PDF): its AWB, items, weight and “1 of 2”',
    errors: { 404: 'no such order or package of yours', 409: 'the package is not shipped yet' },
    response: { file: 'application/pdf' },
  }),
} as const;
