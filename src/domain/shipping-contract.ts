import * as v from 'valibot';
import { TAG_LABELS, type QuoteTag } from './shipping/recommend';
import { RecommendationSchema } from './recommendation-contract';
import { BookedDeliverySlotSchema } from './shipping/booked-slot';

// Paths and shapes of shipping (issue "Shipping").

export const API_SHIPPING = {
  rates: '/api/v1/shipping/rates', // POST RateQuery → RateAnswer (the rate calculator)
  preferences: '/api/v1/shipping/preferences', // GET → ShippingPreferences; PUT ShippingPreferences
  track: (awb: string) => `/api/v1/shipping/track/${awb}`, // GET → TrackingAnswer (the seller's view)
  courierQuotes: (orderId: number | string) => `/api/v1/orders/${orderId}/courier-quotes`, // GET → RateAnswer for the order
  ship: (orderId: number | string) => `/api/v1/orders/${orderId}/ship`, // POST { carrierCode, idempotencyKey } → ShipmentInfo
  shipment: (orderId: number | string) => `/api/v1/orders/${orderId}/shipment`, // GET → ShipmentInfo; DELETE cancels it (refund)
  reassign: (orderId: number | string) => `/api/v1/orders/${orderId}/reassign`, // POST { carrierCode, idempotencyKey } → ShipmentInfo
  autoShip: '/api/v1/orders/auto-ship', // POST { orderIds, rule? } → AutoShipAnswer
  labels: '/api/v1/shipping/labels', // POST { orderIds, layout: 4x6 | A4 } → application/pdf
  label: (orderId: number | string) => `/api/v1/orders/${orderId}/label`, // GET ?layout=4x6|A4 → application/pdf
  invoices: '/api/v1/shipping/invoices', // POST { orderIds } → application/pdf (GST tax invoices, one a page)
  invoice: (orderId: number | string) => `/api/v1/orders/${orderId}/invoice`, // GET → application/pdf
  proofOfDelivery: (orderId: number | string) => `/api/v1/orders/${orderId}/proof-of-delivery`, // GET → application/pdf
  manifest: '/api/v1/shipping/manifest', // POST { orderIds } → application/pdf (one manifest per courier and pickup address)
  pendingDocuments: '/api/v1/shipping/pending-documents', // POST { pendingDay, document: LABEL | INVOICE } → application/pdf
} as const;

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

/** RECOMMENDED: the recommendation engine's courier (Premium) */
export const AUTO_SHIP_RULES = ['CHEAPEST', 'FASTEST', 'PRIORITY', 'RECOMMENDED'] as const;
export type AutoShipRule = (typeof AUTO_SHIP_RULES)[number];

export const ShippingPreferencesSchema = v.object({
  autoShipRule: v.picklist(AUTO_SHIP_RULES),
  /** carrier codes, most preferred first */
  carrierPriority: v.array(v.string()),
  /** what the product does when an NDR's 24 hours pass with no action (REATTEMPT when absent) */
  ndrAutoAction: v.optional(v.picklist(['REATTEMPT', 'RTO'])),
});
export type ShippingPreferences = v.InferOutput<typeof ShippingPreferencesSchema>;
