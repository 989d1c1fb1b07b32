import { formatDateTime } from '../../../domain/format';
import { SIMULATION_STEPS } from '../../../domain/live-events-contract';
import { runPath, SIMULATION_GOALS, SIMULATION_LABELS, type SimulationGoal } from '../../../domain/live/simulation';
import type { LiveState } from '../../../machines/live-updates';
import { useSimulationOrder } from '../../../services/use-simulation-order';
import { Alert, Badge, Button, Card, SelectField, Stat, TextField } from '../../kit';
import { StaffDetailFrame, StaffDetailRoute, type StaffList } from './staff-detail';

// /dakiya/simulation/:orderId: one order's status and events as they arrive on its live stream,
// a button for each step it may take next, and a run to an end at an interval, with Stop.

const LIVE_BADGE: Record<LiveState, { tone: 'brand' | 'success' | 'warning' | 'danger'; text: string }> = {
  connecting: { tone: 'brand', text: 'Connecting…' },
  open: { tone: 'success', text: 'Live' },
  reconnecting: { tone: 'warning', text: 'Reconnecting…' },
  closed: { tone: 'brand', text: 'Live updates ended' },
  failed: { tone: 'danger', text: 'Not live' },
};

const LIST: StaffList = { to: '/dakiya/simulation', label: 'Order simulation' };

export function StaffSimulationOrderScreen() {
  return <StaffDetailRoute param="orderId" what="Order" list={LIST} page={(id) => <SimulationPage id={id} />} />;
}

function SimulationPage({ id }: { id: number }) {
  const [state, send] = useSimulationOrder(id);
  const { order: o, interval, goal, live, liveError, error } = state.context;
  const working = !state.matches({ viewing: { work: 'idle' } });
  const badge = LIVE_BADGE[live];
  return (
    <StaffDetailFrame
      list={LIST}
      crumb={<>Order {id}</>}
      loading={state.matches('loading')}
      error={state.matches('loadFailed') ? error : null}
      onRetry={() => send({ type: 'RETRY' })}
    >
      {() =>
        o && (
          <div className="stack">
            <header className="page-head row">
              <h1>{o.orderNumber}</h1>
              <Badge tone={badge.tone}>{badge.text}</Badge>
            </header>
            <div className="grid-stats">
              <Stat label="Seller" value={o.sellerName} />
              <Stat label="Courier" value={o.courierName ?? '—'} />
              <Stat label="AWB" value={<span className="awb">{o.trackingNumber ?? '—'}</span>} />
              <Stat label="Status" value={<span aria-live="polite">{o.statusText}</span>} />
            </div>
            {live === 'failed' && liveError && (
              <Alert>
                <span>{liveError}</span>{' '}
                <Button variant="secondary" onClick={() => send({ type: 'RETRY_LIVE' })}>
                  Reconnect
                </Button>
              </Alert>
            )}
            {error && <Alert>{error}</Alert>}
            <div className="grid-cards">
              <Card className="stack">
                <h2>Next step</h2>
                {o.running ? (
                  <>
                    <p>
                      Running: {o.running.remaining.length} step{o.running.remaining.length === 1 ? '' : 's'} to go, one
                      every {o.running.intervalSeconds} s.
                    </p>
                    <Button
                      variant="danger"
                      busy={state.matches({ viewing: { work: 'stopping' } })}
                      onClick={() => send({ type: 'STOP' })}
                    >
                      Stop
                    </Button>
                  </>
                ) : o.nextSteps.length ? (
                  <div className="row">
                    {o.nextSteps.map((step) => (
                      <Button
                        key={step}
                        variant="secondary"
                        disabled={working}
                        onClick={() => send({ type: 'STEP', step })}
                      >
                        {SIMULATION_STEPS[step]}
                      </Button>
                    ))}
                  </div>
                ) : (
                  <p className="small-print">This order can move no further.</p>
                )}
              </Card>
              {!o.running && (runPath(o.status, 'DLV').length > 0 || runPath(o.status, 'RTO_DLV').length > 0) && (
                <Card>
                  <form
                    className="stack"
                    onSubmit={(e) => {
                      e.preventDefault();
                      send({ type: 'RUN' });
                    }}
                  >
                    <h2>Run</h2>
                    <TextField
                      label={SIMULATION_LABELS.intervalSeconds}
                      inputMode="numeric"
                      value={interval}
                      onChange={(e) => send({ type: 'INTERVAL', value: e.currentTarget.value })}
                    />
                    <SelectField
                      label={SIMULATION_LABELS.goal}
                      value={goal}
                      options={Object.entries(SIMULATION_GOALS).map(([value, label]) => ({ value, label }))}
                      onChange={(e) => send({ type: 'GOAL', goal: e.currentTarget.value as SimulationGoal })}
                    />
                    <Button type="submit" busy={state.matches({ viewing: { work: 'starting' } })} disabled={working}>
                      Run
                    </Button>
                  </form>
                </Card>
              )}
            </div>
            <Card className="stack">
              <h2>Status events</h2>
              {o.events.length === 0 ? (
                <p className="small-print">No status events yet.</p>
              ) : (
                <ol className="timeline" aria-label="Status events">
                  {[...o.events].reverse().map((e) => (
                    <li key={e.eventId}>
                      <strong>{e.statusText}</strong>{' '}
                      <span className="small-print">
                        {formatDateTime(e.at)}
                        {e.location ? ` · ${e.location}` : ''}
                      </span>
                      {e.remark && <div className="small-print">{e.remark}</div>}
                    </li>
                  ))}
                </ol>
              )}
            </Card>
          </div>
        )
      }
    </StaffDetailFrame>
  );
}
