import type { OrderRow } from '../../domain/orders-contract';
import { Card } from '../kit';
import { RiskBadge } from './risk-badge';

// The order page's RTO risk: the band and chance when the order was created, and what weighed most.

export function RiskCard({ risk }: { risk: NonNullable<OrderRow['risk']> }) {
  return (
    <Card className="stack" data-testid="risk-card">
      <h2>RTO risk</h2>
      <p>
        <RiskBadge risk={risk} />
      </p>
      {risk.reasons.length > 0 ? (
        <ul className="risk-reasons">
          {risk.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">Nothing about this order stands out.</p>
      )}
    </Card>
  );
}
