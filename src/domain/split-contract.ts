import * as v from 'valibot';
import { SPLIT_MODES } from './split-shipments';

// Paths and shapes of split shipments (issue "Split shipments"): an order's packages, shipping
// each (by item) or all as one multi-piece shipment (by box), and each package's label.

export const API_SPLIT = {
  // GET → OrderPackages; PUT SplitBody → OrderPackages (while no package is booked); DELETE → OrderPackages (one parcel again)
  packages: (orderId: number | string) => `/api/v1/orders/${orderId}/packages`,
  // GET → RateAnswer for one package (its weight, size and COD share)
  packageQuotes: (orderId: number | string, packageNo: number | string) =>
    `/api/v1/orders/${orderId}/packages/${packageNo}/courier-quotes`,
  // GET → RateAnswer: the couriers that take every box of a split by box as one multi-piece shipment
  boxQuotes: (orderId: number | string) => `/api/v1/orders/${orderId}/packages/courier-quotes`,
  // POST ShipBody → ShipmentInfo: a package of a split by item, its own AWB
  shipPackage: (orderId: number | string, packageNo: number | string) =>
    `/api/v1/orders/${orderId}/packages/${packageNo}/ship`,
  // POST ShipBody → ShipmentInfo (the master's): every box of a split by box, one multi-piece shipment
  shipBoxes: (orderId: number | string) => `/api/v1/orders/${orderId}/packages/ship`,
  // GET → application/pdf: the package's 4x6 label, "1 of 2"
  packageLabel: (orderId: number | string, packageNo: number | string) =>
    `/api/v1/orders/${orderId}/packages/${packageNo}/label`,
} as const;

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
