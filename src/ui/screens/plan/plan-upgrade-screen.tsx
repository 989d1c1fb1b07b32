import { PLAN_TABLE, planFeatureName, type PaidPlan, type PlanFeature } from '../../../domain/plans';
import { API_REFERENCE } from '../../../domain/reference-contract';
import { useScreenSession } from '../../../services/screen-services';
import { useOperation } from '../../hooks/use-operation';
import { UpgradePanel } from '../../kit/plan-gate';
import { SellerShell } from '../shell/seller-shell';

// What a plan-gated page shows a seller whose plan lacks it: inside the usual frame, the plan that
// opens it, what that plan gives (the public plans list, so the promises and prices are the ones
// on sale) and the way to upgrade. Never "Access denied".

export function PlanUpgradeScreen({ feature, plan }: { feature: PlanFeature; plan: PaidPlan }) {
  const { account } = useScreenSession();
  const plans = useOperation(API_REFERENCE.plans, {}, { load: true });
  const offered = plans.data?.find((p) => p.code === plan);
  const current = account?.subscriptionType;
  return (
    <SellerShell>
      <div className="page stack">
        <UpgradePanel
          plan={plan}
          feature={planFeatureName(feature)}
          features={offered?.features}
          monthlyPrice={offered?.monthlyPrice}
          currentPlan={current ? PLAN_TABLE[current as keyof typeof PLAN_TABLE]?.name : undefined}
        />
      </div>
    </SellerShell>
  );
}
