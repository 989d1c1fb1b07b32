import * as v from 'valibot';
import { TAG_LABELS, type QuoteTag } from './shipping/recommend';
import { RecommendationSchema } from './recommendation-contract';
import { BookedDeliverySlotSchema } from './shipping/booked-slot';
import { operation } from './operation';
import { QuotePromiseSchema } from './promises/promise-contract';
import { LaneQualitySchema } from './quality/quality-contract';
import { numericId } from './params';
import { OrderIdsBody } from './schemas/order';
import {
  AUTO_SHIP_RULES,
  AutoShipBody,
  LABEL_LAYOUTS,
  LabelsBody,
  PendingDocumentsBody,
  RateQueryBody,
  ShipBody,
  ShippingPreferencesBody,
} from './schemas/shipping';

// Operations and shapes of shipping (issue "Shipping").

// Answer shapes: valibot schemas, each type derived from its schema.

export const PlaceInfoSchema = v.object({
  pincode: v.string(),
  city: v.string(),
  state: v.string(),
});
export type PlaceInfo = v.InferOutput<typeof PlaceInfoSchema>;

export const CourierQuoteSchema = v.object({
  carrierCode: v.string(),
  carrierName: v.string(),
  mode: v.picklist(['Air', 'Surface', 'Hyperlocal']),
  zone: v.string(),
  chargedWeightKg: v.number(),
  freightPaise: v.number(),
  codChargePaise: v.number(),
  gstPaise: v.number(),
  totalPaise: v.number(),
  rtoChargePaise: v.number(),
  /** estimated delivery date (yyyy-mm-dd) and days from today */
  edd: v.string(),
  days: v.number(),
  /** how the delivery date was promised (absent on a hyperlocal slot) */
  promise: v.optional(QuotePromiseSchema),
  /** the courier's delivered, RTO and NDR shares, days and pickups on this lane, last 90 days (absent on a hyperlocal slot) */
  quality: v.optional(LaneQualitySchema),
  tags: v.array(v.picklist(Object.keys(TAG_LABELS) as QuoteTag[])),
  steps: v.array(v.string()),
  /** a hyperlocal partner's quote: the distance it priced and the delivery slots still open */
  hyperlocal: v.optional(
    v.object({
      distanceKm: v.number(),
      slots: v.array(v.object({ id: v.string(), label: v.string(), startsAt: v.string(), endsAt: v.string() })),
    }),
  ),
});
export type CourierQuote = v.InferOutput<typeof CourierQuoteSchema>;

export const CoverPriceSchema = v.object({ pricePaise: v.number(), gstPaise: v.number(), totalPaise: v.number() });

export const CoverQuoteSchema = v.object({
  /** the order's value, insured as declared */
  declaredValuePaise: v.number(),
  /** the premium with its GST; null when the value cannot be insured */
  insurance: v.nullable(CoverPriceSchema),
  /** why it cannot be insured, or null */
  insuranceRefusal: v.nullable(v.string()),
  /** the seller's "insure above" rule insures this order (the dialog starts with insurance on) */
  insuredByRule: v.boolean(),
  insureAboveRupees: v.nullable(v.number()),
});
export type CoverQuote = v.InferOutput<typeof CoverQuoteSchema>;

export const RateAnswerSchema = v.object({
  zone: v.string(),
  zoneName: v.string(),
  from: PlaceInfoSchema,
  to: PlaceInfoSchema,
  /** serviceable couriers, cheapest first */
  quotes: v.array(CourierQuoteSchema),
  unserviceable: v.array(v.object({ carrierCode: v.string(), carrierName: v.string(), reason: v.string() })),
  /** an order's quotes on the Premium plan: the courier its outcomes recommend, with why (null with no history) */
  recommended: v.optional(v.nullable(RecommendationSchema)),
  /** an order's quotes: what insuring it costs and whether the seller's rule insures it */
  cover: v.optional(CoverQuoteSchema),
});
export type RateAnswer = v.InferOutput<typeof RateAnswerSchema>;

export const ScanRowSchema = v.object({
  at: v.string(),
  status: v.string(),
  statusText: v.string(),
  location: v.string(),
  remark: v.string(),
});
export type ScanRow = v.InferOutput<typeof ScanRowSchema>;

export const ShipmentInfoSchema = v.object({
  shipmentId: v.number(),
  orderId: v.number(),
  orderNumber: v.string(),
  awb: v.string(),
  carrierCode: v.string(),
  carrierName: v.string(),
  state: v.picklist(['BOOKED', 'CANCELLED']),
  zone: v.string(),
  chargedWeightKg: v.number(),
  totalPaise: v.number(),
  freightPaise: v.number(),
  codChargePaise: v.number(),
  gstPaise: v.number(),
  rtoChargePaise: v.number(),
  routingCode: v.string(),
  shortCode: v.string(),
  expectedDeliveryDate: v.nullable(v.string()),
  bookedAt: v.string(),
  pickupAt: v.nullable(v.string()),
  deliveredAt: v.nullable(v.string()),
  /** the declared value insured (0: not insured), the premium and the delay protection charged, each with GST */
  insuredValuePaise: v.number(),
  insurancePaise: v.number(),
  delayProtectionPaise: v.number(),
  orderStatus: v.string(),
  scans: v.array(ScanRowSchema),
  /** a hyperlocal partner's slot and rider; absent for a courier */
  deliverySlot: v.optional(v.nullable(BookedDeliverySlotSchema)),
});
export type ShipmentInfo = v.InferOutput<typeof ShipmentInfoSchema>;

export const AutoShipAnswerSchema = v.object({
  results: v.array(
    v.variant('shipped', [
      v.object({
        orderId: v.number(),
        orderNumber: v.string(),
        shipped: v.literal(true),
        awb: v.string(),
        carrierCode: v.string(),
        carrierName: v.string(),
        totalPaise: v.number(),
      }),
      v.object({ orderId: v.number(), orderNumber: v.string(), shipped: v.literal(false), reason: v.string() }),
    ]),
  ),
});
export type AutoShipAnswer = v.InferOutput<typeof AutoShipAnswerSchema>;

export const ShippingPreferencesSchema = v.object({
  autoShipRule: v.picklist(AUTO_SHIP_RULES),
  /** carrier codes, most preferred first */
  carrierPriority: v.array(v.string()),
  /** what the product does when an NDR's 24 hours pass with no action (REATTEMPT when absent) */
  ndrAutoAction: v.optional(v.picklist(['REATTEMPT', 'RTO'])),
  /** insure every shipment whose order value is above this many rupees (null: only when chosen) */
  insureAboveRupees: v.optional(v.nullable(v.number())),
});
export type ShippingPreferences = v.InferOutput<typeof ShippingPreferencesSchema>;

// The operations: the rate calculator, the seller's preferences, booking, cancelling and
// reassigning a shipment, and its documents (labels, invoices, manifests, proof of delivery).

const TAG = 'shipping';
const byOrder = v.object({ orderId: numericId('orderId') });
const pdf = { file: 'application/pdf' } as const;

export const API_SHIPPING = {
  rates: operation({
    method: 'post',
    path: '/api/v1/shipping/rates',
    tag: TAG,
    body: RateQueryBody,
    summary:
      'Rate calculator: every serviceable courier with its price breakdown, delivery date and zone; the others with why not',
    response: RateAnswerSchema,
  }),
  preferences: operation({
    method: 'get',
    path: '/api/v1/shipping/preferences',
    tag: TAG,
    summary: 'The seller’s auto-ship rule and courier priority list',
    response: ShippingPreferencesSchema,
  }),
  savePreferences: operation({
    method: 'put',
    path: '/api/v1/shipping/preferences',
    tag: TAG,
    body: ShippingPreferencesBody,
    summary: 'Save the auto-ship rule (CHEAPEST, FASTEST or PRIORITY) and the courier priority list',
    response: ShippingPreferencesSchema,
  }),
  autoShip: operation({
    method: 'post',
    path: '/api/v1/orders/auto-ship',
    tag: TAG,
    body: AutoShipBody,
    summary:
      'Ship many orders by a rule (the seller’s preset unless given); each order answers shipped with its AWB, or why not',
    response: AutoShipAnswerSchema,
  }),
  track: operation({
    method: 'get',
    path: '/api/v1/shipping/track/:awb',
    tag: TAG,
    params: v.object({ awb: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{6,20}$/, 'awb is not a tracking number')) }),
    summary: 'Tracking by number: the shipment with its scans, oldest first',
    errors: { 404: 'no shipment of yours with that number' },
    response: ShipmentInfoSchema,
  }),
  courierQuotes: operation({
    method: 'get',
    path: '/api/v1/orders/:orderId/courier-quotes',
    tag: TAG,
    params: byOrder,
    summary: 'Couriers for one order: price, delivery date and a cheapest / fastest / best value tag',
    errors: { 404: 'no such order of yours', 409: 'the order has no pickup address' },
    response: RateAnswerSchema,
  }),
  ship: operation({
    method: 'post',
    path: '/api/v1/orders/:orderId/ship',
    tag: TAG,
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
  }),
  reassign: operation({
    method: 'post',
    path: '/api/v1/orders/:orderId/reassign',
    tag: TAG,
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
  }),
  shipment: operation({
    method: 'get',
    path: '/api/v1/orders/:orderId/shipment',
    tag: TAG,
    params: byOrder,
    summary: 'The order’s shipment: courier, AWB, charges, dates and scans',
    errors: { 404: 'no such order of yours, or not shipped' },
    response: ShipmentInfoSchema,
  }),
  cancelShipment: operation({
    method: 'delete',
    path: '/api/v1/orders/:orderId/shipment',
    tag: TAG,
    params: byOrder,
    summary:
      'Cancel the shipment before pickup: the charge is refunded to the wallet and the order is Ready To Ship again',
    errors: { 404: 'no such order of yours', 409: 'no shipment, or the courier has picked it up' },
    response: ShipmentInfoSchema,
  }),
  labels: operation({
    method: 'post',
    path: '/api/v1/shipping/labels',
    tag: TAG,
    body: LabelsBody,
    summary:
      "Shipping labels of many shipped orders in one PDF: 4x6 thermal, or A4 (four to a page when the account may merge labels or its label template is A4 four-up); without a layout, the template's",
    errors: { 404: 'an order is not yours', 409: 'an order has no shipment yet, or no pickup address' },
    response: pdf,
  }),
  proofOfDelivery: operation({
    method: 'get',
    path: '/api/v1/orders/:orderId/proof-of-delivery',
    tag: TAG,
    params: byOrder,
    summary:
      "A delivered order's proof of delivery (PDF): delivery time (IST), receiver, whether the buyer's OTP was checked, the courier's photo or signature",
    errors: { 404: 'no such order of yours', 409: 'not delivered yet, or the courier has not sent its proof' },
    response: pdf,
  }),
  label: operation({
    method: 'get',
    path: '/api/v1/orders/:orderId/label',
    tag: TAG,
    params: byOrder,
    query: v.object({ layout: v.optional(v.picklist(LABEL_LAYOUTS, 'layout must be 4x6 or A4')) }),
    summary: "One shipped order's label (PDF)",
    errors: { 404: 'no such order of yours', 409: 'not shipped yet, or no pickup address' },
    response: pdf,
  }),
  invoices: operation({
    method: 'post',
    path: '/api/v1/shipping/invoices',
    tag: TAG,
    body: OrderIdsBody,
    summary:
      'GST tax invoices from the seller to the buyers of the orders, one a page (CGST/SGST within a state, IGST across)',
    errors: { 404: 'an order is not yours', 409: 'an order has no pickup address' },
    response: pdf,
  }),
  invoice: operation({
    method: 'get',
    path: '/api/v1/orders/:orderId/invoice',
    tag: TAG,
    params: byOrder,
    summary: "One order's GST tax invoice (PDF)",
    errors: { 404: 'no such order of yours', 409: 'the order has no pickup address' },
    response: pdf,
  }),
  manifest: operation({
    method: 'post',
    path: '/api/v1/shipping/manifest',
    tag: TAG,
    body: OrderIdsBody,
    summary: 'Pickup manifests of shipped orders: one per courier and pickup address, AWB barcodes and signature boxes',
    errors: { 404: 'an order is not yours', 409: 'an order has no shipment yet, or no pickup address' },
    response: pdf,
  }),
  pendingDocuments: operation({
    method: 'post',
    path: '/api/v1/shipping/pending-documents',
    tag: TAG,
    body: PendingDocumentsBody,
    summary: 'Home page: labels or invoices of the shipments booked pendingDay days ago and still waiting for pickup',
    errors: { 404: 'no shipment has waited that long', 409: 'an order has no pickup address' },
    response: pdf,
  }),
};
