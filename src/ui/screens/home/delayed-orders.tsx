import { Link } from 'react-router-dom';
import { fetchDelayCounts } from '../../../services/delay-counts';
import { useHttp } from '../../../services/screen-services';
import { useRequest } from '../../hooks/use-request';
import { Card, Stat } from '../../kit';

// Home: orders running late, by type (pickup: scheduled over 48 hours ago and not picked up;
// shipment: past its expected delivery date).

export function DelayedOrders() {
  const http = useHttp();
  const counts = useRequest(() => fetchDelayCounts(http), { load: true });
  if (!counts.data) return null;
  return (
    <Card className="stack" aria-label="Delayed orders">
      <h2>Delayed orders</h2>
      <div className="grid-stats">
        <Stat label="Pickup delayed" value={counts.data.pickup.toLocaleString('en-IN')} />
        <Stat label="Shipment delayed" value={counts.data.shipment.toLocaleString('en-IN')} />
        <Stat label="Weight discrepancies" value={counts.data.discrepancy.toLocaleString('en-IN')} />
      </div>
      <Link to="/orders?tab=transit">See orders in transit</Link>
    </Card>
  );
}
