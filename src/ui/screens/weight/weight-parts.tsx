import { labelOf } from '../../../domain/display-labels';
import {
  DISCREPANCY_STATUS_LABELS,
  type DiscrepancyDetail,
  type DiscrepancyStatus,
  type WeighedParcel,
} from '../../../domain/weight-contract';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { Badge, Card } from '../../kit';

// Pieces both the seller's and the staff's discrepancy pages show: the status, both weights side
// by side, the courier's hub photo, the money, the timeline.

const TONE: Record<DiscrepancyStatus, 'brand' | 'success' | 'warning' | 'danger'> = {
  NEW: 'warning',
  ACCEPTED: 'brand',
  DISPUTED: 'warning',
  WITH_COURIER: 'warning',
  RESOLVED: 'success',
  REJECTED: 'danger',
  ESCALATED: 'warning',
  FINAL: 'brand',
};

export function DiscrepancyBadge({ status }: { status: DiscrepancyStatus }) {
  return <Badge tone={TONE[status]}>{DISCREPANCY_STATUS_LABELS[status]}</Badge>;
}

function Weights({ title, w }: { title: string; w: WeighedParcel }) {
  return (
    <div className="stack">
      <h3>{title}</h3>
      <dl className="facts">
        <dt>Dead weight</dt>
        <dd>{w.deadWeightKg} kg</dd>
        <dt>Size (L × B × H)</dt>
        <dd>
          {w.lengthCm} × {w.breadthCm} × {w.heightCm} cm
        </dd>
        <dt>Volumetric</dt>
        <dd>{w.volumetricKg} kg</dd>
        <dt>Charged slab</dt>
        <dd>
          <strong>{w.chargedKg} kg</strong>
        </dd>
      </dl>
    </div>
  );
}

/** Where the money stands, said to the seller ("your wallet") or to staff ("the seller's wallet"). */
const holdText = (state: string, whose: string): string =>
  ({
    HELD: `held in ${whose}`,
    CHARGED: 'charged',
    RELEASED: `released back to ${whose}`,
    NONE: 'borne by Dakiya',
  })[state] ?? labelOf('discrepancyStatus', state);

export function DiscrepancyFacts({ d, staff = false }: { d: DiscrepancyDetail; staff?: boolean }) {
  return (
    <div className="grid-2">
      <Card className="stack">
        <h2>Weights</h2>
        <div className="grid-2">
          <Weights title="Booked" w={d.seller} />
          <Weights title={`${d.carrierName} at its hub`} w={d.courier} />
        </div>
        <p className="muted">
          Charged weight is the higher of dead and volumetric (L × B × H ÷ 5000), in 0.5 kg slabs.
        </p>
      </Card>
      <Card className="stack">
        <h2>Money</h2>
        <p>
          <strong>{formatRupees(d.amountPaise)}</strong>{' '}
          {holdText(d.holdState, staff ? 'the seller’s wallet' : 'your wallet')}
        </p>
        <p className="small-print">
          Forward {formatRupees(d.forwardPaise)}
          {d.rtoPaise > 0 && <> · RTO {formatRupees(d.rtoPaise)}</>} · GST {formatRupees(d.gstPaise)}
        </p>
        <h2>Courier&apos;s hub photo</h2>
        {d.hubPhoto ? (
          <a href={d.hubPhoto.url} target="_blank" rel="noreferrer">
            <img
              className="hub-photo"
              src={d.hubPhoto.url}
              alt={`${d.carrierName}'s photo of the parcel on its scale`}
              width={192}
              height={144}
            />
          </a>
        ) : (
          <p className="muted">The courier sent no photo.</p>
        )}
      </Card>
    </div>
  );
}

export function Timeline({ d }: { d: DiscrepancyDetail }) {
  return (
    <Card className="stack">
      <h2>Timeline</h2>
      <ol className="list-plain timeline" aria-label="Timeline">
        {d.timeline.map((t, i) => (
          <li key={i}>
            <DiscrepancyBadge status={t.status} /> <span className="small-print">{formatDateTime(t.at)} IST</span>
            {t.note && <p>{t.note}</p>}
          </li>
        ))}
      </ol>
    </Card>
  );
}
