import { randomBytes } from 'node:crypto';
import type { OrgCaller } from '../../http/router';
import { scanTitle } from '../../../src/domain/shipping/courier-status';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db, Tx, Executor } from '../../db/client';
import { bookingClaims, orderPackages, orders, shipments, shipmentScans } from '../../db/schema';
import { keyUsed } from '../booking/booking-claim';
import { settleRecorded, type Intent } from '../booking/booking-intents';
import { runBooking, type Booking, type BookingPlan } from '../booking/workflow';
import { assertMayBook } from '../booking/eligibility';
import { isUniqueViolation } from '../../db/unique-violation';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import type { AutoShipRule } from '../../../src/domain/schemas/shipping';
import type { AutoShipAnswer, CourierQuote, RateAnswer, ShipmentInfo } from '../../../src/domain/shipping-contract';
import { allows, FORWARD_STATUSES, refusal, type ForwardStatus } from '../../../src/domain/order-status';
import { carrierName } from '../../../src/domain/shipping/carriers';
import { formatAmount, istDay } from '../../../src/domain/format';
import type { Parcel } from '../../../src/domain/shipping/rates';
import { GST_PERCENT } from '../../../src/domain/shipping/rates';
import { carrierNetwork } from '../../carriers/registry';
import type { CarrierAdapter, FoundBooking } from '../../carriers/adapter';
import { moveMoney } from '../wallet/ledger';
import { bookingPurpose, chargeBooking } from './booking-charge';
import { placeOf, quoteAll } from './quotes';
import { laneHistories } from '../promises/lane-history';
import { laneQualities } from '../quality/lane-quality';
import { sellerCardsAt } from '../pricing/effective-card';
import { hyperlocalQuotes } from './hyperlocal-quotes';
import { assertPlanAllows, planAllows } from '../plans/plan-gate';
import { isHyperlocalCode } from '../../../src/domain/shipping/hyperlocal';
import type { Zone } from '../../../src/domain/shipping/zones';
import type { RateQuery } from '../../../src/domain/schemas/shipping';
import { insureAbovePaise, shippingPreferences } from './preferences';
import {
  coverNote,
  coverOf,
  coverParts,
  coverQuoteOf,
  coverTotal,
  type CoverChoice,
  type ShipmentCover,
} from './cover-charge';
import { notifyBuyer } from '../tracking/buyer-notifications';
import { trackingCache } from '../tracking/tracking-cache';
import { transitionOrder } from '../order-status/status';
import { withRecommendation } from '../recommendation/recommend-order';
import { autoShipRanking, platformDefaultRanking } from '../../../src/domain/shipping/carrier-ranking';
import { pickupOf, pickupPlace } from '../orders/pickup-of';
import { joinPickup, leavePickup } from '../pickups/join';
import { queuePickupSync } from '../pickups/sync';
import { pickupDayError } from '../../../src/domain/pickup-days';
import { ownOrder } from '../order-lookup/own-order';
import { ORDER_TYPE } from '../../../src/domain/order-type';
import { paiseOf } from '../../../src/domain/money';

// An order becomes a shipment: the courier books it (AWB), and in one transaction the shipment
// is recorded, the wallet is charged and the order moves to Pickup Scheduled. Before the courier
// is called the order's booking claim is taken (booking-claim.ts), so concurrent ship or reassign
// requests for one order call the courier once; a repeat with the same idempotency key, at once
// or later, answers the shipment it made. The booking is written down before the call with a
// reference the courier keeps (booking-intents.ts): one a dead process left at the courier is
// adopted by the next request that asks for it, or cancelled there. A booking the transaction
// then refuses is cancelled at the courier again.

type Order = typeof orders.$inferSelect;

const rupees = (paise: number) => `₹${formatAmount(paise)}`;

export const parcelOf = (o: Order): Parcel => ({
  deadWeightKg: o.deadWeightKg,
  lengthCm: o.lengthCm,
  breadthCm: o.breadthCm,
  heightCm: o.heightCm,
  paymentMethod: o.paymentMethod as 'PPD' | 'COD',
  codAmountPaise: o.codAmountPaise,
});

/** Every courier's quote for the order; with `hyperlocal`, the partners' too when the seller's plan includes them (auto-ship has no slot to choose). */
async function quotesFor(deps: AppDeps, o: Order, hyperlocal = false): Promise<RateAnswer> {
  const network = await carrierNetwork(deps);
  const from = pickupPlace(o);
  const to = { pincode: o.shipping.pincode, city: o.shipping.city, state: o.shipping.state };
  const answer = quoteAll(
    network,
    from,
    to,
    parcelOf(o),
    deps.now(),
    await sellerCardsAt(deps.db, o.orgId, deps.now()),
    await laneHistories(deps.db, from, to),
    await laneQualities(deps.db, from, to),
  );
  if (!hyperlocal || !(await planAllows(deps.db, o.orgId, 'hyperlocal'))) return answer;
  const local = hyperlocalQuotes(network, from, to, answer.zone as Zone, parcelOf(o), deps.now());
  return {
    ...answer,
    quotes: [...local.quotes, ...answer.quotes],
    unserviceable: [...answer.unserviceable, ...local.unserviceable],
  };
}

/** The rate calculator: every courier's price for a parcel between two pincodes. */
export async function rateCalculator(
  deps: AppDeps,
  caller: Pick<OrgCaller, 'orgId'>,
  q: RateQuery,
): Promise<RateAnswer> {
  const from = placeOf('originPincode', q.originPincode);
  const to = placeOf('destinationPincode', q.destinationPincode);
  const parcel: Parcel = {
    deadWeightKg: q.weightKg,
    lengthCm: q.lengthCm,
    breadthCm: q.breadthCm,
    heightCm: q.heightCm,
    paymentMethod: q.paymentMethod,
    codAmountPaise: paiseOf(q.codAmount),
  };
  const at = deps.now();
  return quoteAll(
    await carrierNetwork(deps),
    from,
    to,
    parcel,
    at,
    await sellerCardsAt(deps.db, caller.orgId, at),
    await laneHistories(deps.db, from, to),
    await laneQualities(deps.db, from, to),
  );
}

/**
 * An order's quotes; on plans with carrier recommendation, with the recommended courier and why;
 * with what insuring the order costs and whether the seller's rule insures it.
 */
export async function orderQuotes(deps: AppDeps, caller: OrgCaller, orderId: number): Promise<RateAnswer> {
  const o = await ownOrder(deps.db, caller.orgId, orderId, { type: ORDER_TYPE.FORWARD });
  const answer = await quotesFor(deps, o, true);
  const cover = coverQuoteOf(o.totalPaise, await insureAbovePaise(deps.db, caller.orgId));
  return { ...(await withRecommendation(deps.db, caller.orgId, answer)), cover };
}

/** The slot the seller chose among the partner's quoted ones; a hyperlocal booking needs one. */
function chosenSlot(quote: CourierQuote, slotId: string | null): { id: string; startsAt: Date; endsAt: Date } {
  const slots = quote.hyperlocal?.slots ?? [];
  const slot = slots.find((x) => x.id === slotId);
  if (!slot)
    throw badRequest(
      slotId
        ? `Delivery slot: ${quote.carrierName} has no open slot ${slotId}; choose one of ${slots.map((x) => x.label).join(', ')}`
        : `Delivery slot: choose one of ${quote.carrierName}'s slots`,
    );
  return { id: slot.id, startsAt: new Date(slot.startsAt), endsAt: new Date(slot.endsAt) };
}

const newShortCode = () => randomBytes(6).toString('base64url');

const SHIPMENT_WORDS = { noun: 'shipment', verb: 'ship it' } as const;

/** Insurance by the seller's rule when the request leaves it open; no delay protection unless asked. */
export const COVER_BY_RULE: CoverChoice = { insured: null, delayProtection: false };
export const NO_SHIPMENT_COVER: ShipmentCover = { insuredValuePaise: 0, insurancePaise: 0, delayProtectionPaise: 0 };

/**
 * The wallet pays the freight and the COD fee, each with its GST, as two entries on the AWB, and
 * the shipment's cover (insurance, delay protection) as one entry each.
 */
export async function charge(
  tx: Tx,
  caller: OrgCaller,
  awb: string,
  q: CourierQuote,
  at: Date,
  cover: ShipmentCover = NO_SHIPMENT_COVER,
) {
  const codGst = Math.round((q.codChargePaise * GST_PERCENT) / 100);
  await chargeBooking(
    tx,
    caller,
    awb,
    { totalPaise: q.totalPaise + coverTotal(cover), ...SHIPMENT_WORDS },
    [
      {
        kind: 'SHIPPING_CHARGE',
        amountPaise: q.totalPaise - q.codChargePaise - codGst,
        part: 'freight',
        description: `Freight with ${q.carrierName} (incl. GST)`,
      },
      {
        kind: 'COD_CHARGE',
        amountPaise: q.codChargePaise > 0 ? q.codChargePaise + codGst : 0,
        part: 'cod',
        description: `COD fee with ${q.carrierName} (incl. GST)`,
      },
      ...coverParts(cover, q.carrierName),
    ],
    at,
  );
}

/** Who hands the parcel over and who receives it: the order's pickup copy and its buyer at the shipping address. */
export const partiesOf = (o: Order) => {
  const p = pickupOf(o);
  return {
    from: {
      pincode: p.pincode,
      city: p.city,
      state: p.state,
      name: p.entityName,
      phone: p.phone,
      address: [p.line1, p.line2].filter(Boolean).join(', '),
    },
    to: {
      address: [o.shipping.line1, o.shipping.line2].filter(Boolean).join(', '),
      pincode: o.shipping.pincode,
      city: o.shipping.city,
      state: o.shipping.state,
      name: o.buyerName,
      phone: o.buyerPhone,
    },
  };
};

export type { Booking } from '../booking/workflow';

export async function recordShipment(
  tx: Tx,
  caller: OrgCaller,
  o: Order,
  b: Booking,
  idempotencyKey: string | null,
  now: Date,
  packageId: number | null = null,
  cover: ShipmentCover = NO_SHIPMENT_COVER,
) {
  if (b.intentId) await settleRecorded(tx, b.intentId, b.awb, b.adopted);
  // a hyperlocal parcel arrives in the slot chosen, which may be a later one than the quote's first
  const edd = b.slot ? istDay(b.slot.endsAt) : b.quote.edd;
  for (let attempt = 0; ; attempt++) {
    try {
      return await tx.transaction(async (sp) => {
        const [row] = await sp
          .insert(shipments)
          .values({
            orgId: caller.orgId,
            orderId: o.id,
            packageId,
            carrierCode: b.quote.carrierCode,
            awb: b.awb,
            idempotencyKey,
            zone: b.quote.zone,
            chargedWeightKg: b.quote.chargedWeightKg,
            freightPaise: b.quote.freightPaise,
            codChargePaise: b.quote.codChargePaise,
            gstPaise: b.quote.gstPaise,
            totalPaise: b.quote.totalPaise,
            rtoChargePaise: b.quote.rtoChargePaise,
            ...cover,
            quoteSteps: b.quote.steps,
            routingCode: b.routingCode,
            shortCode: newShortCode(),
            expectedDeliveryDate: edd,
            promisedDeliveryDate: edd,
            pickupAt: b.pickupAt,
            bookedAt: now,
            deliverySlot: b.slot
              ? {
                  slotId: b.slot.id,
                  startsAt: b.slot.startsAt.toISOString(),
                  endsAt: b.slot.endsAt.toISOString(),
                  riderName: b.riderName ?? null,
                }
              : null,
          })
          .returning();
        return row;
      });
    } catch (e) {
      // a short code drawn twice: draw again
      if (!isUniqueViolation(e) || attempt >= 3) throw e;
    }
  }
}

/** The shipment an idempotency key already made for this order, if any. */
async function shipmentOfKey(
  deps: AppDeps,
  caller: OrgCaller,
  orderId: number,
  idempotencyKey: string | null,
): Promise<ShipmentInfo | null> {
  return (await keyUsed(deps, caller.orgId, orderId, idempotencyKey)) ? shipmentInfo(deps, caller, orderId) : null;
}

/** A forward order booked with a courier: shipped, or moved from its courier to another. */
function orderBookingPlan(
  deps: AppDeps,
  caller: OrgCaller,
  orderId: number,
  carrierCode: string,
  idempotencyKey: string | null,
  mode: 'SHIP' | 'REASSIGN',
  slotId: string | null,
  pickupDate: string | null,
  choice: CoverChoice,
): BookingPlan<ShipmentInfo> {
  let before: Order;
  let cover: ShipmentCover = NO_SHIPMENT_COVER;
  return {
    caller,
    orderId,
    key: idempotencyKey,
    busy: 'This order is being shipped right now. Please try again in a minute',
    made: () => shipmentOfKey(deps, caller, orderId, idempotencyKey),
    // a booking a dead request left at the courier for this order: adopted when it is what this
    // request asks (a ship with that courier), cancelled otherwise
    adopt: (intent, found, carrier) =>
      mode === 'SHIP' && intent.kind === 'ORDER' && intent.carrierCode === carrierCode
        ? adoptOrphan(deps, intent, found, carrier)
        : Promise.resolve(null),
    prepare: async () => {
      before = await ownOrder(deps.db, caller.orgId, orderId, { type: ORDER_TYPE.FORWARD });
      const network = await carrierNetwork(deps);
      const carrier = network.adapters.get(carrierCode);
      if (!carrier) throw badRequest(`Courier: no courier ${carrierCode}`);
      const answer = await quotesFor(deps, before, true);
      // a reassignment's old shipment is refunded (with its cover) in the same transaction that
      // charges the new one, which keeps the cover the seller chose for the parcel
      const old = mode === 'REASSIGN' ? await bookedShipment(deps.db, orderId) : undefined;
      const refund = old ? old.totalPaise + coverTotal(old) : 0;
      const quoted = answer.quotes.find((q) => q.carrierCode === carrierCode);
      const kept = old ? { insured: old.insurancePaise > 0, delayProtection: old.delayProtectionPaise > 0 } : choice;
      cover = coverOf(
        kept,
        before.totalPaise,
        quoted?.freightPaise ?? 0,
        await insureAbovePaise(deps.db, caller.orgId),
      );
      const price = quoted ? quoted.totalPaise + coverTotal(cover) : 0;
      const quote = (await assertMayBook(deps, deps.db, {
        orgId: caller.orgId,
        kyc: true,
        features: isHyperlocalCode(carrierCode) ? ['hyperlocal'] : [],
        statusRefusal: forwardStatusRefusal(before, mode, carrierCode),
        waitsOf: mode === 'SHIP' ? before : undefined,
        courier: { answer, carrierCode, cannotTake: `${carrier.profile.name} cannot take this order` },
        spend: { purpose: bookingPurpose(SHIPMENT_WORDS), paise: Math.max(0, price - refund) },
      }))!;
      const slot = quote.hyperlocal ? chosenSlot(quote, slotId) : undefined;
      return {
        carrier,
        quote,
        intent: { kind: 'ORDER', quote, ...(slot ? { slot } : {}) },
        request: {
          orderNumber: before.orderNumber,
          ...partiesOf(before),
          zone: answer.zone,
          weightKg: quote.chargedWeightKg,
          paymentMethod: before.paymentMethod as 'PPD' | 'COD',
          codAmountPaise: before.codAmountPaise,
          declaredValuePaise: before.totalPaise,
          dimensionsCm: { length: before.lengthCm, breadth: before.breadthCm, height: before.heightCm },
          ...(slot ? { slot } : {}),
        },
      };
    },
    record: (tx, b, now) =>
      recordOrderBooking(deps, tx, caller, orderId, b, idempotencyKey, mode, now, pickupDate, cover),
    announce: async () => {
      const booked = await announceBooked(deps, caller, orderId);
      if (mode === 'REASSIGN' && before.awb && before.carrierCode) {
        const network = await carrierNetwork(deps);
        await network.adapters
          .get(before.carrierCode)
          ?.cancel(before.awb)
          .catch(() => undefined);
      }
      return booked;
    },
  };
}

/** The order's live shipment, if it has one. */
async function bookedShipment(db: Executor, orderId: number) {
  const [s] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.state, 'BOOKED')));
  return s as typeof shipments.$inferSelect | undefined;
}

/**
 * In the booking's transaction under the order's lock: asked again what may have changed, the
 * shipment recorded (and its intent marked), a reassigned shipment refunded, the wallet charged,
 * the order moved to Pickup Scheduled.
 */
async function recordOrderBooking(
  deps: AppDeps,
  tx: Tx,
  caller: OrgCaller,
  orderId: number,
  b: Booking,
  idempotencyKey: string | null,
  mode: 'SHIP' | 'REASSIGN',
  now: Date,
  pickupDate: string | null = null,
  cover: ShipmentCover = NO_SHIPMENT_COVER,
): Promise<number> {
  const o = await ownOrder(tx, caller.orgId, orderId, { type: ORDER_TYPE.FORWARD, lock: true });
  // read under the order's lock: a buyer's answer takes the same lock first
  await assertMayBook(deps, tx, {
    orgId: caller.orgId,
    statusRefusal: forwardStatusRefusal(o, mode, b.quote.carrierCode),
    waitsOf: mode === 'SHIP' ? o : undefined,
  });
  const old = mode === 'REASSIGN' ? await bookedShipment(tx, o.id) : undefined;
  if (old) await cancelRecorded(tx, caller, o, old, now, `Reassigned to ${b.carrier.profile.name}`);
  // the history says where it came from and what went back, beside what the new AWB cost
  const from = old
    ? `from ${carrierName(old.carrierCode)} (AWB ${old.awb}, ${rupees(old.totalPaise + coverTotal(old))} refunded) `
    : '';
  const row = await recordShipment(tx, caller, o, b, idempotencyKey, now, null, cover);
  // the parcel joins its warehouse's pickup with the courier: the day the seller chose, else the courier's
  await joinPickup(tx, {
    orgId: caller.orgId,
    pickupAddressId: pickupOf(o).addressId,
    carrierCode: row.carrierCode,
    pickupDate: pickupDate ?? courierPickupDay(b.pickupAt, now),
    shipmentId: row.id,
    now,
  });
  await charge(tx, caller, row.awb, b.quote, now, cover);
  await transitionOrder(tx, o, 'PKP_SCH', {
    now,
    accountId: caller.accountId,
    also: { awb: row.awb, carrierCode: row.carrierCode, shipmentBookedAt: now },
    note: `${mode === 'REASSIGN' ? `Reassigned ${from}to` : 'Shipped with'} ${b.carrier.profile.name}, AWB ${row.awb}, ${rupees(row.totalPaise + coverTotal(cover))}${coverNote(cover)}`,
  });
  return row.id;
}

/** The courier's own pickup day for a parcel (IST), never a day already past. */
function courierPickupDay(pickupAt: Date, now: Date): string {
  const day = istDay(pickupAt);
  const today = istDay(now);
  return day < today ? today : day;
}

/** After the commit: the courier is told of the pickup request the shipment joined (by a job). */
async function tellCourierOfPickup(deps: AppDeps, shipmentId: number): Promise<void> {
  const [s] = await deps.db
    .select({ pickupRequestId: shipments.pickupRequestId })
    .from(shipments)
    .where(eq(shipments.id, shipmentId));
  // the booking is made and paid for: a queue that cannot take the job now must not answer it as failed
  if (s?.pickupRequestId)
    await queuePickupSync(deps, s.pickupRequestId).catch((e: Error) =>
      console.error(`[pickups] request ${s.pickupRequestId} not queued: ${e.message}`),
    );
}

/** After the commit: caches forget the order, the buyer is told, the shipment answered. */
async function announceBooked(deps: AppDeps, caller: OrgCaller, orderId: number): Promise<ShipmentInfo> {
  trackingCache(deps).forgetOrder(orderId);
  const booked = await shipmentInfo(deps, caller, orderId);
  await tellCourierOfPickup(deps, booked.shipmentId);
  await notifyBuyer(deps, booked.shipmentId, 'PKP_SCH');
  return booked;
}

/**
 * Records a booking that a request which died mid-booking left at the courier, as that request
 * would have: at the price it was quoted, with its idempotency key (a repeat of it answers this
 * shipment), charged to the wallet. Null when the intent is not one a ship request made; throws
 * when the order no longer takes it (the caller then cancels it at the courier).
 */
export async function adoptOrphan(
  deps: AppDeps,
  intent: Intent,
  found: FoundBooking,
  carrier: CarrierAdapter,
): Promise<ShipmentInfo | null> {
  if (intent.kind !== 'ORDER' || !intent.quote || intent.accountId === null) return null;
  const caller = { orgId: intent.orgId, accountId: intent.accountId };
  const slot = intent.slot
    ? { id: intent.slot.id, startsAt: new Date(intent.slot.startsAt), endsAt: new Date(intent.slot.endsAt) }
    : undefined;
  const booking: Booking = {
    carrier,
    quote: intent.quote as CourierQuote,
    awb: found.awb,
    routingCode: found.routingCode,
    pickupAt: found.pickupAt,
    ...(found.riderName ? { riderName: found.riderName } : {}),
    ...(slot ? { slot } : {}),
    intentId: intent.id,
    adopted: true,
  };
  await deps.db.transaction(async (tx) => {
    await recordOrderBooking(deps, tx, caller, intent.orderId, booking, intent.idempotencyKey, 'SHIP', deps.now());
    // released with the commit: a waiting repeat then finds the shipment
    await tx.delete(bookingClaims).where(eq(bookingClaims.orderId, intent.orderId));
  });
  return announceBooked(deps, caller, intent.orderId);
}

/** What the order's status refuses for a ship or a reassignment to this courier; null when nothing. */
function forwardStatusRefusal(o: Order, mode: 'SHIP' | 'REASSIGN', carrierCode: string): string | null {
  const status = o.status as ForwardStatus;
  // a split order ships package by package, or its boxes as one multi-piece shipment
  if (o.splitMode) return 'This order is split into packages: ship it from its packages (Split shipment)';
  if (mode === 'SHIP' && !allows(status, 'ship')) return refusal(status, 'ship');
  if (mode === 'SHIP' && o.archived) return 'An archived order cannot be shipped: unarchive it first';
  if (mode === 'REASSIGN' && status !== 'PKP_SCH')
    return `An order that is ${FORWARD_STATUSES[status]} cannot be reassigned: only a shipment waiting for pickup can`;
  // a repeat from another tab, or a slip: moving to the same courier would only book and charge again
  if (mode === 'REASSIGN' && o.carrierCode === carrierCode)
    return `This shipment is already with ${carrierName(carrierCode)}: choose another courier`;
  return null;
}

async function book(
  deps: AppDeps,
  caller: OrgCaller,
  orderId: number,
  carrierCode: string,
  idempotencyKey: string | null,
  mode: 'SHIP' | 'REASSIGN',
  slotId: string | null,
  pickupDate: string | null,
  choice: CoverChoice,
): Promise<ShipmentInfo> {
  // another seller's order is a 404 before anything is claimed
  await ownOrder(deps.db, caller.orgId, orderId, { type: ORDER_TYPE.FORWARD });
  const dayError = pickupDate ? pickupDayError(pickupDate, istDay(deps.now())) : null;
  if (dayError) throw badRequest(dayError);
  return runBooking(
    deps,
    orderBookingPlan(deps, caller, orderId, carrierCode, idempotencyKey, mode, slotId, pickupDate, choice),
  );
}

export const shipOrder = (
  deps: AppDeps,
  caller: OrgCaller,
  orderId: number,
  carrierCode: string,
  idempotencyKey: string | null,
  slotId: string | null = null,
  pickupDate: string | null = null,
  cover: CoverChoice = COVER_BY_RULE,
) => book(deps, caller, orderId, carrierCode, idempotencyKey, 'SHIP', slotId, pickupDate, cover);
export const reassignOrder = (
  deps: AppDeps,
  caller: OrgCaller,
  orderId: number,
  carrierCode: string,
  idempotencyKey: string | null,
  slotId: string | null = null,
  pickupDate: string | null = null,
) => book(deps, caller, orderId, carrierCode, idempotencyKey, 'REASSIGN', slotId, pickupDate, COVER_BY_RULE);

/** Marks a shipment cancelled and refunds what it was charged, its cover too (the refund is keyed on the AWB: once). */
async function cancelRecorded(
  tx: Tx,
  caller: OrgCaller,
  o: Order,
  s: typeof shipments.$inferSelect,
  now: Date,
  note: string,
) {
  await tx.update(shipments).set({ state: 'CANCELLED', cancelledAt: now }).where(eq(shipments.id, s.id));
  await leavePickup(tx, s.pickupRequestId, now);
  await moveMoney(tx, {
    orgId: caller.orgId,
    kind: 'SHIPMENT_REFUND',
    amountPaise: s.totalPaise + coverTotal(s),
    externalKey: `shipment:${s.awb}:refund`,
    reference: s.awb,
    description: `Refund: ${note}`,
    createdBy: caller.accountId,
    at: now,
  });
}

export async function cancelShipment(deps: AppDeps, caller: OrgCaller, orderId: number): Promise<ShipmentInfo> {
  let cancelled: typeof shipments.$inferSelect | undefined;
  await deps.db.transaction(async (tx) => {
    const o = await ownOrder(tx, caller.orgId, orderId, { type: ORDER_TYPE.FORWARD, lock: true });
    if (o.splitMode === 'BY_ITEM') throw conflict('This order ships as packages: each package has its own shipment');
    const [s] = await tx
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, o.id), eq(shipments.state, 'BOOKED')));
    if (!s) throw conflict('This order has no shipment to cancel');
    if (o.status !== 'PKP_SCH')
      throw conflict(
        `The courier has the parcel already (${FORWARD_STATUSES[o.status as ForwardStatus]}): a picked-up shipment cannot be cancelled`,
      );
    const now = deps.now();
    await cancelRecorded(tx, caller, o, s, now, `shipment ${s.awb} cancelled`);
    await transitionOrder(tx, o, 'RTS', {
      now,
      accountId: caller.accountId,
      also: { awb: null, carrierCode: null, shipmentBookedAt: null },
      note: `Shipment ${s.awb} cancelled; ${rupees(s.totalPaise + coverTotal(s))} refunded to the wallet`,
    });
    // a multi-piece shipment goes as a whole: its boxes wait to be shipped again
    if (o.splitMode === 'BY_BOX')
      await tx.update(orderPackages).set({ status: 'RTS', childAwb: null }).where(eq(orderPackages.orderId, o.id));
    cancelled = s;
  });
  trackingCache(deps).forgetOrder(orderId);
  const network = await carrierNetwork(deps);
  await network.adapters
    .get(cancelled!.carrierCode)
    ?.cancel(cancelled!.awb)
    .catch(() => undefined);
  // the courier should expect one parcel fewer on that day
  if (cancelled!.pickupRequestId) await queuePickupSync(deps, cancelled!.pickupRequestId);
  return shipmentInfo(deps, caller, orderId);
}

export async function shipmentInfo(deps: AppDeps, caller: OrgCaller, orderId: number): Promise<ShipmentInfo> {
  const o = await ownOrder(deps.db, caller.orgId, orderId, { type: ORDER_TYPE.FORWARD });
  const [s] = await deps.db
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, o.id))
    .orderBy(desc(shipments.id))
    .limit(1);
  if (!s) throw notFound('This order has not been shipped');
  return toShipmentInfo(deps.db, o, s);
}

/** The seller's latest shipment with that AWB, with its scans (another seller's is a 404). */
export async function shipmentByAwb(db: Db, orgId: number, awb: string): Promise<ShipmentInfo> {
  const [s] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.awb, awb), eq(shipments.orgId, orgId)))
    .orderBy(desc(shipments.id));
  if (!s) throw notFound('No shipment with that tracking number');
  const [o] = await db.select().from(orders).where(eq(orders.id, s.orderId));
  return toShipmentInfo(db, o, s);
}

export async function toShipmentInfo(db: Db, o: Order, s: typeof shipments.$inferSelect): Promise<ShipmentInfo> {
  const scans = await db
    .select()
    .from(shipmentScans)
    .where(eq(shipmentScans.shipmentId, s.id))
    .orderBy(asc(shipmentScans.at), asc(shipmentScans.id));
  return {
    shipmentId: s.id,
    orderId: o.id,
    orderNumber: o.orderNumber,
    awb: s.awb,
    carrierCode: s.carrierCode,
    carrierName: carrierName(s.carrierCode),
    state: s.state as ShipmentInfo['state'],
    zone: s.zone,
    chargedWeightKg: s.chargedWeightKg,
    totalPaise: s.totalPaise,
    freightPaise: s.freightPaise,
    codChargePaise: s.codChargePaise,
    gstPaise: s.gstPaise,
    rtoChargePaise: s.rtoChargePaise,
    routingCode: s.routingCode,
    shortCode: s.shortCode,
    expectedDeliveryDate: s.expectedDeliveryDate,
    bookedAt: s.bookedAt.toISOString(),
    pickupAt: s.pickupAt?.toISOString() ?? null,
    deliveredAt: s.deliveredAt?.toISOString() ?? null,
    insuredValuePaise: s.insuredValuePaise,
    insurancePaise: s.insurancePaise,
    delayProtectionPaise: s.delayProtectionPaise,
    orderStatus: o.status,
    deliverySlot: s.deliverySlot,
    scans: scans.map((r) => ({
      at: r.at.toISOString(),
      status: r.status,
      statusText: scanTitle(r.courierStatus, FORWARD_STATUSES[r.status as ForwardStatus] ?? r.status),
      location: r.location,
      remark: r.remark,
    })),
  };
}

/**
 * The courier an auto-ship rule picks from an order's quotes, or why none. PRIORITY follows the
 * explicit ranking of carrier-ranking.ts (the seller's list first where the plan allows it, then
 * the platform's default); RECOMMENDED takes the recommended courier, or the platform's default
 * ranking where the lane has no history yet.
 */
export function pickCourier(
  answer: RateAnswer,
  rule: AutoShipRule,
  priority: string[],
  priorityAllowed: boolean,
): CourierQuote | string {
  if (answer.quotes.length === 0) return 'No courier delivers this order';
  if (rule === 'CHEAPEST') return answer.quotes.find((q) => q.tags.includes('CHEAPEST'))!;
  if (rule === 'FASTEST') return answer.quotes.find((q) => q.tags.includes('FASTEST'))!;
  if (rule === 'RECOMMENDED') {
    const code = answer.recommended?.carrierCode;
    return answer.quotes.find((q) => q.carrierCode === code) ?? platformDefaultRanking(answer.quotes)[0];
  }
  return autoShipRanking(answer.quotes, priority, priorityAllowed).ranked[0];
}

export async function autoShip(
  deps: AppDeps,
  caller: OrgCaller,
  orderIds: number[],
  rule?: AutoShipRule,
  batchKey?: string,
): Promise<AutoShipAnswer> {
  // refused once for the whole batch rather than once an order
  await assertMayBook(deps, deps.db, { orgId: caller.orgId, kyc: true });
  const prefs = await shippingPreferences(deps.db, caller.orgId);
  const chosen = rule ?? prefs.autoShipRule;
  if (chosen === 'RECOMMENDED') await assertPlanAllows(deps.db, caller.orgId, 'carrierRecommendation');
  const priorityAllowed = await planAllows(deps.db, caller.orgId, 'priorityCarrierSelection');
  const results: AutoShipAnswer['results'] = [];
  for (const orderId of [...new Set(orderIds)]) {
    let orderNumber = '';
    try {
      const o = await ownOrder(deps.db, caller.orgId, orderId, { type: ORDER_TYPE.FORWARD });
      orderNumber = o.orderNumber;
      const quotes = await quotesFor(deps, o);
      const answer = chosen === 'RECOMMENDED' ? await withRecommendation(deps.db, caller.orgId, quotes) : quotes;
      const pick = pickCourier(answer, chosen, prefs.carrierPriority, priorityAllowed);
      if (typeof pick === 'string') throw new ApiError(422, pick);
      // auto-ship insures by the seller's rule
      const info = await shipOrder(deps, caller, orderId, pick.carrierCode, batchKey ? `${batchKey}:${orderId}` : null);
      results.push({
        orderId,
        orderNumber,
        shipped: true,
        awb: info.awb,
        carrierCode: info.carrierCode,
        carrierName: info.carrierName,
        totalPaise: info.totalPaise,
      });
    } catch (e) {
      results.push({ orderId, orderNumber, shipped: false, reason: (e as Error).message });
    }
  }
  return { results };
}
