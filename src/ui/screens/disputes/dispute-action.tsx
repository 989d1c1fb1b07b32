import { useDeliveryDispute } from '../../../services/use-delivery-dispute';
import { Link } from 'react-router-dom';
import {
  DISPUTE_CATEGORIES,
  disputeCategoryText,
  DISPUTE_RULES,
  EVIDENCE_TYPES,
  evidenceRequired,
  type DisputeRow,
} from '../../../domain/disputes-contract';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { Alert, Badge, Button, Card, Dialog, DropZone } from '../../kit';
import { DisputeStatusBadge } from './dispute-status-badge';

// The order page's delivery dispute: offered on a delivered or returned order within the window,
// then the dispute's progress. The delivery-dispute machine drives it; this only draws its states.

export function DisputeAction({ orderId }: { orderId: number }) {
  const [state, send] = useDeliveryDispute(orderId);
  const ctx = state.context;
  const e = ctx.eligibility;
  if (state.matches('checking') || state.matches('ineligible') || state.matches('loadFailed')) return null;
  const editing = state.matches('category') || state.matches('details') || state.matches('uploading');
  const submitting = state.matches('submitting');
  return (
    <Card className="stack" aria-labelledby={`dispute-${orderId}-heading`}>
      <h2 id={`dispute-${orderId}-heading`}>Delivery dispute</h2>
      {ctx.dispute && <DisputeSummary dispute={ctx.dispute} />}
      {state.matches('tracking') && ctx.error && <Alert>{ctx.error}</Alert>}
      {(state.matches({ tracking: 'open' }) ||
        state.matches({ tracking: 'withCourier' }) ||
        state.matches('refreshing')) && (
        <div className="row">
          <Button variant="secondary" busy={state.matches('refreshing')} onClick={() => send({ type: 'REFRESH' })}>
            Refresh dispute
          </Button>
          <Link to="/disputes">All disputes</Link>
        </div>
      )}
      {(state.matches('ready') || editing || submitting) && e?.deadline && (
        <>
          <p className="muted">
            Something wrong with this {e.deliveryStatus === 'RTO_DLV' ? 'return' : 'delivery'}? You can raise a dispute
            until {formatDateTime(e.deadline)}.
          </p>
          <div className="row">
            <Button onClick={() => send({ type: 'START' })}>Raise dispute</Button>
          </div>
        </>
      )}
      <Dialog
        open={editing || submitting}
        onOpenChange={(open) => !open && !submitting && send({ type: 'CANCEL' })}
        title="Raise a delivery dispute"
        description={
          e?.awb && e.deliveredAt
            ? `AWB ${e.awb} · ${e.deliveryStatus === 'RTO_DLV' ? 'returned to you' : 'delivered'} on ${formatDateTime(e.deliveredAt)}`
            : undefined
        }
      >
        {state.matches('category') && (
          <fieldset className="stack">
            <legend>What went wrong?</legend>
            {DISPUTE_CATEGORIES.map((c) => (
              <Button key={c} variant="secondary" block onClick={() => send({ type: 'CHOOSE', category: c })}>
                {disputeCategoryText(c, e?.deliveryStatus ?? null)}
              </Button>
            ))}
          </fieldset>
        )}
        {(state.matches('details') || state.matches('uploading') || submitting) && ctx.category && (
          <form
            className="stack"
            aria-label="Dispute details"
            onSubmit={(ev) => {
              ev.preventDefault();
              send({ type: 'SUBMIT' });
            }}
          >
            <p>
              <Badge>{disputeCategoryText(ctx.category, e?.deliveryStatus ?? null)}</Badge>{' '}
              <Button variant="ghost" onClick={() => send({ type: 'BACK' })} disabled={submitting}>
                Change
              </Button>
            </p>
            <div className="field">
              <label htmlFor={`dispute-${orderId}-description`}>Description</label>
              <textarea
                id={`dispute-${orderId}-description`}
                className="input"
                rows={4}
                maxLength={DISPUTE_RULES.descriptionMax}
                value={ctx.description}
                disabled={submitting}
                aria-describedby={`dispute-${orderId}-description-hint`}
                onChange={(ev) => send({ type: 'TYPE', value: ev.target.value })}
              />
              <span className="field-hint" id={`dispute-${orderId}-description-hint`}>
                What happened, in {DISPUTE_RULES.descriptionMin} to {DISPUTE_RULES.descriptionMax} characters (
                {ctx.description.trim().length} so far)
              </span>
            </div>
            <DropZone
              label={evidenceRequired(ctx.category) ? 'Add photos (at least one)' : 'Add photos (optional)'}
              hint={`PNG, JPEG or WEBP up to 1 MB each; at most ${DISPUTE_RULES.evidenceMax}`}
              accept={EVIDENCE_TYPES.join(',')}
              disabled={state.matches('uploading') || submitting || ctx.evidence.length >= DISPUTE_RULES.evidenceMax}
              chosen={state.matches('uploading') ? `Uploading ${ctx.pending?.name ?? ''}…` : undefined}
              onFile={(file) => send({ type: 'ADD_FILE', file })}
            />
            {ctx.evidence.length > 0 && (
              <ul className="list-plain evidence-list" aria-label="Evidence">
                {ctx.evidence.map((x) => (
                  <li key={x.fileId} className="evidence-item">
                    <img src={x.url} alt={x.name || 'Evidence image'} width={64} height={64} />
                    <span className="evidence-name">{x.name}</span>
                    <Button
                      variant="ghost"
                      disabled={submitting}
                      aria-label={`Remove ${x.name || 'image'}`}
                      onClick={() => send({ type: 'REMOVE_EVIDENCE', fileId: x.fileId })}
                    >
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {ctx.error && <Alert>{ctx.error}</Alert>}
            <div className="row">
              <Button type="submit" busy={submitting} disabled={state.matches('uploading')}>
                Send dispute
              </Button>
              <Button variant="secondary" disabled={submitting} onClick={() => send({ type: 'CANCEL' })}>
                Cancel
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </Card>
  );
}

function DisputeSummary({ dispute }: { dispute: DisputeRow }) {
  return (
    <div className="stack" aria-label="Dispute status" role="group">
      <p>
        {dispute.categoryText} · raised {formatDateTime(dispute.raisedAt)} ·{' '}
        <DisputeStatusBadge status={dispute.status} />
      </p>
      {dispute.status === 'ACCEPTED' && dispute.creditedPaise !== null && (
        <p>{formatRupees(dispute.creditedPaise)} credited to your wallet.</p>
      )}
      {dispute.staffNote && <p className="muted">Dakiya: {dispute.staffNote}</p>}
      {dispute.status === 'WITH_COURIER' && dispute.courierClaimRef && (
        <p className="muted">
          With {dispute.carrierName} as claim {dispute.courierClaimRef}.
        </p>
      )}
    </div>
  );
}
