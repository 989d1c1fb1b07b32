import { FORWARD_BEFORE_PICKUP, type ForwardStatus } from '../order-status';
import type { B2bBookingState } from './order-facts';

// What a seller may do with a B2B order now (the detail's `actions`, the screen's buttons and the
// server's refusals read the same rule). Booking needs a Ready To Ship order not booked or whose
// booking failed; cancelling is before pickup only; documents exist once the LR does.

export function b2bActions(status: ForwardStatus, booking: B2bBookingState) {
  return {
    book: status === 'RTS' && (booking === 'NONE' || booking === 'FAILED'),
    cancel: FORWARD_BEFORE_PICKUP.includes(status),
    documents: booking === 'BOOKED',
  };
}
