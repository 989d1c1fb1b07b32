import { describe, expect, it } from 'vitest';
import { mapCourierStatus, mapNdrReason, ndrReasonCodes } from '../../src/domain/shipping/courier-codes';

// Every status code Xpressbees and Shadowfax document, each with the product status it means, and
// their failed-attempt reasons; the sandbox of the same codes keeps its own words.

const XPRESSBEES: Record<string, string> = {
  PP: 'MANIFESTED',
  PU: 'PICKED_UP',
  IT: 'IN_TRANSIT',
  OFD: 'OUT_FOR_DELIVERY',
  EX: 'UNDELIVERED',
  DL: 'DELIVERED',
  RT: 'RTO_INITIATED',
  'RT-IT': 'RTO_IN_TRANSIT',
  'RT-OFD': 'RTO_IN_TRANSIT',
  'RT-EX': 'RTO_UNDELIVERED',
  'RT-DL': 'RTO_DELIVERED',
  LT: 'LOST',
  DG: 'DAMAGED',
  DRC: 'MANIFESTED',
  PUC: 'MANIFESTED',
  OFP: 'MANIFESTED',
  PND: 'MANIFESTED',
  PUD: 'PICKED_UP',
  PKD: 'PICKED_UP',
  RAD: 'IN_TRANSIT',
  UD: 'UNDELIVERED',
  DLVD: 'DELIVERED',
  RTON: 'RTO_INITIATED',
  RTO: 'RTO_INITIATED',
  'RTO-IT': 'RTO_IN_TRANSIT',
  RAO: 'RTO_IN_TRANSIT',
  RTU: 'RTO_UNDELIVERED',
  'RTO-OFD': 'RTO_IN_TRANSIT',
  RTD: 'RTO_DELIVERED',
  STD: 'DAMAGED',
  STG: 'LOST',
  'RTO-STG': 'LOST',
  LOST: 'LOST',
};

const SHADOWFAX: Record<string, string> = {
  new: 'MANIFESTED',
  sent_to_rev: 'MANIFESTED',
  assigned_for_pickup: 'MANIFESTED',
  assigned_for_seller_pickup: 'MANIFESTED',
  ofp: 'MANIFESTED',
  seller_initiated_delay: 'MANIFESTED',
  seller_not_contactable: 'MANIFESTED',
  pickup_not_attempted: 'MANIFESTED',
  pickup_on_hold: 'MANIFESTED',
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
  reopen_ndr: 'IN_TRANSIT',
  assigned_for_delivery: 'IN_TRANSIT',
  ofd: 'OUT_FOR_DELIVERY',
  delivered: 'DELIVERED',
  cid: 'UNDELIVERED',
  nc: 'UNDELIVERED',
  na: 'UNDELIVERED',
  cancelled_by_customer: 'UNDELIVERED',
  on_hold: 'UNDELIVERED',
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
  'rev:new': 'REV_MANIFESTED',
  'rev:assigned_for_pickup': 'REV_MANIFESTED',
  'rev:ofp': 'REV_MANIFESTED',
  'rev:cid': 'REV_PICKUP_ATTEMPTED',
  'rev:nc': 'REV_PICKUP_ATTEMPTED',
  'rev:na': 'REV_PICKUP_ATTEMPTED',
  'rev:pickup_on_hold': 'REV_PICKUP_ATTEMPTED',
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

const mapped = (code: string, codes: Record<string, string>) =>
  Object.fromEntries(Object.keys(codes).map((c) => [c, mapCourierStatus(code, c)]));

describe('Xpressbees and Shadowfax status codes', () => {
  it('maps every Xpressbees code, for standard and same-day alike', () => {
    expect(mapped('XB', XPRESSBEES)).toEqual(XPRESSBEES);
    expect(mapped('XBSDD', XPRESSBEES)).toEqual(XPRESSBEES);
  });

  it('maps every Shadowfax status_id, the reverse journey’s marked rev:', () => {
    expect(mapped('SF', SHADOWFAX)).toEqual(SHADOWFAX);
  });

  it('leaves the seller’s own cancel unknown on purpose: it is recorded for staff, never a move', () => {
    expect(mapCourierStatus('SF', 'cancelled_by_seller')).toBeUndefined();
  });

  it('reads failed attempts’ reasons: Xpressbees’ words, Shadowfax’s status or hold remark', () => {
    expect(mapNdrReason('XB', 'CONSIGNEE NOT AVAILABLE')?.reason).toBe('CONSIGNEE_UNAVAILABLE');
    expect(mapNdrReason('XB', 'CONSIGNEE REFUSED TO ACCEPT')?.reason).toBe('REFUSED');
    expect(mapNdrReason('SF', 'nc')?.reason).toBe('NOT_CONTACTABLE');
    expect(mapNdrReason('SF', 'cancelled_by_customer')?.reason).toBe('REFUSED');
    expect(mapNdrReason('SF', 'Customer shifted from given address')?.reason).toBe('ADDRESS_ISSUE');
  });

  it('the sandbox of the same codes still reports and fails with its own words', () => {
    expect(mapCourierStatus('XB', 'OUT_FOR_DELIVERY')).toBe('OUT_FOR_DELIVERY');
    expect(ndrReasonCodes('XB').every((c) => /^XB-[A-Z]{3}$/.test(c))).toBe(true);
    expect(ndrReasonCodes('SF').every((c) => /^SF-[A-Z]{3}$/.test(c))).toBe(true);
    expect(mapNdrReason('SF', 'SF-CNA')?.reason).toBe('CONSIGNEE_UNAVAILABLE');
  });
});
