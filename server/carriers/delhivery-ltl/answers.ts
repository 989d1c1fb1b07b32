import type { CourierStatus } from '../../../src/domain/shipping/courier-status';
import { fromIstWallTime } from '../indian-formats';
import type { FreightScan } from '../freight';
import type { LtlTrackAnswer } from './shapes';

// Delhivery LTL's quirks, kept here so none leaks past the adapter: an LR's statuses in its own
// words (latest only, no history), plain-text validation errors, and login refusals whose words
// say why (a wrong password, a user locked after wrong passwords, a password that has expired).

/** The LR statuses its document lists (couriers.md A2), each as the product's status. */
export const DELHIVERY_LTL_STATUSES: Readonly<Record<string, CourierStatus>> = {
  MANIFESTED: 'MANIFESTED',
  NOT_PICKED: 'MANIFESTED',
  PICKED_UP: 'PICKED_UP',
  LEFT_ORIGIN: 'IN_TRANSIT',
  REACH_DESTINATION: 'IN_TRANSIT',
  OFD: 'OUT_FOR_DELIVERY',
  // some boxes handed over, the rest to go again: the product waits as after a failed attempt
  PART_DEL: 'UNDELIVERED',
  UNDEL_REATTEMPT: 'UNDELIVERED',
  DELIVERED: 'DELIVERED',
  RETURNED_INTRANSIT: 'RTO_IN_TRANSIT',
  RECEIVED_AT_RETURN_CENTER: 'RTO_IN_TRANSIT',
  RETURN_OFD: 'RTO_IN_TRANSIT',
  RETURN_DELIVERED: 'RTO_DELIVERED',
  LOST: 'LOST',
};

/** ⚠ Delhivery's words refusing a login; the document shows none, public integrations see these. */
export const LOGIN_REFUSED = /invalid (credentials|username|password)|wrong password|locked|expired|unauthori[sz]ed/i;

/** ⚠ Delhivery's words for an LR it does not know. */
export const UNKNOWN_LR = /not found|does not exist|invalid lrn?/i;

/** The latest status as the one scan Delhivery LTL's tracking gives. */
export function ltlScanOf(data: NonNullable<LtlTrackAnswer['data']>): FreightScan {
  const zoned = /[zZ]|[+-]\d{2}:?\d{2}$/.test(data.status_time);
  return {
    lrNumber: data.lrnum,
    at: zoned ? new Date(data.status_time) : fromIstWallTime(data.status_time),
    carrierStatus: data.status,
    status: DELHIVERY_LTL_STATUSES[data.status] ?? null,
    location: data.location ?? '',
    remark: data.remark ?? data.status,
  };
}

/** The day as Delhivery LTL's appointment takes it: DD/MM/YYYY from yyyy-mm-dd. */
export const ddmmyyyy = (day: string): string => day.split('-').reverse().join('/');
