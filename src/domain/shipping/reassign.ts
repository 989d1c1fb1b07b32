import { formatRupees } from '../format';
import type { ShipmentState } from './shipment-rules';

// Moving a forward order's booked shipment to another courier ("Change courier"): when it is
// allowed, and the words that say what happens to the AWB and the money before the seller confirms.

/**
 * A shipment can move to another courier only while it waits for pickup (the order is Pickup
 * Scheduled and its shipment booked), and not for a split order, whose packages ship on their own.
 * The server refuses the same cases (shipping service).
 */
export const canReassignShipment = (s: ShipmentState & { splitMode?: string | null }): boolean =>
  s.state === 'BOOKED' && s.orderStatus === 'PKP_SCH' && !s.splitMode;

/** What confirming a reassignment does, as the server does it: refund first, then the new charge, in one step. */
export function reassignConsequences(
  current: { awb: string; carrierName: string; totalPaise: number },
  next: { carrierName: string; totalPaise: number },
): string[] {
  const difference = next.totalPaise - current.totalPaise;
  return [
    `AWB ${current.awb} with ${current.carrierName} is cancelled and its ${formatRupees(current.totalPaise)} goes back to your wallet.`,
    `A new AWB is booked with ${next.carrierName} and ${formatRupees(next.totalPaise)} is charged to your wallet.`,
    difference > 0
      ? `Your wallet pays ${formatRupees(difference)} more in all.`
      : difference < 0
        ? `Your wallet is ${formatRupees(-difference)} better off in all.`
        : 'Your wallet balance ends where it is now.',
    'Both happen together: if the new booking fails, nothing changes. Print the new label: the old one is void.',
  ];
}
