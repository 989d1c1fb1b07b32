import { RISK_BAND_CODES } from './risk/bands';
import * as v from 'valibot';
import { FORWARD_STATUS_CODES } from './order-status';
import { UploadPagingQuery, uploadOperations } from './uploads-contract';
import { VERIFICATION_STATE_CODES } from './cod-verification';
import { operation } from './operation';
import { numericId } from './params';
import { dayFilter, listExportOf, listQuerySchema, pagingEntries } from './paging';
import { pagedSchema } from './paged';
import { recordIdField } from './schemas/fields';
import {
  DimensionsBody,
  EscalationBody,
  FULFILMENT_TYPES,
  OrderBody,
  OrderIdsBody,
  OrderNumberBody,
  OrderProductsBody,
  ORDER_SOURCES,
  PAYMENT_METHODS,
} from './schemas/order';
import { SORT_ORDER_TEXT, oneOf } from './schemas/choice';

// The orders area (issue "Orders"): its operations and answer shapes.

export const ORDER_SORT = ['createdAt', 'orderDate', 'total', 'orderNumber'] as const;

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
  /** the RTO risk when the order was created (src/domain/risk); null for an order made before scoring */
  risk: v.nullable(
    v.object({
      score: v.number(),
      band: v.picklist(RISK_BAND_CODES),
      reasons: v.array(v.string()),
    }),
  ),
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

// The list's filters (spec section 3, "Order list filters"); dates are IST days.

/** "RTS,CAN" → ['RTS', 'CAN'], each checked against the allowed values. */
const listOf = (field: string, allowed: readonly string[]) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
      v.check((xs) => xs.every((x) => allowed.includes(x)), `${field} may contain only ${allowed.join(', ')}`),
    ),
  );
const freeList = (field: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.maxLength(500, `${field} is too long`),
      v.transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ),
  );
const DAY_RANGES = [
  ['orderBookedFrom', 'orderBookedTo'],
  ['shipmentBookedFrom', 'shipmentBookedTo'],
] as const;

export const orderListFilters = {
  orderStatusCodes: listOf('orderStatusCodes', FORWARD_STATUS_CODES),
  orderSourcesFilter: listOf('orderSourcesFilter', ORDER_SOURCES),
  orderFulfillmentTypeFilter: listOf('orderFulfillmentTypeFilter', FULFILMENT_TYPES),
  orderPaymentMethodFilter: listOf('orderPaymentMethodFilter', PAYMENT_METHODS),
  codVerificationFilter: listOf('codVerificationFilter', VERIFICATION_STATE_CODES),
  riskBandFilter: listOf('riskBandFilter', RISK_BAND_CODES),
  orderCarrierCodesFilter: freeList('orderCarrierCodesFilter'),
  inTransitStatusFilter: freeList('inTransitStatusFilter'),
  shipmentBookedFrom: dayFilter('shipmentBookedFrom'),
  shipmentBookedTo: dayFilter('shipmentBookedTo'),
  orderBookedFrom: dayFilter('orderBookedFrom'),
  orderBookedTo: dayFilter('orderBookedTo'),
  rtoDate: dayFilter('rtoDate'),
  batchId: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/, 'batchId must be a number'), v.transform(Number))),
  customerPhone: v.optional(v.pipe(v.string(), v.maxLength(20, 'customerPhone is too long'))),
  customerName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, 'customerName is too long'))),
  archived: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'archived must be true or false'),
      v.transform((s) => s === 'true'),
    ),
    'false',
  ),
  sortBy: v.optional(oneOf(ORDER_SORT, 'sortBy'), 'createdAt'),
  sortOrder: v.optional(oneOf(['ASC', 'DESC'], 'sortOrder', SORT_ORDER_TEXT), 'DESC'),
};

// The operations: each declared once, served by server/modules/orders/routes.ts, sent by the
// browser with call() (src/services/call.ts) and by the server's tests with the same typed call.

const TAG = 'orders';
const ById = v.object({ orderId: numericId('orderId') });
const actionErrors = { 404: 'no such order of yours', 409: "the order's status does not allow it" } as const;
/** A change of one order: answers the order as it is now. */
const orderAction = <B extends v.GenericSchema | undefined = undefined>(
  method: 'put' | 'post',
  action: string,
  summary: string,
  body?: B,
) =>
  operation({
    method,
    path: `/api/v1/orders/:orderId/${action}`,
    tag: TAG,
    params: ById,
    body: body as B,
    summary,
    errors: actionErrors,
    response: OrderDetailSchema,
  });

const orders = operation({
  method: 'get',
  path: '/api/v1/orders',
  tag: TAG,
  query: listQuerySchema({ ...pagingEntries, ...orderListFilters }, DAY_RANGES),
  summary: 'Orders with every list filter of spec section 3; newest first by default',
  response: pagedSchema(OrderRowSchema),
});

export const API_ORDERS = {
  // static paths before /orders/:orderId
  orders,
  ordersExport: listExportOf(orders, 'orders', orderListFilters, DAY_RANGES),
  create: operation({
    method: 'post',
    path: '/api/v1/orders',
    tag: TAG,
    body: OrderBody,
    summary: 'Add a forward order (Ready To Ship); city and state from the pincodes; the buyer joins the customers',
    errors: { 409: 'that order number exists' },
    response: OrderDetailSchema,
  }),
  counts: operation({
    method: 'get',
    path: '/api/v1/orders/counts',
    tag: TAG,
    summary: 'Orders per status, for the status tabs (archived ones not counted)',
    response: StatusCountsSchema,
  }),
  numberAvailable: operation({
    method: 'get',
    path: '/api/v1/orders/number-available',
    tag: TAG,
    query: v.object({
      orderNumber: v.pipe(
        v.string('orderNumber is required'),
        v.trim(),
        v.minLength(1, 'orderNumber is required'),
        v.maxLength(60, 'orderNumber is too long'),
      ),
    }),
    summary: 'Whether a custom order number is free (unique per seller, any case)',
    response: OrderNumberAvailabilitySchema,
  }),
  archive: operation({
    method: 'put',
    path: '/api/v1/orders/archive',
    tag: TAG,
    body: v.object({ ...OrderIdsBody.entries, archived: v.boolean('archived must be true or false') }),
    summary: 'Archive or unarchive orders; each order on its own (in-flight orders cannot be archived)',
    response: BulkOrderResultSchema,
  }),
  escalations: operation({
    method: 'post',
    path: '/api/v1/orders/escalations',
    tag: TAG,
    body: v.object({ ...OrderIdsBody.entries, ...EscalationBody.entries }),
    summary: 'Escalate many shipped orders with one reason; each order on its own',
    response: BulkOrderResultSchema,
  }),
  unprocessable: operation({
    method: 'get',
    path: '/api/v1/orders/unprocessable',
    tag: TAG,
    summary: 'Ready orders that cannot ship yet, each with why',
    response: v.array(UnprocessableRowSchema),
  }),
  delays: operation({
    method: 'get',
    path: '/api/v1/orders/delays',
    tag: TAG,
    summary: 'Pickups and shipments running late (counts)',
    response: DelayCountsSchema,
  }),
  order: operation({
    method: 'get',
    path: '/api/v1/orders/:orderId',
    tag: TAG,
    params: ById,
    summary: 'One order with its items, history and the actions open now',
    errors: { 404: 'no such order of yours' },
    response: OrderDetailSchema,
  }),
  cancel: orderAction('put', 'cancel', 'Cancel an order (until pickup)'),
  clone: orderAction('post', 'clone', 'A new Ready To Ship copy of the order with a fresh number'),
  dimensions: orderAction(
    'post',
    'dimensions',
    'Change the package size and dead weight (before shipping)',
    DimensionsBody,
  ),
  products: orderAction('post', 'products', 'Replace the products of an order (before shipping)', OrderProductsBody),
  senderAddress: orderAction(
    'put',
    'sender-address',
    'Ship from another verified pickup address (before shipping)',
    v.object({ pickupAddressId: recordIdField('pickupAddressId') }),
  ),
  orderNumber: orderAction('put', 'order-number', 'Change the order number (before shipping)', OrderNumberBody),
  escalation: orderAction('post', 'escalation', 'Escalate a shipped order with a reason', EscalationBody),
  // the CSV uploads of new orders and of changes to orders (the uploads area's routes)
  // new orders from CSV: sample, upload, history, previous upload, one upload, error CSV
  uploads: uploadOperations('/api/v1/order-uploads', 'orders', { rowNoun: 'order rows', fileStem: 'orders' }),
  // update-by-CSV of existing orders: the same six
  updates: uploadOperations('/api/v1/order-updates', 'orders', { rowNoun: 'order rows', fileStem: 'order-updates' }),
  batches: operation({
    method: 'get',
    path: '/api/v1/orders/batches',
    tag: 'orders',
    query: UploadPagingQuery,
    summary:
      'Batch history: each upload of new orders with how many of its orders are ready, in transit, delivered, cancelled or returned',
    response: pagedSchema(OrderBatchRowSchema),
  }),
} as const;
