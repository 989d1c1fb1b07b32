import type { Tx } from '../../db/client';
import { conflict } from '../../http/errors';
import { lowestPlanFor, PLAN_TABLE, planAllowsFeature, planOf } from '../../../src/domain/plans';
import { setCreditLimit } from './ledger';
import { spendableWallet } from './spendable';

// The postpaid option is Premium's (spec section 1, the plans page): only a plan that has it may
// hold a credit limit. Staff granting one to another plan get a 409 naming the plan; a plan that
// drops below it keeps what it owes and gets no new credit (docs/decisions/postpaid-and-statements.md).

/** Refuses a credit limit above zero for a plan without the postpaid option. */
export function assertPostpaidAllowed(subscriptionType: string, limitPaise: number): void {
  if (limitPaise > 0 && !planAllowsFeature(subscriptionType, 'postpaid'))
    throw conflict(
      `A credit limit (the postpaid option) comes with the ${PLAN_TABLE[lowestPlanFor('postpaid')].name} plan; this seller is on the ${planOf(subscriptionType).name} plan.`,
    );
}

/**
 * After a plan change: a plan without the postpaid option keeps no unused credit. The limit falls
 * to what the wallet owes at that moment (zero when it owes nothing), so what was spent on credit
 * stays owed and is paid by the next recharge, and nothing more can be spent on credit.
 */
export async function withdrawUnusedCredit(tx: Tx, orgId: number, plan: string): Promise<void> {
  if (planAllowsFeature(plan, 'postpaid')) return;
  const w = await spendableWallet(tx, orgId, true);
  if (w.creditLimitPaise === 0) return;
  await setCreditLimit(tx, orgId, Math.min(w.creditLimitPaise, Math.max(0, -w.balancePaise)));
}
