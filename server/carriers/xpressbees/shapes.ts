// The request and answer shapes of Xpressbees' self-serve shipping API (shipment.xpressbees.com,
// paths under /api). Every answer is `{status, message?, data?}`; a failure is often HTTP 200
// with `status:false` and the reason in `message`.

export interface XbEnvelope<T> {
  status: boolean;
  message?: string;
  data?: T;
}

/** POST /api/users/login: `data` is the bearer token (kept about a day). */
export type XbLoginAnswer = XbEnvelope<string>;

/** POST /api/courier/serviceability */
export interface XbServiceabilityRequest {
  origin: string;
  destination: string;
  payment_type: 'cod' | 'prepaid';
  order_amount: number;
  /** grams */
  weight: number;
  length: number;
  breadth: number;
  height: number;
}

/** One Xpressbees service offered on the lane, with its price in rupees. */
export interface XbCourierOption {
  id: number | string;
  name: string;
  freight_charges: number;
  cod_charges: number;
  total_charges: number;
}

export interface XbAddress {
  name: string;
  address: string;
  address_2: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
}

/** POST /api/shipments2 */
export interface XbShipmentRequest {
  order_number: string;
  /** "yes": the order number must be new; a repeat is refused */
  unique_order_number: 'yes' | 'no';
  shipping_charges: number;
  discount: number;
  cod_charges: number;
  payment_type: 'cod' | 'prepaid';
  order_amount: number;
  /** grams */
  package_weight: number;
  package_length: number;
  package_breadth: number;
  package_height: number;
  /** "yes": Xpressbees schedules the pickup itself from the booking */
  request_auto_pickup: 'yes' | 'no';
  consignee: XbAddress;
  pickup: XbAddress & { warehouse_name: string };
  order_items: { name: string; qty: number; price: number; sku: string }[];
  courier_id: number | string;
  collectable_amount: number;
}

export interface XbBooked {
  awb_number: string;
  order_id?: string | number;
  shipment_id?: string | number;
  courier_id?: string | number;
  courier_name?: string;
  status?: string;
  label?: string;
  manifest?: string;
}

/** One event of GET /api/shipments2/track/{awb}: `event_time` is IST without a zone, to the minute. */
export interface XbHistoryEvent {
  status_code: string;
  location: string;
  event_time: string;
  message: string;
}

export interface XbTracked {
  awb_number: string;
  order_number?: string;
  /** the parcel's status in words ("pending pickup", "in transit", "cancelled", …) */
  status: string;
  /** origin and destination hub codes, as the label prints them ("JAI / BLR") */
  shipment_info?: string;
  history: XbHistoryEvent[];
}

/** GET /api/shipments2?order_number=: the bookings made with an order number */
export interface XbListed {
  awb_number: string;
  order_number: string;
  status: string;
  shipment_info?: string;
  created?: string;
}

/** POST /api/ndr/create takes a list; each item is answered in order. */
export type XbNdrItem =
  | { awb: string; action: 're-attempt'; action_data: { re_attempt_date: string } }
  | { awb: string; action: 'change_address'; action_data: { name: string; address_1: string; address_2: string } }
  | { awb: string; action: 'change_phone'; action_data: { phone: string } };

export type XbNdrAnswer = { status: boolean; message: string }[];
