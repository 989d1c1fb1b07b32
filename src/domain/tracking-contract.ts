import * as v from 'valibot';
import { BrandConfigBody } from './schemas/brand';
import { BookedDeliverySlotSchema } from './shipping-contract';

// The buyer-facing tracking API (public, spec sections 2, 3 and 7) and the seller's brand and
// buyer-notification settings. Public calls live under the spec's public bases /rest/v1 and
// /rest/v2 (docs/decisions/api-versioning.md); the seller's under /api/v1.

export const API_TRACKING = {
  byOrder: (orderRef: number | string, trackingRef: string) => `/rest/v2/tracking/${orderRef}/${trackingRef}`, // GET → TrackingData (the /v2/track page)
  byNumber: (trackingRef: string) => `/rest/v1/tracking/${trackingRef}`, // GET → TrackingData
  returnByNumber: (trackingRef: string) => `/rest/v1/tracking/return/${trackingRef}`, // GET → TrackingData of a return
  byShortCode: (code: string) => `/rest/v1/tracking/short/${code}`, // GET → TrackingData (the SMS link /s?r=code)
  lookup: '/rest/v1/lookup', // GET ?trackingNumber → data: order id, 0 when unknown
  customerFeedback: '/rest/v1/feedback/customer', // POST { entityType: 'ORDER', entityId, ratingKey, customerRating, customerFeedback }
  dakiyaFeedback: '/rest/v1/feedback/dakiya', // POST { entityType: 'ORDER', entityId, ratingKey, dakiyaRating, dakiyaFeedback }
  brand: '/api/v1/brand-customisation', // GET → BrandConfig; PUT BrandConfig (seller)
  brandFeature: '/api/v1/brand-customisation/feature', // PUT { featureName, enabled }
  brandImages: '/api/v1/brand-customisation/images', // POST multipart 'file' (PNG, JPEG or WEBP up to 1 MB) → { url }
  notificationSettings: '/api/v1/buyer-notifications/settings', // GET → BuyerNotificationSetting[]; PUT the list
  newExpectedDelivery: (awb: string) => `/api/v1/dakiya/shipments/${awb}/new-expected-delivery`, // PUT { date } (staff): support's new date
} as const;

// Answer shapes: valibot schemas, each type derived from its schema.

const nullableString = v.nullable(v.string());

export const TrackingScanSchema = v.object({
  scanDateTime: v.string(),
  scanStatus: v.string(),
  scanLocation: v.string(),
});
export type TrackingScan = v.InferOutput<typeof TrackingScanSchema>;

/** A package of a split order on the buyer's page: its own tracking number, status and timeline. */
export const TrackedPackageSchema = v.object({
  packageNo: v.number(),
  /** "1 of 2" */
  of: v.string(),
  /** its AWB (by box: its child AWB); null while it waits to be shipped */
  trackingNumber: nullableString,
  carrierName: nullableString,
  statusCode: v.string(),
  statusDesc: v.string(),
  expectedDeliveryDate: nullableString,
  deliveredDate: nullableString,
  items: v.array(v.object({ name: v.string(), quantity: v.number() })),
  trackingDetails: v.array(TrackingScanSchema),
});
export type TrackedPackage = v.InferOutput<typeof TrackedPackageSchema>;

export const TrackingDataSchema = v.object({
  /**
   * BUYER: opened with the buyer's own link (/s?r=…): everything below. PUBLIC: opened by a
   * tracking number alone: the destination city and the parcel's progress only; orderId is 0 and
   * the order number, the buyer's name, phone and address are empty.
   */
  view: v.picklist(['BUYER', 'PUBLIC']),
  /** where the parcel goes: city and state, in both views */
  destination: v.string(),
  orderId: v.number(),
  isReturn: v.boolean(),
  orderStatusCode: v.string(),
  orderStatusDesc: v.string(),
  deliveredDate: nullableString,
  expectedDeliveryDate: nullableString,
  promisedDeliveryDate: nullableString,
  newExpectedDeliveryDate: nullableString,
  carrierName: v.string(),
  trackingNumber: v.string(),
  shortCode: v.string(),
  trackingDetails: v.array(TrackingScanSchema),
  orderNumber: v.string(),
  orderPlacedOn: v.string(),
  orderedDate: v.string(),
  buyerName: v.string(),
  /** masked: the last four digits only */
  buyerPhoneNumber: v.string(),
  buyerPhoneNum: v.string(),
  buyerAddress: v.string(),
  buyerAddressLine1: v.string(),
  buyerAddressLine2: v.string(),
  buyerAddressLine3: v.string(),
  buyerAddressLine4: v.string(),
  companyName: v.string(),
  companyLogoUrl: nullableString,
  supportEmail: v.string(),
  supportPhoneNumber: v.string(),
  feedbackGiven: v.boolean(),
  ratingGiven: v.nullable(v.number()),
  isDakiyaFeedbackGiven: v.boolean(),
  dakiyaRatingGiven: v.nullable(v.number()),
  accountBrandCustomisationConfig: BrandConfigBody,
  /** a split order's packages, each with its own timeline (absent for one parcel) */
  packages: v.optional(v.array(TrackedPackageSchema)),
  /** a hyperlocal delivery's slot and rider (absent for a courier) */
  deliverySlot: v.optional(BookedDeliverySlotSchema),
});
export type TrackingData = v.InferOutput<typeof TrackingDataSchema>;

export const NOTIFIED_EVENTS = ['PKP_SCH', 'PKD', 'INT', 'OFD', 'NDR', 'DLV', 'RTO_INT', 'RTO_DLV'] as const;
export type NotifiedEvent = (typeof NOTIFIED_EVENTS)[number];

/** Buyer messages that follow no shipment event, each with a setting of its own. */
export const OTHER_BUYER_MESSAGES = ['COD_CONFIRMATION', 'RETURN_UPDATES', 'ADVANCE_PAYMENT', 'DELIVERY_OTP'] as const;
export type OtherBuyerMessage = (typeof OTHER_BUYER_MESSAGES)[number];
export const OTHER_BUYER_MESSAGE_LABELS: Record<OtherBuyerMessage, string> = {
  COD_CONFIRMATION: 'Cash-on-delivery confirmation',
  RETURN_UPDATES: 'Return request and pickup',
  ADVANCE_PAYMENT: 'Advance payment link',
  DELIVERY_OTP: 'Delivery OTP (hyperlocal)',
};
/** Every buyer-message setting: the shipment events, then the other messages. */
export const BUYER_MESSAGE_SETTINGS = [...NOTIFIED_EVENTS, ...OTHER_BUYER_MESSAGES] as const;
export type BuyerMessageSetting = (typeof BUYER_MESSAGE_SETTINGS)[number];

export const BuyerNotificationSettingSchema = v.object({
  event: v.picklist(BUYER_MESSAGE_SETTINGS),
  sms: v.boolean(),
  email: v.boolean(),
  /** by WhatsApp first when it is set up (SMS when it fails) */
  whatsapp: v.boolean(),
  /** the language of the buyer's templates */
  language: v.picklist(['en', 'hi']),
});
export type BuyerNotificationSetting = v.InferOutput<typeof BuyerNotificationSettingSchema>;

/** A buyer's rating: given (once), and its stars. */
export const FeedbackAnswerSchema = v.object({ given: v.boolean(), rating: v.number() });

/** Whether a tracking number (AWB or short code) is known, and the AWB it stands for (the page's address). */
export const TrackingLookupSchema = v.object({ found: v.boolean(), trackingNumber: v.string() });
export type TrackingLookup = v.InferOutput<typeof TrackingLookupSchema>;

/** Support's new expected delivery date of a shipment. */
export const NewExpectedDeliverySchema = v.object({ awb: v.string(), newExpectedDeliveryDate: v.string() });
