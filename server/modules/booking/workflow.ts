import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { bookingClaims } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import type { CarrierAdapter, FoundBooking, ShipmentRequest } from '../../carriers/adapter';
import type { CourierQuote } from '../../../src/domain/shipping-contract';
import { releaseClaim, underBookingClaim } from './booking-claim';
import { openIntent, settleOrphans, undoBooking, type Intent, type IntentKind } from './booking-intents';

// The one booking workflow: forward shipments, auto-ship, split packages and boxes, hyperlocal
// deliveries, reassignments and reverse pickups all book through it, and this is the one place
// that asks a courier to book. Its steps, in order:
//   1. claim       the order's booking claim (booking-claim.ts): concurrent requests book once,
//                  a repeat with the same key waits and answers what the first made
//   2. made        what this idempotency key made already is answered as it is
//   3. orphans     bookings a dead request left at the courier are adopted or cancelled there
//   4. prepare     the booking's reads and the eligibility policy (eligibility.ts), wallet
//                  included, before any courier call: a refusal books nothing anywhere
//   5. call        the intent written down with its client reference, then the courier's booking
//   6. record      one transaction under the order's lock: re-check, record, charge, status move,
//                  the claim released with the commit
//   7. compensate  on any failure after the call: the courier's booking cancelled, the claim freed
//   8. announce    after the commit: caches, the buyer's message, the answer

/** A courier's booking on its way to being recorded. */
export interface Booking {
  carrier: CarrierAdapter;
  /** the price recorded and charged */
  quote: CourierQuote;
  awb: string;
  routingCode: string;
  pickupAt: Date;
  riderName?: string;
  /** a multi-piece booking's child AWBs, a box each in the boxes' order */
  childAwbs?: string[];
  /** a hyperlocal partner's slot the seller chose */
  slot?: { id: string; startsAt: Date; endsAt: Date };
  /** the booking written down before the courier was called (booking-intents.ts) */
  intentId?: number;
  /** a booking a dead request left at the courier, recorded now */
  adopted?: boolean;
}

/** What `prepare` asks of the courier, once the policy let it through. */
export interface CourierCall {
  carrier: CarrierAdapter;
  /** the price recorded and charged */
  quote: CourierQuote;
  /** the intent's kind and what it keeps to be adopted later (the quote and slot a ship asked) */
  intent: { kind: IntentKind; packageId?: number | null; quote?: CourierQuote; slot?: Booking['slot'] };
  request: Omit<ShipmentRequest, 'clientReference' | 'bookedAt'>;
  /** the boxes of a multi-piece booking (one master AWB, a child AWB a box) */
  boxes?: { weightKg: number }[];
}

export interface BookingPlan<R> {
  caller: { orgId: number; accountId: number };
  /** the order (or return) whose claim and intents this booking holds */
  orderId: number;
  key: string | null;
  /** the 409 answered while another request books this order */
  busy: string;
  /** what this key made already, or null */
  made(): Promise<R | null>;
  /** takes over a booking a dead request left at the courier; absent: such bookings are cancelled */
  adopt?(intent: Intent, found: FoundBooking, carrier: CarrierAdapter): Promise<R | null>;
  prepare(): Promise<CourierCall>;
  /** the transaction's writes under the order's lock; answers the recorded shipment's id */
  record(tx: Tx, booking: Booking, now: Date): Promise<number>;
  announce(shipmentId: number, booking: Booking): Promise<R>;
}

/** Step 5: the intent, then the courier's booking. The only courier booking call in the product. */
async function callCourier(deps: AppDeps, plan: BookingPlan<unknown>, call: CourierCall): Promise<Booking> {
  const { carrier, quote, intent } = call;
  const { intentId, clientReference } = await openIntent(deps, {
    orgId: plan.caller.orgId,
    orderId: plan.orderId,
    accountId: plan.caller.accountId,
    carrierCode: quote.carrierCode,
    idempotencyKey: plan.key,
    ...intent,
  });
  const request: ShipmentRequest = { ...call.request, clientReference, bookedAt: deps.now() };
  if (call.boxes) {
    if (!carrier.createMultiPiece) throw new Error(`${carrier.profile.name} books no multi-piece shipments`);
    const booked = await carrier.createMultiPiece(request, call.boxes);
    return { carrier, quote, ...booked, intentId };
  }
  const booked = await carrier.createShipment(request);
  return { carrier, quote, ...booked, ...(intent.slot ? { slot: intent.slot } : {}), intentId };
}

/** Steps 2 to 8 under the claim. */
async function bookClaimed<R>(deps: AppDeps, plan: BookingPlan<R>): Promise<R> {
  let booking: Booking | undefined;
  let shipmentId: number;
  try {
    // read again under the claim: the request that held it may have finished just now
    const done = await plan.made();
    if (done) {
      await releaseClaim(deps, plan.orderId);
      return done;
    }
    const adopted = await settleOrphans(deps, plan.orderId, plan.adopt ?? (async () => null));
    if (adopted) return adopted;
    const call = await plan.prepare();
    booking = await callCourier(deps, plan as BookingPlan<unknown>, call);
    const b = booking;
    shipmentId = await deps.db.transaction(async (tx) => {
      const id = await plan.record(tx, b, deps.now());
      // released with the commit: a waiting repeat then finds the shipment
      await tx.delete(bookingClaims).where(eq(bookingClaims.orderId, plan.orderId));
      return id;
    });
  } catch (e) {
    if (booking) await undoBooking(deps, booking);
    await releaseClaim(deps, plan.orderId);
    // the same key recorded by another server process meanwhile: answer what it made
    if (plan.key && isUniqueViolation(e)) {
      const made = await plan.made();
      if (made) return made;
    }
    throw e;
  }
  return plan.announce(shipmentId, booking);
}

/** Books as the plan says, holding the order's booking claim throughout (step 1). */
export function runBooking<R>(deps: AppDeps, plan: BookingPlan<R>): Promise<R> {
  return underBookingClaim(
    deps,
    plan.caller,
    plan.orderId,
    plan.key,
    () => plan.made(),
    () => bookClaimed(deps, plan),
    plan.busy,
  );
}
