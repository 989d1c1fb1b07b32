import * as v from 'valibot';
import { pagedSchema } from './paging';
import { RETURN_STATUS_CODES } from './order-status';
import { OrderEventRowSchema } from './orders-contract';
import {
  QC_CHECK_KINDS,
  QC_FILTERS,
  QC_RESULTS,
  REFUND_DECISION_CODES,
  RETURN_REASON_CODES,
  RETURN_REQUEST_STATES,
  RETURN_TO_KINDS,
  RETURN_SOURCES,
  type ReturnRequestState,
  type ReturnSource,
} from './returns';
import { CourierQuoteSchema, CoverQuoteSchema, PlaceInfoSchema, ShipmentInfoSchema } from './shipping-contract';
import { API_TRACKING } from './tracking-contract';
import { uploadOperations } from './uploads-contract';
import { operation } from './operation';
import { numericId } from './params';
import { listExportOf, listQuerySchema, pagingEntries } from './paging';
import { LABEL_LAYOUTS } from './schemas/shipping';
import {
  ApproveReturnRequestBody,
  BuyerKeyQuery,
  BuyerReturnRequestBody,
  CancelReturnBody,
  ExchangeBody,
  InitiateReturnBody,
  RejectReturnRequestBody,
  ReturnAddressBody,
  ReturnSettingsBody,
  ReturnShipBody,
  StandaloneReturnBody,
  returnFilterEntries,
  returnRequestFilterEntries,
} from './schemas/returns';

// Operations and shapes of returns and reverse pickups (issue "Returns and reverse pickups"). A return
// is an order of type RETURN with the RETURN status table (src/domain/order-status.ts) and a
// number of its own (RET-…). Seller calls under /api/v1; the buyer's calls under /rest/v1 with
// the key of the SMS/email link (`k`, the tracking page's rating key), never the AWB alone.
//
// The spec's "ship v3" is this one ship call: its answer has one shape, so there is no second
// address for it (docs/decisions/api-versioning.md, "one copy of each call").

/** The return tracking page in the browser. */
export const RETURN_TRACKING_PAGE = (trackingRef: string) => `/tracking/return/${trackingRef}`;

// Answer shapes: valibot schemas, each type derived from its schema.

const nullableString = v.nullable(v.string());
const sourceCodes = Object.keys(RETURN_SOURCES) as ReturnSource[];
const requestStates = Object.keys(RETURN_REQUEST_STATES) as ReturnRequestState[];

export const ReturnReasonRowSchema = v.object({
  code: v.picklist(RETURN_REASON_CODES),
  label: v.string(),
  subReasons: v.array(v.object({ code: v.string(), label: v.string() })),
});
export type ReturnReasonRow = v.InferOutput<typeof ReturnReasonRowSchema>;

export const ReturnReasonsAnswerSchema = v.object({
  reasons: v.array(ReturnReasonRowSchema),
  qcChecks: v.array(v.object({ kind: v.picklist(QC_CHECK_KINDS), label: v.string(), needsExpected: v.boolean() })),
  refundDecisions: v.array(v.object({ code: v.picklist(REFUND_DECISION_CODES), label: v.string() })),
});
export type ReturnReasonsAnswer = v.InferOutput<typeof ReturnReasonsAnswerSchema>;

export const PhotoSchema = v.object({ fileId: v.string(), url: v.string() });
export type Photo = v.InferOutput<typeof PhotoSchema>;

const addressEntries = {
  line1: v.string(),
  line2: v.string(),
  pincode: v.string(),
  city: v.string(),
  state: v.string(),
};

/** The buyer's door, where the courier picks the parcel up. */
export const ReturnPickupSchema = v.object({
  name: v.string(),
  phone: v.string(),
  email: v.string(),
  ...addressEntries,
});
export type ReturnPickup = v.InferOutput<typeof ReturnPickupSchema>;

/** Where the parcel goes back to: one of the seller's pickup addresses or warehouses. */
export const ReturnToSchema = v.object({
  kind: v.picklist(RETURN_TO_KINDS),
  id: v.number(),
  entityName: v.string(),
  phone: v.string(),
  ...addressEntries,
});
export type ReturnTo = v.InferOutput<typeof ReturnToSchema>;

export const ReturnItemRowSchema = v.object({
  /** the forward order's line it returns (null for a standalone return) */
  orderItemId: v.nullable(v.number()),
  name: v.string(),
  sku: v.string(),
  quantity: v.number(),
  unitPricePaise: v.number(),
});
export type ReturnItemRow = v.InferOutput<typeof ReturnItemRowSchema>;

export const QcCheckRowSchema = v.object({
  kind: v.picklist(QC_CHECK_KINDS),
  kindText: v.string(),
  /** what the courier compares against (the colour, size, serial, SKU; a file id for the image) */
  expected: v.string(),
  result: v.picklist(QC_RESULTS),
  /** the courier's word, e.g. "Serial number differs" */
  remark: v.string(),
});
export type QcCheckRow = v.InferOutput<typeof QcCheckRowSchema>;

export const ReturnRowSchema = v.object({
  returnId: v.number(),
  returnNumber: v.string(),
  status: v.picklist(RETURN_STATUS_CODES),
  statusText: v.string(),
  source: v.picklist(sourceCodes),
  /** the delivered forward order it returns; null for an order sold elsewhere */
  forwardOrderId: v.nullable(v.number()),
  /** that order's number, or the number of the order sold elsewhere */
  forwardOrderNumber: v.string(),
  channel: v.string(),
  customerName: v.string(),
  customerPhone: v.string(),
  city: v.string(),
  state: v.string(),
  pincode: v.string(),
  reason: v.picklist(RETURN_REASON_CODES),
  reasonText: v.string(),
  subReason: v.string(),
  subReasonText: v.string(),
  itemCount: v.number(),
  /** value of the items coming back */
  valuePaise: v.number(),
  qc: v.boolean(),
  /** null without QC */
  qcResult: v.nullable(v.picklist(QC_RESULTS)),
  refundDecision: v.picklist(REFUND_DECISION_CODES),
  refundDecisionText: v.string(),
  awb: nullableString,
  carrierCode: nullableString,
  carrierName: nullableString,
  /** the replacement's forward order when this return is part of an exchange */
  exchangeOrderId: v.nullable(v.number()),
  exchangeOrderNumber: nullableString,
  createdAt: v.string(),
  pickedUpAt: nullableString,
  deliveredAt: nullableString,
});
export type ReturnRow = v.InferOutput<typeof ReturnRowSchema>;

export const ReturnListAnswerSchema = v.object({
  ...pagedSchema(ReturnRowSchema).entries,
  /** per tab (RETURN_TABS), under the same filters */
  counts: v.object({
    ALL: v.number(),
    READY: v.number(),
    SCHEDULED: v.number(),
    FAILED: v.number(),
    IN_TRANSIT: v.number(),
    DELIVERED: v.number(),
    CLOSED: v.number(),
  }),
});
export type ReturnListAnswer = v.InferOutput<typeof ReturnListAnswerSchema>;

/** A return's reverse shipment: the forward shipment's info plus the doorstep check's charge. */
export const ReturnShipmentSchema = v.object({
  ...ShipmentInfoSchema.entries,
  qcChargePaise: v.number(),
});
export type ReturnShipment = v.InferOutput<typeof ReturnShipmentSchema>;

export const ReturnDetailSchema = v.object({
  ...ReturnRowSchema.entries,
  items: v.array(ReturnItemRowSchema),
  pickup: ReturnPickupSchema,
  returnTo: ReturnToSchema,
  dimensions: v.object({ lengthCm: v.number(), breadthCm: v.number(), heightCm: v.number() }),
  deadWeightKg: v.number(),
  comment: v.string(),
  photos: v.array(PhotoSchema),
  qcChecks: v.array(QcCheckRowSchema),
  /** a failed doorstep check: why, the courier's photos, when */
  qcFailure: v.nullable(v.object({ reason: v.string(), photos: v.array(PhotoSchema), at: v.string() })),
  /** the latest reverse shipment, booked or cancelled; null before the first booking */
  shipment: v.nullable(ReturnShipmentSchema),
  /** the buyer's request it came from */
  requestId: v.nullable(v.number()),
  history: v.array(OrderEventRowSchema),
  /** what the seller may do now */
  actions: v.object({
    ship: v.boolean(),
    cancelShipment: v.boolean(),
    reassign: v.boolean(),
    cancel: v.boolean(),
    label: v.boolean(),
    exchange: v.boolean(),
  }),
});
export type ReturnDetail = v.InferOutput<typeof ReturnDetailSchema>;

/** What of a forward order may come back, and where from and to. */
export const ReturnableSchema = v.object({
  orderId: v.number(),
  orderNumber: v.string(),
  status: v.string(),
  deliveredAt: nullableString,
  /** false with the reason in words when nothing may come back */
  returnable: v.boolean(),
  reason: v.string(),
  items: v.array(
    v.object({
      orderItemId: v.number(),
      name: v.string(),
      sku: v.string(),
      quantity: v.number(),
      /** already in returns that were not cancelled */
      returnedQuantity: v.number(),
      returnableQuantity: v.number(),
      unitPricePaise: v.number(),
    }),
  ),
  pickup: ReturnPickupSchema,
  /** the seller's pickup addresses and warehouses, the forward order's pickup address first */
  returnToOptions: v.array(ReturnToSchema),
  dimensions: v.object({ lengthCm: v.number(), breadthCm: v.number(), heightCm: v.number() }),
  deadWeightKg: v.number(),
});
export type Returnable = v.InferOutput<typeof ReturnableSchema>;

/** Couriers that pick up returns, with the doorstep check's price when asked for. */
export const ReverseQuoteSchema = v.object({
  ...CourierQuoteSchema.entries,
  /** whether the courier can check the parcel at the door */
  qcAvailable: v.boolean(),
  /** included in totalPaise when the return asks for QC */
  qcChargePaise: v.number(),
});
export type ReverseQuote = v.InferOutput<typeof ReverseQuoteSchema>;

export const ReverseRateAnswerSchema = v.object({
  zone: v.string(),
  zoneName: v.string(),
  /** the buyer's pincode (pickup) and the return-to pincode */
  from: PlaceInfoSchema,
  to: PlaceInfoSchema,
  quotes: v.array(ReverseQuoteSchema),
  unserviceable: v.array(v.object({ carrierCode: v.string(), carrierName: v.string(), reason: v.string() })),
  /** what insuring the returned goods costs (their value as declared), and the seller's rule */
  cover: v.optional(CoverQuoteSchema),
});
export type ReverseRateAnswer = v.InferOutput<typeof ReverseRateAnswerSchema>;

export const ReturnSettingsSchema = v.object({
  /** days after delivery a buyer may ask for a return (0: buyers cannot ask) */
  returnWindowDays: v.number(),
  /** approve buyers' requests without waiting for the seller */
  autoApprove: v.boolean(),
  /** where auto-approved returns go back to (the first pickup address when null) */
  defaultReturnTo: v.nullable(v.object({ kind: v.picklist(RETURN_TO_KINDS), id: v.number() })),
});
export type ReturnSettings = v.InferOutput<typeof ReturnSettingsSchema>;

export const ReturnRequestRowSchema = v.object({
  requestId: v.number(),
  state: v.picklist(requestStates),
  stateText: v.string(),
  forwardOrderId: v.number(),
  forwardOrderNumber: v.string(),
  awb: v.string(),
  customerName: v.string(),
  customerPhone: v.string(),
  items: v.array(v.object({ orderItemId: v.number(), name: v.string(), sku: v.string(), quantity: v.number() })),
  reason: v.picklist(RETURN_REASON_CODES),
  reasonText: v.string(),
  subReason: v.string(),
  subReasonText: v.string(),
  comment: v.string(),
  photos: v.array(PhotoSchema),
  /** the seller's note on a rejection */
  decisionNote: v.string(),
  decidedBy: v.nullable(v.picklist(['SELLER', 'AUTO'])),
  decidedAt: nullableString,
  /** the return made on approval */
  returnId: v.nullable(v.number()),
  returnNumber: nullableString,
  createdAt: v.string(),
});
export type ReturnRequestRow = v.InferOutput<typeof ReturnRequestRowSchema>;

export const ReturnRequestListAnswerSchema = v.object({
  ...pagedSchema(ReturnRequestRowSchema).entries,
  counts: v.object({ PENDING: v.number(), APPROVED: v.number(), REJECTED: v.number() }),
});
export type ReturnRequestListAnswer = v.InferOutput<typeof ReturnRequestListAnswerSchema>;

/** What the buyer's return form shows: whether a return may be asked for, what, and until when. */
export const BuyerReturnOfferSchema = v.object({
  orderNumber: v.string(),
  companyName: v.string(),
  deliveredAt: nullableString,
  /** the last day (yyyy-mm-dd, IST) a return may be asked for; null when not delivered */
  lastDay: nullableString,
  /** false with the reason in words (not delivered, window closed, already asked) */
  canRequest: v.boolean(),
  reason: v.string(),
  items: v.array(
    v.object({ orderItemId: v.number(), name: v.string(), sku: v.string(), returnableQuantity: v.number() }),
  ),
  reasons: v.array(ReturnReasonRowSchema),
  /** the buyer's latest request and where it stands */
  request: v.nullable(
    v.object({
      requestId: v.number(),
      state: v.picklist(requestStates),
      stateText: v.string(),
      createdAt: v.string(),
      decidedAt: nullableString,
      decisionNote: v.string(),
      /** the return's tracking number once a pickup is booked */
      returnTrackingNumber: nullableString,
    }),
  ),
});
export type BuyerReturnOffer = v.InferOutput<typeof BuyerReturnOfferSchema>;

// The operations: each declared once, served by server/modules/returns/routes.ts, sent by the
// browser with call() (src/services/call.ts) and by the server's tests with the same typed call.

const TAG = 'returns';
const ByReturn = v.object({ returnId: numericId('returnId') });
const ByRequest = v.object({ requestId: numericId('requestId') });
const ByRef = v.object({
  trackingRef: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{6,20}$/, 'trackingRef is not a tracking number')),
});
const DAY_RANGES = [['fromDate', 'toDate']] as const;
/** a photo upload's refusals (the 413's text is the server's own) */
const PHOTO_ERRORS = { 413: 'Image must be at most 1 MB', 415: 'not a PNG, JPEG or WEBP image' } as const;
const KEY_REFUSED = 'the key is not this shipment’s';
const NO_RETURN = 'no such return of yours';

const returns = operation({
  method: 'get',
  path: '/api/v1/returns',
  tag: TAG,
  query: listQuerySchema({ ...pagingEntries, ...returnFilterEntries }, DAY_RANGES),
  summary: `A page of one returns tab with every tab’s count; filters: dates, courier, reason, QC (${Object.keys(QC_FILTERS).join(', ')}), refund decision, search`,
  response: ReturnListAnswerSchema,
});

export const API_RETURNS = {
  // the fixed paths first: /returns/export is not /returns/:returnId
  returnsExport: listExportOf(returns, 'returns', returnFilterEntries, DAY_RANGES),
  returns,
  initiate: operation({
    method: 'post',
    path: '/api/v1/returns',
    tag: TAG,
    body: InitiateReturnBody,
    summary:
      'Initiate a return of a delivered order: products and quantities, reason and sub-reason, photos, pickup at the buyer’s address, return to a pickup address or warehouse, optional doorstep check, refund decision',
    errors: { 404: 'no such order of yours', 409: 'the order is not delivered' },
    response: ReturnDetailSchema,
  }),
  standalone: operation({
    method: 'post',
    path: '/api/v1/returns/standalone',
    tag: TAG,
    body: StandaloneReturnBody,
    summary: 'A return of an order sold elsewhere: the buyer, the address, the products and the parcel given in full',
    response: ReturnDetailSchema,
  }),
  reasons: operation({
    method: 'get',
    path: '/api/v1/returns/reasons',
    tag: TAG,
    summary: 'Return reasons with their sub-reasons, the doorstep checks a courier can make, and the refund decisions',
    response: ReturnReasonsAnswerSchema,
  }),
  photos: operation({
    method: 'post',
    path: '/api/v1/returns/photos',
    tag: TAG,
    multipart: true,
    summary: 'Upload a photo of a returned product (field "file"; PNG, JPEG or WEBP up to 1 MB)',
    errors: PHOTO_ERRORS,
    response: PhotoSchema,
  }),
  settings: operation({
    method: 'get',
    path: '/api/v1/returns/settings',
    tag: TAG,
    summary: 'The return window buyers may ask within, and whether their requests are approved automatically',
    response: ReturnSettingsSchema,
  }),
  saveSettings: operation({
    method: 'put',
    path: '/api/v1/returns/settings',
    tag: TAG,
    body: ReturnSettingsBody,
    summary: 'Save the return window (days after delivery; 0 turns buyers’ requests off) and the auto-approve rule',
    response: ReturnSettingsSchema,
  }),
  /** buyers' return requests */
  requests: operation({
    method: 'get',
    path: '/api/v1/return-requests',
    tag: TAG,
    query: listQuerySchema({ ...pagingEntries, ...returnRequestFilterEntries }),
    summary: 'Buyers’ return requests of one status (waiting, approved, rejected), with every status’s count',
    response: ReturnRequestListAnswerSchema,
  }),
  approve: operation({
    method: 'post',
    path: '/api/v1/return-requests/:requestId/approve',
    tag: TAG,
    params: ByRequest,
    body: ApproveReturnRequestBody,
    summary: 'Approve a buyer’s return request: a return is made from it and the buyer is told by SMS and email',
    errors: { 404: 'no such request of yours', 409: 'decided already' },
    response: ReturnRequestRowSchema,
  }),
  reject: operation({
    method: 'post',
    path: '/api/v1/return-requests/:requestId/reject',
    tag: TAG,
    params: ByRequest,
    body: RejectReturnRequestBody,
    summary: 'Reject a buyer’s return request with a note; the buyer is told by SMS and email',
    errors: { 404: 'no such request of yours', 409: 'decided already' },
    response: ReturnRequestRowSchema,
  }),
  /** what of a delivered forward order may come back (the initiate form's start) */
  returnable: operation({
    method: 'get',
    path: '/api/v1/orders/:orderId/returnable',
    tag: TAG,
    params: v.object({ orderId: numericId('orderId') }),
    summary:
      'What of an order may come back: its products with the quantities left, the buyer’s address, the return-to choices',
    errors: { 404: 'no such order of yours' },
    response: ReturnableSchema,
  }),
  one: operation({
    method: 'get',
    path: '/api/v1/returns/:returnId',
    tag: TAG,
    params: ByReturn,
    summary: 'One return: items, addresses, photos, doorstep checks and their outcome, the reverse shipment, history',
    errors: { 404: NO_RETURN },
    response: ReturnDetailSchema,
  }),
  courierQuotes: operation({
    method: 'get',
    path: '/api/v1/returns/:returnId/courier-quotes',
    tag: TAG,
    params: ByReturn,
    summary:
      'Couriers that pick up returns on this lane: reverse price, the doorstep check’s fee when asked for, delivery date',
    errors: { 404: NO_RETURN, 409: 'the return has no pickup address' },
    response: ReverseRateAnswerSchema,
  }),
  ship: operation({
    method: 'post',
    path: '/api/v1/returns/:returnId/ship',
    tag: TAG,
    params: ByReturn,
    body: ReturnShipBody,
    summary:
      'Book the reverse pickup with a courier: AWB assigned, wallet charged in the same transaction; a repeat with the same idempotencyKey answers the same shipment',
    errors: {
      404: NO_RETURN,
      409: 'the return cannot be booked now',
      422: 'the courier cannot pick it up, or the wallet is short (X-Recharge-Paise says by how much)',
    },
    response: ReturnShipmentSchema,
  }),
  reassign: operation({
    method: 'post',
    path: '/api/v1/returns/:returnId/reassign',
    tag: TAG,
    params: ByReturn,
    body: ReturnShipBody,
    summary:
      'Move a booked pickup to another courier: the old one is cancelled and refunded, the new one booked and charged',
    errors: { 404: NO_RETURN, 409: 'only a pickup not yet attempted can be reassigned' },
    response: ReturnShipmentSchema,
  }),
  shipment: operation({
    method: 'get',
    path: '/api/v1/returns/:returnId/shipment',
    tag: TAG,
    params: ByReturn,
    summary: 'The return’s reverse shipment: courier, AWB, charges with the check’s fee, dates and scans',
    errors: { 404: 'no such return of yours, or no pickup booked' },
    response: ReturnShipmentSchema,
  }),
  cancelShipment: operation({
    method: 'put',
    path: '/api/v1/returns/:returnId/cancel-shipment',
    tag: TAG,
    params: ByReturn,
    summary:
      'Cancel the booked pickup before the courier has the parcel: refunded once, the return is Ready For Pickup again',
    errors: { 404: NO_RETURN, 409: 'no pickup booked, or the parcel is picked up' },
    response: ReturnShipmentSchema,
  }),
  cancel: operation({
    method: 'put',
    path: '/api/v1/returns/:returnId/cancel',
    tag: TAG,
    params: ByReturn,
    body: CancelReturnBody,
    summary: 'Cancel the return (a booked pickup is cancelled and refunded with it)',
    errors: { 404: NO_RETURN, 409: 'the parcel is picked up already' },
    response: ReturnDetailSchema,
  }),
  /** where the parcel goes back to, while no pickup is booked (spec: address "update by return order") */
  returnAddress: operation({
    method: 'put',
    path: '/api/v1/returns/:returnId/return-address',
    tag: TAG,
    params: ByReturn,
    body: ReturnAddressBody,
    summary:
      'Send the return back to another pickup address or warehouse of yours (update by return order), while no pickup is booked',
    errors: {
      400: 'no such pickup address or warehouse of yours',
      404: NO_RETURN,
      409: 'a pickup is booked or the parcel is on its way',
    },
    response: ReturnDetailSchema,
  }),
  label: operation({
    method: 'get',
    path: '/api/v1/returns/:returnId/label',
    tag: TAG,
    params: ByReturn,
    query: v.object({ layout: v.optional(v.picklist(LABEL_LAYOUTS, 'layout must be 4x6 or A4'), '4x6') }),
    summary: 'The reverse leg’s label (PDF): from the buyer to the return-to address',
    errors: { 404: NO_RETURN, 409: 'no pickup booked' },
    response: { file: 'application/pdf' },
  }),
  exchange: operation({
    method: 'post',
    path: '/api/v1/returns/:returnId/exchange',
    tag: TAG,
    params: ByReturn,
    body: ExchangeBody,
    summary: 'Exchange: create the replacement’s forward order to the buyer, linked to the return as one case',
    errors: { 404: NO_RETURN, 409: 'the return has its replacement already, or is closed' },
    response: ReturnDetailSchema,
  }),
  // the buyer (public), from the tracking page of a delivered order, with the link key k
  buyerOffer: operation({
    method: 'get',
    path: '/rest/v1/returns/request/:trackingRef',
    tag: TAG,
    params: ByRef,
    query: BuyerKeyQuery,
    summary:
      'Whether the buyer may ask for a return of this delivered order (the seller’s window), what, and their latest request',
    errors: { 403: KEY_REFUSED, 404: 'no such shipment' },
    response: BuyerReturnOfferSchema,
  }),
  buyerRequest: operation({
    method: 'post',
    path: '/rest/v1/returns/request/:trackingRef',
    tag: TAG,
    params: ByRef,
    body: BuyerReturnRequestBody,
    summary: 'The buyer asks for a return (products, reason, photos) within the seller’s window',
    errors: { 403: KEY_REFUSED, 404: 'no such shipment', 409: 'not delivered, window closed, or asked already' },
    response: BuyerReturnOfferSchema,
  }),
  buyerPhotos: operation({
    method: 'post',
    path: '/rest/v1/returns/request/:trackingRef/photos',
    tag: TAG,
    params: ByRef,
    query: BuyerKeyQuery,
    multipart: true,
    summary: 'The buyer uploads a photo for a return request (field "file"; PNG, JPEG or WEBP up to 1 MB)',
    errors: { 403: KEY_REFUSED, ...PHOTO_ERRORS },
    response: PhotoSchema,
  }),
  // returns in bulk from CSV (the uploads area's routes): sample, upload, history, previous status, error CSV
  uploads: uploadOperations('/api/v1/return-uploads', 'returns', { rowNoun: 'return rows', fileStem: 'returns' }),
  /** the return tracking page's data (the same shape as forward tracking) */
  tracking: API_TRACKING.returnByNumber, // GET → TrackingData with isReturn true
} as const;
