// The request and answer shapes of Shadowfax's Unified API for forward integrations
// (dale.shadowfax.in/api, `Authorization: Token <key>`). Money is rupees, weights grams,
// pincodes numbers. A business failure is HTTP 200 with `message:"Failure"` and `errors` (a
// sentence, a list, or a field → messages map).

export interface SfxParty {
  name: string;
  contact: string;
  address_line_1: string;
  address_line_2?: string;
  city: string;
  state: string;
  pincode: number;
  /** the registered code of the seller's warehouse */
  unique_code?: string;
}

/** POST /api/v3/clients/orders/ (marketplace: Shadowfax picks up from the seller) */
export interface SfxOrderRequest {
  order_type: 'marketplace';
  order_details: {
    client_order_id: string;
    /** grams */
    actual_weight: number;
    volumetric_weight: number;
    product_value: number;
    payment_mode: 'COD' | 'Prepaid';
    cod_amount: number;
    total_amount: number;
  };
  customer_details: SfxParty;
  pickup_details: SfxParty;
  rts_details: SfxParty;
  product_details: { sku_id: string; sku_name: string; price: number; category: string }[];
}

export interface SfxAnswer<T> {
  message: string;
  errors?: unknown;
  data?: T;
}

export interface SfxOrder {
  id?: number;
  client_order_id: string;
  awb_number: string;
  status: string;
  /** the buyer's pincode (the order lookup answers it) */
  customer_pincode?: number;
  created?: string;
}

/** POST /api/v3/clients/requests (a return's reverse pickup, with the doorstep quality check) */
export interface SfxReverseRequest {
  client_order_number: string;
  warehouse_name: string;
  warehouse_address: string;
  destination_pincode: number;
  unique_code: string;
  pickup_type: 'regular';
  total_amount: number;
  price: number;
  address_attributes: {
    address_line: string;
    city: string;
    state: string;
    country: 'India';
    pincode: number;
    name: string;
    phone_number: string;
  };
  skus_attributes: {
    name: string;
    price: number;
    client_sku_id: string;
    return_reason: string;
    qc_required: boolean;
    qc_rules: { question: string; is_mandatory: boolean; value: string }[];
  }[];
}

/** One tracking event: `created` is UTC (ISO 8601). */
export interface SfxTrackingEvent {
  created: string;
  location: string;
  status_id: string;
  status: string;
  remarks: string;
}

/** GET /api/v4/clients/orders/{awb}/track/ */
export interface SfxTrackAnswer {
  message: string;
  order_details: { client_order_id: string; awb_number: string; status: string; customer_track_url?: string };
  tracking_details: SfxTrackingEvent[];
}

/** POST /api/v2/clients/bulk_track/ (at most 50 AWBs) */
export interface SfxBulkTrackAnswer {
  message: string;
  data: { awb_number: string; status: string; promised_delivery_date?: string; tracking_details: SfxTrackingEvent[] }[];
}

/** POST /api/v3/clients/order_update/: details and forced states (reopen_ndr, rts) */
export interface SfxOrderUpdate {
  awb_number: string;
  delivery_details?: { contact?: string; customer_address?: string; pincode?: number };
  status_update: { status: 'reopen_ndr' | 'rts' | null };
}

/** POST /api/v3/clients/orders/cancel/ answers HTTP 200 with the outcome in the body. */
export interface SfxCancelAnswer {
  responseCode: number;
  responseMsg: string;
}

/** POST /api/v1/clients/pod_details/ (at most 100 AWBs, delivered or returned ones only) */
export interface SfxPodAnswer {
  message: string;
  pod_details?: Record<string, { recipient: string; recipient_signature: string; recipient_name: string }>;
}
