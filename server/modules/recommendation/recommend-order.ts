import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { RateAnswer } from '../../../src/domain/shipping-contract';
import { planAllowsFeature } from '../../../src/domain/plans';
import {
  DEFAULT_DELIVERED_FLOOR_PCT,
  DEFAULT_RECOMMENDATION_RULE,
  recommendCourier,
  type RecommendationRule,
} from '../../../src/domain/shipping/courier-recommendation';
import { laneOutcomes } from './lookup';

// An order's quotes with the recommended courier added, on plans with carrier recommendation:
// the seller's plan and rule in one read, the lane's outcomes in another, the rule applied.
// Other plans get the quotes as they are.

export async function withRecommendation(db: Db, orgId: number, answer: RateAnswer): Promise<RateAnswer> {
  const [seller] = await queryRows<{ plan: string; rule: string | null; floor_pct: number | null }>(
    db,
    sql`select o.subscription_type as plan, s.rule, s.floor_pct
        from organisations o left join courier_recommendation_settings s on s.org_id = o.id
        where o.id = ${orgId}`,
  );
  if (!seller || !planAllowsFeature(seller.plan, 'carrierRecommendation')) return answer;
  const outcomes = await laneOutcomes(db, answer.to.pincode, answer.zone);
  const recommended = recommendCourier(
    answer.quotes,
    outcomes,
    (seller.rule as RecommendationRule | null) ?? DEFAULT_RECOMMENDATION_RULE,
    seller.floor_pct ?? DEFAULT_DELIVERED_FLOOR_PCT,
  );
  return { ...answer, recommended };
}
