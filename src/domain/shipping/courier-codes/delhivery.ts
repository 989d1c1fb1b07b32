import type { CourierCodeTable } from '../courier-codes';
import type { CourierStatus } from '../courier-status';

// Delhivery B2C (Express): its statuses read as "<StatusType>-<Status>" (the type says which
// journey: UD forward, RT return to origin, PP/PU reverse pickup, DL a journey's end, CN cancelled
// pickup, LT lost), and its NSL codes on failed attempts. From Delhivery's B2C package lifecycle
// and scan push tables.

/** Every StatusType-Status pair Delhivery documents, with what it means for the order. */
export const DELHIVERY_STATUSES: Readonly<Record<string, CourierStatus>> = {
  // forward
  'UD-Manifested': 'MANIFESTED',
  // the pickup did not happen yet (the parcel still waits at the warehouse)
  'UD-Not Picked': 'MANIFESTED',
  'UD-In Transit': 'IN_TRANSIT',
  // a forward parcel held at the delivery centre: after a failed attempt it carries an NSL
  // code (EOD-xx); the adapter reads a Pending without one as still in transit
  'UD-Pending': 'UNDELIVERED',
  'UD-Dispatched': 'OUT_FOR_DELIVERY',
  'DL-Delivered': 'DELIVERED',
  // return to origin
  'RT-In Transit': 'RTO_IN_TRANSIT',
  'RT-Pending': 'RTO_IN_TRANSIT',
  'RT-Dispatched': 'RTO_IN_TRANSIT',
  'DL-RTO': 'RTO_DELIVERED',
  // reverse pickup (a return from the buyer's door)
  'PP-Open': 'REV_MANIFESTED',
  'PP-Scheduled': 'REV_MANIFESTED',
  'PP-Dispatched': 'REV_MANIFESTED',
  'PU-In Transit': 'REV_PICKED_UP',
  'PU-Pending': 'REV_IN_TRANSIT',
  'PU-Dispatched': 'REV_IN_TRANSIT',
  'DL-DTO': 'REV_DELIVERED',
  // a reverse pickup cancelled before it was collected, and its request closed
  'CN-Canceled': 'REV_PICKUP_FAILED',
  'CN-Closed': 'REV_PICKUP_FAILED',
  'LT-Lost': 'LOST',
};

/**
 * Scan codes that say more than their status word, read as "<StatusType>-<scan code>": Delhivery
 * reports a forward pickup as "UD In Transit" with the scan code X-PPOM; the product needs the
 * pickup as its own step (a booked parcel moves to Picked Up before In Transit).
 */
export const DELHIVERY_SCAN_CODES: Readonly<Record<string, CourierStatus>> = {
  'UD-X-PPOM': 'PICKED_UP',
  'PU-X-PPOM': 'REV_PICKED_UP',
};

export const DELHIVERY_DOCUMENTED_STATUSES = [...Object.keys(DELHIVERY_STATUSES), ...Object.keys(DELHIVERY_SCAN_CODES)];

type Reason = [code: string, reason: CourierCodeTable['reasons'][string]['reason'], text: string];

/**
 * Delhivery's NSL codes on failed attempts. The first eight are those its NDR API re-attempts;
 * the rest are recorded with the nearest reason (the NDR queue shows Delhivery's own words).
 */
export const DELHIVERY_NDR_REASONS: readonly Reason[] = [
  ['EOD-11', 'CONSIGNEE_UNAVAILABLE', 'Consignee unavailable'],
  ['EOD-74', 'ADDRESS_ISSUE', 'Bad or incomplete address'],
  ['EOD-15', 'NOT_CONTACTABLE', 'Consignee not reachable on phone'],
  ['EOD-104', 'AREA_NOT_REACHABLE', 'Entry restricted area'],
  ['EOD-43', 'AREA_NOT_REACHABLE', 'Entry restricted area'],
  ['EOD-86', 'COURIER_FAILURE', 'Not attempted'],
  ['EOD-69', 'FUTURE_DELIVERY', 'Customer asked for open delivery later'],
  ['EOD-6', 'REFUSED', 'Consignee refused to accept'],
  ['EOD-3', 'FUTURE_DELIVERY', 'Delivery rescheduled by the consignee'],
  ['EOD-16', 'CONSIGNEE_UNAVAILABLE', 'Office or shop closed'],
  ['EOD-40', 'COD_NOT_READY', 'Payment dispute: cash not ready'],
  ['EOD-111', 'REFUSED', 'Consignee opened the parcel and refused it'],
  ['EOD-777', 'OTHER', 'Shipment cancelled at the door'],
  ['EOD-21', 'OTHER', 'Shipment cancelled at the door'],
  ['DLYDC-107', 'CONSIGNEE_UNAVAILABLE', 'Office closed'],
  ['DLYDC-110', 'FUTURE_DELIVERY', 'Delivery rescheduled'],
  ['DLYDC-132', 'AREA_NOT_REACHABLE', 'Out of delivery area (ODA)'],
  ['FMEOD-103', 'OTHER', 'Shipper closed'],
  ['FMEOD-118', 'REFUSED', 'Cancelled by the consignee'],
  ['ST-105', 'OTHER', 'Re-attempt requested'],
  ['ST-107', 'OTHER', 'Re-attempt requested'],
  ['ST-108', 'OTHER', 'Maximum attempts reached; shipment held at the delivery centre'],
  ['RT-101', 'OTHER', 'Returned to origin'],
  ['RT-108', 'OTHER', 'Returned to origin'],
  ['RT-113', 'OTHER', 'Returned to origin'],
];

/** The failed-attempt codes the sandbox of Delhivery's codes draws from (as it always has). */
export const DELHIVERY_SANDBOX_FAILURE_CODES = [
  'EOD-11',
  'EOD-6',
  'EOD-74',
  'EOD-3',
  'EOD-15',
  'EOD-104',
  'EOD-43',
  'EOD-86',
  'EOD-16',
  'EOD-69',
  'ST-108',
];

/** The NSL codes Delhivery's NDR API takes a re-attempt for. */
export const DELHIVERY_REATTEMPT_CODES = [
  'EOD-74',
  'EOD-15',
  'EOD-104',
  'EOD-43',
  'EOD-86',
  'EOD-11',
  'EOD-69',
  'EOD-6',
];

/** Whether an NSL code marks a failed delivery attempt (an NDR), not a routine scan. */
export const isDelhiveryNdrCode = (code: string | undefined): boolean =>
  !!code && DELHIVERY_NDR_REASONS.some(([c]) => c === code) && !/^(ST|RT)-/.test(code);
