// Delhivery B2C's request and answer shapes, as its API documentation gives them (fields the
// adapter does not read are left out of the answers).

/** One box of `/api/cmu/create.json`'s `shipments[]` (posted as the form `format=json&data=…`). */
export interface DelhiveryShipment {
  name: string;
  add: string;
  pin: string;
  city: string;
  state: string;
  country: 'India';
  phone: string;
  /** the client's order id (at most 50 characters): a repeat is refused as "Duplicate Order Id" */
  order: string;
  payment_mode: 'Prepaid' | 'COD' | 'Pickup';
  /** rupees */
  cod_amount: string;
  total_amount: string;
  products_desc: string;
  quantity: string;
  /** grams */
  weight: string;
  shipping_mode: 'Surface' | 'Express';
  /** empty: Delhivery assigns one (a single piece); pre-fetched ones are required for MPS */
  waybill: string;
  seller_name: string;
  return_name?: string;
  return_add?: string;
  return_pin?: string;
  return_city?: string;
  return_state?: string;
  return_country?: string;
  return_phone?: string;
  // multi-piece: on every box
  shipment_type?: 'MPS';
  master_id?: string;
  mps_children?: string;
  mps_amount?: string;
  // reverse pickup QC 3.0
  qc_type?: 'param';
  custom_qc?: DelhiveryCustomQc[];
}

export interface DelhiveryCustomQc {
  item: string;
  description: string;
  images: string[];
  quantity: number;
  questions: {
    questions_id: string;
    options: string[];
    value: string[];
    required: boolean;
    type: 'varchar' | 'multi';
  }[];
}

export interface DelhiveryCreateBody {
  shipments: DelhiveryShipment[];
  pickup_location: { name: string };
}

export interface DelhiveryCreateAnswer {
  success: boolean;
  rmk?: string;
  upload_wbn?: string;
  packages: { status: 'Success' | 'Fail'; waybill: string; refnum: string; sort_code?: string; remarks: string[] }[];
}

export interface DelhiveryScanDetail {
  ScanType: string;
  Scan: string;
  ScanDateTime: string;
  ScannedLocation: string;
  Instructions: string;
  /** the NSL code: EOD-xx on a failed attempt, X-… on routine scans */
  StatusCode?: string;
}

export interface DelhiveryTrackedShipment {
  AWB: string;
  ReferenceNo: string;
  PickUpDate?: string;
  /** multi-piece: the shipment's master waybill */
  MasterWaybill?: string;
  Status: {
    Status: string;
    StatusType: string;
    StatusDateTime: string;
    StatusLocation: string;
    Instructions: string;
    StatusCode?: string;
  };
  Scans: { ScanDetail: DelhiveryScanDetail }[];
}

export interface DelhiveryTrackAnswer {
  ShipmentData?: { Shipment: DelhiveryTrackedShipment }[];
  /** when none of the waybills or order ids is known */
  Error?: string;
}

/** `/api/p/packing_slip?pdf=false`: what a custom label prints. */
export interface DelhiveryPackingSlip {
  packages_found: number;
  packages: {
    wbn: string;
    oid: string;
    sort_code: string;
    pin: string;
    barcode?: string;
    pdf_download_link?: string;
  }[];
}

export interface DelhiveryUplAnswer {
  request_id: string;
  status: 'Pending' | 'Complete';
  result?: { waybill: string; status: 'Success' | 'Fail'; remark: string; updated_at?: string }[];
}
