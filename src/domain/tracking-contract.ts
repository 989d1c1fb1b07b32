import * as v from 'valibot';
import { operation } from './operation';
import { BrandConfigBody } from './schemas/brand';
import { CustomerFeedbackBody, DakiyaFeedbackBody, TrackingLookupQuery } from './schemas/tracking';
import { BookedDeliverySlotSchema } from './shipping/booked-slot';
import { BUYER_MESSAGE_SETTINGS } from './tracking/buyer-messages';

// The buyer-facing tracking API (public, spec sections 2, 3 and 7) and the seller's brand and
// buyer-notification settings. Public calls live under the spec's public bases /rest/v1 and
// /rest/v2 (docs/decisions/api-versioning.md); the seller's under /api/v1.

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

// The buyer's operations, public: the buyer's pages send them with plain fetch (src/track/buyer-call.ts).
// What sellers and support set for the page is in src/domain/tracking-settings-contract.ts.

const TAG = 'tracking';
const ref = v.object({ trackingRef: v.string() });
const rated = { 403: 'the rating key is not this shipment’s', 404: 'no such shipment', 409: 'not delivered yet' };

export const API_TRACKING = {
  byNumber: operation({
    method: 'get',
    path: '/rest/v1/tracking/:trackingRef',
    tag: TAG,
    params: ref,
    summary: 'A shipment’s progress by tracking number: the public view (destination city, no buyer details)',
    errors: { 404: 'no such shipment' },
    response: TrackingDataSchema,
  }),
  returnByNumber: operation({
    method: 'get',
    path: '/rest/v1/tracking/return/:trackingRef',
    tag: TAG,
    params: ref,
    summary: 'A return’s tracking data by tracking number (its receiver is the seller’s return address)',
    errors: { 404: 'no such return' },
    response: TrackingDataSchema,
  }),
  byShortCode: operation({
    method: 'get',
    path: '/rest/v1/tracking/short/:code',
    tag: TAG,
    params: v.object({ code: v.string() }),
    summary: 'The buyer’s full tracking data by the short code of the buyer’s link (/s?r=code)',
    errors: { 404: 'no such shipment' },
    response: TrackingDataSchema,
  }),
  lookup: operation({
    method: 'get',
    path: '/rest/v1/lookup',
    tag: TAG,
    query: TrackingLookupQuery,
    summary: 'Whether a tracking number (AWB or Dakiya short code) is known, and its AWB (no order id)',
    response: TrackingLookupSchema,
  }),
  customerFeedback: operation({
    method: 'post',
    path: '/rest/v1/feedback/customer',
    tag: TAG,
    body: CustomerFeedbackBody,
    summary: 'The buyer rates the seller (once per shipment), with the rating key of the SMS/email link',
    errors: rated,
    response: FeedbackAnswerSchema,
  }),
  dakiyaFeedback: operation({
    method: 'post',
    path: '/rest/v1/feedback/dakiya',
    tag: TAG,
    body: DakiyaFeedbackBody,
    summary: 'The buyer rates the delivery (once per shipment), with the rating key of the SMS/email link',
    errors: rated,
    response: FeedbackAnswerSchema,
  }),
  byOrder: operation({
    method: 'get',
    path: '/rest/v2/tracking/:orderRef/:trackingRef',
    tag: TAG,
    params: v.object({ orderRef: v.string(), trackingRef: v.string() }),
    operationId: 'getTrackingByOrderAndTrackingRef',
    summary: 'A shipment’s progress by order and tracking number (both must match): the public view',
    errors: { 404: 'no such shipment' },
    response: TrackingDataSchema,
  }),
};
