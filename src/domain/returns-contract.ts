import * as v from 'valibot';
import { pagedSchema } from './paging';
import { RETURN_STATUS_CODES } from './order-status';
import { OrderEventRowSchema } from './orders-contract';
import {
  QC_CHECK_KINDS,
  QC_RESULTS,
  REFUND_DECISION_CODES,
  RETURN_REASON_CODES,
  RETURN_REQUEST_STATES,
  RETURN_TO_KINDS,
  RETURN_SOURCES,
  type ReturnRequestState,
  type ReturnSource,
} from './returns';
import { CourierQuoteSchema, PlaceInfoSchema, ShipmentInfoSchema } from './shipping-contract';
import { API_TRACKING } from './tracking-contract';
import { uploadPaths } from './uploads-contract';

// Paths and shapes of returns and reverse pickups (issue "Returns and reverse pickups"). A return
// is an order of type RETURN with the RETURN status table (src/domain/order-status.ts) and a
// number of its own (RET-…). Seller calls under /api/v1; the buyer's calls under /rest/v1 with
// the key of the SMS/email link (`k`, the tracking page's rating key), never the AWB alone.
//
// The spec's "ship v3" is this one ship call: its answer has one shape, so there is no second
// address for it (docs/decisions/api-versioning.md, "one copy of each call").

export const API_RETURNS = {
  returns: '/api/v1/returns', // GET ReturnListQuery → ReturnListAnswer (a page of one tab, with every tab's count); POST InitiateReturnRequest → ReturnDetail
  export: '/api/v1/returns/export', // GET ReturnListQuery → text/csv (the list's columns, every page)
  standalone: '/api/v1/returns/standalone', // POST StandaloneReturnRequest → ReturnDetail (an order sold elsewhere)
  reasons: '/api/v1/returns/reasons', // GET → ReturnReasonRow[] (with sub-reasons), QC checks and refund decisions
  photos: '/api/v1/returns/photos', // POST multipart 'file' (PNG, JPEG or WEBP up to 1 MB) → { fileId, url }
  settings: '/api/v1/returns/settings', // GET → ReturnSettings; PUT ReturnSettings
  uploads: uploadPaths('/api/v1/return-uploads'), // returns in bulk from CSV: sample, upload, history, previous status, error CSV
  /** what of a delivered forward order may come back (the initiate form's start) */
  returnable: (orderId: number | string) => `/api/v1/orders/${orderId}/returnable`, // GET → Returnable
  one: (returnId: number | string) => `/api/v1/returns/${returnId}`, // GET → ReturnDetail
  courierQuotes: (returnId: number | string) => `/api/v1/returns/${returnId}/courier-quotes`, // GET → ReverseRateAnswer (couriers that pick up returns)
  ship: (returnId: number | string) => `/api/v1/returns/${returnId}/ship`, // POST ReturnShipRequest → ReturnShipment (wallet charged once per key)
  shipment: (returnId: number | string) => `/api/v1/returns/${returnId}/shipment`, // GET → ReturnShipment (shipment info)
  cancelShipment: (returnId: number | string) => `/api/v1/returns/${returnId}/cancel-shipment`, // PUT → ReturnShipment (refunded once; the return is Ready For Pickup again)
  reassign: (returnId: number | string) => `/api/v1/returns/${returnId}/reassign`, // POST ReturnShipRequest → ReturnShipment
  /** where the parcel goes back to, while no pickup is booked (spec: address "update by return order") */
  returnAddress: (returnId: number | string) => `/api/v1/returns/${returnId}/return-address`, // PUT ReturnAddressBody → ReturnDetail
  cancel: (returnId: number | string) => `/api/v1/returns/${returnId}/cancel`, // PUT CancelReturnRequest → ReturnDetail (a booked pickup is cancelled and refunded first)
  label: (returnId: number | string) => `/api/v1/returns/${returnId}/label`, // GET ?layout=4x6|A4 → application/pdf (the reverse leg)
  exchange: (returnId: number | string) => `/api/v1/returns/${returnId}/exchange`, // POST ExchangeRequest → ReturnDetail (with the replacement's forward order)
  /** buyers' return requests */
  requests: '/api/v1/return-requests', // GET ReturnRequestListQuery → ReturnRequestListAnswer
  approve: (requestId: number | string) => `/api/v1/return-requests/${requestId}/approve`, // POST ApproveReturnRequest → ReturnRequestRow (a return is created)
  reject: (requestId: number | string) => `/api/v1/return-requests/${requestId}/reject`, // POST RejectReturnRequest → ReturnRequestRow
  /** the buyer (public, with the link key k) */
  buyerOffer: (trackingRef: string) => `/rest/v1/returns/request/${trackingRef}`, // GET ?k → BuyerReturnOffer; POST BuyerReturnRequest → BuyerReturnOffer
  buyerPhotos: (trackingRef: string) => `/rest/v1/returns/request/${trackingRef}/photos`, // POST ?k, multipart 'file' → { fileId, url }
  /** the return tracking page's data (the same shape as forward tracking) */
  tracking: API_TRACKING.returnByNumber, // GET → TrackingData with isReturn true
} as const;

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
