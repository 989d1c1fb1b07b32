import type { CourierStatus } from '../courier-status';

// Shadowfax: the status_id of its tracking answers (the marketplace and warehouse order states of
// its Unified API), and the reasons of its failed attempts. A failed attempt's reason is its
// status_id (nc, na, cid, cancelled_by_customer), or for a parcel put on hold the hold's remark.

export const SHADOWFAX_STATUSES: Readonly<Record<string, CourierStatus>> = {
  // before pickup
  new: 'MANIFESTED',
  sent_to_rev: 'MANIFESTED',
  assigned_for_pickup: 'MANIFESTED',
  assigned_for_seller_pickup: 'MANIFESTED',
  ofp: 'MANIFESTED',
  seller_initiated_delay: 'MANIFESTED',
  seller_not_contactable: 'MANIFESTED',
  pickup_not_attempted: 'MANIFESTED',
  pickup_on_hold: 'MANIFESTED',
  // picked up and moving
  picked: 'PICKED_UP',
  received_from_client_warehouse: 'PICKED_UP',
  recd_at_rev_hub: 'IN_TRANSIT',
  sent_to_fwd: 'IN_TRANSIT',
  item_manifested: 'IN_TRANSIT',
  bag_in_transit: 'IN_TRANSIT',
  bag_received_at_via: 'IN_TRANSIT',
  bag_received: 'IN_TRANSIT',
  recd_at_fwd_dc: 'IN_TRANSIT',
  recd_at_fwd_hub: 'IN_TRANSIT',
  item_misrouted: 'IN_TRANSIT',
  pincode_updated: 'IN_TRANSIT',
  // a re-attempt the seller asked for: the parcel waits at the hub for the next run
  reopen_ndr: 'IN_TRANSIT',
  assigned_for_delivery: 'IN_TRANSIT',
  ofd: 'OUT_FOR_DELIVERY',
  delivered: 'DELIVERED',
  // failed attempts
  cid: 'UNDELIVERED',
  nc: 'UNDELIVERED',
  na: 'UNDELIVERED',
  cancelled_by_customer: 'UNDELIVERED',
  on_hold: 'UNDELIVERED',
  // back to the seller
  rts: 'RTO_INITIATED',
  rto: 'RTO_INITIATED',
  rts_in_process: 'RTO_IN_TRANSIT',
  rto_in_process: 'RTO_IN_TRANSIT',
  rts_ofd: 'RTO_IN_TRANSIT',
  rts_nd: 'RTO_UNDELIVERED',
  rto_nd: 'RTO_UNDELIVERED',
  rts_d: 'RTO_DELIVERED',
  rto_d: 'RTO_DELIVERED',
  lost: 'LOST',
};

/**
 * A return's reverse pickup, tracked as a request: the same status_ids read as the reverse
 * journey's (the adapter marks them `rev:`), from the buyer's door to the seller.
 */
export const SHADOWFAX_REVERSE_STATUSES: Readonly<Record<string, CourierStatus>> = {
  'rev:new': 'REV_MANIFESTED',
  'rev:assigned_for_pickup': 'REV_MANIFESTED',
  'rev:ofp': 'REV_MANIFESTED',
  // the rider came and could not pick up: it tries again
  'rev:cid': 'REV_PICKUP_ATTEMPTED',
  'rev:nc': 'REV_PICKUP_ATTEMPTED',
  'rev:na': 'REV_PICKUP_ATTEMPTED',
  'rev:pickup_on_hold': 'REV_PICKUP_ATTEMPTED',
  // the doorstep quality check failed (a DOORSTEP_QC_* hold), or the buyer cancelled the return
  'rev:pickup_on_hold:qc': 'REV_PICKUP_FAILED',
  'rev:cancelled_by_customer': 'REV_PICKUP_FAILED',
  'rev:picked': 'REV_PICKED_UP',
  'rev:recd_at_rev_hub': 'REV_IN_TRANSIT',
  'rev:item_manifested': 'REV_IN_TRANSIT',
  'rev:bag_in_transit': 'REV_IN_TRANSIT',
  'rev:bag_received_at_via': 'REV_IN_TRANSIT',
  'rev:bag_received': 'REV_IN_TRANSIT',
  'rev:recd_at_fwd_dc': 'REV_IN_TRANSIT',
  'rev:recd_at_fwd_hub': 'REV_IN_TRANSIT',
  'rev:assigned_for_delivery': 'REV_IN_TRANSIT',
  'rev:ofd': 'REV_IN_TRANSIT',
  'rev:delivered': 'REV_DELIVERED',
  'rev:lost': 'REV_LOST',
};

/**
 * Documented codes deliberately left unknown (recorded for staff): a cancellation by the seller
 * is the product's own cancel coming back, never a move of the parcel.
 */
export const SHADOWFAX_UNMAPPED = ['cancelled_by_seller'] as const;

/** code, our reason (checked where the table is wired), the courier's words */
export const SHADOWFAX_NDR_REASONS = [
  ['nc', 'NOT_CONTACTABLE', 'Customer not contactable'],
  ['na', 'COURIER_FAILURE', 'Delivery not attempted'],
  ['cid', 'FUTURE_DELIVERY', 'Customer wants delivery on another date'],
  ['cancelled_by_customer', 'REFUSED', 'Cancelled by the customer at the door'],
  // on-hold remarks (its appendix)
  ['Incorrect/incomplete contact info', 'NOT_CONTACTABLE', 'Incorrect or incomplete contact details'],
  ['Pincode/address mismatch', 'ADDRESS_ISSUE', 'Pincode and address do not match'],
  ['Customer wants open delivery', 'OTHER', 'Customer wants an open-box delivery'],
  ['Customer shifted from given address', 'ADDRESS_ISSUE', 'Customer shifted from the address'],
  ['Non Serviceable Area', 'AREA_NOT_REACHABLE', 'Area not serviceable'],
  ['Customer wants delivery on another address', 'ADDRESS_ISSUE', 'Customer wants delivery at another address'],
  ['Customer wants delivery beyond cut-off date', 'FUTURE_DELIVERY', 'Customer wants delivery after the cut-off date'],
  ['Payment Issue', 'COD_NOT_READY', 'Payment issue'],
  ['COVID Restricted Area', 'AREA_NOT_REACHABLE', 'Restricted area'],
  ['Address is Junk', 'ADDRESS_ISSUE', 'Address unusable'],
  ['Three successful attempts done', 'OTHER', 'Three attempts made'],
] as const;
