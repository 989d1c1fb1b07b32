import { FailureText } from '../kyc/failure-text';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatRupees } from '../../../domain/format';
import type { ShipmentInfo } from '../../../domain/shipping-contract';
import { reassignConsequences } from '../../../domain/shipping/reassign';
import { useCourierReassign } from '../../../services/use-courier-reassign';
import { Alert, Button, Dialog, Spinner } from '../../kit';
import { BookingFailedAlert } from './booking-failed-alert';
import { DocumentButtons } from './document-buttons';
import { QuoteList } from './quote-list';

// "Change courier" on a shipment waiting for pickup: the courier-reassign machine drives it; this
// only draws its states. The button is the dialog's trigger, so closing it puts focus back there.

type Current = Pick<ShipmentInfo, 'orderId' | 'orderNumber' | 'awb' | 'carrierCode' | 'carrierName' | 'totalPaise'>;

export function ReassignCourierAction({ shipment }: { shipment: Current }) {
  const [open, setOpen] = useState(false);
  // the shipment as it was when the dialog opened: the panel behind reads the new one once it is booked
  const [current, setCurrent] = useState(shipment);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (o) setCurrent(shipment);
        setOpen(o);
      }}
      title={`Change the courier of ${current.orderNumber}`}
      description={`From ${current.carrierName} (AWB ${current.awb}, charged ${formatRupees(current.totalPaise)}) to another courier that serves this order.`}
      wide
      trigger={<Button variant="secondary">Change courier</Button>}
    >
      {open && <ReassignCourierBody current={current} onClose={() => setOpen(false)} />}
    </Dialog>
  );
}

function ReassignCourierBody({ current, onClose }: { current: Current; onClose: () => void }) {
  const [state, send] = useCourierReassign(current.orderId, current.carrierCode);
  const ctx = state.context;
  const chosen = ctx.quotes.find((q) => q.carrierCode === ctx.chosen);
  const choices = state.matches('choosing') || state.matches('failed') || state.matches('insufficientBalance');
  return (
    <div className="stack">
      {state.matches('loadingQuotes') && <Spinner label="Getting courier prices" />}
      {state.matches('quotesFailed') && (
        <Alert>
          <FailureText text={ctx.error} />
          <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
            Try again
          </Button>
        </Alert>
      )}
      {state.matches('noOtherCourier') && (
        <Alert tone="info">
          <span>No other courier serves this order: it stays with {current.carrierName}.</span>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </Alert>
      )}
      {choices && (
        <QuoteList
          name="reassign-courier"
          quotes={ctx.quotes}
          chosen={ctx.chosen}
          current={current.carrierCode}
          onChoose={(carrierCode) => send({ type: 'CHOOSE', carrierCode })}
          disabled={!state.matches('choosing')}
        />
      )}
      {state.matches('choosing') && <p className="small-print">Nothing changes until you confirm.</p>}
      {state.matches('choosing') && (
        <div className="row dialog-actions">
          <Button disabled={!ctx.chosen} onClick={() => send({ type: 'REVIEW' })}>
            Review the change
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      )}
      {(state.matches('confirming') || state.matches('reassigning')) && chosen && (
        <section className="stack" aria-labelledby="reassign-confirm-heading">
          <h3 id="reassign-confirm-heading">
            Move to {chosen.carrierName}, delivering by {formatDate(chosen.edd)}?
          </h3>
          <ul>
            {reassignConsequences(current, chosen).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <div className="row dialog-actions">
            <Button busy={state.matches('reassigning')} onClick={() => send({ type: 'CONFIRM' })}>
              Change to {chosen.carrierName}
            </Button>
            <Button variant="secondary" disabled={state.matches('reassigning')} onClick={() => send({ type: 'BACK' })}>
              Back
            </Button>
          </div>
        </section>
      )}
      {state.matches('insufficientBalance') && (
        <Alert tone="warning">
          <FailureText text={ctx.error} />
          <Link to="/wallet" target="_blank" rel="noopener" className="btn btn-secondary">
            Recharge wallet (opens a new tab)
          </Link>
          <Button onClick={() => send({ type: 'RETRY' })}>Try again</Button>
          <Button variant="ghost" onClick={() => send({ type: 'BACK' })}>
            Choose another courier
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
      {state.matches('reassigned') && ctx.shipment && (
        <div className="stack">
          <Alert tone="info">
            <span>
              Moved to {ctx.shipment.carrierName}: AWB <span className="awb">{ctx.shipment.awb}</span>, charged{' '}
              {formatRupees(ctx.shipment.totalPaise)}
              {ctx.shipment.expectedDeliveryDate
                ? `, delivering by ${formatDate(ctx.shipment.expectedDeliveryDate)}`
                : ''}
              . AWB {current.awb} is cancelled and {formatRupees(current.totalPaise)} is back in your wallet.
            </span>
          </Alert>
          <div className="row dialog-actions">
            <DocumentButtons orderIds={[current.orderId]} kinds={['LABELS']} />
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      )}
    </div>
  );
}
