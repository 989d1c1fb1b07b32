import { conflict } from '../../http/errors';
import { advanceRefusal } from '../../../src/domain/payment-modes';

/** An order with a payment mode's advance unpaid does not ship: every ship path asks this (under the order's lock where it books). */
export function assertAdvancePaid(o: { advancePaise: number; advancePaidAt: Date | null }): void {
  const refusal = advanceRefusal(o);
  if (refusal) throw conflict(refusal);
}
