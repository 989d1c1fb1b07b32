import { VERIFICATION_STATES, type VerificationState } from '../../../domain/cod-verification';
import { Badge } from '../../kit';

// A COD verification's state as a badge: the orders list's rows and the order page's panel.

const TONE: Record<VerificationState, 'brand' | 'success' | 'warning' | 'danger'> = {
  PENDING: 'warning',
  CONFIRMED: 'success',
  CANCELLED: 'danger',
  SWITCHED: 'success',
  EXPIRED: 'danger',
};

export function VerificationBadge({ state }: { state: VerificationState }) {
  return <Badge tone={TONE[state]}>{VERIFICATION_STATES[state]}</Badge>;
}
