import { ewayBillRequirement } from './eway-bill-requirement';
import type { B2bQuote } from './quote';

// What a B2B order's page may offer, from the order as the server answers it: which invoices
// still need an e-way bill before booking, whether the boxes are on the move (the page reads the
// order again), and whether the booking may still be cancelled (before pickup).

/** How often the page reads a moving or pending order again. */
export const B2B_POLL_MS = 5_000;

export interface B2bShipmentOrder {
  orderStatus: string;
  booking: { state: 'NONE' | 'PENDING' | 'BOOKED' | 'FAILED'; failure: string | null };
  invoices: { invoiceId: number; valuePaise: number; ewayBill: { number: string; status: string } | null }[];
}

export interface B2bCarrierQuote {
  carrierCode: string;
  carrierName: string;
  quote: B2bQuote | null;
  /** the carrier's refusal in words, when it has no quote */
  refusal: string | null;
}

/** The order's invoices that still want an e-way bill: none when the consignment's value does not need one. */
export function b2bMissingEwayBills(order: B2bShipmentOrder) {
  const value = order.invoices.reduce((sum, i) => sum + i.valuePaise, 0);
  if (!ewayBillRequirement({ invoiceValuePaise: value }).required) return [];
  return order.invoices.filter((i) => !i.ewayBill || i.ewayBill.status !== 'ACT');
}

/** Statuses after pickup and before the end: the page follows them. */
const MOVING = new Set(['PKP_SCH', 'PKD', 'INT', 'OFD', 'PART_DLV', 'RTO_INT', 'RTO_OFD']);

export const b2bIsMoving = (order: B2bShipmentOrder) =>
  order.booking.state === 'BOOKED' && MOVING.has(order.orderStatus);

/** A booked LR may be cancelled until the carrier picks it up. */
export const b2bCanCancel = (order: B2bShipmentOrder) =>
  order.booking.state === 'BOOKED' && ['RTS', 'PKP_SCH'].includes(order.orderStatus);
