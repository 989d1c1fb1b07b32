import * as v from 'valibot';
import { operation } from './operation';
import { BrandConfigBody } from './schemas/brand';
import { BrandFeatureBody, NotificationSettingsBody } from './schemas/tracking-settings';
import { isoDayField } from './schemas/fields';
import { UploadAnswerSchema } from './account-contract';
import { IMAGE_TOO_LARGE } from './constants';
import { BuyerNotificationSettingSchema, NewExpectedDeliverySchema } from './tracking-contract';

// What sellers and support set for the buyer's tracking page: the seller's brand on it, the
// buyer messages, support's new expected delivery date. Apart from the buyer's operations
// (src/domain/tracking-contract.ts), so the buyer's page does not carry these.

const TAG = 'tracking';

export const API_TRACKING_SETTINGS = {
  brand: operation({
    method: 'get',
    path: '/api/v1/brand-customisation',
    tag: TAG,
    summary: 'The seller’s brand on the tracking page',
    response: BrandConfigBody,
  }),
  saveBrand: operation({
    method: 'put',
    path: '/api/v1/brand-customisation',
    tag: TAG,
    body: BrandConfigBody,
    summary:
      'Save the brand: header, ad banners, recommended products, video, social images, footer, support contacts (http(s) links and YouTube/Vimeo videos only)',
    response: BrandConfigBody,
  }),
  brandFeature: operation({
    method: 'put',
    path: '/api/v1/brand-customisation/feature',
    tag: TAG,
    body: BrandFeatureBody,
    summary: 'Turn one brand block on or off',
    response: BrandConfigBody,
  }),
  brandImages: operation({
    method: 'post',
    path: '/api/v1/brand-customisation/images',
    tag: TAG,
    multipart: true,
    summary:
      'Upload an image for the brand blocks (field "file"; PNG, JPEG or WEBP up to 1 MB, checked by its content)',
    errors: { 413: IMAGE_TOO_LARGE, 415: 'not a PNG, JPEG or WEBP image' },
    response: UploadAnswerSchema,
  }),
  newExpectedDelivery: operation({
    method: 'put',
    path: '/api/v1/dakiya/shipments/:awb/new-expected-delivery',
    tag: TAG,
    params: v.object({ awb: v.string() }),
    body: v.object({ date: isoDayField('date') }),
    summary: 'Support tells the buyer a new expected delivery date (the tracking page shows it in a banner)',
    errors: { 404: 'no such shipment' },
    response: NewExpectedDeliverySchema,
  }),
  notificationSettings: operation({
    method: 'get',
    path: '/api/v1/buyer-notifications/settings',
    tag: TAG,
    summary: 'Which shipment events buyers get an SMS and an email for',
    response: v.array(BuyerNotificationSettingSchema),
  }),
  saveNotificationSettings: operation({
    method: 'put',
    path: '/api/v1/buyer-notifications/settings',
    tag: TAG,
    body: NotificationSettingsBody,
    summary: 'Turn each event’s SMS and email on or off (events not listed keep their setting)',
    response: v.array(BuyerNotificationSettingSchema),
  }),
};
