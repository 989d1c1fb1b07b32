import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organisations } from '../../db/schema/index';
import { forbidden, notFound } from '../../http/errors';
import { planAllowsFeature, planFeatureRefusal, type PlanFeature } from '../../../src/domain/plans';

// The one server check of what a seller's plan includes (the plan table in src/domain/plans.ts):
// a feature the plan lacks is a 403 that names the plan that opens it.

export async function planAllows(db: Executor, orgId: number, feature: PlanFeature): Promise<boolean> {
  const [org] = await db
    .select({ plan: organisations.subscriptionType })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  if (!org) throw notFound('No such organisation');
  return planAllowsFeature(org.plan, feature);
}

export async function assertPlanAllows(db: Executor, orgId: number, feature: PlanFeature): Promise<void> {
  if (!(await planAllows(db, orgId, feature))) throw forbidden(planFeatureRefusal(feature));
}

/**
 * The plan guard denying one subscription type (spec section 6: FREE, LITE or PREMIUM), on the
 * server: the caller's organisation on that plan is refused with 403 and the reason given.
 */
export async function assertPlanIsNot(
  db: Executor,
  orgId: number,
  denied: 'FREE' | 'LITE' | 'PREMIUM',
  reason: string,
): Promise<string> {
  const [org] = await db
    .select({ plan: organisations.subscriptionType })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  if (!org) throw notFound('No such organisation');
  if (org.plan === denied) throw forbidden(reason);
  return org.plan;
}
