import type { CourierScan } from './adapter';

// The product's door for what couriers send: scans (pushed, polled or reported by the sandbox) and
// COD remittance files. Adapters and the sandbox reach the product only through it (deps.courierInlet,
// wired at bootstrap), so nothing under server/carriers imports a product module.

/** What one call of scans did: how many were new, seen before, moved a parcel, or had a code no table knows. */
export interface InletResult {
  recorded: number;
  duplicates: number;
  unknown: number;
  moved: number;
  /** scans for AWBs this courier did not book with us (or another courier's), dropped */
  ignored: number;
}

/** A courier's COD remittance file: the cash it collected, paid with its bank reference. */
export interface RemittanceFile {
  carrierCode: string;
  reference: string;
  utr: string;
  remittedAt: Date;
  lines: { awb: string; amountPaise: number }[];
}

export interface RemittanceReceipt {
  /** false when this courier's reference was received before: nothing changed */
  recorded: boolean;
  lines: number;
  refused: number;
  totalPaise: number;
}

export interface CourierInlet {
  /** one courier's scans, in any order and with repeats: stored once, never moving a parcel back */
  receiveScans(carrierCode: string, scans: CourierScan[]): Promise<InletResult>;
  receiveRemittance(file: RemittanceFile): Promise<RemittanceReceipt>;
}
