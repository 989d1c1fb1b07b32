import * as v from 'valibot';
import { operation } from './operation';
import { OUTCOME_LEVELS } from './shipping/courier-outcomes';
import { RECOMMENDATION_RULES } from './shipping/courier-recommendation';
import { RecommendationSettingsBody } from './schemas/recommendation';

// Paths and shapes of the courier recommendation engine (issue 20): the seller's rule and floor,
// and the recommendation an order's quotes carry.

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

const TAG = 'shipping';
const PLAN_ERRORS = { 403: 'the plan does not include carrier recommendation' };

export const API_RECOMMENDATION = {
  settings: operation({
    method: 'get',
    path: '/api/v1/shipping/recommendation-settings',
    tag: TAG,
    summary: 'The seller’s courier recommendation rule and delivered % floor (Premium)',
    errors: PLAN_ERRORS,
    response: RecommendationSettingsSchema,
  }),
  saveSettings: operation({
    method: 'put',
    path: '/api/v1/shipping/recommendation-settings',
    tag: TAG,
    body: RecommendationSettingsBody,
    summary:
      'Save the courier recommendation rule (CHEAPEST_ABOVE_FLOOR, FASTEST or BEST_VALUE) and the delivered % floor (Premium)',
    errors: PLAN_ERRORS,
    response: RecommendationSettingsSchema,
  }),
};
