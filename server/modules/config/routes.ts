import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API, AppConfigSchema, IndianStateSchema } from '../../../src/domain/account-contract';
import { INDIAN_STATES } from '../../../src/domain/indian-states';
import { appConfig } from './service';

export function registerConfigRoutes(router: ApiRouter, deps: AppDeps) {
  const config = appConfig(deps.config);
  const states = [...INDIAN_STATES];
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
