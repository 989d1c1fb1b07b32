import { Link, useParams } from 'react-router-dom';
import { GetHelpLink } from '../help/get-help-link';
import {
  EVIDENCE_SLOT_LABELS,
  EVIDENCE_SLOTS,
  EVIDENCE_TYPES_ACCEPT,
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_LABELS,
  weighedPackageText,
  WEIGHT_RULES,
  type ProductCategory,
} from '../../../domain/weight-contract';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { useWeightDiscrepancy } from '../../../services/use-weight-discrepancy';
import { Alert, Button, Card, ConfirmDialog, Loadable, SelectField, TextField } from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { DiscrepancyBadge, DiscrepancyFacts, Timeline } from './weight-parts';
import { Breadcrumb } from '../../kit/breadcrumb';
import { uploadedPhotoUrl } from '../../../services/weight-photos';

// /weight-discrepancies/:discrepancyId: both weights, the courier's hub photo, the money held,
// the timeline, and what the seller may do now: accept, dispute with four photos and the
// product's category, or escalate a rejected dispute. The weight-discrepancy machine drives it.

export function WeightDiscrepancyScreen() {
  const { discrepancyId = '' } = useParams();
  if (!/^\d{1,9}$/.test(discrepancyId))
    return (
      <SellerShell>
        <div className="page stack">
          <h1>Weight discrepancy not found</h1>
          <Link to="/weight-discrepancies">Back to weight discrepancies</Link>
        </div>
      </SellerShell>
    );
  return <DiscrepancyPage key={discrepancyId} id={Number(discrepancyId)} />;
}

function DiscrepancyPage({ id }: { id: number }) {
  const [state, send] = useWeightDiscrepancy(id);
  const { discrepancy: d, error, photos, photoNames, pending, note, productCategory, packageNo } = state.context;
  const inForm = state.matches('disputeForm') || state.matches('uploadingPhoto') || state.matches('submittingDispute');
  const inEscalate = state.matches('escalateForm') || state.matches('escalating');
  return (
    <SellerShell>
      <div className="page">
        <Breadcrumb to="/weight-discrepancies" label="Weight discrepancies">
          {d?.awb ?? id}
        </Breadcrumb>
        <Loadable
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
                    Order <Link to={`/orders/${d.orderId}`}>{d.orderNumber}</Link> · {d.carrierName} ·{' '}
                    <DiscrepancyBadge status={d.status} />
                  </p>
                  <GetHelpLink category="WEIGHT" orderId={d.orderId} orderNumber={d.orderNumber} awb={d.awb} />
                </header>
                <DiscrepancyFacts d={d} />
                {!inForm && !inEscalate && (
                  <Card className="stack">
                    <h2>Your answer</h2>
                    {d.canDispute ? (
                      <p>
                        Answer by {formatDateTime(d.deadlineAt)} IST, or it is accepted by itself and{' '}
                        {formatRupees(d.amountPaise)} is charged.
                      </p>
                    ) : d.canEscalate ? (
                      <p>
                        Your dispute was rejected{d.decisionNote ? `: ${d.decisionNote}` : ''}. You may escalate it once
                        {d.escalateBy ? `, until ${formatDateTime(d.escalateBy)} IST` : ''}.
                      </p>
                    ) : (
                      <p className="muted">
                        {d.autoAccepted ? 'Accepted by itself after 7 days without an answer. ' : ''}
                        {d.status === 'DISPUTED' || d.status === 'WITH_COURIER'
                          ? 'Dakiya is checking your evidence with the courier; the money stays held until it is decided.'
                          : d.status === 'ESCALATED'
                            ? 'Your escalation is with Dakiya for a final decision.'
                            : (d.finalNote ?? d.decisionNote ?? 'Nothing to do now.')}
                      </p>
                    )}
                    {error && <Alert>{error}</Alert>}
                    <div className="row">
                      {d.canDispute && <Button onClick={() => send({ type: 'START_DISPUTE' })}>Dispute</Button>}
                      {d.canAccept && (
                        <Button variant="secondary" onClick={() => send({ type: 'ACCEPT' })}>
                          Accept
                        </Button>
                      )}
                      {d.canEscalate && <Button onClick={() => send({ type: 'START_ESCALATE' })}>Escalate</Button>}
                    </div>
                  </Card>
                )}
                {inForm && (
                  <Card className="stack">
                    <h2>Dispute the weight</h2>
                    <p className="muted">
                      Photograph the packed parcel on a scale, and with a tape measure along each side, the label
                      visible in every photo. PNG, JPEG or WEBP up to 1 MB each.
                    </p>
                    <form
                      className="stack"
                      aria-label="Dispute the weight"
                      onSubmit={(e) => {
                        e.preventDefault();
                        send({ type: 'SUBMIT' });
                      }}
                    >
                      {d.packages.length > 1 && (
                        <SelectField
                          label="Package"
                          value={packageNo === null ? '' : String(packageNo)}
                          placeholder="Choose the box the courier weighed"
                          options={d.packages.map((p) => ({
                            value: String(p.packageNo),
                            label: weighedPackageText(p, d.packages.length),
                          }))}
                          onChange={(e) => send({ type: 'PACKAGE', packageNo: Number(e.target.value) })}
                        />
                      )}
                      <div className="grid-2">
                        {EVIDENCE_SLOTS.map((slot) => (
                          <div key={slot} className="stack photo-slot">
                            <label htmlFor={`photo-${slot}`}>{EVIDENCE_SLOT_LABELS[slot]}</label>
                            {photos[slot] ? (
                              <div className="row">
                                <img
                                  src={uploadedPhotoUrl(photos[slot])}
                                  alt={EVIDENCE_SLOT_LABELS[slot]}
                                  width={64}
                                  height={64}
                                />
                                <span className="evidence-name">{photoNames[slot]}</span>
                                <Button variant="ghost" onClick={() => send({ type: 'REMOVE_PHOTO', slot })}>
                                  Remove
                                </Button>
                              </div>
                            ) : (
                              <input
                                id={`photo-${slot}`}
                                type="file"
                                accept={EVIDENCE_TYPES_ACCEPT}
                                disabled={state.matches('uploadingPhoto')}
                                onChange={(e) => {
                                  const file = e.target.files?.[0];
                                  if (file) send({ type: 'ADD_PHOTO', slot, file });
                                  e.target.value = '';
                                }}
                              />
                            )}
                            {pending?.slot === slot && (
                              <span className="small-print">Uploading {pending.file.name}…</span>
                            )}
                          </div>
                        ))}
                      </div>
                      <SelectField
                        label="Product category"
                        value={productCategory ?? ''}
                        placeholder="Choose"
                        options={PRODUCT_CATEGORIES.map((c) => ({ value: c, label: PRODUCT_CATEGORY_LABELS[c] }))}
                        onChange={(e) => send({ type: 'CATEGORY', value: e.target.value as ProductCategory })}
                      />
                      <TextField
                        label="Note (optional)"
                        value={note}
                        maxLength={WEIGHT_RULES.noteMax}
                        onChange={(e) => send({ type: 'NOTE', value: e.target.value })}
                      />
                      {error && <Alert>{error}</Alert>}
                      <div className="row">
                        <Button
                          type="submit"
                          busy={state.matches('submittingDispute')}
                          disabled={state.matches('uploadingPhoto')}
                        >
                          Send dispute
                        </Button>
                        <Button variant="secondary" onClick={() => send({ type: 'CANCEL' })}>
                          Cancel
                        </Button>
                      </div>
                    </form>
                  </Card>
                )}
                {inEscalate && (
                  <Card className="stack">
                    <h2>Escalate</h2>
                    <form
                      className="stack"
                      aria-label="Escalate"
                      onSubmit={(e) => {
                        e.preventDefault();
                        send({ type: 'SUBMIT' });
                      }}
                    >
                      <TextField
                        label="Why the decision is wrong"
                        value={note}
                        maxLength={WEIGHT_RULES.noteMax}
                        hint={`${WEIGHT_RULES.noteMin} to ${WEIGHT_RULES.noteMax} characters`}
                        onChange={(e) => send({ type: 'NOTE', value: e.target.value })}
                      />
                      {error && <Alert>{error}</Alert>}
                      <div className="row">
                        <Button type="submit" busy={state.matches('escalating')}>
                          Escalate
                        </Button>
                        <Button variant="secondary" onClick={() => send({ type: 'CANCEL' })}>
                          Cancel
                        </Button>
                      </div>
                    </form>
                  </Card>
                )}
                {d.evidence && (
                  <Card className="stack">
                    <h2>Your evidence</h2>
                    {d.disputedPackage && <p>{weighedPackageText(d.disputedPackage, d.packages.length)}</p>}
                    <p>{d.productCategory}</p>
                    <ul className="list-plain evidence-list" aria-label="Evidence">
                      {EVIDENCE_SLOTS.map((slot) => (
                        <li key={slot} className="evidence-item">
                          <img src={d.evidence![slot].url} alt={EVIDENCE_SLOT_LABELS[slot]} width={96} height={96} />
                          <span className="small-print">{EVIDENCE_SLOT_LABELS[slot]}</span>
                        </li>
                      ))}
                    </ul>
                  </Card>
                )}
                <Timeline d={d} />
                <ConfirmDialog
                  open={state.matches('confirmingAccept') || state.matches('accepting')}
                  title="Accept the courier's weight?"
                  message={`${formatRupees(d.amountPaise)} held in your wallet will be charged.`}
                  confirmLabel="Accept and pay"
                  busy={state.matches('accepting')}
                  onConfirm={() => send({ type: 'CONFIRM' })}
                  onCancel={() => send({ type: 'CANCEL' })}
                />
              </div>
            )
          }
        </Loadable>
      </div>
    </SellerShell>
  );
}
