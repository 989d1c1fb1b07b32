import * as v from 'valibot';
import { MAX_FLOOR_PCT, MIN_FLOOR_PCT, RECOMMENDATION_RULES } from '../shipping/courier-recommendation';
import { wholeNumberField } from './fields';
import { issueText } from './labels';
import { oneOf } from './choice';

// The seller's recommendation settings: the rule and the delivered % floor. Messages start with
// the field's key; labels.ts turns it into the label the seller reads.

export const RecommendationSettingsBody = v.object({
  recommendationRule: oneOf(RECOMMENDATION_RULES, 'recommendationRule'),
  deliveredFloorPct: wholeNumberField('deliveredFloorPct', MIN_FLOOR_PCT, MAX_FLOOR_PCT),
});
export type RecommendationSettingsInput = v.InferOutput<typeof RecommendationSettingsBody>;

/** The first problem with the settings as the seller reads it (the server's own message), or null. */
export function settingsProblem(input: { recommendationRule: string; deliveredFloorPct: number }): string | null {
  const result = v.safeParse(RecommendationSettingsBody, input, { abortPipeEarly: true });
  return result.success ? null : issueText(result.issues[0]);
}
