import { API_RECOMMENDATION, type RecommendationSettings } from '../domain/recommendation-contract';
import type { RecommendationRule } from '../domain/shipping/courier-recommendation';
import { dataOf } from './answer';
import type { Http } from './types';

// The courier recommendation's calls (src/domain/recommendation-contract.ts).

export const fetchRecommendationSettings = (http: Http): Promise<RecommendationSettings> =>
  dataOf(http.get(API_RECOMMENDATION.settings));
export const saveRecommendationSettings = (
  http: Http,
  body: { recommendationRule: RecommendationRule; deliveredFloorPct: number },
): Promise<RecommendationSettings> => dataOf(http.put(API_RECOMMENDATION.settings, body));
