import { Link } from 'react-router-dom';
import type { Plan } from '../../../domain/account-contract';
import { formatRupeesWhole } from '../../../domain/format';
import { API_REFERENCE } from '../../../domain/reference-contract';
import { useOperation } from '../../hooks/use-operation';
import { buttonClass, Card, Loadable } from '../../kit';
import { PublicFrame } from './public-frame';

// The plans page (spec section 1). Each card shows the price that is charged, the monthly figure,
// and nothing else (docs/decisions/plan-prices.md).

function PlanCard({ plan }: { plan: Plan }) {
  const headingId = `plan-${plan.code}`;
  return (
    <Card aria-labelledby={headingId} className="stack" data-testid="plan-card">
      <h2 id={headingId}>{plan.name}</h2>
      <p className="m-0">
        <span className="stat-value">{formatRupeesWhole(plan.monthlyPrice)}</span>{' '}
        <span className="muted">/ month</span>
      </p>
      <ul className="list-plain list-ticks">
        {plan.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <Link
        to="/register"
        className={`${buttonClass('primary', true)} mt-auto`}
        aria-label={`Get Started Now with ${plan.name}`}
      >
        Get Started Now
      </Link>
    </Card>
  );
}

export function PricingScreen() {
  const plans = useOperation(API_REFERENCE.plans, {}, { load: true });
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
