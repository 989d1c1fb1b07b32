import * as v from 'valibot';
import { OUTCOME_LEVELS } from './shipping/courier-outcomes';
import { RECOMMENDATION_RULES } from './shipping/courier-recommendation';

// Paths and shapes of the courier recommendation engine (issue 20): the seller's rule and floor,
// and the recommendation an order's quotes carry.

export const API_RECOMMENDATION = {
  settings: '/api/v1/shipping/recommendation-settings', // GET → RecommendationSettings; PUT RecommendationSettings
} as const;

export const CourierOutcomeSchema = v.object({
  level: v.picklist(OUTCOME_LEVELS),
  place: v.string(),
  shipments: v.number(),
  deliveredPct: v.number(),
  rtoPct: v.number(),
  ndrPct: v.number(),
  avgDays: v.nullable(v.number()),
});

export const RecommendationSchema = v.object({
  carrierCode: v.string(),
  carrierName: v.string(),
  rule: v.picklist(RECOMMENDATION_RULES),
  reason: v.string(),
  outcome: CourierOutcomeSchema,
});

export const RecommendationSettingsSchema = v.object({
  recommendationRule: v.picklist(RECOMMENDATION_RULES),
  /** delivered % a courier needs under CHEAPEST_ABOVE_FLOOR */
  deliveredFloorPct: v.number(),
  /** when the outcome tables were last built (null before the first run) */
  outcomesAt: v.nullable(v.string()),
});
export type RecommendationSettings = v.InferOutput<typeof RecommendationSettingsSchema>;
