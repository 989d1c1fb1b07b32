import { Link } from 'react-router-dom';
import type { Plan } from '../../../domain/api';
import { formatRupeesWhole } from '../../../domain/format';
import { fetchPlans } from '../../../services/plans-api';
import { useHttp } from '../../../services/screen-services';
import { useRequest } from '../../hooks/use-request';
import { buttonClass, Card, Loadable } from '../../kit';
import { PublicFrame } from './PublicFrame';

// The plans page (spec section 1). The card shows the monthly price; the plan data also carries a
// second reading (monthly/yearly) and the spec does not say which is authoritative, so that one is
// shown as small print under the price.

function otherReading(plan: Plan): string | null {
  if (plan.monthlyAlt == null && plan.yearlyAlt == null) return null;
  const parts = [
    plan.monthlyAlt != null ? `${formatRupeesWhole(plan.monthlyAlt)} monthly` : null,
    plan.yearlyAlt != null ? `${formatRupeesWhole(plan.yearlyAlt)} yearly` : null,
  ].filter(Boolean);
  return `Also listed at ${parts.join(' / ')}`;
}

function PlanCard({ plan }: { plan: Plan }) {
  const headingId = `plan-${plan.code}`;
  const alt = otherReading(plan);
  return (
    <Card aria-labelledby={headingId} className="stack" data-testid="plan-card">
      <h2 id={headingId}>{plan.name}</h2>
      <p className="m-0">
        <span className="stat-value">{formatRupeesWhole(plan.monthlyPrice)}</span> <span className="muted">/ month</span>
      </p>
      {alt && <p className="small-print m-0">{alt}</p>}
      <ul className="list-plain list-ticks">
        {plan.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <Link to="/register" className={`${buttonClass('primary', true)} mt-auto`} aria-label={`Get Started Now with ${plan.name}`}>
        Get Started Now
      </Link>
    </Card>
  );
}

export function PricingScreen() {
  const http = useHttp();
  const plans = useRequest(() => fetchPlans(http), { load: true });
  return (
    <PublicFrame>
      <div className="page-head text-center">
        <h1>Choose a Plan That Works Best for You</h1>
        <p>Start with a free account and upgrade as you grow</p>
      </div>
      <Loadable loading={plans.loading} error={plans.error} onRetry={plans.retry}>
        {() => (
          <div className="grid-cards">
            {(plans.data ?? []).map((p) => (
              <PlanCard key={p.code} plan={p} />
            ))}
          </div>
        )}
      </Loadable>
    </PublicFrame>
  );
}
