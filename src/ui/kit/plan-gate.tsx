import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PLAN_TABLE, type PlanCode } from '../../domain/plans';
import { formatRupeesWhole } from '../../domain/format';
import { buttonClass } from './index';

// What a seller sees of a feature their plan does not include: the plan's name as a badge beside
// the menu entry or button, and, on the page itself, what that plan gives with the way to upgrade.
// Never a dead end: every plan-gated page and entry reads these (docs/decisions/team-and-plans.md).

/** The plan that opens a feature, as a small badge ("Premium"); its accessible name says so. */
export function PlanBadge({ plan }: { plan: PlanCode }) {
  const name = PLAN_TABLE[plan].name;
  return (
    <span className="badge plan-badge" data-testid="plan-badge" title={`Comes with the ${name} plan`}>
      {name}
    </span>
  );
}

/** A label with the badge of the plan that opens it, when the seller's plan does not. */
export function withPlanBadge(label: ReactNode, lockedTo: PlanCode | null): ReactNode {
  if (!lockedTo) return label;
  return (
    <>
      {label} <PlanBadge plan={lockedTo} />
    </>
  );
}

export interface UpgradePanelProps {
  /** the plan that opens the feature */
  plan: PlanCode;
  /** what the seller tried to open, in words ("Open API access"); a `title` may stand instead */
  feature?: string;
  /** the plan card's promises (the public plans list); shown as the reasons to upgrade */
  features?: readonly string[];
  /** the plan's monthly price in rupees, before GST, as staff set it */
  monthlyPrice?: number;
  /** the seller's plan now, by name */
  currentPlan?: string;
  /** the heading level the page needs (1 when the panel is the page) */
  headingLevel?: 1 | 2;
  /** a heading of its own in place of "<feature> comes with <plan>" (the upgrade page's plan cards) */
  title?: string;
  /** the link to the plans compared (off where the panel is itself the comparison) */
  compare?: boolean;
}

/**
 * The upgrade path for a plan-gated page: the plan badge, what the plan gives, its price, and
 * links to the upgrade flow (/plan?upgrade=PLAN) and to the plans compared side by side.
 */
export function UpgradePanel({
  plan,
  feature,
  features = [],
  monthlyPrice,
  currentPlan,
  headingLevel = 1,
  title,
  compare = true,
}: UpgradePanelProps) {
  const name = PLAN_TABLE[plan].name;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const Sub = headingLevel === 1 ? 'h2' : 'h3';
  const headingId = `upgrade-panel-${plan}`;
  return (
    <section className="card stack upgrade-panel" aria-labelledby={headingId} data-testid="upgrade-panel">
      <p className="m-0">
        <PlanBadge plan={plan} />
      </p>
      <Heading id={headingId} className="m-0">
        {title ?? `${feature} comes with ${name}`}
      </Heading>
      <p className="m-0">
        {currentPlan ? (
          <>
            Your account is on the <strong>{currentPlan}</strong> plan.{' '}
          </>
        ) : null}
        {title ? (
          'The upgrade'
        ) : (
          <>
            Upgrade to <strong>{name}</strong> to use it: the upgrade
          </>
        )}{' '}
        is in force at once, paid from your wallet.
        {monthlyPrice !== undefined && (
          <>
            {' '}
            {name} is <strong>{formatRupeesWhole(monthlyPrice)}</strong> a month plus GST.
          </>
        )}
      </p>
      {features.length > 0 && (
        <>
          <Sub className="m-0">What {name} gives you</Sub>
          <ul className="list-plain list-ticks">
            {features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      )}
      <div className="row">
        <Link to={`/plan?upgrade=${plan}`} className={buttonClass('primary')}>
          Upgrade to {name}
        </Link>
        {compare && (
          <Link to="/upgrade" className={buttonClass('secondary')}>
            Compare plans
          </Link>
        )}
      </div>
    </section>
  );
}
