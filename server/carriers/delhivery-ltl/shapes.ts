// The request and answer shapes of Delhivery's LTL (B2B freight) API, on its own host
// (ltl-clients-api.delhivery.com, staging ltl-clients-api-dev.delhivery.com), from the document
// couriers.md A2 summarises. Requests are multipart forms whose structured fields are JSON text.
// ⚠ Where the summary gives no answer shape (the manifest job's result, tracking, pickup), the
// shape below is what public integrations read; check it against the account's API guide.

/** POST /ums/login: a bearer JWT valid 24 hours (public integrations read `data.jwt`, some `jwt`). */
export interface LtlLoginAnswer {
  jwt?: string;
  data?: { jwt?: string };
}

export interface LtlDropoff {
  consignee_name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  email?: string;
}

export interface LtlShipmentDetail {
  order_id: string;
  box_count: number;
  description: string;
  /** grams */
  weight: number;
  waybills: string[];
  master: boolean;
}

export interface LtlDimension {
  length_cm: number;
  width_cm: number;
  height_cm: number;
  box_count: number;
}

export interface LtlInvoice {
  inv_num: string;
  /** rupees */
  inv_amt: number;
  ewaybill: string;
  inv_qr_code: string;
}

export interface LtlBillingAddress {
  name: string;
  company: string;
  consignor: string;
  address: string;
  city: string;
  state: string;
  pin: string;
  phone: string;
  gst_number?: string;
  pan_number?: string;
}

/** POST /manifest and PUT /lrn/update/{lrn}: an asynchronous job. */
export interface LtlJobAnswer {
  job_id?: string;
  data?: { job_id?: string };
}

/**
 * GET /manifest?job_id=: ⚠ the job's state (public integrations poll until `status.type` is
 * Complete) and, once complete, the LR with its waybills: one a box, plus one for the document
 * envelope unless the movement is paperless.
 */
export interface LtlManifestStatus {
  status?: { type?: string; message?: string };
  data?: { lrnum?: string; waybills?: string[]; document_waybill?: string; error?: string };
}

/** GET /lrn/update/status?job_id= ⚠ same envelope as the manifest's job */
export type LtlUpdateStatus = LtlManifestStatus;

/** GET /lrn/track?lrnum=&all_wbns=true ⚠: the latest status only, no history, with each box's. */
export interface LtlTrackAnswer {
  data?: {
    lrnum: string;
    status: string;
    /** ISO time of the status */
    status_time: string;
    location?: string;
    remark?: string;
    wbns?: { wbn: string; status: string }[];
  };
}

/** POST /appointments/lm */
export interface LtlAppointment {
  lrn: string;
  /** DD/MM/YYYY, from tomorrow */
  date: string;
  /** HH:MM on a 30-minute grid */
  start_time: string;
  end_time: string;
  /** at most 5, or ["NotApplicable"] */
  po_number: string[];
  appointment_id: string;
}

/** POST /pickup_requests ⚠ answer */
export interface LtlPickupAnswer {
  pickup_id?: string | number;
  data?: { pickup_id?: string | number };
}

/** GET /document/download?lrn=&doc_type=LM_POD&version=latest ⚠ when it answers a link rather than the file */
export interface LtlDocumentAnswer {
  data?: { files?: { url?: string }[]; url?: string };
}
