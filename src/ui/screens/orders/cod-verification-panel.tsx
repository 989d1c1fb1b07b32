import { AFTER_WAIT_RULES, CANCEL_REASONS, type CancelReason } from '../../../domain/cod-verification';
import { formatDateTime } from '../../../domain/format';
import { useCodVerificationPanel } from '../../../services/use-cod-verification';
import { Alert, Button, Card, ConfirmDialog, Spinner } from '../../kit';
import { VerificationBadge } from './verification-badge';

// The order page's COD verification: where the buyer's confirmation stands, why it was asked,
// until when (IST), why the order may not ship yet, what happened, and the seller's two moves
// (send the link again; ship without confirmation). The panel machine drives it.

export function CodVerificationPanel({ orderId, orderNumber }: { orderId: number; orderNumber: string }) {
  const [state, send] = useCodVerificationPanel(orderId);
  const { verification: v, error, notice } = state.context;
  return (
    <Card className="stack" aria-labelledby="cod-verify-heading">
      <h2 id="cod-verify-heading">COD verification</h2>
      {state.matches('loading') && <Spinner label="Reading the buyer’s confirmation" />}
      {state.matches('failed') && (
        <Alert>
          <span>{error}</span>
          <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
            Try again
          </Button>
        </Alert>
      )}
      {v && (
        <>
          <p>
            <VerificationBadge state={v.state} />
            {v.overridden && <> · cleared to ship without confirmation</>}
          </p>
          <p className="muted">
            {v.state === 'PENDING'
              ? `Waiting for the buyer until ${formatDateTime(v.dueAt)} (IST).`
              : v.state === 'EXPIRED' && v.appliedRule
                ? `No answer by ${formatDateTime(v.dueAt)} (IST): ${AFTER_WAIT_RULES[v.appliedRule].toLowerCase()}.`
                : v.state === 'CANCELLED' && v.cancelReason
                  ? `The buyer’s reason: ${CANCEL_REASONS[v.cancelReason as CancelReason] ?? v.cancelReason}.`
                  : `The link was sent ${v.messagesSent} time${v.messagesSent === 1 ? '' : 's'}.`}
          </p>
          {v.reasons.length > 0 && (
            <p>
              Asked because: <span className="muted">{v.reasons.join('; ')}</span>
            </p>
          )}
          {v.shippingRefusal && <Alert tone="warning">{v.shippingRefusal}</Alert>}
          {notice && <Alert tone={notice.kind === 'error' ? 'error' : 'info'}>{notice.message}</Alert>}
          {(v.mayResend || v.mayOverride) && (
            <div className="row">
              {v.mayResend && (
                <Button
                  variant="secondary"
                  busy={state.matches('resending')}
                  disabled={!state.matches('ready') && !state.matches('resending')}
                  onClick={() => send({ type: 'RESEND' })}
                >
                  Resend link
                </Button>
              )}
              {v.mayOverride && (
                <Button
                  variant="secondary"
                  disabled={!state.matches('ready')}
                  onClick={() => send({ type: 'OVERRIDE' })}
                >
                  Ship without confirmation
                </Button>
              )}
            </div>
          )}
          <ol className="list-plain history" aria-label="Verification timeline">
            {v.timeline.map((e, i) => (
              <li key={i}>
                <strong>{formatDateTime(e.at)}</strong> · {e.note}
              </li>
            ))}
          </ol>
        </>
      )}
      <ConfirmDialog
        open={state.matches('confirming') || state.matches('overriding')}
        title="Ship without the buyer’s confirmation?"
        message={`Order ${orderNumber} may then be shipped although its buyer has not confirmed it. If the buyer refuses the parcel, it comes back to you (RTO) at your cost. This is recorded on the order.`}
        confirmLabel="Ship without confirmation"
        busy={state.matches('overriding')}
        onCancel={() => send({ type: 'CANCEL' })}
        onConfirm={() => send({ type: 'CONFIRM' })}
      />
    </Card>
  );
}
