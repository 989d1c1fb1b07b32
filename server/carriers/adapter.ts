import type { CarrierProfile, Lane } from '../../src/domain/shipping/carriers';
import type { CourierStatus } from '../../src/domain/shipping/courier-status';

// What the product asks of a courier. The sandbox network implements it for every carrier code;
// a real integration implements the same interface against the courier's API.

export interface ShipmentRequest {
  orderNumber: string;
  from: { pincode: string; city: string; state: string; name: string; phone: string };
  to: { pincode: string; city: string; state: string; name: string; phone: string };
  zone: string;
  weightKg: number;
  paymentMethod: 'PPD' | 'COD';
  codAmountPaise: number;
  bookedAt: Date;
}

export interface BookedShipment {
  awb: string;
  /** the courier's sort code for its hubs, printed on the label */
  routingCode: string;
  pickupAt: Date;
}

export interface CourierScan {
  awb: string;
  at: Date;
  courierStatus: CourierStatus;
  location: string;
  remark: string;
}

export type NdrAction = 'REATTEMPT' | 'RTO';

/** A seller's dispute about a delivered or returned parcel, filed with the courier as a claim. */
export interface CourierClaim {
  /** ours, unique per dispute: the courier files one claim per reference, so a repeat answers the same claim */
  reference: string;
  awb: string;
  category: string;
  description: string;
  evidenceUrls: string[];
}

export interface CarrierAdapter {
  readonly profile: CarrierProfile;
  /** null when it takes the parcel, else why not */
  serviceability(lane: Lane): string | null;
  createShipment(req: ShipmentRequest): Promise<BookedShipment>;
  cancel(awb: string): Promise<void>;
  requestPickup(awbs: string[], date: string): Promise<{ pickupId: string }>;
  /** the scans it has for the AWB so far */
  track(awb: string): Promise<CourierScan[]>;
  ndrAction(awb: string, action: NdrAction): Promise<void>;
  /** files a claim (lost, empty, damaged, wrong item) and answers the courier's claim number */
  fileClaim(claim: CourierClaim): Promise<{ claimRef: string }>;
}
