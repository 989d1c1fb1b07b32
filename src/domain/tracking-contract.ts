import type { BrandConfig } from './brand';

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

export interface TrackingScan {
  scanDateTime: string;
  scanStatus: string;
  scanLocation: string;
}

export interface TrackingData {
  orderId: number;
  isReturn: boolean;
  orderStatusCode: string;
  orderStatusDesc: string;
  deliveredDate: string | null;
  expectedDeliveryDate: string | null;
  promisedDeliveryDate: string | null;
  newExpectedDeliveryDate: string | null;
  carrierName: string;
  trackingNumber: string;
  shortCode: string;
  trackingDetails: TrackingScan[];
  orderNumber: string;
  orderPlacedOn: string;
  orderedDate: string;
  buyerName: string;
  /** masked: the last four digits only */
  buyerPhoneNumber: string;
  buyerPhoneNum: string;
  buyerAddress: string;
  buyerAddressLine1: string;
  buyerAddressLine2: string;
  buyerAddressLine3: string;
  buyerAddressLine4: string;
  companyName: string;
  companyLogoUrl: string | null;
  supportEmail: string;
  supportPhoneNumber: string;
  feedbackGiven: boolean;
  ratingGiven: number | null;
  isDakiyaFeedbackGiven: boolean;
  dakiyaRatingGiven: number | null;
  accountBrandCustomisationConfig: BrandConfig;
}

export const NOTIFIED_EVENTS = ['PKP_SCH', 'PKD', 'INT', 'OFD', 'NDR', 'DLV', 'RTO_INT', 'RTO_DLV'] as const;
export type NotifiedEvent = (typeof NOTIFIED_EVENTS)[number];

export interface BuyerNotificationSetting {
  event: NotifiedEvent;
  sms: boolean;
  email: boolean;
}
