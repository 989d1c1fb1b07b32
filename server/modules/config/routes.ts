import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_CONFIG } from '../../../src/domain/config-contract';
import { INDIAN_STATES } from '../../../src/domain/indian-states';
import { appConfig } from './service';
import { settledAnswer } from '../../http/json-answer';

export function registerConfigRoutes(router: ApiRouter, deps: AppDeps) {
  // fixed for the process's life: their JSON is made once, not per call
  const config = settledAnswer(appConfig(deps.config));
  const states = settledAnswer([...INDIAN_STATES]);
  router.route(API_CONFIG.appConfig, { access: { kind: 'public' }, handler: () => config });
  router.route(API_CONFIG.states, { access: { kind: 'public' }, handler: () => states });
}
