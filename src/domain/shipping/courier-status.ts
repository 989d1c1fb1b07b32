import type { ForwardStatus, ReturnStatus } from '../order-status';

// Courier status words (as couriers report them) and the order status each one means. Every
// courier's scans, sandbox or real, are mapped through this one table on ingestion.

export const COURIER_STATUSES = {
  MANIFESTED: 'PKP_SCH',
  PICKED_UP: 'PKD',
  IN_TRANSIT: 'INT',
  OUT_FOR_DELIVERY: 'OFD',
  UNDELIVERED: 'NDR',
  DELIVERED: 'DLV',
  RTO_INITIATED: 'RTO_INT',
  RTO_IN_TRANSIT: 'RTO_INT',
  /** the return delivery to the seller failed (RTO-NDR); the courier tries once more */
  RTO_UNDELIVERED: 'RTO_INT',
  /** after the second failed return delivery the courier holds the parcel for the seller */
  RTO_HELD: 'RTO_INT',
  RTO_DELIVERED: 'RTO_DLV',
  LOST: 'LST',
  DAMAGED: 'DMG',
  // reverse pickups (returns): from the buyer's door back to the seller
  REV_MANIFESTED: 'RPS',
  /** the courier came and could not pick up (buyer away); it tries again */
  REV_PICKUP_ATTEMPTED: 'RPA',
  /** no pickup: the doorstep quality check failed, or the buyer was away at every attempt */
  REV_PICKUP_FAILED: 'RPF',
  REV_PICKED_UP: 'RPKD',
  REV_IN_TRANSIT: 'RINT',
  REV_DELIVERED: 'RDLV',
  REV_LOST: 'RLST',
} as const satisfies Record<string, ForwardStatus | ReturnStatus>;
export type CourierStatus = keyof typeof COURIER_STATUSES;

/**
 * A scan's words on a timeline. The way back folds several courier steps into RTO In Transit for
 * the order; each scan still says which step it was.
 */
const SCAN_TITLES: Partial<Record<string, string>> = {
  RTO_INITIATED: 'RTO Initiated',
  RTO_UNDELIVERED: 'RTO Delivery Attempt Failed',
  RTO_HELD: 'RTO Held At Courier',
};

export function scanTitle(courierStatus: string, statusText: string): string {
  return SCAN_TITLES[courierStatus] ?? statusText;
}
