import { Link } from 'react-router-dom';
import { checkableRole, mayUse } from '../../../domain/permissions';
import { API_DASHBOARD } from '../../../domain/dashboard-contract';
import { useScreenSession } from '../../../services/screen-services';
import { useOperation } from '../../hooks/use-operation';
import { Card, Stat } from '../../kit';

// Home: today's headline figures, with the way to the dashboard (for a login that may see orders).

export function HomeFigures() {
  const { account, claims } = useScreenSession();
  const who = checkableRole(account, claims);
  const allowed = !!who && mayUse(who.role, who.permissions, 'orders.view');
  const stats = useOperation(API_DASHBOARD.home, {}, { load: allowed });
  if (!allowed || !stats.data) return null;
  const n = (x: number) => x.toLocaleString('en-IN');
  return (
    <Card className="stack" aria-label="Today">
      <h2>Today</h2>
      <div className="grid-stats">
        <Stat label="Orders today" value={n(stats.data.ordersToday)} />
        <Stat label="Shipments today" value={n(stats.data.shipmentsToday)} />
        <Stat label="Ready to ship" value={n(stats.data.readyToShip)} />
        <Stat label="Open NDR" value={n(stats.data.openNdr)} />
      </div>
      <Link to="/dashboard">See the dashboard</Link>
    </Card>
  );
}
