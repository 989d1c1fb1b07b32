import * as v from 'valibot';
import { MSG_TRACKING } from '../tracking/messages';
import { numberSchema } from './fields';

// Inputs of the buyer's tracking page (feedback, lookup). The seller's settings of the page are in
// tracking-settings.ts: their refusals name choices by label (choice.ts), whose tables the buyer's
// bundle does not carry.

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
