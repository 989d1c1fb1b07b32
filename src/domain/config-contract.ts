import * as v from 'valibot';
import { AppConfigSchema, IndianStateSchema } from './account-contract';
import { operation } from './operation';

// The app's public configuration: its operations, served by server/modules/config/routes.ts.

const TAG = 'config';

export const API_CONFIG = {
  appConfig: operation({
    method: 'get',
    path: '/api/v1/app-config',
    tag: TAG,
    summary: 'App configuration the browser keeps in local storage (CHANNEL_URL, CARRIER_PUBLIC_URL)',
    response: AppConfigSchema,
  }),
  states: operation({
    method: 'get',
    path: '/api/v1/states',
    tag: TAG,
    summary: 'Indian states and union territories with GST state codes',
    response: v.array(IndianStateSchema),
  }),
};
