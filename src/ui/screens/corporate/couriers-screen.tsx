import { Link } from 'react-router-dom';
import { API_COURIER_HEALTH, type CourierHealth } from '../../../domain/courier-health-contract';
import {
  callWindowText,
  courierTotals,
  headroomText,
  latencyText,
  modeReasonText,
  webhookAuthText,
} from '../../../domain/courier-health-display';
import { formatDateTime } from '../../../domain/format';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Badge, Button, DataTable, Loadable, Stat, type Column } from '../../kit';
import { StaffShell } from '../shell/staff-shell';

// /dakiya/couriers: every courier's health at a glance: live or sandbox (and why), the last call
// that worked, calls and errors over the last hour and day, rate-limit headroom, how its webhooks
// authenticate (the scheme's name only) and the codes it sent that no table knows.

const COLUMNS: Column<CourierHealth>[] = [
  {
    header: 'Courier',
    cell: (r) => (
      <>
        {r.name}
        {(r.hyperlocal || !r.active) && (
          <div className="small-print">
            {[r.hyperlocal && 'Hyperlocal', !r.active && 'Switched off'].filter(Boolean).join(' · ')}
          </div>
        )}
      </>
    ),
  },
  {
    header: 'Mode',
    cell: (r) => (
      <>
        {r.mode === 'LIVE' ? <Badge tone="success">Live</Badge> : <Badge>Sandbox</Badge>}
        <div className="small-print">{modeReasonText(r)}</div>
      </>
    ),
  },
  {
    header: 'Last successful call',
    // the latest failure sits under it: when the two are far apart, the courier is down
    cell: (r) => (
      <>
        {r.lastSuccessAt ? formatDateTime(r.lastSuccessAt) : 'None yet'}
        {r.lastError && (
          <div className="small-print">
            Last error {formatDateTime(r.lastErrorAt!)}: {r.lastError}
          </div>
        )}
      </>
    ),
  },
  {
    header: 'Last hour',
    cell: (r) => (
      <>
        {callWindowText(r.lastHour)}
        <div className="small-print">{latencyText(r.lastHour)}</div>
      </>
    ),
  },
  {
    header: 'Last 24 hours',
    cell: (r) => (
      <>
        {callWindowText(r.lastDay)}
        <div className="small-print">{latencyText(r.lastDay)}</div>
      </>
    ),
  },
  { header: 'Rate-limit headroom', cell: (r) => headroomText(r) },
  { header: 'Webhook auth', cell: (r) => webhookAuthText(r) },
  {
    header: 'Unknown codes',
    cell: (r) =>
      r.unknownCodes ? (
        <Link to="/dakiya/courier-codes" aria-label={`${r.unknownCodes} unknown codes from ${r.name}`}>
          {r.unknownCodes.toLocaleString('en-IN')}
        </Link>
      ) : (
        '0'
      ),
  },
];

export function StaffCouriersScreen() {
  const couriers = useOperation(API_COURIER_HEALTH.couriers, {}, { load: true });
  const rows = couriers.data ?? [];
  const totals = courierTotals(rows);
  return (
    <StaffShell>
      <div className="page stack">
        <header className="page-head">
          <h1>Couriers</h1>
          <p>Each courier’s connection and the calls Dakiya made to it. Times are IST.</p>
        </header>
        <Loadable loading={couriers.loading && !couriers.data} error={couriers.error} onRetry={couriers.retry}>
          {() => (
            <>
              <div className="grid-stats">
                <Stat label="Live couriers" value={totals.live.toLocaleString('en-IN')} />
                <Stat label="On the sandbox" value={totals.sandbox.toLocaleString('en-IN')} />
                <Stat label="Calls in the last 24 hours" value={totals.calls.toLocaleString('en-IN')} />
                <Stat label="Errors in the last 24 hours" value={totals.failures.toLocaleString('en-IN')} />
              </div>
              {totals.calls === 0 && (
                <Alert tone="info">
                  No calls to couriers in the last 24 hours. Figures appear here as orders are booked and tracked.
                </Alert>
              )}
              <div className="row">
                <Button variant="secondary" onClick={() => couriers.run()} disabled={couriers.loading}>
                  Refresh
                </Button>
              </div>
              <DataTable
                caption="Couriers"
                columns={COLUMNS}
                rows={rows}
                rowKey={(r) => r.code}
                empty="No couriers are set up"
                busy={couriers.loading}
              />
            </>
          )}
        </Loadable>
      </div>
    </StaffShell>
  );
}
