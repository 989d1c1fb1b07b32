import { Link } from 'react-router-dom';
import type { CodVerificationFigures } from '../../../domain/dashboard-contract';
import { Card, Stat } from '../../kit';

// The dashboard's COD verification card (Pro and above): what became of the period's requests
// for the buyer's confirmation, and how many await their buyer now. Drawn once the seller has
// verification on or has used it; otherwise there is nothing to tell.

const count = (n: number) => n.toLocaleString('en-IN');

export const showsCodVerification = (f: CodVerificationFigures | null): f is CodVerificationFigures =>
  !!f && (f.enabled || f.opened > 0 || f.pendingNow > 0);

export function CodVerificationCard({ figures: f }: { figures: CodVerificationFigures }) {
  return (
    <Card className="stack" aria-labelledby="dash-cod-verify">
      <h2 id="dash-cod-verify">COD verification</h2>
      <div className="grid-stats" aria-label="COD verification figures">
        <Stat label="Verifications opened" value={count(f.opened)} />
        <Stat label="Confirmed by buyer" value={count(f.confirmed)} />
        <Stat label="Cancelled by buyer" value={count(f.cancelled)} />
        <Stat label="Switched to prepaid" value={count(f.switched)} />
        <Stat label="No answer: shipped" value={count(f.expiredShipped)} />
        <Stat label="No answer: held" value={count(f.expiredHeld)} />
        <Stat label="No answer: cancelled" value={count(f.expiredCancelled)} />
        <Stat label="Awaiting buyer now" value={count(f.pendingNow)} />
        <Stat
          label="Confirmation rate"
          value={
            f.confirmationPercent === null
              ? '—'
              : `${f.confirmationPercent.toLocaleString('en-IN', { maximumFractionDigits: 1 })}%`
          }
        />
      </div>
      <p className="small-print">
        The confirmation rate is the share of the period’s ended verifications that the buyer confirmed or paid for.{' '}
        <Link to="/orders?verification=PENDING">Orders awaiting their buyer</Link> ·{' '}
        <Link to="/setup/cod-verification">Verification settings</Link>
      </p>
    </Card>
  );
}
