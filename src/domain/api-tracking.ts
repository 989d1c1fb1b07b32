import type { BrandConfig } from './brand';

// The buyer-facing tracking API (public, spec sections 2, 3 and 7) and the seller's brand and
// buyer-notification settings.

export const API_TRACKING = {
  byOrder: (orderRef: number | string, trackingRef: string) => `/api/v1/public/tracking/${orderRef}/${trackingRef}`, // GET → TrackingData
  byNumber: (trackingRef: string) => `/api/v1/public/tracking/number/${trackingRef}`, // GET → TrackingData
  returnByNumber: (trackingRef: string) => `/api/v1/public/tracking/return/${trackingRef}`, // GET → TrackingData of a return
  byShortCode: (code: string) => `/api/v1/public/tracking/short/${code}`, // GET → TrackingData (the SMS link /s?r=code)
  lookup: '/api/v1/public/lookup', // GET ?trackingNumber → data: order id, 0 when unknown
  customerFeedback: '/api/v1/public/feedback/customer', // POST { entityType: 'ORDER', entityId, customerRating, customerFeedback }
  dakiyaFeedback: '/api/v1/public/feedback/dakiya', // POST { entityType: 'ORDER', entityId, dakiyaRating, dakiyaFeedback }
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
