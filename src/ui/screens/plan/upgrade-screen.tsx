import { PLAN_TABLE, type PaidPlan } from '../../../domain/plans';
import { API_TEAM } from '../../../domain/team-contract';
import { useScreenSession } from '../../../services/screen-services';
import { useOperation } from '../../hooks/use-operation';
import { Loadable } from '../../kit';
import { UpgradePanel } from '../../kit/plan-gate';
import { SellerShell } from '../shell/seller-shell';

// /upgrade: the plans above the seller's own, each with what it gives, its price and the way to
// upgrade. Premium, the top plan, never opens it (the PREMIUM-denying plan guard, spec section 6).

export function UpgradeScreen() {
  const { account } = useScreenSession();
  const options = useOperation(API_TEAM.upgrades, {}, { load: true });
  const current = account ? PLAN_TABLE[account.subscriptionType as keyof typeof PLAN_TABLE]?.name : undefined;
  return (
    <SellerShell>
      <div className="page stack">
        <header className="page-head">
          <h1>Upgrade your plan</h1>
          {current && (
            <p>Your account is on the {current} plan. Each plan below gives everything yours does, and more.</p>
          )}
        </header>
        <Loadable loading={options.loading} error={options.error} onRetry={options.retry}>
          {() => (
            <div className="grid-cards">
              {(options.data ?? []).map((p) => (
                <UpgradePanel
                  key={p.code}
                  plan={p.code as PaidPlan}
                  title={p.name}
                  features={p.features}
                  monthlyPrice={p.monthlyPrice}
                  headingLevel={2}
                  compare={false}
                />
              ))}
            </div>
          )}
        </Loadable>
      </div>
    </SellerShell>
  );
}
