import { Link } from 'react-router-dom';
import type { AnswerOf } from '../../../domain/operation';
import type { API_DASHBOARD } from '../../../domain/dashboard-contract';
import { Card, Stat } from '../../kit';

// Home: today's headline figures, with the way to the dashboard (for a login that may see orders).

export function HomeFigures({ stats }: { stats: AnswerOf<typeof API_DASHBOARD.home> | null }) {
  if (!stats) return null;
  const n = (x: number) => x.toLocaleString('en-IN');
  return (
    <Card className="stack" aria-label="Today">
      <h2>Today</h2>
      <div className="grid-stats">
        <Stat label="Orders today" value={n(stats.ordersToday)} />
        <Stat label="Shipments today" value={n(stats.shipmentsToday)} />
        <Stat label="Ready to ship" value={n(stats.readyToShip)} />
        <Stat label="Open NDR" value={n(stats.openNdr)} />
      </div>
      <Link to="/dashboard">See the dashboard</Link>
    </Card>
  );
}
