import { SIMULATION_LABELS, SIMULATION_TEXT } from '../../../domain/live/simulation';
import { useSimulationPicker } from '../../../services/use-simulation-picker';
import { Alert, Button, Card, SelectField, TextField } from '../../kit';
import { StaffShell } from '../shell/staff-shell';

// /dakiya/simulation: open an order to simulate by its id or AWB, or make a test order (shipped,
// waiting for pickup) from the pickup address of a seller chosen from the accounts list, made on
// the platform's simulation sandbox so the seller's wallet and orders are never touched.

export function StaffSimulationScreen() {
  const [state, send] = useSimulationPicker();
  const { ref, search, accounts, accountId, error } = state.context;
  const busy = !state.matches('ready');
  return (
    <StaffShell>
      <div className="page stack">
        <header className="page-head">
          <h1>Order simulation</h1>
        </header>
        <p className="small-print">
          Move an order through its courier life as the courier’s scans would. The seller sees each status on the
          order’s page and the buyer on the tracking page, as it happens.
        </p>
        {error && <Alert>{error}</Alert>}
        <div className="grid-cards">
          <Card className="stack">
            <h2>Open an order</h2>
            <form
              className="stack"
              onSubmit={(e) => {
                e.preventDefault();
                send({ type: 'FIND' });
              }}
            >
              <TextField
                label={SIMULATION_LABELS.ref}
                value={ref}
                autoComplete="off"
                onChange={(e) => send({ type: 'REF', value: e.currentTarget.value })}
              />
              <Button type="submit" busy={state.matches('finding')} disabled={busy}>
                Open order
              </Button>
            </form>
          </Card>
          <Card className="stack">
            <h2>Create a test order</h2>
            <p className="muted">{SIMULATION_TEXT.sandbox}</p>
            <form
              className="row"
              onSubmit={(e) => {
                e.preventDefault();
                send({ type: 'SEARCH_ACCOUNTS' });
              }}
            >
              <TextField
                label="Search accounts"
                type="search"
                value={search}
                onChange={(e) => send({ type: 'SEARCH', value: e.currentTarget.value })}
              />
              <Button type="submit" variant="secondary" busy={state.matches('loadingAccounts')} disabled={busy}>
                Search
              </Button>
            </form>
            <SelectField
              label={SIMULATION_LABELS.account}
              placeholder={accounts.length ? 'Choose an account' : 'No accounts found'}
              value={accountId ?? ''}
              options={accounts.map((a) => ({ value: String(a.accountId), label: a.label }))}
              onChange={(e) =>
                send({
                  type: 'CHOOSE_ACCOUNT',
                  accountId: e.currentTarget.value ? Number(e.currentTarget.value) : null,
                })
              }
            />
            <Button busy={state.matches('creating')} disabled={busy} onClick={() => send({ type: 'CREATE' })}>
              Create test order
            </Button>
          </Card>
        </div>
      </div>
    </StaffShell>
  );
}
