import type { QuoteTag } from './shipping/recommend';

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
  manifest: '/api/v1/shipping/manifest', // POST { orderIds } → application/pdf (one manifest per courier and pickup address)
  pendingDocuments: '/api/v1/shipping/pending-documents', // POST { pendingDay, document: LABEL | INVOICE } → application/pdf
} as const;

export interface PlaceInfo {
  pincode: string;
  city: string;
  state: string;
}

export interface CourierQuote {
  carrierCode: string;
  carrierName: string;
  mode: 'Air' | 'Surface';
  zone: string;
  chargedWeightKg: number;
  freightPaise: number;
  codChargePaise: number;
  gstPaise: number;
  totalPaise: number;
  rtoChargePaise: number;
  /** estimated delivery date (yyyy-mm-dd) and days from today */
  edd: string;
  days: number;
  tags: QuoteTag[];
  steps: string[];
}

export interface RateAnswer {
  zone: string;
  zoneName: string;
  from: PlaceInfo;
  to: PlaceInfo;
  /** serviceable couriers, cheapest first */
  quotes: CourierQuote[];
  unserviceable: { carrierCode: string; carrierName: string; reason: string }[];
}

export interface ScanRow {
  at: string;
  status: string;
  statusText: string;
  location: string;
  remark: string;
}

export interface ShipmentInfo {
  shipmentId: number;
  orderId: number;
  orderNumber: string;
  awb: string;
  carrierCode: string;
  carrierName: string;
  state: 'BOOKED' | 'CANCELLED';
  zone: string;
  chargedWeightKg: number;
  totalPaise: number;
  freightPaise: number;
  codChargePaise: number;
  gstPaise: number;
  rtoChargePaise: number;
  routingCode: string;
  shortCode: string;
  expectedDeliveryDate: string | null;
  bookedAt: string;
  pickupAt: string | null;
  deliveredAt: string | null;
  orderStatus: string;
  scans: ScanRow[];
}

export interface AutoShipAnswer {
  results: (
    | {
        orderId: number;
        orderNumber: string;
        shipped: true;
        awb: string;
        carrierCode: string;
        carrierName: string;
        totalPaise: number;
      }
    | { orderId: number; orderNumber: string; shipped: false; reason: string }
  )[];
}

export const AUTO_SHIP_RULES = ['CHEAPEST', 'FASTEST', 'PRIORITY'] as const;
export type AutoShipRule = (typeof AUTO_SHIP_RULES)[number];

export interface ShippingPreferences {
  autoShipRule: AutoShipRule;
  /** carrier codes, most preferred first */
  carrierPriority: string[];
  /** what the product does when an NDR's 24 hours pass with no action (REATTEMPT when absent) */
  ndrAutoAction?: 'REATTEMPT' | 'RTO';
}
