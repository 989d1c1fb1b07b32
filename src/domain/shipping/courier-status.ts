import type { ForwardStatus } from '../order-status';

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
} as const satisfies Record<string, ForwardStatus>;
export type CourierStatus = keyof typeof COURIER_STATUSES;
