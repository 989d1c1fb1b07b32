import * as v from 'valibot';
import type { ApiRouter, SellerCaller } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { dayFilter, listQuerySchema, pagingEntries } from '../../../src/domain/paging';
import {
  API_ORDERS,
  type OrderRow,
  BulkOrderResultSchema,
  DelayCountsSchema,
  OrderDetailSchema,
  OrderNumberAvailabilitySchema,
  OrderRowSchema,
  StatusCountsSchema,
  UnprocessableRowSchema,
  type OrderDetail,
} from '../../../src/domain/orders-contract';
import { recordIdField } from '../../../src/domain/schemas/fields';
import { registerListExport } from '../../http/list-export';
import { ORDER_EXPORT_COLUMNS } from './export-columns';
import { FORWARD_STATUS_CODES } from '../../../src/domain/order-status';
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
} from '../../../src/domain/schemas/order';
import { delayCounts, unprocessableOrders } from './attention';
import { listOrders, ORDER_SORT, statusCounts } from './list';
import * as store from './service';
import { pagedSchema } from '../../../src/domain/paging';
import { VERIFICATION_STATE_CODES } from '../../../src/domain/cod-verification';

const TAG = 'orders';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const byId = v.object({ orderId: numericId('orderId') });

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
const day = dayFilter;
const DAY_RANGES = [
  ['orderBookedFrom', 'orderBookedTo'],
  ['shipmentBookedFrom', 'shipmentBookedTo'],
] as const;

const listFilters = {
  orderStatusCodes: listOf('orderStatusCodes', FORWARD_STATUS_CODES),
  orderSourcesFilter: listOf('orderSourcesFilter', ORDER_SOURCES),
  orderFulfillmentTypeFilter: listOf('orderFulfillmentTypeFilter', FULFILMENT_TYPES),
  orderPaymentMethodFilter: listOf('orderPaymentMethodFilter', PAYMENT_METHODS),
  codVerificationFilter: listOf('codVerificationFilter', VERIFICATION_STATE_CODES),
  orderCarrierCodesFilter: freeList('orderCarrierCodesFilter'),
  inTransitStatusFilter: freeList('inTransitStatusFilter'),
  shipmentBookedFrom: day('shipmentBookedFrom'),
  shipmentBookedTo: day('shipmentBookedTo'),
  orderBookedFrom: day('orderBookedFrom'),
  orderBookedTo: day('orderBookedTo'),
  rtoDate: day('rtoDate'),
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
  sortBy: v.optional(v.picklist(ORDER_SORT, `sortBy must be one of ${ORDER_SORT.join(', ')}`), 'createdAt'),
  sortOrder: v.optional(v.picklist(['ASC', 'DESC'], 'sortOrder must be ASC or DESC'), 'DESC'),
};
const listQuery = listQuerySchema({ ...pagingEntries, ...listFilters }, DAY_RANGES);

export function registerOrderRoutes(router: ApiRouter, deps: AppDeps) {
  // static paths before /orders/:orderId
  router.add({
    method: 'get',
    path: API_ORDERS.orders,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    query: listQuery,
    summary: 'Orders with every list filter of spec section 3; newest first by default',
    response: pagedSchema(OrderRowSchema),
    handler: async ({ caller, query }) => listOrders(await deps.readDb(), caller, query as never),
  });
  registerListExport<OrderRow, typeof listFilters>(router, {
    listPath: API_ORDERS.orders,
    tag: TAG,
    access: SELLERS,
    filters: listFilters,
    dayRanges: DAY_RANGES,
    name: 'orders',
    now: deps.now,
    columns: ORDER_EXPORT_COLUMNS,
    list: async (caller, q) => listOrders(await deps.readDb(), caller, q as never),
  });
  router.add({
    method: 'post',
    path: API_ORDERS.orders,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.create',
    body: OrderBody,
    summary: 'Add a forward order (Ready To Ship); city and state from the pincodes; the buyer joins the customers',
    errors: { 409: 'that order number exists' },
    response: OrderDetailSchema,
    handler: ({ caller, body }) => store.createOrder(deps, caller, body),
  });
  router.add({
    method: 'get',
    path: API_ORDERS.counts,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    summary: 'Orders per status, for the status tabs (archived ones not counted)',
    response: StatusCountsSchema,
    handler: async ({ caller }) => statusCounts(await deps.readDb(), caller.orgId),
  });
  router.add({
    method: 'get',
    path: API_ORDERS.numberAvailable,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
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
    handler: ({ caller, query }) => store.orderNumberAvailable(deps.db, caller.orgId, query.orderNumber),
  });
  router.add({
    method: 'put',
    path: API_ORDERS.archive,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.cancel',
    body: v.object({ ...OrderIdsBody.entries, archived: v.boolean('archived must be true or false') }),
    summary: 'Archive or unarchive orders; each order on its own (in-flight orders cannot be archived)',
    response: BulkOrderResultSchema,
    handler: ({ caller, body }) => store.setArchived(deps, caller, body.orderIds, body.archived),
  });
  router.add({
    method: 'post',
    path: API_ORDERS.escalations,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.ship',
    body: v.object({ ...OrderIdsBody.entries, ...EscalationBody.entries }),
    summary: 'Escalate many shipped orders with one reason; each order on its own',
    response: BulkOrderResultSchema,
    handler: ({ caller, body }) =>
      store.forEachOrder(body.orderIds, (id) => store.escalateOrder(deps, caller, id, body.reason)),
  });
  router.add({
    method: 'get',
    path: API_ORDERS.unprocessable,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    summary: 'Ready orders that cannot ship yet, each with why',
    response: v.array(UnprocessableRowSchema),
    handler: ({ caller }) => unprocessableOrders(deps.db, caller.orgId),
  });
  router.add({
    method: 'get',
    path: API_ORDERS.delays,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    summary: 'Pickups and shipments running late (counts)',
    response: DelayCountsSchema,
    handler: ({ caller }) => delayCounts(deps.db, caller.orgId, deps.now()),
  });
  router.add({
    method: 'get',
    path: API_ORDERS.order(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    params: byId,
    summary: 'One order with its items, history and the actions open now',
    errors: { 404: 'no such order of yours' },
    response: OrderDetailSchema,
    handler: ({ caller, params }) => store.getOrder(deps.db, caller, params.orderId),
  });
  const actions: [
    string,
    string,
    v.GenericSchema | undefined,
    string,
    (c: SellerCaller, id: number, body: never) => Promise<OrderDetail>,
  ][] = [
    [
      'put',
      API_ORDERS.cancel(':orderId'),
      undefined,
      'Cancel an order (until pickup)',
      (c, id) => store.cancelOrder(deps, c, id),
    ],
    [
      'post',
      API_ORDERS.clone(':orderId'),
      undefined,
      'A new Ready To Ship copy of the order with a fresh number',
      (c, id) => store.cloneOrder(deps, c, id),
    ],
    [
      'post',
      API_ORDERS.dimensions(':orderId'),
      DimensionsBody,
      'Change the package size and dead weight (before shipping)',
      (c, id, b: v.InferOutput<typeof DimensionsBody>) => store.updateDimensions(deps, c, id, b),
    ],
    [
      'post',
      API_ORDERS.products(':orderId'),
      OrderProductsBody,
      'Replace the products of an order (before shipping)',
      (c, id, b: { items: never; discount: number; shippingCharges: number }) => store.updateProducts(deps, c, id, b),
    ],
    [
      'put',
      API_ORDERS.senderAddress(':orderId'),
      v.object({ pickupAddressId: recordIdField('pickupAddressId') }),
      'Ship from another verified pickup address (before shipping)',
      (c, id, b: { pickupAddressId: number }) => store.updateSenderAddress(deps, c, id, b.pickupAddressId),
    ],
    [
      'put',
      API_ORDERS.orderNumber(':orderId'),
      OrderNumberBody,
      'Change the order number (before shipping)',
      (c, id, b: { orderNumber: string }) => store.updateOrderNumber(deps, c, id, b.orderNumber),
    ],
    [
      'post',
      API_ORDERS.escalation(':orderId'),
      EscalationBody,
      'Escalate a shipped order with a reason',
      (c, id, b: { reason: string }) => store.escalateOrder(deps, c, id, b.reason),
    ],
  ];
  for (const [method, path, body, summary, run] of actions) {
    router.add({
      method: method as 'put' | 'post',
      path,
      tag: TAG,
      access: SELLERS,
      permission: path === API_ORDERS.cancel(':orderId') ? 'orders.cancel' : 'orders.create',
      params: byId,
      body,
      summary,
      errors: { 404: 'no such order of yours', 409: "the order's status does not allow it" },
      response: OrderDetailSchema,
      handler: ({ caller, params, body: b }) => run(caller, params.orderId, b as never),
    });
  }
}
