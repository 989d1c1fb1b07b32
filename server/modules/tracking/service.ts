import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { shipments } from '../../db/schema';
import { notFound } from '../../http/errors';
import { after, type MaybePromise } from '../../http/after';
import type { BrandConfig, BrandFeature } from '../../../src/domain/brand';
import type { TrackingData } from '../../../src/domain/tracking-contract';
import { TRACKING_REF } from '../../../src/domain/schemas/tracking';
import { API } from '../../../src/domain/account-contract';
import { storeImage } from '../files/service';
import { saveBrandConfig, setBrandFeature } from './brand';
import { trackingCache } from './tracking-cache';
import { publicView } from '../../../src/domain/tracking/public-view';
import { giveFeedback, trackByNumber, trackByOrder, trackByShortCode, trackReturnByNumber } from './public-tracking';

// The buyer's tracking pages and the seller's brand: answers come through the tracking cache,
// and every change made here forgets what it touched so the buyer's next load shows it.

const SHORT_CODE = /^[A-Za-z0-9_-]{6,12}$/;
const ORDER_REF = /^\d{1,10}$/;

// a malformed reference is answered like an unknown one: the same 404, nothing to learn from it
function known(pattern: RegExp, text: string): string {
  if (!pattern.test(text)) throw notFound('No shipment with that tracking number');
  return text;
}

export interface FeedbackInput {
  entityId: string;
  ratingKey: string;
  rating: number;
  feedback: string;
}

export function trackingService(deps: AppDeps) {
  const cache = trackingCache(deps);
  return {
    // a tracking number alone opens the public view; the buyer's link (short code) the full one
    byNumber: (trackingRef: string): MaybePromise<TrackingData> =>
      after(
        cache.get(`n:${trackingRef}`, () => trackByNumber(deps.db, known(TRACKING_REF, trackingRef))),
        publicView,
      ),

    byShortCode: (code: string): MaybePromise<TrackingData> =>
      cache.get(`s:${code}`, () => trackByShortCode(deps.db, known(SHORT_CODE, code))),

    byOrder: (orderRef: string, trackingRef: string): MaybePromise<TrackingData> =>
      after(
        cache.get(`o:${orderRef}:${trackingRef}`, () =>
          trackByOrder(deps.db, Number(known(ORDER_REF, orderRef)), known(TRACKING_REF, trackingRef)),
        ),
        publicView,
      ),

    /**
     * A return's reverse pickup by its AWB (server/modules/returns books them). Whole: its receiver
     * is the seller's return address, and the buyer's door (its pickup) is not in the answer.
     */
    returnByNumber: (trackingRef: string): MaybePromise<TrackingData> =>
      cache.get(`r:${trackingRef}`, () => trackReturnByNumber(deps.db, known(TRACKING_REF, trackingRef))),

    /** A rating shows as given on the buyer's next load. */
    async giveFeedback(kind: 'CUSTOMER' | 'DAKIYA', input: FeedbackInput): Promise<{ given: boolean; rating: number }> {
      const answer = await giveFeedback(
        deps.db,
        deps.ratingKey,
        input.entityId,
        input.ratingKey,
        kind,
        input.rating,
        input.feedback,
        deps.now(),
      );
      cache.forgetOrder(answer.orderId);
      return { given: answer.given, rating: answer.rating };
    },

    async saveBrand(orgId: number, config: BrandConfig): Promise<BrandConfig> {
      const saved = await saveBrandConfig(deps.db, orgId, config, deps.now());
      cache.forgetAll();
      return saved;
    },

    async setBrandFeature(orgId: number, feature: BrandFeature, enabled: boolean): Promise<BrandConfig> {
      const saved = await setBrandFeature(deps.db, orgId, feature, enabled, deps.now());
      cache.forgetAll();
      return saved;
    },

    async storeBrandImage(orgId: number, file: File): Promise<{ url: string }> {
      const id = await storeImage(deps.db, {
        orgId,
        name: file.name,
        bytes: new Uint8Array(await file.arrayBuffer()),
        now: deps.now(),
        // shown to buyers on the tracking page: a public brand asset
        public: true,
      });
      return { url: API.file(id) };
    },

    /** Support's new expected delivery date: the buyer's page shows it in a banner. */
    async setNewExpectedDelivery(awb: string, date: string): Promise<{ awb: string; newExpectedDeliveryDate: string }> {
      const [row] = await deps.db
        .update(shipments)
        .set({ newExpectedDeliveryDate: date })
        .where(eq(shipments.awb, awb))
        .returning({ orderId: shipments.orderId });
      if (!row) throw notFound('No shipment with that tracking number');
      cache.forgetOrder(row.orderId);
      return { awb, newExpectedDeliveryDate: date };
    },
  };
}
