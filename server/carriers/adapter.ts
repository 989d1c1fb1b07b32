import type { CarrierProfile, Lane } from '../../src/domain/shipping/carriers';
import type { CourierStatus } from '../../src/domain/shipping/courier-status';
import type { NdrActionKind } from '../../src/domain/ndr-contract';

// What the product asks of a courier. The sandbox network implements it for every carrier code;
// a real integration implements the same interface against the courier's API.

export interface ShipmentRequest {
  orderNumber: string;
  /** `address`: the street lines, for couriers whose booking needs them (Delhivery's `add`) */
  from: { pincode: string; city: string; state: string; name: string; phone: string; address?: string };
  to: { pincode: string; city: string; state: string; name: string; phone: string; address?: string };
  zone: string;
  weightKg: number;
  paymentMethod: 'PPD' | 'COD';
  codAmountPaise: number;
  bookedAt: Date;
  /** a return's reverse pickup: from the buyer's door, with what to check there */
  reverse?: { qcChecks: { kind: string; expected: string }[] };
  /** a hyperlocal partner's delivery slot the seller chose */
  slot?: { id: string; startsAt: Date; endsAt: Date };
  /**
   * the shipper's own reference for this booking (Delhivery's order id, an aggregator's
   * client order id): a repeat with it answers the same booking, and findBooking finds it
   */
  clientReference?: string;
  /** the goods' invoice value, for couriers whose booking declares it (Ekart's total_amount) */
  declaredValuePaise?: number;
  /** the parcel's size as the seller packed it (Ekart's length, width and height) */
  dimensionsCm?: { length: number; breadth: number; height: number };
}

/** A day's collection from one warehouse. */
export interface PickupRequest {
  /** the courier's registered name for the warehouse, as it answered it */
  locationName: string;
  /** IST day, yyyy-mm-dd */
  date: string;
  expectedCount: number;
  awbs: string[];
}

/** A seller's warehouse as a courier registers it. */
export interface PickupLocationAddress {
  entityName: string;
  phone: string;
  email: string;
  addressLine1: string;
  addressLine2: string | null;
  pincode: string;
  city: string;
  state: string;
}

export interface BookedShipment {
  awb: string;
  /** the courier's sort code for its hubs, printed on the label */
  routingCode: string;
  pickupAt: Date;
  /** the rider a hyperlocal partner sends, when it names one as it books */
  riderName?: string;
}

/** A booking found again by its client reference. */
export interface FoundBooking extends BookedShipment {
  cancelled: boolean;
}

/** A multi-piece booking: the master AWB (the shipment's) and a child AWB a box, in the boxes' order. */
export interface BookedMultiPiece extends BookedShipment {
  childAwbs: string[];
}

export interface CourierScan {
  awb: string;
  at: Date;
  /** the courier's own status code (its table in src/domain/shipping/courier-codes.ts maps it) */
  courierStatus: CourierStatus | (string & {});
  location: string;
  remark: string;
  /** a failed attempt's reason code in the courier's words (Delhivery's EOD-xx, …) */
  reasonCode?: string;
  /** the weight and size the courier measured at its hub and charges, when this scan reports them */
  hubWeight?: HubWeighing;
  /**
   * the courier that reported it (the inlet sets it): a courier speaks only for the parcels booked
   * with it, so a scan of another courier's parcel, or of none, is ignored
   */
  reportedBy?: string;
}

/**
 * What a courier weighed and measured at its hub, and charges for (Delhivery's tracking answer
 * carries it as the shipment's ChargedWeight; aggregators' weight-reconciliation files as charged
 * weight and dimensions). The product compares its 0.5 kg slab with the seller's.
 */
export interface HubWeighing {
  deadWeightKg: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  /** where the courier's photo of the parcel on its scale is, when it gives an address */
  photoUrl?: string;
}

/** What the seller, the buyer or the product asks the courier to do about a failed attempt. */
export interface NdrInstruction {
  action: NdrActionKind;
  /** yyyy-mm-dd (IST) for the next attempt; the courier's next working day when absent */
  date?: string;
  address?: { line1: string; line2: string; landmark: string; pincode: string };
  phone?: string;
  remarks?: string;
  /** the buyer confirmed they want the parcel (their answer on the NDR page) */
  buyerConfirmed?: boolean;
}

/**
 * The courier's answer: accepted with its reference, refused with why (the parcel moved on, …),
 * or taken as a request whose outcome comes later (Delhivery answers a UPL id to poll).
 */
export type NdrRequestResult =
  | { accepted: true; reference: string }
  | { accepted: false; reason: string }
  | { accepted: 'PENDING'; requestId: string };

/** Where a request the courier answers later stands (its clock's time when it settled). */
export type CourierOperationStatus =
  { state: 'PENDING' } | { state: 'DONE'; reference: string; at: Date } | { state: 'FAILED'; reason: string; at: Date };

/** A seller's dispute about a delivered or returned parcel, filed with the courier as a claim. */
export interface CourierClaim {
  /** ours, unique per dispute: the courier files one claim per reference, so a repeat answers the same claim */
  reference: string;
  awb: string;
  category: string;
  description: string;
  evidenceUrls: string[];
}

/**
 * A courier's proof of delivery (Delhivery's POD document, a hyperlocal partner's delivery
 * details): when and to whom it was handed over, whether the buyer's OTP was checked, and the
 * image the courier captured (a photo at the door or the receiver's signature) when it keeps one.
 */
export interface ProofOfDelivery {
  deliveredAt: Date;
  receiverName: string;
  otpVerified: boolean;
  image: { kind: 'PHOTO' | 'SIGNATURE'; png: Uint8Array } | null;
}

export interface CarrierAdapter {
  readonly profile: CarrierProfile;
  /** null when it takes the parcel, else why not */
  serviceability(lane: Lane): string | null;
  createShipment(req: ShipmentRequest): Promise<BookedShipment>;
  /**
   * Optional: books boxes as one multi-piece shipment (Delhivery's MPS: one master waybill, a
   * child waybill a box, all delivered together). Present only where `profile.multiPiece` is.
   */
  createMultiPiece?(req: ShipmentRequest, boxes: { weightKg: number }[]): Promise<BookedMultiPiece>;
  cancel(awb: string): Promise<void>;
  /**
   * The booking made with this client reference, cancelled or not; null when the courier made
   * none. How the product finds a booking whose answer it lost (its process died mid-booking).
   */
  findBooking(clientReference: string): Promise<FoundBooking | null>;
  /**
   * Asks the courier to collect from a registered warehouse on a day (Delhivery: one request a
   * warehouse a day). Asked again for the same location and day with a new count, the courier
   * updates that day's request and answers its id.
   */
  requestPickup(request: PickupRequest): Promise<{ pickupId: string }>;
  /**
   * Optional: registers a seller's warehouse with the courier and answers the name the courier
   * keeps for it, exactly as it spells it: every pickup request must quote that string. Couriers
   * without registration take pickups without it.
   */
  registerPickupLocation?(address: PickupLocationAddress): Promise<{ registeredName: string }>;
  /** the scans it has for the AWB so far */
  track(awb: string): Promise<CourierScan[]>;
  /**
   * Optional: the scans of several AWBs in one call (Delhivery's track takes 50), at most the
   * courier's batch size (tracking-limits.ts). Throws CourierRateLimited on HTTP 429.
   */
  trackMany?(awbs: string[]): Promise<CourierScan[]>;
  /** after a failed attempt: another attempt (with new details) or a return to origin */
  ndrAction(awb: string, instruction: NdrInstruction): Promise<NdrRequestResult>;
  /**
   * Optional: the outcomes of requests it answered with a request id (bulk, as Delhivery's
   * get_bulk_upl); an id it does not know is absent from the answer.
   */
  operationStatus?(requestIds: string[]): Promise<Map<string, CourierOperationStatus>>;
  /** files a claim (lost, empty, damaged, wrong item) and answers the courier's claim number */
  fileClaim(claim: CourierClaim): Promise<{ claimRef: string }>;
  /** the photos the courier took at the buyer's door for a reverse pickup's quality check */
  qcPhotos(awb: string): Promise<{ name: string; bytes: Uint8Array }[]>;
  /** the courier's photo of the parcel on its hub scale, when it weighed one (null otherwise) */
  hubPhoto(awb: string): Promise<{ name: string; bytes: Uint8Array } | null>;
  /** the proof of a delivered parcel (null before delivery) */
  proofOfDelivery(awb: string): Promise<ProofOfDelivery | null>;
  /** the OTP the buyer must give the rider, for a courier that delivers against one (null otherwise) */
  deliveryOtp(awb: string): Promise<string | null>;
  /**
   * Optional: tells the courier the e-way bill of a booked parcel (invoice value above ₹50,000),
   * for couriers that take it after booking (Delhivery's e-way bill update). The product would call
   * it where a seller enters the e-way bill number of a shipped order.
   */
  updateEwaybill?(awb: string, bill: { invoiceNumber: string; ewayBillNumber: string }): Promise<void>;
  /**
   * Optional: registers the product's webhook with the courier, for couriers that take it through
   * their API (Ekart); asked at start for each live courier, so it must be safe to repeat.
   */
  registerWebhook?(url: string): Promise<void>;
}
