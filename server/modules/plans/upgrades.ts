import type { Db } from '../../db/client';
import { listPlans } from '../reference/service';
import { DENIED_REASONS } from '../../../src/domain/access';
import { planOf, PLAN_TABLE, type PlanCode } from '../../../src/domain/plans';
import type { Plan } from '../../../src/domain/account-contract';
import { assertPlanIsNot } from './plan-gate';

// The upgrade path: the plans above the seller's own, as they are on sale (features and price).
// Premium is the top plan, so the PREMIUM-denying plan guard (spec section 6) stands before it.

export async function upgradeOptions(db: Db, orgId: number): Promise<Plan[]> {
  const plan = await assertPlanIsNot(db, orgId, 'PREMIUM', DENIED_REASONS['top-plan']);
  const rank = planOf(plan).rank;
  return (await listPlans(db)).filter((p) => p.code in PLAN_TABLE && PLAN_TABLE[p.code as PlanCode].rank > rank);
}
