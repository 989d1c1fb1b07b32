import * as v from 'valibot';
import { FORWARD_STATUS_CODES } from './order-status';
import { uploadPaths } from './uploads-contract';
import { VERIFICATION_STATE_CODES } from './cod-verification';

// Paths and shapes of the orders area (issue "Orders").

export const API_ORDERS = {
  orders: '/api/v1/orders', // GET list (OrderListQuery) → Paged<OrderRow>; POST create ← OrderBody → OrderDetail
  counts: '/api/v1/orders/counts', // GET → Record<status, number> (not archived)
  numberAvailable: '/api/v1/orders/number-available', // GET ?orderNumber → { available, message }
  archive: '/api/v1/orders/archive', // PUT { orderIds, archived }
  escalations: '/api/v1/orders/escalations', // POST { orderIds, reason } (bulk)
  unprocessable: '/api/v1/orders/unprocessable', // GET → UnprocessableRow[]
  delays: '/api/v1/orders/delays', // GET → DelayCounts
  uploads: uploadPaths('/api/v1/order-uploads'), // new orders from CSV: sample, upload, history, previous status, error CSV
  updates: uploadPaths('/api/v1/order-updates'), // update-by-CSV of existing orders: the same five
  batches: '/api/v1/orders/batches', // GET paged (pageNumber, recordsPerPage) → Paged<OrderBatchRow>
  order: (id: number | string) => `/api/v1/orders/${id}`, // GET → OrderDetail
  cancel: (id: number | string) => `/api/v1/orders/${id}/cancel`, // PUT
  clone: (id: number | string) => `/api/v1/orders/${id}/clone`, // POST → OrderDetail
  dimensions: (id: number | string) => `/api/v1/orders/${id}/dimensions`, // POST ← DimensionsBody
  products: (id: number | string) => `/api/v1/orders/${id}/products`, // POST { items, discount?, shippingCharges? }
  senderAddress: (id: number | string) => `/api/v1/orders/${id}/sender-address`, // PUT { pickupAddressId }
  orderNumber: (id: number | string) => `/api/v1/orders/${id}/order-number`, // PUT { orderNumber }
  escalation: (id: number | string) => `/api/v1/orders/${id}/escalation`, // POST { reason }
} as const;

// Answer shapes: valibot schemas, each type derived from its schema.

const nullableString = v.nullable(v.string());

export const OrderRowSchema = v.object({
  orderId: v.number(),
  orderNumber: v.string(),
  status: v.picklist(FORWARD_STATUS_CODES),
  statusText: v.string(),
  archived: v.boolean(),
  channel: v.string(),
  paymentMethod: v.picklist(['PPD', 'COD']),
  fulfilment: v.picklist(['SELF', 'EASY']),
  orderDate: v.string(),
  buyerName: v.string(),
  buyerPhone: v.string(),
  city: v.string(),
  state: v.string(),
  pincode: v.string(),
  totalPaise: v.number(),
  codAmountPaise: v.number(),
  itemCount: v.number(),
  deadWeightKg: v.number(),
  volWeightKg: v.number(),
  chargedWeightKg: v.number(),
  awb: nullableString,
  carrierCode: nullableString,
  escalated: v.boolean(),
  createdAt: v.string(),
  /** the COD verification's state, when the order needed its buyer's confirmation */
  codVerification: v.nullable(v.picklist(VERIFICATION_STATE_CODES)),
  /** the seller's own payment mode's label code (payment-modes-contract), its advance, and whether that is paid */
  paymentModeCode: nullableString,
  advancePaise: v.number(),
  advancePaid: v.boolean(),
});
export type OrderRow = v.InferOutput<typeof OrderRowSchema>;

export const OrderItemRowSchema = v.object({
  productId: v.nullable(v.number()),
  name: v.string(),
  sku: v.string(),
  quantity: v.number(),
  unitPrice: v.number(),
  taxRatePercent: v.number(),
  hsnCode: v.string(),
});
export type OrderItemRow = v.InferOutput<typeof OrderItemRowSchema>;

export const OrderEventRowSchema = v.object({
  kind: v.string(),
  fromStatus: nullableString,
  toStatus: nullableString,
  note: v.string(),
  at: v.string(),
});
export type OrderEventRow = v.InferOutput<typeof OrderEventRowSchema>;

const addressSchema = v.object({
  line1: v.string(),
  line2: v.string(),
  pincode: v.string(),
  city: v.string(),
  state: v.string(),
});

export const OrderDetailSchema = v.object({
  ...OrderRowSchema.entries,
  buyerEmail: v.string(),
  shipping: addressSchema,
  billing: addressSchema,
  items: v.array(OrderItemRowSchema),
  subtotalPaise: v.number(),
  discountPaise: v.number(),
  shippingChargesPaise: v.number(),
  dimensions: v.object({ lengthCm: v.number(), breadthCm: v.number(), heightCm: v.number() }),
  packageTypeId: v.nullable(v.number()),
  /** BY_ITEM or BY_BOX when split into packages (split-contract.ts); absent for one parcel */
  splitMode: v.optional(v.picklist(['BY_ITEM', 'BY_BOX'])),
  pickup: v.object({
    addressId: v.number(),
    entityName: v.string(),
    phone: v.string(),
    line1: v.string(),
    line2: v.string(),
    pincode: v.string(),
    city: v.string(),
    state: v.string(),
  }),
  escalationReason: nullableString,
  clonedFromId: v.nullable(v.number()),
  history: v.array(OrderEventRowSchema),
  /** what the seller may do now */
  actions: v.object({
    edit: v.boolean(),
    cancel: v.boolean(),
    archive: v.boolean(),
    clone: v.boolean(),
    escalate: v.boolean(),
    ship: v.boolean(),
    /** a return may be initiated (a delivered order) */
    return: v.boolean(),
  }),
});
export type OrderDetail = v.InferOutput<typeof OrderDetailSchema>;

export const UnprocessableRowSchema = v.object({
  orderId: v.number(),
  orderNumber: v.string(),
  reasons: v.array(v.string()),
});
export type UnprocessableRow = v.InferOutput<typeof UnprocessableRowSchema>;

export const DelayCountsSchema = v.object({
  shipment: v.number(),
  pickup: v.number(),
  /** shipments charged for a weight discrepancy */
  discrepancy: v.number(),
});
export type DelayCounts = v.InferOutput<typeof DelayCountsSchema>;

/** One CSV upload of new orders and where its orders are now (batch history). */
export const OrderBatchRowSchema = v.object({
  batchId: v.number(),
  fileName: v.string(),
  uploadedAt: v.string(),
  status: v.picklist(['PENDING', 'IN_PROGRESS', 'DONE', 'FAILED']),
  rowsRejected: v.number(),
  orders: v.number(),
  readyToShip: v.number(),
  inTransit: v.number(),
  delivered: v.number(),
  cancelled: v.number(),
  returned: v.number(),
});
export type OrderBatchRow = v.InferOutput<typeof OrderBatchRowSchema>;

/** Orders per status (archived ones not counted). */
export const StatusCountsSchema = v.record(v.string(), v.number());

/** Whether a custom order number is free, in words. */
export const OrderNumberAvailabilitySchema = v.object({ available: v.boolean(), message: v.string() });

/** A change asked of many orders: each is done or refused on its own. */
export const BulkOrderResultSchema = v.object({
  done: v.array(v.number()),
  refused: v.array(v.object({ orderId: v.number(), reason: v.string() })),
});
export type BulkOrderResult = v.InferOutput<typeof BulkOrderResultSchema>;
