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
  RTO_DELIVERED: 'RTO_DLV',
  LOST: 'LST',
  DAMAGED: 'DMG',
} as const satisfies Record<string, ForwardStatus>;
export type CourierStatus = keyof typeof COURIER_STATUSES;

/** Why a delivery failed, in the words couriers use (Delhivery-style NDR reasons). */
export const NDR_REASONS = [
  'Consignee not available',
  'Customer refused to accept the delivery',
  'Incomplete or wrong address',
  'Consignee unreachable on phone',
  'Cash not ready (COD)',
  'Customer asked for a future delivery date',
] as const;
