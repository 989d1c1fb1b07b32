import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_RECOMMENDATION, RecommendationSettingsSchema } from '../../../src/domain/recommendation-contract';
import { RecommendationSettingsBody } from '../../../src/domain/schemas/recommendation';
import { recommendationSettings, saveRecommendationSettings } from './settings';

const TAG = 'shipping';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerRecommendationRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_RECOMMENDATION.settings,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.view',
    summary: 'The seller’s courier recommendation rule and delivered % floor (Premium)',
    errors: { 403: 'the plan does not include carrier recommendation' },
    response: RecommendationSettingsSchema,
    handler: ({ caller }) => recommendationSettings(deps.db, caller.orgId),
  });
  router.add({
    method: 'put',
    path: API_RECOMMENDATION.settings,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: RecommendationSettingsBody,
    summary:
      'Save the courier recommendation rule (CHEAPEST_ABOVE_FLOOR, FASTEST or BEST_VALUE) and the delivered % floor (Premium)',
    errors: { 403: 'the plan does not include carrier recommendation' },
    response: RecommendationSettingsSchema,
    handler: ({ caller, body }) => saveRecommendationSettings(deps.db, caller.orgId, body, deps.now()),
  });
}
