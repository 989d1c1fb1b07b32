import * as v from 'valibot';
import { BRAND_FEATURES } from '../brand';
import { BUYER_MESSAGE_SETTINGS } from '../tracking/buyer-messages';
import { oneOf } from './choice';

// Inputs of the seller's brand and buyer-notification settings of the tracking page.

export const BrandFeatureBody = v.object({
  featureName: oneOf(BRAND_FEATURES, 'featureName'),
  enabled: v.boolean('enabled must be true or false'),
});

export const NotificationSettingsBody = v.pipe(
  v.array(
    v.object({
      event: oneOf(BUYER_MESSAGE_SETTINGS, 'event'),
      sms: v.boolean('sms must be true or false'),
      email: v.boolean('email must be true or false'),
      whatsapp: v.optional(v.boolean('whatsapp must be true or false')),
      language: v.optional(v.picklist(['en', 'hi'], 'language must be en or hi')),
    }),
    'send a list of settings',
  ),
  v.check((list) => new Set(list.map((s) => s.event)).size === list.length, 'each event once'),
);
