import { DISPUTE_RULES } from '../../../domain/disputes-contract';
import { FORWARD_STATUSES } from '../../../domain/order-status';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { useStaffDisputeDecision } from '../../../services/use-staff-dispute-decision';
import { Alert, Button, Card, TextField } from '../../kit';
import { DisputeStatusBadge } from '../disputes/dispute-status-badge';
import { StaffDetailFrame, StaffDetailRoute, type StaffList } from './staff-detail';

// /dakiya/disputes/:disputeId: one dispute with its evidence; staff send it to the courier, then
// accept it (the amount, bounded by the order value and the shipment's charges) or reject it.

const LIST: StaffList = { to: '/dakiya/disputes', label: 'Delivery disputes' };

export function StaffDisputeScreen() {
  return <StaffDetailRoute param="disputeId" what="Dispute" list={LIST} page={(id) => <DisputePage id={id} />} />;
}

function DisputePage({ id }: { id: number }) {
  const disputeId = String(id);
  const [state, send] = useStaffDisputeDecision(id);
  const { dispute: d, amount, note, error } = state.context;
  const busy = (['sending', 'accepting', 'rejecting'] as const).some((s) => state.matches({ deciding: s }));
  return (
    <StaffDetailFrame
      list={LIST}
      crumb={<>Dispute {disputeId}</>}
      loading={state.matches('loading')}
      error={state.matches('loadFailed') ? error : null}
      onRetry={() => send({ type: 'RETRY' })}
    >
      {() =>
        d && (
          <div className="stack">
            <header className="page-head">
              <h1>Dispute {d.disputeId}</h1>
              <p>
                {d.companyName} · order {d.orderNumber} · <DisputeStatusBadge status={d.status} />
              </p>
            </header>
            <div className="grid-2">
              <Card className="stack">
                <h2>{d.categoryText}</h2>
                <p>{d.description}</p>
                <p className="muted">
                  Raised {formatDateTime(d.raisedAt)}; {FORWARD_STATUSES[d.deliveryStatus as 'DLV'] ?? d.deliveryStatus}{' '}
                  {formatDateTime(d.deliveredAt)}
                </p>
                <p>
                  AWB <span className="awb">{d.awb}</span> · {d.carrierName}
                  {d.courierClaimRef && <> · claim {d.courierClaimRef}</>}
                </p>
                {d.evidence.length > 0 ? (
                  <ul className="list-plain evidence-list" aria-label="Evidence">
                    {d.evidence.map((x) => (
                      <li key={x.fileId} className="evidence-item">
                        <a href={x.url} target="_blank" rel="noreferrer">
                          <img src={x.url} alt={x.name || 'Evidence image'} width={120} height={120} />
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="muted">No images attached.</p>
                )}
              </Card>
              <Card className="stack">
                <h2>Decision</h2>
                {d.status === 'ACCEPTED' && d.creditedPaise !== null && (
                  <p>{formatRupees(d.creditedPaise)} credited to the seller&apos;s wallet.</p>
                )}
                {d.staffNote && <p className="muted">Note: {d.staffNote}</p>}
                {d.status === 'OPEN' && (
                  <Button busy={busy} onClick={() => send({ type: 'SEND_TO_COURIER' })}>
                    Send to {d.carrierName}
                  </Button>
                )}
                {(d.status === 'OPEN' || d.status === 'WITH_COURIER') && (
                  <form className="stack" aria-label="Settle dispute" onSubmit={(e) => e.preventDefault()}>
                    {d.status === 'WITH_COURIER' && (
                      <TextField
                        label="Amount to credit (₹)"
                        inputMode="decimal"
                        value={amount}
                        hint={`Up to ${formatRupees(d.maxCreditPaise)}: the order value and the shipment's charges`}
                        onChange={(e) => send({ type: 'AMOUNT', value: e.target.value })}
                      />
                    )}
                    <TextField
                      label="Note to the seller"
                      value={note}
                      maxLength={DISPUTE_RULES.noteMax}
                      hint={`${DISPUTE_RULES.noteMin} to ${DISPUTE_RULES.noteMax} characters`}
                      onChange={(e) => send({ type: 'NOTE', value: e.target.value })}
                    />
                    {error && <Alert>{error}</Alert>}
                    <div className="row">
                      {d.status === 'WITH_COURIER' && (
                        <Button busy={busy} onClick={() => send({ type: 'ACCEPT' })}>
                          Accept and credit
                        </Button>
                      )}
                      <Button variant="danger" busy={busy} onClick={() => send({ type: 'REJECT' })}>
                        Reject
                      </Button>
                    </div>
                  </form>
                )}
              </Card>
            </div>
          </div>
        )
      }
    </StaffDetailFrame>
  );
}
