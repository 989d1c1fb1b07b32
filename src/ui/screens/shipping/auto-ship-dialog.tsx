import { useAutoShip } from '../../../services/use-auto-ship';
import type { AutoShipRule } from '../../../domain/schemas/shipping';
import { formatRupees } from '../../../domain/format';
import { Alert, Button, DataTable, Dialog, SelectField } from '../../kit';
import { FailureText } from '../kyc/failure-text';

// Auto-ship of the selected orders (the auto-ship machine): choose a rule or keep the saved
// preset, ship, and read each order's result.

const RULES: { value: string; label: string }[] = [
  { value: '', label: 'My saved rule (Courier preferences)' },
  { value: 'CHEAPEST', label: 'Cheapest courier' },
  { value: 'FASTEST', label: 'Fastest courier' },
  { value: 'PRIORITY', label: 'My courier priority list' },
  { value: 'RECOMMENDED', label: 'The recommended courier (Premium)' },
];

export function AutoShipDialog({ orderIds, onClose }: { orderIds: number[]; onClose: (shipped: boolean) => void }) {
  const [state, send] = useAutoShip(orderIds);
  const results = state.context.results;
  const shipped = results.filter((r) => r.shipped).length;
  const close = () => onClose(shipped > 0);
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={`Ship ${orderIds.length} order${orderIds.length === 1 ? '' : 's'}`}
      wide
    >
      <div className="stack">
        {(state.matches('confirming') || state.matches('shipping')) && (
          <>
            <SelectField
              label="Courier rule"
              value={state.context.rule ?? ''}
              onChange={(e) => send({ type: 'RULE', rule: (e.target.value || null) as AutoShipRule | null })}
              options={RULES}
            />
            <p className="small-print">
              Each order is booked with the courier the rule picks and charged to the wallet; an order that cannot ship
              says why.
            </p>
            <div className="row">
              <Button busy={state.matches('shipping')} onClick={() => send({ type: 'START' })}>
                Ship {orderIds.length}
              </Button>
              <Button variant="secondary" disabled={state.matches('shipping')} onClick={() => send({ type: 'CANCEL' })}>
                Cancel
              </Button>
            </div>
          </>
        )}
        {state.matches('failed') && (
          <Alert>
            <FailureText text={state.context.error} />
            <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
              Try again
            </Button>
          </Alert>
        )}
        {state.matches('cancelled') && <Button onClick={close}>Close</Button>}
        {state.matches('done') && (
          <>
            <p role="status">
              {shipped} shipped, {results.length - shipped} not shipped
            </p>
            <DataTable
              caption="Auto-ship results"
              rows={results}
              rowKey={(r) => r.orderId}
              columns={[
                { header: 'Order', cell: (r) => r.orderNumber || `#${r.orderId}` },
                {
                  header: 'Result',
                  cell: (r) =>
                    r.shipped ? `Shipped: ${r.carrierName}, AWB ${r.awb}, ${formatRupees(r.totalPaise)}` : r.reason,
                },
              ]}
            />
            <Button onClick={close}>Done</Button>
          </>
        )}
      </div>
    </Dialog>
  );
}
