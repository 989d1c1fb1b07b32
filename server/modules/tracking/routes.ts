import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import { readMultipart } from '../../http/validate';
import type { AppDeps } from '../../deps';
import {
  API_TRACKING,
  BuyerNotificationSettingSchema,
  FeedbackAnswerSchema,
  NewExpectedDeliverySchema,
  TrackingDataSchema,
  TrackingLookupSchema,
} from '../../../src/domain/tracking-contract';
import { BrandConfigBody } from '../../../src/domain/schemas/brand';
import {
  BrandFeatureBody,
  CustomerFeedbackBody,
  DakiyaFeedbackBody,
  NotificationSettingsBody,
} from '../../../src/domain/schemas/tracking';
import { badRequest } from '../../http/errors';
import { IMAGE_TOO_LARGE } from '../files/service';
import { LIMITS } from '../../../src/domain/constants';
import { brandConfig } from './brand';
import { notificationSettings, saveNotificationSettings } from './buyer-notifications';
import { lookupTracking } from './public-tracking';
import { trackingService } from './service';
import { isoDayField } from '../../../src/domain/schemas/fields';
import { UploadAnswerSchema } from '../../../src/domain/account-contract';

const TAG = 'tracking';
const PUBLIC = { kind: 'public' } as const;
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
const ref = v.object({ trackingRef: v.string() });

export function registerTrackingRoutes(router: ApiRouter, deps: AppDeps) {
  const tracking = trackingService(deps);
  router.add({
    method: 'get',
    path: API_TRACKING.byNumber(':trackingRef'),
    tag: TAG,
    access: PUBLIC,
    params: ref,
    summary: 'A shipment’s progress by tracking number: the public view (destination city, no buyer details)',
    errors: { 404: 'no such shipment' },
    response: TrackingDataSchema,
    handler: ({ params }) => tracking.byNumber(params.trackingRef),
  });
  router.add({
    method: 'get',
    path: API_TRACKING.returnByNumber(':trackingRef'),
    tag: TAG,
    access: PUBLIC,
    params: ref,
    summary: 'A return’s tracking data by tracking number (its receiver is the seller’s return address)',
    errors: { 404: 'no such return' },
    response: TrackingDataSchema,
    handler: ({ params }) => tracking.returnByNumber(params.trackingRef),
  });
  router.add({
    method: 'get',
    path: API_TRACKING.byShortCode(':code'),
    tag: TAG,
    access: PUBLIC,
    params: v.object({ code: v.string() }),
    summary: 'The buyer’s full tracking data by the short code of the buyer’s link (/s?r=code)',
    errors: { 404: 'no such shipment' },
    response: TrackingDataSchema,
    handler: ({ params }) => tracking.byShortCode(params.code),
  });
  router.add({
    method: 'get',
    path: API_TRACKING.lookup,
    tag: TAG,
    access: PUBLIC,
    query: v.object({
      trackingNumber: v.pipe(
        v.string('trackingNumber is required'),
        v.trim(),
        v.minLength(1, 'trackingNumber is required'),
        v.maxLength(40, 'trackingNumber is too long'),
      ),
    }),
    summary: 'Whether a tracking number (AWB or Dakiya short code) is known, and its AWB (no order id)',
    response: TrackingLookupSchema,
    handler: ({ query }) => lookupTracking(deps.db, query.trackingNumber),
  });
  router.add({
    method: 'post',
    path: API_TRACKING.customerFeedback,
    tag: TAG,
    access: PUBLIC,
    body: CustomerFeedbackBody,
    summary: 'The buyer rates the seller (once per shipment), with the rating key of the SMS/email link',
    errors: { 403: 'the rating key is not this shipment’s', 404: 'no such shipment', 409: 'not delivered yet' },
    response: FeedbackAnswerSchema,
    handler: ({ body }) =>
      tracking.giveFeedback('CUSTOMER', {
        entityId: body.entityId,
        ratingKey: body.ratingKey,
        rating: body.customerRating,
        feedback: body.customerFeedback,
      }),
  });
  router.add({
    method: 'post',
    path: API_TRACKING.dakiyaFeedback,
    tag: TAG,
    access: PUBLIC,
    body: DakiyaFeedbackBody,
    summary: 'The buyer rates the delivery (once per shipment), with the rating key of the SMS/email link',
    errors: { 403: 'the rating key is not this shipment’s', 404: 'no such shipment', 409: 'not delivered yet' },
    response: FeedbackAnswerSchema,
    handler: ({ body }) =>
      tracking.giveFeedback('DAKIYA', {
        entityId: body.entityId,
        ratingKey: body.ratingKey,
        rating: body.dakiyaRating,
        feedback: body.dakiyaFeedback,
      }),
  });
  router.add({
    method: 'get',
    path: API_TRACKING.byOrder(':orderRef', ':trackingRef'),
    tag: TAG,
    access: PUBLIC,
    params: v.object({ orderRef: v.string(), trackingRef: v.string() }),
    operationId: 'getTrackingByOrderAndTrackingRef',
    summary: 'A shipment’s progress by order and tracking number (both must match): the public view',
    errors: { 404: 'no such shipment' },
    response: TrackingDataSchema,
    handler: ({ params }) => tracking.byOrder(params.orderRef, params.trackingRef),
  });
  router.add({
    method: 'get',
    path: API_TRACKING.brand,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.view',
    summary: 'The seller’s brand on the tracking page',
    response: BrandConfigBody,
    handler: ({ caller }) => brandConfig(deps.db, caller.orgId),
  });
  router.add({
    method: 'put',
    path: API_TRACKING.brand,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: BrandConfigBody,
    summary:
      'Save the brand: header, ad banners, recommended products, video, social images, footer, support contacts (http(s) links and YouTube/Vimeo videos only)',
    response: BrandConfigBody,
    handler: ({ caller, body }) => tracking.saveBrand(caller.orgId, body),
  });
  router.add({
    method: 'put',
    path: API_TRACKING.brandFeature,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: BrandFeatureBody,
    summary: 'Turn one brand block on or off',
    response: BrandConfigBody,
    handler: ({ caller, body }) => tracking.setBrandFeature(caller.orgId, body.featureName, body.enabled),
  });
  router.add({
    method: 'post',
    path: API_TRACKING.brandImages,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    multipart: true,
    maxBody: { bytes: LIMITS.imageUploadMaxBytes + 64 * 1024, message: IMAGE_TOO_LARGE },
    summary:
      'Upload an image for the brand blocks (field "file"; PNG, JPEG or WEBP up to 1 MB, checked by its content)',
    errors: { 413: IMAGE_TOO_LARGE, 415: 'not a PNG, JPEG or WEBP image' },
    response: UploadAnswerSchema,
    handler: async ({ c, caller }) => {
      const form = (await readMultipart(c)) ?? {};
      const file = form.file;
      if (!(file instanceof File)) throw badRequest('file: a multipart field named "file" with the image is required');
      return tracking.storeBrandImage(caller.orgId, file);
    },
  });
  router.add({
    method: 'put',
    path: API_TRACKING.newExpectedDelivery(':awb'),
    tag: TAG,
    access: STAFF,
    staffPermission: 'orders.simulate',
    params: v.object({ awb: v.string() }),
    body: v.object({ date: isoDayField('date') }),
    summary: 'Support tells the buyer a new expected delivery date (the tracking page shows it in a banner)',
    errors: { 404: 'no such shipment' },
    response: NewExpectedDeliverySchema,
    handler: ({ params, body }) => tracking.setNewExpectedDelivery(params.awb, body.date),
  });
  router.add({
    method: 'get',
    path: API_TRACKING.notificationSettings,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.view',
    summary: 'Which shipment events buyers get an SMS and an email for',
    response: v.array(BuyerNotificationSettingSchema),
    handler: ({ caller }) => notificationSettings(deps.db, caller.orgId),
  });
  router.add({
    method: 'put',
    path: API_TRACKING.notificationSettings,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: NotificationSettingsBody,
    summary: 'Turn each event’s SMS and email on or off (events not listed keep their setting)',
    response: v.array(BuyerNotificationSettingSchema),
    handler: ({ caller, body }) => saveNotificationSettings(deps.db, caller.orgId, body),
  });
}
