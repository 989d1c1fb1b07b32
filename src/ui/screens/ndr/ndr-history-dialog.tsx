import { formatDateTime } from '../../../domain/format';
import { API_NDR, NDR_ACTIONS, type NdrActionPayload, type NdrActionSource } from '../../../domain/ndr-contract';
import { NDR_FIELD_LABELS } from '../../../domain/ndr-forms';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Badge, Button, Dialog, Spinner } from '../../kit';

// One NDR's story: every failed attempt of the parcel and every action taken on it, by whom.

const SOURCES: Record<NdrActionSource, string> = {
  SELLER: 'You',
  BUYER: 'The buyer',
  AUTO: 'Automatic',
  STAFF: 'Dakiya support',
};

function payloadText(p: NdrActionPayload): string {
  const parts = Object.entries(p)
    .filter(([k, v]) => k !== 'evidenceFileIds' && k !== 'declined' && v)
    .map(([k, v]) => `${NDR_FIELD_LABELS[k as keyof typeof NDR_FIELD_LABELS] ?? k}: ${String(v)}`);
  if (p.evidenceFileIds?.length) parts.push(`${p.evidenceFileIds.length} evidence image(s)`);
  if (p.declined) parts.push('The buyer declined the parcel');
  return parts.join(' · ');
}

export function NdrHistoryDialog({ ndrId, label, onClose }: { ndrId: number; label: string; onClose: () => void }) {
  const detail = useOperation(API_NDR.one, { params: { ndrId } }, { load: true });
  const d = detail.data;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`History of ${label}`} wide>
      {detail.loading && <Spinner label="Loading the history" />}
      {detail.failed && (
        <Alert>
          <span>{detail.error}</span>{' '}
          <Button variant="secondary" onClick={detail.retry}>
            Try again
          </Button>
        </Alert>
      )}
      {d && (
        <div className="stack">
          <p className="small-print">
            Ship to: {d.shippingAddress.line1}
            {d.shippingAddress.line2 ? `, ${d.shippingAddress.line2}` : ''}, {d.shippingAddress.city},{' '}
            {d.shippingAddress.state} {d.shippingAddress.pincode}
          </p>
          <h3>Delivery attempts</h3>
          <ol className="ndr-timeline" aria-label="Delivery attempts">
            {d.attempts.map((a) => (
              <li key={a.attempt}>
                <strong>Attempt {a.attempt}</strong> · {formatDateTime(a.raisedAt)}
                <br />
                {a.reasonText}
                {a.exceptionInfo && <span className="small-print"> ({a.exceptionInfo})</span>}
              </li>
            ))}
          </ol>
          <h3>Actions</h3>
          {d.history.length === 0 ? (
            <p className="muted">No action yet.</p>
          ) : (
            <ol className="ndr-timeline" aria-label="Actions">
              {d.history.map((h, i) => (
                <li key={i}>
                  <strong>{NDR_ACTIONS[h.action]}</strong> · {SOURCES[h.source]} · {formatDateTime(h.at)}{' '}
                  <Badge tone={h.outcome === 'APPLIED' ? 'success' : 'warning'}>
                    {h.outcome === 'APPLIED' ? 'Sent to courier' : 'Not applied'}
                  </Badge>
                  {payloadText(h.payload) && <div className="small-print">{payloadText(h.payload)}</div>}
                  {h.note && <div className="small-print">{h.note}</div>}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
      <div className="row dialog-actions">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
