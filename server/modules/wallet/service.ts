import { eq } from 'drizzle-orm';
import { organisations } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Caller } from '../../http/router';
import {
  RECHARGE,
  type CreditLimitAnswer,
  type CreditLimitChangeRow,
  type GatewayHealth,
  type WalletSummary,
} from '../../../src/domain/wallet-contract';
import { quoteCoupon } from './coupons';
import { assertSellerOrg } from './ledger';
import { spendableWallet } from './spendable';
import { changeCreditLimit, creditLimitChanges } from './postpaid';
import { assertPostpaidAllowed } from './postpaid-plan';
import { adjustWallet, listAdjustments } from './adjustments';
import { paiseOf } from '../../../src/domain/money';

// The wallet's rules as the routes ask for them: amounts arrive in rupees and move in paise;
// staff act only on a seller organisation that exists.

const GATEWAY_LABEL: Record<string, string> = { phonepe: 'PhonePe', razorpay: 'Razorpay' };

/** The balance, what is held and for what, what can be spent, whether it is postpaid, the recharge limits and the gateways this server takes. */
export async function walletSummary(deps: AppDeps, orgId: number): Promise<WalletSummary> {
  const state = await spendableWallet(deps.db, orgId);
  return {
    ...state,
    postpaid: state.creditLimitPaise > 0,
    limits: { minRupees: RECHARGE.minRupees, maxRupees: RECHARGE.maxRupees, quickPicks: [...RECHARGE.quickPicks] },
    gateways: Object.values(deps.payments.gateways).map((g) => ({
      gateway: g.name,
      label: GATEWAY_LABEL[g.name],
      sandbox: g.sandbox,
    })),
  };
}

/** Whether each payment gateway answers now, and how fast. */
export function gatewaysHealth(deps: AppDeps): Promise<GatewayHealth[]> {
  return Promise.all(
    (['phonepe', 'razorpay'] as const).map(async (name) => {
      const g = deps.payments.gateways[name];
      if (!g) return { gateway: name, configured: false, sandbox: false, healthy: false, latencyMs: null };
      const t = performance.now();
      const healthy = await g.health();
      return {
        gateway: name,
        configured: true,
        sandbox: g.sandbox,
        healthy,
        latencyMs: Math.round(performance.now() - t),
      };
    }),
  );
}

export const couponQuote = (deps: AppDeps, orgId: number, couponCode: string, rechargeRupees: number) =>
  quoteCoupon(deps.db, orgId, couponCode, paiseOf(rechargeRupees), deps.now());

/** A staff hand adjustment of a seller's wallet (404 when no such seller). */
export async function staffAdjustment(
  deps: AppDeps,
  staff: Caller,
  orgId: number,
  input: { direction: 'DEBIT' | 'CREDIT'; amount: number; reason: string; idempotencyKey: string },
) {
  await assertSellerOrg(deps.db, orgId);
  return adjustWallet(deps.db, {
    orgId,
    direction: input.direction,
    amountPaise: paiseOf(input.amount),
    reason: input.reason,
    staffAccountId: staff.accountId,
    idempotencyKey: input.idempotencyKey,
    at: deps.now(),
  });
}

export async function staffAdjustments(deps: AppDeps, orgId: number) {
  await assertSellerOrg(deps.db, orgId);
  return listAdjustments(deps.db, orgId);
}

/** Makes a seller's wallet postpaid up to creditLimit rupees (0: prepaid), with a reason; audited. */
export async function staffCreditLimit(
  deps: AppDeps,
  staff: Caller,
  orgId: number,
  input: { creditLimit: number; reason: string },
): Promise<CreditLimitAnswer> {
  await assertSellerOrg(deps.db, orgId);
  const [org] = await deps.db
    .select({ plan: organisations.subscriptionType })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  assertPostpaidAllowed(org!.plan, paiseOf(input.creditLimit));
  return changeCreditLimit(deps.db, {
    orgId,
    limitPaise: paiseOf(input.creditLimit),
    reason: input.reason,
    staffAccountId: staff.accountId,
    at: deps.now(),
  });
}

export async function staffCreditLimitChanges(deps: AppDeps, orgId: number): Promise<CreditLimitChangeRow[]> {
  await assertSellerOrg(deps.db, orgId);
  return creditLimitChanges(deps.db, orgId);
}
