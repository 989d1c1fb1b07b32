import { Link } from 'react-router-dom';
import { PLAN_TABLE, planFeatureRefusal, type PaidPlan } from '../../../domain/plans';
import { formatRupeesWhole } from '../../../domain/format';
import { Badge, buttonClass } from '../../kit';

// The builder's plan badge and upgrade path (a seller not on Premium sees the builder with both,
// never "Access denied"). Same names and props as the shared plan gate of the kit, so the builder
// moves onto it when that lands: PlanBadge({ plan }) and UpgradePanel({ plan, feature }).

export function PlanBadge({ plan }: { plan: PaidPlan }) {
  return (
    <span data-testid="plan-badge">
      <Badge tone="warning">{PLAN_TABLE[plan].name}</Badge>
    </span>
  );
}

export function UpgradePanel({ plan, headingId }: { plan: PaidPlan; headingId: string }) {
  const p = PLAN_TABLE[plan];
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">
        Custom reports <PlanBadge plan={plan} />
      </h2>
      <p>{planFeatureRefusal('customReporting')}</p>
      <p className="small-print">
        Choose columns, filters and grouping over your orders, shipments, wallet, COD remittances, weight disputes and
        NDR; download Excel or CSV; save reports and have them emailed to your team every day, week or month. {p.name}{' '}
        is {formatRupeesWhole(p.monthlyPrice)} a month plus GST.
      </p>
      <p>
        <Link className={buttonClass('primary')} to={`/plan?upgrade=${plan}`}>
          Upgrade to {p.name}
        </Link>
      </p>
    </section>
  );
}
