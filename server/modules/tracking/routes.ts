import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { shipments } from '../../db/schema';
import type { ApiRouter } from '../../http/router';
import { readMultipart } from '../../http/validate';
import type { AppDeps } from '../../deps';
import { API_TRACKING } from '../../../src/domain/tracking-contract';
import { BrandConfigBody } from '../../../src/domain/schemas/brand';
import {
  BrandFeatureBody,
  CustomerFeedbackBody,
  DakiyaFeedbackBody,
  NotificationSettingsBody,
  TRACKING_REF,
} from '../../../src/domain/schemas/tracking';
import { badRequest, notFound } from '../../http/errors';
import { API } from '../../../src/domain/account-contract';
import { IMAGE_TOO_LARGE, storeImage } from '../files/service';
import { LIMITS } from '../../../src/domain/constants';
import { brandConfig, saveBrandConfig, setBrandFeature } from './brand';
import { notificationSettings, saveNotificationSettings } from './buyer-notifications';
import { trackingCache } from './tracking-cache';
import { giveFeedback, lookupOrderId, trackByNumber, trackByOrder, trackByShortCode } from './public-tracking';
import { isoDayField } from '../../../src/domain/schemas/fields';

const TAG = 'tracking';
const PUBLIC = { kind: 'public' } as const;
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
// a malformed reference is answered like an unknown one: the same 404, nothing to learn from it
const known = (pattern: RegExp, text: string): true => {
  if (!pattern.test(text)) throw notFound('No shipment with that tracking number');
  return true;
};
const ref = v.object({ trackingRef: v.string() });

export function registerTrackingRoutes(router: ApiRouter, deps: AppDeps) {
  const cache = trackingCache(deps);
  // a rating shows as given on the buyer's next load
  const forgetting = (answer: { given: boolean; rating: number; orderId: number }) => {
    cache.forgetOrder(answer.orderId);
    return { given: answer.given, rating: answer.rating };
  };
  router.add({
    method: 'get',
    path: API_TRACKING.byNumber(':trackingRef'),
    tag: TAG,
    access: PUBLIC,
    params: ref,
    summary: 'The buyer’s tracking data by tracking number',
    errors: { 404: 'no such shipment' },
    returns: 'TrackingData',
    handler: ({ params }) =>
      cache.get(`n:${params.trackingRef}`, () =>
        trackByNumber(deps.db, known(TRACKING_REF, params.trackingRef) && params.trackingRef),
      ),
  });
  router.add({
    method: 'get',
    path: API_TRACKING.returnByNumber(':trackingRef'),
    tag: TAG,
    access: PUBLIC,
    params: ref,
    summary: 'A return’s tracking data by tracking number',
    errors: { 404: 'no such return' },
    returns: 'TrackingData',
    handler: () => {
      // returns are booked by the returns area; until one exists, no return number is known
      throw notFound('No return with that tracking number');
    },
  });
  router.add({
    method: 'get',
    path: API_TRACKING.byShortCode(':code'),
    tag: TAG,
    access: PUBLIC,
    params: v.object({ code: v.string() }),
    summary: 'The buyer’s tracking data by the short code of the SMS link (/s?r=code)',
    errors: { 404: 'no such shipment' },
    returns: 'TrackingData',
    handler: ({ params }) =>
      cache.get(`s:${params.code}`, () =>
        trackByShortCode(deps.db, known(/^[A-Za-z0-9_-]{6,12}$/, params.code) && params.code),
      ),
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
    summary: 'The order id of a tracking number (AWB or Dakiya short code): 0 when unknown',
    returns: '{ orderId, trackingNumber }',
    handler: ({ query }) => lookupOrderId(deps.db, query.trackingNumber),
  });
  router.add({
    method: 'post',
    path: API_TRACKING.customerFeedback,
    tag: TAG,
    access: PUBLIC,
    body: CustomerFeedbackBody,
    summary: 'The buyer rates the seller (once per shipment), with the rating key of the SMS/email link',
    errors: { 403: 'the rating key is not this shipment’s', 404: 'no such shipment' },
    returns: '{ given, rating }',
    handler: async ({ body }) =>
      forgetting(
        await giveFeedback(
          deps.db,
          deps.ratingKey,
          body.entityId,
          body.ratingKey,
          'CUSTOMER',
          body.customerRating,
          body.customerFeedback,
          deps.now(),
        ),
      ),
  });
  router.add({
    method: 'post',
    path: API_TRACKING.dakiyaFeedback,
    tag: TAG,
    access: PUBLIC,
    body: DakiyaFeedbackBody,
    summary: 'The buyer rates the delivery (once per shipment), with the rating key of the SMS/email link',
    errors: { 403: 'the rating key is not this shipment’s', 404: 'no such shipment' },
    returns: '{ given, rating }',
    handler: async ({ body }) =>
      forgetting(
        await giveFeedback(
          deps.db,
          deps.ratingKey,
          body.entityId,
          body.ratingKey,
          'DAKIYA',
          body.dakiyaRating,
          body.dakiyaFeedback,
          deps.now(),
        ),
      ),
  });
  router.add({
    method: 'get',
    path: API_TRACKING.byOrder(':orderRef', ':trackingRef'),
    tag: TAG,
    access: PUBLIC,
    params: v.object({ orderRef: v.string(), trackingRef: v.string() }),
    operationId: 'getTrackingByOrderAndTrackingRef',
    summary: 'The buyer’s tracking data for one order and its tracking number (both must match)',
    errors: { 404: 'no such shipment' },
    returns: 'TrackingData',
    handler: ({ params }) =>
      cache.get(`o:${params.orderRef}:${params.trackingRef}`, () =>
        trackByOrder(
          deps.db,
          known(/^\d{1,10}$/, params.orderRef) && Number(params.orderRef),
          known(TRACKING_REF, params.trackingRef) && params.trackingRef,
        ),
      ),
  });
  router.add({
    method: 'get',
    path: API_TRACKING.brand,
    tag: TAG,
    access: SELLERS,
    summary: 'The seller’s brand on the tracking page',
    returns: 'BrandConfig',
    handler: ({ caller }) => brandConfig(deps.db, caller.orgId),
  });
  router.add({
    method: 'put',
    path: API_TRACKING.brand,
    tag: TAG,
    access: SELLERS,
    body: BrandConfigBody,
    summary:
      'Save the brand: header, ad banners, recommended products, video, social images, footer, support contacts (http(s) links and YouTube/Vimeo videos only)',
    returns: 'BrandConfig',
    handler: async ({ caller, body }) => {
      const saved = await saveBrandConfig(deps.db, caller.orgId, body, deps.now());
      cache.forgetAll();
      return saved;
    },
  });
  router.add({
    method: 'put',
    path: API_TRACKING.brandFeature,
    tag: TAG,
    access: SELLERS,
    body: BrandFeatureBody,
    summary: 'Turn one brand block on or off',
    returns: 'BrandConfig',
    handler: async ({ caller, body }) => {
      const saved = await setBrandFeature(deps.db, caller.orgId, body.featureName, body.enabled, deps.now());
      cache.forgetAll();
      return saved;
    },
  });
  router.add({
    method: 'post',
    path: API_TRACKING.brandImages,
    tag: TAG,
    access: SELLERS,
    multipart: true,
    maxBody: { bytes: LIMITS.imageUploadMaxBytes + 64 * 1024, message: IMAGE_TOO_LARGE },
    summary:
      'Upload an image for the brand blocks (field "file"; PNG, JPEG or WEBP up to 1 MB, checked by its content)',
    errors: { 413: IMAGE_TOO_LARGE, 415: 'not a PNG, JPEG or WEBP image' },
    returns: '{ url }',
    handler: async ({ c, caller }) => {
      const form = (await readMultipart(c)) ?? {};
      const file = form.file;
      if (!(file instanceof File)) throw badRequest('file: a multipart field named "file" with the image is required');
      const id = await storeImage(deps.db, {
        orgId: caller.orgId,
        name: file.name,
        bytes: new Uint8Array(await file.arrayBuffer()),
        now: deps.now(),
      });
      return { url: API.file(id) };
    },
  });
  router.add({
    method: 'put',
    path: API_TRACKING.newExpectedDelivery(':awb'),
    tag: TAG,
    access: STAFF,
    params: v.object({ awb: v.string() }),
    body: v.object({ date: isoDayField('date') }),
    summary: 'Support tells the buyer a new expected delivery date (the tracking page shows it in a banner)',
    errors: { 404: 'no such shipment' },
    returns: '{ awb, newExpectedDeliveryDate }',
    handler: async ({ params, body }) => {
      const [row] = await deps.db
        .update(shipments)
        .set({ newExpectedDeliveryDate: body.date })
        .where(eq(shipments.awb, params.awb))
        .returning({ orderId: shipments.orderId });
      if (!row) throw notFound('No shipment with that tracking number');
      cache.forgetOrder(row.orderId);
      return { awb: params.awb, newExpectedDeliveryDate: body.date };
    },
  });
  router.add({
    method: 'get',
    path: API_TRACKING.notificationSettings,
    tag: TAG,
    access: SELLERS,
    summary: 'Which shipment events buyers get an SMS and an email for',
    returns: 'BuyerNotificationSetting[]',
    handler: ({ caller }) => notificationSettings(deps.db, caller.orgId),
  });
  router.add({
    method: 'put',
    path: API_TRACKING.notificationSettings,
    tag: TAG,
    access: SELLERS,
    body: NotificationSettingsBody,
    summary: 'Turn each event’s SMS and email on or off (events not listed keep their setting)',
    returns: 'BuyerNotificationSetting[]',
    handler: ({ caller, body }) => saveNotificationSettings(deps.db, caller.orgId, body),
  });
}
