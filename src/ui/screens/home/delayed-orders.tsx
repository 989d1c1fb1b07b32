import { Link } from 'react-router-dom';
import type { DelayCounts } from '../../../domain/orders-contract';
import { Card, Stat } from '../../kit';

// Home: orders running late, by type (pickup: scheduled over 48 hours ago and not picked up;
// shipment: past its expected delivery date).

export function DelayedOrders({ counts }: { counts: DelayCounts | null }) {
  if (!counts) return null;
  return (
    <Card className="stack" aria-label="Delayed orders">
      <h2>Delayed orders</h2>
      <div className="grid-stats">
        <Stat label="Pickup delayed" value={counts.pickup.toLocaleString('en-IN')} />
        <Stat label="Shipment delayed" value={counts.shipment.toLocaleString('en-IN')} />
        <Stat label="Weight discrepancies" value={counts.discrepancy.toLocaleString('en-IN')} />
      </div>
      <Link to="/orders?tab=transit">See orders in transit</Link>
    </Card>
  );
}
