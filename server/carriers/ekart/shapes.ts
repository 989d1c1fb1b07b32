// Ekart's request and answer shapes (its Elite API v3.8.8), as the adapter sends and reads them.

export const EKART_PATHS = {
  token: (clientId: string) => `/integrations/v2/auth/token/${encodeURIComponent(clientId)}`,
  create: '/api/v1/package/create',
  cancel: '/api/v1/package/cancel',
  track: (id: string) => `/api/v1/track/${encodeURIComponent(id)}`,
  label: '/api/v1/package/label',
  manifest: '/data/v2/generate/manifest',
  ndr: '/api/v2/package/ndr',
  estimate: '/data/pricing/estimate',
  serviceability: (pincode: string) => `/api/v2/serviceability/${encodeURIComponent(pincode)}`,
  webhooks: '/api/v2/webhook',
  webhook: (id: string) => `/api/v2/webhook/${encodeURIComponent(id)}`,
} as const;

/** Ekart takes at most this much cash on delivery (its create's `cod_amount` is 0–49,999 rupees). */
export const EKART_MAX_COD_RUPEES = 49_999;
/** Labels and manifests take at most this many tracking ids a call. */
export const EKART_IDS_PER_CALL = 100;

export interface EkartToken {
  access_token: string;
  scope: string;
  expires_in: number;
  token_type: string;
}

/** Ekart's `locationV1`: a full address, or only `name` for a registered warehouse's alias. */
export interface EkartLocation {
  location_type?: 'Office' | 'Home';
  address: string;
  city: string;
  state: string;
  country: string;
  name: string;
  /** ten digits, as a number */
  phone: number;
  pin: number;
}

export interface EkartShipment {
  seller_name: string;
  seller_address: string;
  seller_gst_tin: string;
  consignee_gst_amount: number;
  order_number: string;
  invoice_number: string;
  invoice_date: string;
  consignee_name: string;
  consignee_alternate_phone: string;
  products_desc: string;
  payment_mode: 'COD' | 'Prepaid' | 'Pickup';
  category_of_goods: string;
  total_amount: number;
  tax_value: number;
  taxable_amount: number;
  commodity_value: string;
  cod_amount: number;
  quantity: number;
  weight: number;
  length: number;
  height: number;
  width: number;
  return_reason: string;
  drop_location: EkartLocation;
  pickup_location: EkartLocation;
  return_location: EkartLocation;
  preferred_dispatch_date?: string;
}

/** Ekart's `acknowledgement`: create, NDR and cancel answer it (cancel inside `data[]`). */
export interface EkartAck {
  status: boolean;
  remark: string;
  tracking_id: string;
}

export interface EkartCreated extends EkartAck {
  vendor: string;
  barcodes: { wbn: string; order: string; cod?: string };
}

export interface EkartTrackDetail {
  status: string;
  ctime: number;
  desc: string;
  location?: string;
  ndrStatus?: string;
}

export interface EkartTrack {
  _id: string;
  track: EkartTrackDetail & {
    pickupTime?: number;
    attempts?: number;
    ndrActions?: string[];
    details?: EkartTrackDetail[];
  };
  edd?: number;
  order_number?: string;
}

export interface EkartManifest {
  ctime: number;
  manifestNumber: number;
  manifestDownloadUrl: string;
}

export interface EkartEstimate {
  type?: 'WEIGHT_BASED' | 'INVOICE_BASED';
  zone: string;
  volumetricWeight: string;
  billingWeight: string;
  shippingCharge: string;
  rtoCharge: string;
  fuelSurcharge: string;
  codCharge: string;
  qcCharge: string;
  taxes: string;
  total: string;
}

export interface EkartPincode {
  status: boolean;
  pincode: number;
  remark: string;
  details?: {
    cod: boolean;
    max_cod_amount: number;
    forward_pickup: boolean;
    forward_drop: boolean;
    reverse_pickup: boolean;
    reverse_drop: boolean;
    city: string;
    state: string;
  };
}

export type EkartTopic = 'track_updated' | 'shipment_created' | 'shipment_recreated';

export interface EkartWebhook {
  id: string;
  url: string;
  secret: string;
  topics: EkartTopic[];
  active: boolean;
}

/** Ekart's error body on a 4xx/5xx (its `error` schema). */
export interface EkartError {
  statusCode: number;
  code: string;
  message: string;
  description: string;
  severity: string;
}
