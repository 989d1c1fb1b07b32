import {
  EVIDENCE_SLOT_LABELS,
  EVIDENCE_SLOTS,
  OUTCOME_LABELS,
  WEIGHT_RULES,
  weighedPackageText,
} from '../../../domain/weight-contract';
import { useStaffWeightDecision } from '../../../services/use-staff-weight-decision';
import { Alert, Button, Card, TextField } from '../../kit';
import { DiscrepancyBadge, DiscrepancyFacts, Timeline } from '../weight/weight-parts';
import { StaffDetailFrame, StaffDetailRoute, type StaffList } from './staff-detail';

// /dakiya/weight-discrepancies/:discrepancyId: both weights, the hub photo, the seller's
// evidence, the timeline; staff send a dispute to the courier, decide it for the seller (the
// hold is released) or against (charged), and decide an escalation for good, each with a note.

const LIST: StaffList = { to: '/dakiya/weight-discrepancies', label: 'Weight discrepancies' };

export function StaffWeightDiscrepancyScreen() {
  return (
    <StaffDetailRoute
      param="discrepancyId"
      what="Weight discrepancy"
      list={LIST}
      page={(id) => <DecisionPage id={id} />}
    />
  );
}

function DecisionPage({ id }: { id: number }) {
  const [state, send] = useStaffWeightDecision(id);
  const { discrepancy: d, note, error } = state.context;
  const busy = state.matches('working');
  const deciding = state.matches({ deciding: 'withCourier' }) || state.matches({ deciding: 'escalated' });
  return (
    <StaffDetailFrame
      list={LIST}
      crumb={<>{d?.awb ?? id}</>}
      loading={state.matches('loading')}
      error={state.matches('loadFailed') ? error : null}
      onRetry={() => send({ type: 'RETRY' })}
    >
      {() =>
        d && (
          <div className="stack">
            <header className="page-head">
              <h1>
                AWB <span className="awb">{d.awb}</span>
              </h1>
              <p>
                {d.companyName} · order {d.orderNumber} · {d.carrierName} · <DiscrepancyBadge status={d.status} />
                {d.platformBorne && ' · borne by Dakiya (frozen product)'}
              </p>
            </header>
            <DiscrepancyFacts d={d} staff />
            <Card className="stack">
              <h2>Seller&apos;s evidence</h2>
              {d.evidence ? (
                <>
                  <p>
                    {d.productCategory}
                    {d.disputeNote ? ` · ${d.disputeNote}` : ''}
                  </p>
                  {d.disputedPackage && <p>Disputed: {weighedPackageText(d.disputedPackage, d.packages.length)}</p>}
                  <ul className="list-plain evidence-list" aria-label="Evidence">
                    {EVIDENCE_SLOTS.map((slot) => (
                      <li key={slot} className="evidence-item">
                        <a href={d.evidence![slot].url} target="_blank" rel="noreferrer">
                          <img src={d.evidence![slot].url} alt={EVIDENCE_SLOT_LABELS[slot]} width={120} height={120} />
                        </a>
                        <span className="small-print">{EVIDENCE_SLOT_LABELS[slot]}</span>
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <p className="muted">No evidence: the seller has not disputed it.</p>
              )}
              {d.escalationNote && <p>Escalation: {d.escalationNote}</p>}
              {d.courierClaimRef && <p>Courier claim {d.courierClaimRef}</p>}
            </Card>
            <Card className="stack">
              <h2>Decision</h2>
              {state.matches({ deciding: 'toCourier' }) && (
                <Button busy={busy} onClick={() => send({ type: 'SEND_TO_COURIER' })}>
                  Send to {d.carrierName}
                </Button>
              )}
              {(deciding || (busy && d.status !== 'DISPUTED')) && (
                <form className="stack" aria-label="Decide" onSubmit={(e) => e.preventDefault()}>
                  <TextField
                    label={d.status === 'ESCALATED' ? 'Note on the escalation' : 'Note to the seller'}
                    value={note}
                    maxLength={WEIGHT_RULES.noteMax}
                    hint={`${WEIGHT_RULES.noteMin} to ${WEIGHT_RULES.noteMax} characters`}
                    onChange={(e) => send({ type: 'NOTE', value: e.target.value })}
                  />
                  <div className="row">
                    <Button busy={busy} onClick={() => send({ type: 'DECIDE', outcome: 'SELLER' })}>
                      For the seller
                    </Button>
                    <Button variant="danger" busy={busy} onClick={() => send({ type: 'DECIDE', outcome: 'COURIER' })}>
                      For the courier
                    </Button>
                  </div>
                </form>
              )}
              {state.matches({ deciding: 'settled' }) && (
                <p className="muted">
                  {d.outcome ? OUTCOME_LABELS[d.outcome] : 'Waiting for the seller'}
                  {d.decisionNote ? ` · ${d.decisionNote}` : ''}
                  {d.finalNote ? ` · final: ${d.finalNote}` : ''}
                </p>
              )}
              {error && <Alert>{error}</Alert>}
            </Card>
            <Timeline d={d} />
          </div>
        )
      }
    </StaffDetailFrame>
  );
}
