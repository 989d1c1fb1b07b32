import type { B2bCarrierQuote, B2bOrderDetail } from '../b2b-contract';
import { EXTEND_WINDOW_HOURS } from './eway-bill-lifecycle';

// What a B2B order's page may offer, from the order as the server answers it: which invoices
// still need an e-way bill before booking, and whether the boxes are on the move (the page reads
// the order again). Booking and cancelling follow the order's own `actions`.

/** How often the page reads a moving or pending order again. */
export const B2B_POLL_MS = 5_000;

/** The parts of the order the page's flow reads. */
export type B2bShipmentOrder = Pick<B2bOrderDetail, 'status' | 'booking' | 'invoices' | 'ewayBillRequired' | 'actions'>;

/** The order's invoices that still want an active e-way bill (none when the consignment needs none). */
export function b2bMissingEwayBills(order: B2bShipmentOrder) {
  if (!order.ewayBillRequired) return [];
  return order.invoices.filter((i) => !i.ewayBill || i.ewayBill.status !== 'ACT');
}

/** Statuses after booking and before the end: the page follows them. */
const MOVING = new Set(['PKP_SCH', 'PKD', 'INT', 'OFD', 'PART_DLV', 'RTO_INT', 'RTO_OFD']);

export const b2bIsMoving = (order: B2bShipmentOrder) => order.booking.state === 'BOOKED' && MOVING.has(order.status);

/** The cheapest carrier that quoted, to start with. */
export const cheapestCarrier = (quotes: B2bCarrierQuote[]) =>
  quotes.filter((q) => q.quote).sort((a, b) => a.quote!.totalPaise - b.quote!.totalPaise)[0]?.carrierCode ?? null;

/**
 * What the page warns of an e-way bill: expired, or expiring within the hours its extension
 * window opens before expiry (the seller can still extend it); null while it has time.
 */
/** How long before a bill lapses the order's page warns of it. */
export const EWAY_BILL_WARN_HOURS = 24;

/**
 * The warning an e-way bill's row shows while its goods are still on the way (not delivered):
 * expired, or expiring within EWAY_BILL_WARN_HOURS; null otherwise.
 */
export function ewayBillWarning(
  bill: { status: string; expiresAt: string | null },
  now: number,
  delivered = false,
): string | null {
  if (delivered) return null;
  if (bill.status === 'EXP') return 'Expired: extend it or generate a new one';
  if (bill.status !== 'ACT' || !bill.expiresAt) return null;
  const left = Date.parse(bill.expiresAt) - now;
  if (left <= 0) return 'Expired: extend it or generate a new one';
  return left <= EWAY_BILL_WARN_HOURS * 3600_000
    ? `Expires within ${EWAY_BILL_WARN_HOURS} hours: extend it in its window (${EXTEND_WINDOW_HOURS} hours either side of expiry)`
    : null;
}
