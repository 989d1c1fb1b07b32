import * as v from 'valibot';
import { BRAND_FEATURES } from '../brand';
import { BUYER_MESSAGE_SETTINGS } from '../tracking/buyer-messages';
import { MSG_TRACKING } from '../tracking/messages';
import { numberSchema } from './fields';
import { oneOf } from './choice';

// Inputs of the buyer's tracking page (feedback) and of the seller's brand and notification settings.

export const TRACKING_REF = /^[A-Za-z0-9_-]{6,20}$/;
export const RATING_KEY = /^[A-Za-z0-9_-]{16}$/;
const rating = (field: string) =>
  v.pipe(
    numberSchema(field),
    v.integer(`${field} must be a whole number from 1 to 10`),
    v.minValue(1, `${field} must be a whole number from 1 to 10`),
    v.maxValue(10, `${field} must be a whole number from 1 to 10`),
  );
const feedbackText = (field: string) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, `${field} must be at most 500 characters`)), '');
const entity = {
  entityType: v.literal('ORDER', "entityType must be 'ORDER'"),
  entityId: v.pipe(v.string('entityId is required'), v.regex(TRACKING_REF, 'entityId must be a tracking number')),
  // the key of the buyer's SMS/email link: the tracking number alone does not let anyone rate
  ratingKey: v.pipe(v.string(MSG_TRACKING.ratingLinkOnly), v.regex(RATING_KEY, MSG_TRACKING.ratingLinkOnly)),
};

export const CustomerFeedbackBody = v.object({
  ...entity,
  customerRating: rating('customerRating'),
  customerFeedback: feedbackText('customerFeedback'),
});
export const DakiyaFeedbackBody = v.object({
  ...entity,
  dakiyaRating: rating('dakiyaRating'),
  dakiyaFeedback: feedbackText('dakiyaFeedback'),
});

/** The lookup page's tracking number: an AWB or a Dakiya short code. */
export const TrackingLookupQuery = v.object({
  trackingNumber: v.pipe(
    v.string('trackingNumber is required'),
    v.trim(),
    v.minLength(1, 'trackingNumber is required'),
    v.maxLength(40, 'trackingNumber is too long'),
  ),
});

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
