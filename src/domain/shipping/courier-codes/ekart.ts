import type { CourierStatus } from '../courier-status';

// Ekart's tracking vocabulary (its API's `swift_status` and `swift_ndr_status` lists, v3.8.8): every
// status word it documents, mapped to ours or deliberately left unknown so staff see it when it comes.

/** Ekart's status words and what each means for a forward parcel. */
export const EKART_STATUSES: Readonly<Record<string, CourierStatus>> = {
  'Order Placed': 'MANIFESTED',
  'Pickup Scheduled': 'MANIFESTED',
  'Pickup Pending': 'MANIFESTED',
  'Out for Pickup': 'MANIFESTED',
  // a missed pickup leaves the parcel waiting at the seller's for the next one
  'Not Picked': 'MANIFESTED',
  'Picked Up': 'PICKED_UP',
  'In Transit': 'IN_TRANSIT',
  'Shipment Delayed': 'IN_TRANSIT',
  'Out for Delivery': 'OUT_FOR_DELIVERY',
  Undelivered: 'UNDELIVERED',
  Delivered: 'DELIVERED',
  'RTO Requested': 'RTO_INITIATED',
  'Seller RTO Requested': 'RTO_INITIATED',
  'RTO In Transit': 'RTO_IN_TRANSIT',
  'RTO Shipment Delayed': 'RTO_IN_TRANSIT',
  'RTO Out for Delivery': 'RTO_IN_TRANSIT',
  'RTO Failed': 'RTO_UNDELIVERED',
  'RTO Delivered': 'RTO_DELIVERED',
  Lost: 'LOST',
  Damaged: 'DAMAGED',
};

/**
 * Documented words left unknown on purpose: a cancellation is the product's own act (it cancels
 * and refunds when the seller asks), and "Not Serviceable" or a cancelled pickup after booking is
 * something staff must look at, so each is recorded for them rather than moving the order.
 */
export const EKART_UNMAPPED_STATUSES = [
  'Cancelled',
  'Seller Cancelled',
  'Pickup Cancelled',
  'Not Serviceable',
] as const;

/** Ekart's NDR statuses (the `ndrStatus` of a failed attempt) and our reason for each (checked where wired). */
export const EKART_NDR_REASONS = [
  ['Unknown Exception', 'OTHER', 'Unknown exception at delivery'],
  ['Customer Unavailable', 'CONSIGNEE_UNAVAILABLE', 'Customer unavailable'],
  ['Rejected by Customer', 'REFUSED', 'Rejected by the customer'],
  ['Delivery Rescheduled', 'FUTURE_DELIVERY', 'Delivery rescheduled by the customer'],
  ['Pickup Rescheduled', 'FUTURE_DELIVERY', 'Pickup rescheduled by the customer'],
  ['Customer Unreachable', 'NOT_CONTACTABLE', 'Customer unreachable on phone'],
  ['Address Issue', 'ADDRESS_ISSUE', 'Address incomplete or wrong'],
  ['Payment Issue', 'COD_NOT_READY', 'Payment issue at delivery'],
  ['Out Of Delivery Area', 'AREA_NOT_REACHABLE', 'Out of the delivery area'],
  ['Order Already Cancelled', 'REFUSED', 'Customer says the order was cancelled'],
  ['Self Collect', 'FUTURE_DELIVERY', 'Customer will collect from the delivery centre'],
  ['Shipment Seized By Customer', 'OTHER', 'Shipment seized by the customer'],
  ['Dispute', 'REFUSED', 'Customer disputes the order'],
  ['Maximum Attempt Reached', 'OTHER', 'Maximum delivery attempts reached'],
  ['Not Attempted', 'COURIER_FAILURE', 'Delivery not attempted'],
  ['OTP Not Received/OTP Mismatch', 'NOT_CONTACTABLE', 'Delivery OTP not received or did not match'],
  ['OTP Verified Cancellation', 'REFUSED', 'Customer cancelled with the delivery OTP'],
  ['On Hold', 'OTHER', 'Shipment on hold'],
  ['RTO Delivery Failed', 'OTHER', 'Return delivery to the seller failed'],
] as const;
