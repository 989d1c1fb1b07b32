import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_RECOMMENDATION } from '../../../src/domain/recommendation-contract';
import { recommendationSettings, saveRecommendationSettings } from './settings';

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerRecommendationRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_RECOMMENDATION.settings, {
    access: SELLERS,
    permission: 'setup.view',
    handler: ({ caller }) => recommendationSettings(deps.db, caller.orgId),
  });
  router.route(API_RECOMMENDATION.saveSettings, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => saveRecommendationSettings(deps.db, caller.orgId, body, deps.now()),
  });
}
