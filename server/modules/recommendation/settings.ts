import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courierRecommendationSettings as settingsTable } from '../../db/schema';
import { queryRows } from '../../db/rows';
import type { RecommendationSettings } from '../../../src/domain/recommendation-contract';
import type { RecommendationSettingsInput } from '../../../src/domain/schemas/recommendation';
import {
  DEFAULT_DELIVERED_FLOOR_PCT,
  DEFAULT_RECOMMENDATION_RULE,
  type RecommendationRule,
} from '../../../src/domain/shipping/courier-recommendation';
import { assertPlanAllows } from '../plans/plan-gate';

// A seller's recommendation rule and floor (the Premium plan's carrier recommendation).

export interface RuleAndFloor {
  rule: RecommendationRule;
  floorPct: number;
}

export async function ruleAndFloor(db: Db, orgId: number): Promise<RuleAndFloor> {
  const [row] = await db.select().from(settingsTable).where(eq(settingsTable.orgId, orgId));
  return row
    ? { rule: row.rule as RecommendationRule, floorPct: row.floorPct }
    : { rule: DEFAULT_RECOMMENDATION_RULE, floorPct: DEFAULT_DELIVERED_FLOOR_PCT };
}

async function outcomesAt(db: Db): Promise<string | null> {
  const [row] = await queryRows<{ at: Date | string }>(db, sql`select computed_at as at from courier_outcomes limit 1`);
  return row ? new Date(row.at).toISOString() : null;
}

export async function recommendationSettings(db: Db, orgId: number): Promise<RecommendationSettings> {
  await assertPlanAllows(db, orgId, 'carrierRecommendation');
  const { rule, floorPct } = await ruleAndFloor(db, orgId);
  return { recommendationRule: rule, deliveredFloorPct: floorPct, outcomesAt: await outcomesAt(db) };
}

export async function saveRecommendationSettings(
  db: Db,
  orgId: number,
  input: RecommendationSettingsInput,
  now: Date,
): Promise<RecommendationSettings> {
  await assertPlanAllows(db, orgId, 'carrierRecommendation');
  const values = { rule: input.recommendationRule, floorPct: input.deliveredFloorPct, updatedAt: now };
  await db
    .insert(settingsTable)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: settingsTable.orgId, set: values });
  return recommendationSettings(db, orgId);
}
