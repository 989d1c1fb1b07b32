import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API, AppConfigSchema, IndianStateSchema } from '../../../src/domain/account-contract';
import { INDIAN_STATES } from '../../../src/domain/indian-states';
import { appConfig } from './service';
import { settledAnswer } from '../../http/json-answer';

export function registerConfigRoutes(router: ApiRouter, deps: AppDeps) {
  // fixed for the process's life: their JSON is made once, not per call
  const config = settledAnswer(appConfig(deps.config));
  const states = settledAnswer([...INDIAN_STATES]);
  router.add({
    method: 'get',
    path: API.appConfig,
    tag: 'config',
    access: { kind: 'public' },
    summary: 'App configuration the browser keeps in local storage (CHANNEL_URL, CARRIER_PUBLIC_URL)',
    response: AppConfigSchema,
    handler: () => config,
  });
  router.add({
    method: 'get',
    path: API.states,
    tag: 'config',
    access: { kind: 'public' },
    summary: 'Indian states and union territories with GST state codes',
    response: v.array(IndianStateSchema),
    handler: () => states,
  });
}
