import { riskLabel, type RiskBand } from '../../domain/risk/bands';
import type { OrderRow } from '../../domain/orders-contract';
import { Badge } from '../kit';

// An order's RTO risk as a badge: the orders list's rows, the order page and the ship dialog.

const TONE: Record<RiskBand, 'success' | 'warning' | 'danger'> = {
  LOW: 'success',
  MEDIUM: 'warning',
  HIGH: 'danger',
};

export function RiskBadge({ risk }: { risk: NonNullable<OrderRow['risk']> }) {
  return (
    <span data-testid="risk-badge">
      <Badge tone={TONE[risk.band]}>{riskLabel(risk.band, risk.score)}</Badge>
    </span>
  );
}
