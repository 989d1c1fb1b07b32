import { EWAY_BILL_NUMBER } from '../../src/domain/b2b/eway-bill-number';
import { ewayBillRequirement } from '../../src/domain/b2b/eway-bill-requirement';
import { B2B_MSG } from '../../src/domain/b2b/messages';
import { GSTIN_SHAPE } from '../../src/domain/gstin';
import type { CourierStatus } from '../../src/domain/shipping/courier-status';

// What the product asks of a business-to-business freight carrier (LTL, part-truck surface):
// one consignment of many boxes between two businesses, booked as a lorry receipt (LR, Gati's
// docket) with a number for each box, its invoices carrying their e-way bills. The parcel
// interface (adapter.ts) books one parcel for a buyer; freight lives beside it so no parcel
// courier changes. A carrier code may serve both: Gati (GT) carries freight only; Delhivery's LTL
// API is a separate account and host from its parcel API (couriers.md A2, A11, A13).

/** A business at one end of the consignment, as the lorry receipt prints it. */
export interface FreightParty {
  businessName: string;
  /** 15-character GSTIN; null for an unregistered consignee (carriers then ask for a PAN or none) */
  gstin: string | null;
  /** street lines */
  address: string;
  city: string;
  state: string;
  pincode: string;
  /** +91 and ten digits, as the product keeps phones */
  phone: string;
  email?: string;
}

/** The consignor: the seller's warehouse as the carrier registered it, for the pickup. */
export interface FreightConsignor extends FreightParty {
  /** the carrier's name for the registered warehouse (Delhivery's pickup_location_name) */
  warehouseName: string;
}

/** `count` boxes of one size and weight. */
export interface FreightBoxes {
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  /** each box's dead weight */
  weightKg: number;
  count: number;
}

export interface FreightInvoice {
  number: string;
  /** yyyy-mm-dd */
  date: string;
  /** the invoice's value with GST, in paise */
  valuePaise: number;
  /** the 12-digit e-way bill number; null when the invoice needs none */
  ewayBillNumber: string | null;
  /** when the e-way bill lapses (Gati's EWB_EXP_DT) */
  ewayBillValidUntil?: Date;
}

/** A delivery appointment the consignee asked for (marketplace warehouses, modern trade). */
export interface FreightAppointment {
  /** yyyy-mm-dd (IST) */
  date: string;
  /** HH:MM (IST), a carrier's slot grid (Delhivery: 30 minutes) */
  startTime: string;
  endTime: string;
  /** the consignee's purchase-order numbers (Delhivery: at most 5) */
  poNumbers: string[];
}

export interface ConsignmentRequest {
  /** the shipper's own reference for the consignment (the order number) */
  reference: string;
  consignor: FreightConsignor;
  consignee: FreightParty;
  boxes: FreightBoxes[];
  invoices: FreightInvoice[];
  goodsDescription: string;
  /** PAID: the consignor pays at booking (freight on pickup); TO_PAY: the consignee pays on delivery */
  freightPayment: 'PAID' | 'TO_PAY';
  /** who bears loss or damage: the owner (no carrier's risk cover) or the carrier (its ROV/FOV cover) */
  risk: 'OWNER' | 'CARRIER';
  /** the carrier collects from the warehouse, or the seller drops the boxes at its hub */
  handover: 'PICKUP' | 'SELF_DROP';
  appointment?: FreightAppointment;
  bookedAt: Date;
}

/** The booked consignment: its LR and one number a box, in the boxes' order (counts expanded). */
export interface BookedConsignment {
  lrNumber: string;
  boxNumbers: string[];
  /** the delivery appointment asked with the booking: booked, or refused in the carrier's words (the LR stands) */
  appointment?: { booked: true } | { booked: false; reason: string };
}

/**
 * A booking's state. Some carriers book at once; Delhivery's LTL manifest answers a job id,
 * settled later into the LR and its box numbers (or a refusal).
 */
export type FreightBooking =
  ({ state: 'BOOKED' } & BookedConsignment) | { state: 'PENDING'; jobId: string } | { state: 'FAILED'; reason: string };

/** One event of a consignment, at LR level. */
export interface FreightScan {
  lrNumber: string;
  at: Date;
  /** the carrier's own status code or words */
  carrierStatus: string;
  /** the product's status for it, null when the carrier's word has no product meaning */
  status: CourierStatus | null;
  location: string;
  remark: string;
}

export interface ConsignmentTracking {
  lrNumber: string;
  boxCount: number;
  /** boxes handed over so far (a part delivery leaves some behind) */
  boxesDelivered: number;
  /** oldest first; a carrier that answers its latest status only (Delhivery LTL) gives one */
  scans: FreightScan[];
}

/** What the carrier keeps of a delivered consignment: who took it, and their stamp or signature. */
export interface FreightProof {
  receiverName: string;
  /** a PNG of the consignee's stamp or the receiver's signature; null when the carrier has none */
  image: { kind: 'STAMP' | 'SIGNATURE'; png: Uint8Array } | null;
  /**
   * The carrier's own proof-of-delivery document (Delhivery LTL's LM_POD: the LR copy the
   * consignee signed and stamped), kept as it came: a PDF, or a JPEG or PNG scan.
   */
  document?: { contentType: 'application/pdf' | 'image/jpeg' | 'image/png'; bytes: Uint8Array };
}

/** A collection from a registered warehouse. */
export interface FreightPickupRequest {
  warehouseName: string;
  /** yyyy-mm-dd (IST) */
  date: string;
  /** HH:MM (IST) from when the boxes are ready */
  readyAt: string;
  expectedBoxes: number;
  lrNumbers: string[];
}

export interface FreightCarrier {
  /** the freight service's code (GT, DE-LTL) */
  readonly code: string;
  readonly name: string;
  /** books the consignment; throws CourierError when the carrier refuses it */
  book(req: ConsignmentRequest): Promise<FreightBooking>;
  /** where a booking answered PENDING stands now */
  bookingStatus(jobId: string): Promise<FreightBooking>;
  /** the LR's status with its box counts; null for an LR the carrier does not know */
  track(lrNumber: string): Promise<ConsignmentTracking | null>;
  requestPickup(request: FreightPickupRequest): Promise<{ pickupId: string }>;
  /**
   * withdraws a pickup asked for with requestPickup (the order was cancelled: no truck should come).
   * Optional: a carrier whose booking is itself the pickup (Gati) withdraws it with the LR.
   */
  cancelPickup?(pickupId: string): Promise<void>;
  /** tells the carrier an invoice's e-way bill after booking (a new or extended bill) */
  updateEwaybill(lrNumber: string, bill: FreightInvoice): Promise<void>;
  /** cancels an LR the carrier has not picked up; refused with its remark after */
  cancel(lrNumber: string): Promise<void>;
  /**
   * The consignment booked under the shipper's reference, for a booking whose answer was lost (a
   * timeout or a dropped connection before the carrier's id came back); null when the carrier
   * holds none (or only a cancelled one). Optional: a carrier without the lookup settles such a
   * booking as failed at once.
   */
  findBooking?(reference: string): Promise<BookedConsignment | null>;
  /**
   * The proof of a delivered LR; null before delivery. Optional: a carrier whose API gives no
   * proof leaves it out, and the product's proof of delivery then names the consignee.
   */
  proofOfDelivery?(lrNumber: string): Promise<FreightProof | null>;
}

/** Boxes one by one, in order: `count` boxes of a size become `count` entries. */
export function eachBox(boxes: readonly FreightBoxes[]): Omit<FreightBoxes, 'count'>[] {
  return boxes.flatMap(({ count, ...box }) => Array.from({ length: count }, () => box));
}

/** The consignment's dead weight in grams. */
export function consignmentGrams(boxes: readonly FreightBoxes[]): number {
  return boxes.reduce((sum, b) => sum + Math.round(b.weightKg * 1000) * b.count, 0);
}

/** The sum of the invoices' values in paise. */
export const invoicesPaise = (invoices: readonly FreightInvoice[]): number =>
  invoices.reduce((sum, i) => sum + i.valuePaise, 0);

/**
 * What every freight carrier refuses in a consignment before booking it, in words; null when none.
 * Whether e-way bills are needed is the domain's rule over the consignment's whole invoice value
 * (two invoices of ₹30,000 need them as one of ₹60,000 does); then each invoice without one is named.
 */
export function freightRefusal(req: ConsignmentRequest): string | null {
  if (eachBox(req.boxes).length === 0) return B2B_MSG.consignmentNoBoxes;
  if (req.invoices.length === 0) return B2B_MSG.consignmentNoInvoices;
  const malformed = req.invoices.find((i) => i.ewayBillNumber && !EWAY_BILL_NUMBER.test(i.ewayBillNumber));
  if (malformed) return B2B_MSG.invoiceEwayBillNumberFormat(malformed.number);
  const need = ewayBillRequirement({ invoiceValuePaise: invoicesPaise(req.invoices) });
  const lacking = req.invoices.filter((i) => !i.ewayBillNumber).map((i) => i.number);
  if (need.required && lacking.length > 0)
    return B2B_MSG.invoicesLackEwayBill(lacking, need.valuePaise, need.thresholdPaise);
  for (const [who, gstin] of [
    ['consignor', req.consignor.gstin],
    ['consignee', req.consignee.gstin],
  ] as const)
    if (gstin && !GSTIN_SHAPE.test(gstin)) return B2B_MSG.partyGstinInvalid(who);
  return null;
}
