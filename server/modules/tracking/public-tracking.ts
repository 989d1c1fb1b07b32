import { and, asc, desc, eq } from 'drizzle-orm';
import { scanTitle } from '../../../src/domain/shipping/courier-status';
import type { Db } from '../../db/client';
import {
  brandCustomisations,
  orders,
  organisations,
  shipments,
  shipmentScans,
  trackingFeedback,
} from '../../db/schema';
import { conflict, forbidden, notFound } from '../../http/errors';
import { MSG_TRACKING } from '../../../src/domain/tracking/messages';
import { ratingKeyMatches } from './rating-key';
import { API } from '../../../src/domain/account-contract';
import type { TrackingData, TrackingLookup } from '../../../src/domain/tracking-contract';
import { EMPTY_BRAND } from '../../../src/domain/brand';
import {
  FORWARD_STATUSES,
  RETURN_STATUSES,
  type ForwardStatus,
  type ReturnStatus,
} from '../../../src/domain/order-status';
import { carrierName } from '../../../src/domain/shipping/carriers';
import { ratingOpen, statusTitle } from '../../../src/domain/tracking/display';
import { trackedPackages } from './tracked-packages';
import { ORDER_TYPE } from '../../../src/domain/order-type';

// What a buyer sees of a shipment: found by its order and tracking number together, by the
// tracking number, or by the short code of the SMS link. Anything that does not match answers the
// same 404, so a guess tells nothing. The buyer's phone shows its last four digits only, and a
// page opened by a tracking number alone shows less still (public-view.ts).

type Shipment = typeof shipments.$inferSelect;

const NOT_FOUND = 'No shipment with that tracking number';

async function latestShipment(db: Db, where: ReturnType<typeof and>): Promise<Shipment> {
  const [s] = await db.select().from(shipments).where(where).orderBy(desc(shipments.id)).limit(1);
  if (!s) throw notFound(NOT_FOUND);
  return s;
}

export const maskPhone = (phone: string) =>
  phone.length >= 4 ? `${'X'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}` : 'XXXX';

export async function trackingData(db: Db, s: Shipment): Promise<TrackingData> {
  const [o] = await db.select().from(orders).where(eq(orders.id, s.orderId));
  const [org] = await db
    .select({ name: organisations.companyName, logo: organisations.companyLogoFileId })
    .from(organisations)
    .where(eq(organisations.id, s.orgId));
  const [brand] = await db
    .select({ config: brandCustomisations.config })
    .from(brandCustomisations)
    .where(eq(brandCustomisations.orgId, s.orgId));
  const scans = await db
    .select()
    .from(shipmentScans)
    .where(eq(shipmentScans.shipmentId, s.id))
    .orderBy(asc(shipmentScans.at), asc(shipmentScans.id));
  const feedback = await db.select().from(trackingFeedback).where(eq(trackingFeedback.shipmentId, s.id));
  const customer = feedback.find((f) => f.kind === 'CUSTOMER');
  const dakiya = feedback.find((f) => f.kind === 'DAKIYA');
  // a return (order type RETURN) reads in its own words; its receiver stands where the buyer does
  const isReturn = o.orderType === ORDER_TYPE.RETURN;
  const status = isReturn ? o.status : s.state === 'CANCELLED' ? 'CAN' : o.status;
  const config = brand?.config ?? EMPTY_BRAND;
  const addressLines = [
    o.shipping.line1,
    o.shipping.line2,
    `${o.shipping.city}, ${o.shipping.state}`,
    o.shipping.pincode,
  ].filter(Boolean);
  const phone = maskPhone(o.buyerPhone);
  return {
    view: 'BUYER',
    destination: `${o.shipping.city}, ${o.shipping.state}`,
    orderId: o.id,
    isReturn,
    orderStatusCode: status,
    orderStatusDesc: statusTitle(status, isReturn),
    deliveredDate: s.deliveredAt?.toISOString() ?? null,
    expectedDeliveryDate: s.expectedDeliveryDate,
    promisedDeliveryDate: s.promisedDeliveryDate !== s.expectedDeliveryDate ? s.promisedDeliveryDate : null,
    newExpectedDeliveryDate: s.newExpectedDeliveryDate,
    carrierName: carrierName(s.carrierCode),
    trackingNumber: s.awb,
    shortCode: s.shortCode,
    trackingDetails: scans
      .map((x) => ({
        scanDateTime: x.at.toISOString(),
        scanStatus: scanTitle(
          x.courierStatus,
          (isReturn ? RETURN_STATUSES[x.status as ReturnStatus] : FORWARD_STATUSES[x.status as ForwardStatus]) ??
            x.status,
        ),
        scanLocation: x.location,
      }))
      .reverse(),
    orderNumber: o.orderNumber,
    orderPlacedOn: o.orderDate,
    orderedDate: o.orderDate,
    buyerName: o.buyerName,
    buyerPhoneNumber: phone,
    buyerPhoneNum: phone,
    buyerAddress: addressLines.join(', '),
    buyerAddressLine1: addressLines[0] ?? '',
    buyerAddressLine2: addressLines[1] ?? '',
    buyerAddressLine3: addressLines[2] ?? '',
    buyerAddressLine4: addressLines[3] ?? '',
    companyName: org.name,
    companyLogoUrl: org.logo ? API.file(org.logo) : null,
    supportEmail: config.supportEmail,
    supportPhoneNumber: config.supportPhone,
    feedbackGiven: Boolean(customer),
    ratingGiven: customer?.rating ?? null,
    isDakiyaFeedbackGiven: Boolean(dakiya),
    dakiyaRatingGiven: dakiya?.rating ?? null,
    accountBrandCustomisationConfig: config,
    // a split order: every package, whichever one's number the buyer opened
    ...(o.splitMode && !isReturn ? { packages: await trackedPackages(db, o) } : {}),
    ...(s.deliverySlot ? { deliverySlot: s.deliverySlot } : {}),
  };
}

export async function trackByOrder(db: Db, orderId: number, awb: string): Promise<TrackingData> {
  return trackingData(db, await latestShipment(db, and(eq(shipments.orderId, orderId), eq(shipments.awb, awb))));
}

export async function trackByNumber(db: Db, awb: string): Promise<TrackingData> {
  return trackingData(db, await latestShipment(db, and(eq(shipments.awb, awb))));
}

/** A return's tracking by its reverse AWB (a forward AWB is not a return's). */
export async function trackReturnByNumber(db: Db, awb: string): Promise<TrackingData> {
  const [row] = await db
    .select({ s: shipments })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(shipments.awb, awb), eq(orders.orderType, ORDER_TYPE.RETURN)))
    .orderBy(desc(shipments.id))
    .limit(1);
  if (!row) throw notFound('No return with that tracking number');
  return trackingData(db, row.s);
}

export async function trackByShortCode(db: Db, code: string): Promise<TrackingData> {
  return trackingData(db, await latestShipment(db, and(eq(shipments.shortCode, code))));
}

/** Whether a tracking number (AWB or short code) is known, and its AWB: the lookup page's answer (no order id). */
export async function lookupTracking(db: Db, trackingNumber: string): Promise<TrackingLookup> {
  const { orderId, trackingNumber: awb } = await lookupOrderId(db, trackingNumber);
  return { found: orderId > 0, trackingNumber: awb };
}

/** The order id of a tracking number (AWB or short code), or 0: for the live page's own lookups. */
export async function lookupOrderId(
  db: Db,
  trackingNumber: string,
): Promise<{ orderId: number; trackingNumber: string }> {
  const [s] = await db
    .select({ orderId: shipments.orderId, awb: shipments.awb })
    .from(shipments)
    .where(eq(shipments.awb, trackingNumber))
    .orderBy(desc(shipments.id))
    .limit(1);
  if (s) return { orderId: s.orderId, trackingNumber: s.awb };
  const [short] = await db
    .select({ orderId: shipments.orderId, awb: shipments.awb })
    .from(shipments)
    .where(eq(shipments.shortCode, trackingNumber))
    .limit(1);
  return short ? { orderId: short.orderId, trackingNumber: short.awb } : { orderId: 0, trackingNumber };
}

/**
 * A rating given once per shipment and kind, by whoever holds the key of the buyer's SMS or
 * email link (not the tracking number alone): a second one changes nothing and says so.
 */
export async function giveFeedback(
  db: Db,
  secret: Uint8Array,
  awb: string,
  key: string,
  kind: 'CUSTOMER' | 'DAKIYA',
  rating: number,
  feedback: string,
  now: Date,
): Promise<{ given: boolean; rating: number; orderId: number }> {
  const s = await latestShipment(db, and(eq(shipments.awb, awb)));
  if (!ratingKeyMatches(secret, s.id, key)) throw forbidden(MSG_TRACKING.ratingLinkOnly);
  const [o] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, s.orderId));
  if (!ratingOpen(o.status)) throw conflict(MSG_TRACKING.ratingAfterDelivery);
  const [row] = await db
    .insert(trackingFeedback)
    .values({ shipmentId: s.id, kind, rating, feedback, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (row) return { given: true, rating: row.rating, orderId: s.orderId };
  const [existing] = await db
    .select()
    .from(trackingFeedback)
    .where(and(eq(trackingFeedback.shipmentId, s.id), eq(trackingFeedback.kind, kind)));
  return { given: true, rating: existing.rating, orderId: s.orderId };
}
