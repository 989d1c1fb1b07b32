import type { ApiRouter } from '../../http/router';
import { readMultipart } from '../../http/validate';
import type { AppDeps } from '../../deps';
import { API_TRACKING } from '../../../src/domain/tracking-contract';
import { API_TRACKING_SETTINGS } from '../../../src/domain/tracking-settings-contract';
import { badRequest } from '../../http/errors';
import { IMAGE_TOO_LARGE, LIMITS } from '../../../src/domain/constants';
import { brandConfig } from './brand';
import { notificationSettings, saveNotificationSettings } from './buyer-notifications';
import { lookupTracking } from './public-tracking';
import { trackingService } from './service';

// The tracking area's operations (src/domain/tracking-contract.ts, the buyer's, and
// src/domain/tracking-settings-contract.ts, the seller's and support's): who may call each, and its handler.

const PUBLIC = { kind: 'public' } as const;
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

export function registerTrackingRoutes(router: ApiRouter, deps: AppDeps) {
  const tracking = trackingService(deps);
  router.route(API_TRACKING.byNumber, {
    access: PUBLIC,
    handler: ({ params }) => tracking.byNumber(params.trackingRef),
  });
  router.route(API_TRACKING.returnByNumber, {
    access: PUBLIC,
    handler: ({ params }) => tracking.returnByNumber(params.trackingRef),
  });
  router.route(API_TRACKING.byShortCode, {
    access: PUBLIC,
    handler: ({ params }) => tracking.byShortCode(params.code),
  });
  router.route(API_TRACKING.lookup, {
    access: PUBLIC,
    handler: ({ query }) => lookupTracking(deps.db, query.trackingNumber),
  });
  router.route(API_TRACKING.customerFeedback, {
    access: PUBLIC,
    handler: ({ body }) =>
      tracking.giveFeedback('CUSTOMER', {
        entityId: body.entityId,
        ratingKey: body.ratingKey,
        rating: body.customerRating,
        feedback: body.customerFeedback,
      }),
  });
  router.route(API_TRACKING.dakiyaFeedback, {
    access: PUBLIC,
    handler: ({ body }) =>
      tracking.giveFeedback('DAKIYA', {
        entityId: body.entityId,
        ratingKey: body.ratingKey,
        rating: body.dakiyaRating,
        feedback: body.dakiyaFeedback,
      }),
  });
  router.route(API_TRACKING.byOrder, {
    access: PUBLIC,
    handler: ({ params }) => tracking.byOrder(params.orderRef, params.trackingRef),
  });
  router.route(API_TRACKING_SETTINGS.brand, {
    access: SELLERS,
    permission: 'setup.view',
    handler: ({ caller }) => brandConfig(deps.db, caller.orgId),
  });
  router.route(API_TRACKING_SETTINGS.saveBrand, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => tracking.saveBrand(caller.orgId, body),
  });
  router.route(API_TRACKING_SETTINGS.brandFeature, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => tracking.setBrandFeature(caller.orgId, body.featureName, body.enabled),
  });
  router.route(API_TRACKING_SETTINGS.brandImages, {
    access: SELLERS,
    permission: 'setup.manage',
    maxBody: { bytes: LIMITS.imageUploadMaxBytes + 64 * 1024, message: IMAGE_TOO_LARGE },
    handler: async ({ c, caller }) => {
      const form = (await readMultipart(c)) ?? {};
      const file = form.file;
      if (!(file instanceof File)) throw badRequest('file: a multipart field named "file" with the image is required');
      return tracking.storeBrandImage(caller.orgId, file);
    },
  });
  router.route(API_TRACKING_SETTINGS.newExpectedDelivery, {
    access: STAFF,
    staffPermission: 'orders.simulate',
    handler: ({ params, body }) => tracking.setNewExpectedDelivery(params.awb, body.date),
  });
  router.route(API_TRACKING_SETTINGS.notificationSettings, {
    access: SELLERS,
    permission: 'setup.view',
    handler: ({ caller }) => notificationSettings(deps.db, caller.orgId),
  });
  router.route(API_TRACKING_SETTINGS.saveNotificationSettings, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => saveNotificationSettings(deps.db, caller.orgId, body),
  });
}
