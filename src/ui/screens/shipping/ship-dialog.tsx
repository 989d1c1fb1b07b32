import { useShipOrder, type ShipCalls } from '../../../services/use-ship-order';
import { Link } from 'react-router-dom';
import { formatRupees, rupeesOf } from '../../../domain/money';
import type { ShipmentInfo } from '../../../domain/shipping-contract';
import { Alert, Button, Dialog, Spinner } from '../../kit';
import { BookingFailedAlert } from './booking-failed-alert';
import { QuoteList } from './quote-list';
import type { OrderRow } from '../../../domain/orders-contract';
import { RiskBadge } from '../../risk/risk-badge';
import { CoverOptions } from './cover-options';

// "Ship now" on an order: the ship-order machine drives it; this only draws its states. A return's
// reverse pickup uses the same machine and dialog with the return's quote and ship calls (`calls`).

export type { ShipCalls };

export interface ShipWords {
  action: string;
  done: (carrierName: string, awb: string) => string;
}
const SHIP_WORDS: ShipWords = {
  action: 'Ship now',
  done: (carrier, awb) => `Shipped with ${carrier}: AWB ${awb}`,
};
/** A return's reverse pickup: the courier comes to the buyer. */
export const PICKUP_WORDS: ShipWords = {
  action: 'Schedule pickup',
  done: (carrier, awb) => `Pickup scheduled with ${carrier}: AWB ${awb}`,
};

export function ShipDialog({
  orderId,
  orderNumber,
  onClose,
  onShipped,
  calls,
  title,
  description = 'Choose a courier. The wallet is charged when the shipment is booked.',
  words = SHIP_WORDS,
  risk = null,
}: {
  /** the order's id, or the return's with `calls` */
  orderId: number;
  orderNumber: string;
  onClose: () => void;
  onShipped: (s: ShipmentInfo) => void;
  calls?: ShipCalls;
  title?: string;
  description?: string;
  /** what the button does and what it says once done: a return's pickup is scheduled, not shipped */
  words?: ShipWords;
  /** the order's RTO risk, beside the couriers */
  risk?: OrderRow['risk'];
}) {
  const [state, send] = useShipOrder(orderId, calls);
  const ctx = state.context;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={title ?? `Ship ${orderNumber}`}
      description={description}
      wide
    >
      <div className="stack">
        {risk && <RiskBadge risk={risk} />}
        {state.matches('loadingQuotes') && <Spinner label="Getting courier prices" />}
        {state.matches('quotesFailed') && (
          <Alert>
            <span>{ctx.error}</span>
            <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
              Try again
            </Button>
          </Alert>
        )}
        {state.matches('noCouriers') && (
          <Alert>
            <span>
              No courier can take this order:{' '}
              {ctx.unserviceable
                .slice(0, 3)
                .map((u) => u.reason)
                .join('; ')}
              .
            </span>
          </Alert>
        )}
        {(state.matches('choosing') ||
          state.matches('booking') ||
          state.matches('failed') ||
          state.matches('insufficientBalance')) && (
          <>
            {ctx.recommended && (
              <Alert tone="info">
                <span>
                  Recommended: <strong>{ctx.recommended.carrierName}</strong>. {ctx.recommended.reason}.
                </span>
              </Alert>
            )}
            <QuoteList
              quotes={ctx.quotes}
              chosen={ctx.chosen}
              recommended={ctx.recommended}
              onChoose={(carrierCode) => send({ type: 'CHOOSE', carrierCode })}
              slotId={ctx.slotId}
              onChooseSlot={(slotId) => send({ type: 'CHOOSE_SLOT', slotId })}
              disabled={!(state.matches('choosing') || state.matches('insufficientBalance'))}
            />
            {ctx.cover && (
              <CoverOptions
                cover={ctx.cover}
                quote={ctx.quotes.find((q) => q.carrierCode === ctx.chosen) ?? null}
                insured={ctx.insured}
                delayProtection={ctx.delayProtection}
                disabled={!(state.matches('choosing') || state.matches('insufficientBalance'))}
                onInsured={(insured) => send({ type: 'SET_INSURED', insured })}
                onDelayProtection={(on) => send({ type: 'SET_DELAY_PROTECTION', on })}
              />
            )}
            {ctx.unserviceable.length > 0 && (
              <details className="small-print">
                <summary>
                  {ctx.unserviceable.length} more {ctx.unserviceable.length === 1 ? 'courier does' : 'couriers do'} not
                  serve this order
                </summary>
                <ul aria-label="Couriers that do not serve this order">
                  {ctx.unserviceable.map((u) => (
                    <li key={u.carrierCode}>{u.reason}</li>
                  ))}
                </ul>
              </details>
            )}
          </>
        )}
        {state.matches('insufficientBalance') && (
          <Alert tone="warning">
            <span>{ctx.error}</span>
            <span>Choose a cheaper courier above, or recharge and ship.</span>
            <Link
              to={ctx.rechargePaise ? `/wallet?amount=${rupeesOf(ctx.rechargePaise)}` : '/wallet'}
              target="_blank"
              rel="noopener"
              className="btn btn-secondary"
            >
              {ctx.rechargePaise ? `Recharge ${formatRupees(ctx.rechargePaise)}` : 'Recharge wallet'} (opens a new tab)
            </Link>
            <Button onClick={() => send({ type: 'SHIP' })}>{words.action}</Button>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </Alert>
        )}
        {state.matches('failed') && (
          <BookingFailedAlert
            error={ctx.error}
            onRetry={() => send({ type: 'RETRY' })}
            onBack={() => send({ type: 'BACK' })}
          />
        )}
        {state.matches('booked') && ctx.shipment && (
          <Alert tone="info">
            <span role="status">{words.done(ctx.shipment.carrierName, ctx.shipment.awb)}</span>
            <Button onClick={() => onShipped(ctx.shipment!)}>Done</Button>
          </Alert>
        )}
        {(state.matches('choosing') || state.matches('booking')) && (
          <div className="row">
            <Button busy={state.matches('booking')} disabled={!ctx.chosen} onClick={() => send({ type: 'SHIP' })}>
              {words.action}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
