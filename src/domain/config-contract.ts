import * as v from 'valibot';
import { operation } from './operation';

// The app's public configuration: its operations, served by server/modules/config/routes.ts.

export const AppConfigSchema = v.object({
  CHANNEL_URL: v.string(),
  CARRIER_PUBLIC_URL: v.string(),
  /** the site code (constants SITE_CODE) */
  SITE_CODE: v.string(),
});
export type AppConfig = v.InferOutput<typeof AppConfigSchema>;

export const IndianStateSchema = v.object({
  code: v.string(),
  name: v.string(),
  gstCode: v.string(),
});
export type IndianState = v.InferOutput<typeof IndianStateSchema>;

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
