import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API } from '../../../src/domain/account-contract';
import { INDIAN_STATES } from '../../../src/domain/indian-states';
import { appConfig } from './service';

export function registerConfigRoutes(router: ApiRouter, deps: AppDeps) {
  const config = appConfig(deps.config);
  router.add({
    method: 'get',
    path: API.appConfig,
    tag: 'config',
    access: { kind: 'public' },
    summary: 'App configuration the browser keeps in local storage (CHANNEL_URL, CARRIER_PUBLIC_URL)',
    handler: () => config,
  });
  router.add({
    method: 'get',
    path: API.states,
    tag: 'config',
    access: { kind: 'public' },
    summary: 'Indian states and union territories with GST state codes',
    handler: () => INDIAN_STATES,
  });
}
