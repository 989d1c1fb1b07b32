import type { CourierStatus } from '../courier-status';

// Xpressbees: the self-serve shipping API's tracking answer (history[].status_code: PP, IT, OFD,
// EX, DL, RT, RT-IT, RT-DL, …) and the enterprise status codes the same network reports through
// aggregators (DRC, PUC, OFP, PND, PUD, PKD, RAD, UD, DLVD, RTON, RTO-OFD, RTD, STD, STG, LOST).
// One account may see both, so the table is their union. A failed attempt (EX, UD) names its
// reason in words, not a code: those words are the reason codes below.

export const XPRESSBEES_STATUSES: Readonly<Record<string, CourierStatus>> = {
  // self-serve tracking (history[].status_code)
  PP: 'MANIFESTED', // pending pickup
  PU: 'PICKED_UP',
  IT: 'IN_TRANSIT',
  OFD: 'OUT_FOR_DELIVERY',
  EX: 'UNDELIVERED', // exception at the door: a failed attempt with its reason in the message
  DL: 'DELIVERED',
  RT: 'RTO_INITIATED',
  'RT-IT': 'RTO_IN_TRANSIT',
  'RT-OFD': 'RTO_IN_TRANSIT',
  'RT-EX': 'RTO_UNDELIVERED',
  'RT-DL': 'RTO_DELIVERED',
  LT: 'LOST',
  DG: 'DAMAGED',
  // enterprise codes (Xpressbees' status master)
  DRC: 'MANIFESTED', // data received
  PUC: 'MANIFESTED', // pickup requested
  OFP: 'MANIFESTED', // out for pickup
  PND: 'MANIFESTED', // pickup not done: it waits at the seller
  PUD: 'PICKED_UP',
  PKD: 'PICKED_UP',
  RAD: 'IN_TRANSIT', // reached at destination
  UD: 'UNDELIVERED',
  DLVD: 'DELIVERED',
  RTON: 'RTO_INITIATED',
  RTO: 'RTO_INITIATED',
  'RTO-IT': 'RTO_IN_TRANSIT',
  RAO: 'RTO_IN_TRANSIT', // reached at origin
  RTU: 'RTO_UNDELIVERED',
  'RTO-OFD': 'RTO_IN_TRANSIT',
  RTD: 'RTO_DELIVERED',
  STD: 'DAMAGED',
  STG: 'LOST', // shortage: the parcel is missing in the network
  'RTO-STG': 'LOST',
  LOST: 'LOST',
};

/** The words Xpressbees writes on a failed attempt, as they come in the scan's message. */
/** code, our reason (checked where the table is wired), the courier's words */
export const XPRESSBEES_NDR_REASONS = [
  ['CONSIGNEE NOT AVAILABLE', 'CONSIGNEE_UNAVAILABLE', 'Consignee not available'],
  ['CONSIGNEE REFUSED TO ACCEPT', 'REFUSED', 'Consignee refused to accept'],
  ['REFUSAL CONFIRMATION CODE VERIFIED', 'REFUSED', 'Consignee refused; refusal code verified'],
  ['INCOMPLETE ADDRESS', 'ADDRESS_ISSUE', 'Incomplete or wrong address'],
  ['CONSIGNEE SHIFTED', 'ADDRESS_ISSUE', 'Consignee shifted from the address'],
  ['CONSIGNEE NOT CONTACTABLE', 'NOT_CONTACTABLE', 'Consignee not reachable on phone'],
  ['CONSIGNEE ASKED FOR FUTURE DELIVERY', 'FUTURE_DELIVERY', 'Consignee asked for a later date'],
  ['COD AMOUNT NOT READY', 'COD_NOT_READY', 'Cash not ready (COD)'],
  ['ODA LOCATION', 'AREA_NOT_REACHABLE', 'Out of delivery area'],
  ['ENTRY RESTRICTED', 'AREA_NOT_REACHABLE', 'Entry restricted area'],
  ['DELIVERY NOT ATTEMPTED', 'COURIER_FAILURE', 'Delivery not attempted'],
  ['OFFICE CLOSED', 'CONSIGNEE_UNAVAILABLE', 'Office or shop closed'],
] as const;
