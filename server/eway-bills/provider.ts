import type { CancelReason, EwayBillStatus, ExtendReason, PartBReason } from '../../src/domain/b2b/eway-bill-lifecycle';

// One interface for e-way bills, whoever issues them: the NIC e-way bill API through a GST
// suvidha provider (nic.ts, when its credentials are set) or the offline sandbox (sandbox.ts),
// chosen by setup.ts. What is simulated: docs/simulated.md. Money is in paise and moments are epoch
// milliseconds here; the adapter speaks NIC's rupees and IST dates on the wire.
//
// Every call answers what NIC vouches for (`ok: true`), a refusal of what was sent (`REFUSED`,
// with NIC's error codes and their texts, which the seller or the product can fix), or
// `UNAVAILABLE` when the portal could not answer (down, credentials refused, rate limit):
// nothing is decided and the call may be tried again later.

export type ProviderName = 'sandbox' | 'nic';

export interface Party {
  /** GSTIN, or "URP" for an unregistered person */
  gstin: string;
  tradeName: string;
  address1: string;
  address2?: string;
  place: string;
  pincode: string;
  /** the GST state code (29 Karnataka, 07 Delhi …) */
  stateCode: number;
}

export interface GoodsLine {
  productName: string;
  hsnCode: string;
  quantity: number;
  /** the unit quantity code (NOS, KGS, BOX …) */
  unit: string;
  taxableValuePaise: number;
  /** percent rates; within a state CGST and SGST, across states IGST */
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
}

export type TransportMode = 'ROAD' | 'RAIL' | 'AIR' | 'SHIP';

/** Part B: who moves the goods and in what. */
export interface PartB {
  mode: TransportMode;
  vehicleNo?: string;
  /** the transporter's document (an LR or docket number) and its day, yyyy-mm-dd */
  transportDocNo?: string;
  transportDocDate?: string;
  /** over-dimensional cargo */
  overDimensional?: boolean;
}

/** Part A with the goods and the parties; the transporter; Part B when the vehicle is known. */
export interface GenerateRequest {
  supplyType: 'OUTWARD' | 'INWARD';
  /** NIC's sub-supply type: 1 supply, 2 import, 3 export, 4 job work, … (b2b.md §B4) */
  subSupplyType: number;
  docType: 'INV' | 'BIL' | 'BOE' | 'CHL' | 'CNT' | 'OTH';
  docNo: string;
  /** yyyy-mm-dd */
  docDate: string;
  from: Party;
  to: Party;
  /** 1 regular, 2 bill-to-ship-to, 3 bill-from-dispatch-from, 4 both */
  transactionType: 1 | 2 | 3 | 4;
  items: GoodsLine[];
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
  /** the invoice's total, GST included */
  totalInvoicePaise: number;
  distanceKm: number;
  transporterId: string;
  transporterName: string;
  partB: PartB | null;
}

export interface Issued {
  ewayBillNumber: string;
  generatedAt: number;
  /** the moment it stops being valid (midnight at the end of its last day); null until Part B is in */
  expiresAt: number | null;
  /** NIC's remark on an accepted bill, if any */
  alert: string | null;
}

/** Part B updates: 1 breakdown, 2 transhipment, 3 others, 4 first time (NIC's codes). */
export type { PartBReason };

export interface PartBUpdate {
  ewayBillNumber: string;
  partB: PartB;
  fromPlace: string;
  fromStateCode: number;
  reason: PartBReason;
  remarks: string;
}

export interface Extension {
  ewayBillNumber: string;
  partB: PartB;
  fromPlace: string;
  fromStateCode: number;
  fromPincode: string;
  remainingKm: number;
  reason: ExtendReason;
  remarks: string;
}

export interface Updated {
  ewayBillNumber: string;
  updatedAt: number;
  expiresAt: number | null;
}

export interface Cancelled {
  ewayBillNumber: string;
  cancelledAt: number;
}

export interface EwayBillRecord {
  ewayBillNumber: string;
  status: EwayBillStatus;
  generatedAt: number;
  expiresAt: number | null;
  docNo: string;
  fromGstin: string;
  toGstin: string;
  totalInvoicePaise: number;
  vehicleNo: string | null;
  /** the goods as the bill lists them */
  items: GoodsLine[];
}

export interface Refused {
  ok: false;
  reason: 'REFUSED' | 'UNAVAILABLE';
  /** NIC's error codes ("238", "604"), empty when the portal did not answer */
  codes: string[];
  /** the portal's words, for the seller and staff */
  detail: string;
}

export type Answer<T> = ({ ok: true } & T) | Refused;

export interface EwayBillProvider {
  readonly name: ProviderName;
  readonly sandbox: boolean;
  generate(request: GenerateRequest): Promise<Answer<Issued>>;
  updatePartB(update: PartBUpdate): Promise<Answer<Updated>>;
  extend(extension: Extension): Promise<Answer<Updated>>;
  cancel(ewayBillNumber: string, reason: CancelReason, remarks: string): Promise<Answer<Cancelled>>;
  get(ewayBillNumber: string): Promise<Answer<EwayBillRecord>>;
}

export function refused(reason: Refused['reason'], detail: string, codes: string[] = []): Refused {
  return { ok: false, reason, codes, detail };
}
