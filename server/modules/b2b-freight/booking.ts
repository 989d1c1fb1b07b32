import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { b2bBoxNumbers, b2bOrders } from '../../db/schema';
import { ApiError, conflict } from '../../http/errors';
import type { OrgCaller, SellerCaller } from '../../http/router';
import { CourierError } from '../../carriers/courier-error';
import type { FreightBooking } from '../../carriers/freight';
import { ewayBillRequirement } from '../../../src/domain/b2b/eway-bill-requirement';
import type { B2bOrderDetail } from '../../../src/domain/b2b-contract';
import { formatRupees } from '../../../src/domain/format';
import { transitionOrder } from '../order-status/status';
import { moveMoney } from '../wallet/ledger';
import { assertCanSpend } from '../wallet/spendable';
import { b2bOrderDetail, ownB2bOrder } from '../b2b/detail';
import { orderQuotes } from '../b2b/quotes';
import {
  carrierNameOf,
  consignmentRequest,
  freightCarrier,
  loadConsignment,
  registeredName,
  type Consignment,
  type Facts,
} from './consignment';

// Booking a B2B order with a freight carrier. The order is claimed under its row lock (booking
// state PENDING, the quote and its charge written, the wallet debited through the ledger with a
// key of this attempt) before the carrier is asked, so concurrent repeats find it claimed and
// act not at all: one LR, one debit. The carrier's answer then settles it: BOOKED (the LR and a
// number a box, the order Pickup Scheduled through the status gate), PENDING (Delhivery LTL's
// manifest job, settled by a job later), or FAILED (the carrier's words, the charge refunded once).
// An answer lost on the way (a timeout, a dropped connection) decides nothing: the attempt stays
// PENDING with the reference the carrier was given, and a job looks the consignment up by it.

export const B2B_BOOKING_SETTLE_QUEUE = 'b2b-booking-settle';
/** How long after a PENDING answer the carrier's job is asked about again. */
export const SETTLE_AFTER_SECONDS = 30;
export const B2B_BOOKING_RECONCILE_QUEUE = 'b2b-booking-reconcile';
/**
 * How long after a lost answer the carrier is asked for the consignment by its reference: long
 * after its manifest job settles (seconds), so a consignment it made is found.
 */
export const RECONCILE_AFTER_SECONDS = 300;
/** Lookups that fail to get an answer before the attempt is left to staff, still PENDING. */
export const RECONCILE_TRIES = 12;

/** The ledger's key of one booking attempt's charge: the order and the moment it was claimed. */
export const chargeKey = (orderId: number, claimedAt: Date) => `b2b:${orderId}:${claimedAt.getTime()}:charge`;
export const refundKey = (orderId: number, claimedAt: Date) => `b2b:${orderId}:${claimedAt.getTime()}:refund`;

const BOOKING_PURPOSE = { what: 'This consignment', verb: 'book it' };

/** What stands in the way of booking the consignment with this carrier, as refusals a seller can act on. */
async function assertBookable(tx: Tx, c: Consignment, carrierCode: string): Promise<string> {
  const { order, facts } = c;
  if (facts.bookingState === 'PENDING') throw conflict('This order is being booked; wait for the carrier’s answer');
  if (facts.bookingState === 'BOOKED')
    throw conflict(
      `This order is booked already with ${carrierNameOf(facts.carrierCode ?? '')} (LR ${facts.lrNumber})`,
    );
  if (order.status !== 'RTS') throw conflict('Only a Ready To Ship order can be booked');
  const needed = ewayBillRequirement({ invoiceValuePaise: c.invoices.reduce((n, i) => n + i.valuePaise, 0) });
  if (needed.required) {
    const lacking = c.invoices.filter((i) => !i.ewayBillNumber || i.ewayBillStatus !== 'ACT');
    if (lacking.length)
      throw conflict(
        `${needed.message}. Generate or enter the e-way bill of invoice ${lacking.map((i) => i.invoiceNumber).join(', ')}`,
      );
  }
  const name = await registeredName(tx, c.origin.id, carrierCode);
  if (!name)
    throw new ApiError(
      422,
      `${c.origin.name} is not registered with ${carrierNameOf(carrierCode)}: add the name ${carrierNameOf(carrierCode)} registered it under to the warehouse, then book`,
    );
  return name;
}

/** Claims the order for this carrier and charges the quote; answers what the carrier is to be asked. */
export async function claimB2bBooking(deps: AppDeps, caller: OrgCaller, orderId: number, carrierCode: string) {
  const carrier = freightCarrier(deps, carrierCode);
  return deps.db.transaction(async (tx) => {
    const order = await ownB2bOrder(tx, caller.orgId, orderId, true);
    const c = await loadConsignment(tx, order);
    const warehouseName = await assertBookable(tx, c, carrierCode);
    const { quotes } = await orderQuotes(tx, caller.orgId, orderId);
    const asked = quotes.find((q) => q.carrierCode === carrierCode);
    if (!asked?.quote)
      throw new ApiError(422, asked?.refusal ?? `${carrierNameOf(carrierCode)} cannot carry this consignment`);
    // the attempt's moment keys its charge: a later attempt (after a refusal) is always a later moment
    const now = new Date(Math.max(deps.now().getTime(), (c.facts.bookedAt?.getTime() ?? 0) + 1));
    const charge = asked.quote.bookingChargePaise;
    if (charge > 0) {
      await assertCanSpend(tx, caller.orgId, charge, BOOKING_PURPOSE);
      await moveMoney(tx, {
        orgId: caller.orgId,
        kind: 'SHIPPING_CHARGE',
        amountPaise: charge,
        externalKey: chargeKey(orderId, now),
        reference: order.orderNumber,
        description: `B2B freight, ${carrier.name}, order ${order.orderNumber}`,
        createdBy: caller.accountId,
        at: now,
        purpose: BOOKING_PURPOSE,
      });
    }
    await tx
      .update(b2bOrders)
      .set({
        bookingState: 'PENDING',
        bookingJobId: null,
        bookingFailure: null,
        carrierCode,
        quoteLines: asked.quote.lines,
        quoteTotalPaise: charge,
        bookedAt: now,
        // written before the carrier is asked: a lost answer is looked up by it
        bookingReference: c.order.orderNumber,
      })
      .where(eq(b2bOrders.orderId, orderId));
    return { request: consignmentRequest(c, warehouseName, now), carrier };
  });
}

export async function bookB2bOrder(
  deps: AppDeps,
  caller: SellerCaller,
  orderId: number,
  carrierCode: string,
): Promise<B2bOrderDetail> {
  const { request, carrier } = await claimB2bBooking(deps, caller, orderId, carrierCode);
  let outcome: FreightBooking | null;
  try {
    outcome = await carrier.book(request);
  } catch (e) {
    if (!(e instanceof CourierError)) {
      await settleBooking(deps, orderId, { state: 'FAILED', reason: 'The carrier could not be reached; book again' });
      throw e;
    }
    // no answer is not a refusal: the carrier may have booked it; a job looks it up by reference
    outcome = e.kind !== 'REFUSED' && carrier.findBooking ? null : { state: 'FAILED', reason: e.remark };
  }
  if (outcome) await settleBooking(deps, orderId, outcome, caller.accountId);
  else
    await deps.jobs.send(
      B2B_BOOKING_RECONCILE_QUEUE,
      { orderId, tries: 0 },
      { startAfterSeconds: RECONCILE_AFTER_SECONDS },
    );
  return deps.db.transaction(async (tx) =>
    b2bOrderDetail(tx, await ownB2bOrder(tx, caller.orgId, orderId), deps.now()),
  );
}

/** Writes the carrier's answer to a claimed booking, once: a repeat (a job retried) finds it settled. */
export async function settleBooking(
  deps: AppDeps,
  orderId: number,
  outcome: FreightBooking,
  accountId: number | null = null,
): Promise<void> {
  const now = deps.now();
  const queued = await deps.db.transaction(async (tx) => {
    const [facts] = await tx.select().from(b2bOrders).where(eq(b2bOrders.orderId, orderId)).for('update');
    if (facts?.bookingState !== 'PENDING') return false;
    const order = await ownB2bOrder(tx, facts.orgId, orderId, true);
    if (outcome.state === 'PENDING') {
      await tx.update(b2bOrders).set({ bookingJobId: outcome.jobId }).where(eq(b2bOrders.orderId, orderId));
      return true;
    }
    if (outcome.state === 'FAILED') {
      await refundBooking(tx, facts, order.orderNumber, now, 'B2B booking refused');
      await tx
        .update(b2bOrders)
        .set({ bookingState: 'FAILED', bookingFailure: outcome.reason, bookingJobId: null })
        .where(eq(b2bOrders.orderId, orderId));
      return false;
    }
    await tx
      .update(b2bOrders)
      .set({ bookingState: 'BOOKED', lrNumber: outcome.lrNumber, bookingJobId: null })
      .where(eq(b2bOrders.orderId, orderId));
    if (outcome.boxNumbers.length)
      await tx
        .insert(b2bBoxNumbers)
        .values(outcome.boxNumbers.map((boxAwb, i) => ({ orderId, position: i + 1, boxAwb })))
        .onConflictDoNothing();
    await transitionOrder(tx, order, 'PKP_SCH', {
      now,
      accountId,
      note: `Booked with ${carrierNameOf(facts.carrierCode ?? '')}, LR ${outcome.lrNumber}`,
    });
    return false;
  });
  if (queued) await deps.jobs.send(B2B_BOOKING_SETTLE_QUEUE, { orderId }, { startAfterSeconds: SETTLE_AFTER_SECONDS });
}

/** The refund of what the booking charged, once by its key; nothing when it charged nothing. */
export async function refundBooking(tx: Tx, facts: Facts, orderNumber: string, at: Date, description: string) {
  if (!facts.quoteTotalPaise || !facts.bookedAt) return;
  await moveMoney(tx, {
    orgId: facts.orgId,
    kind: 'SHIPMENT_REFUND',
    amountPaise: facts.quoteTotalPaise,
    externalKey: refundKey(facts.orderId, facts.bookedAt),
    reference: orderNumber,
    description: `${description}: ${formatRupees(facts.quoteTotalPaise)} back, order ${orderNumber}`,
    at,
  });
}

/** The job: asks the carrier where a PENDING booking stands, and settles it (or asks again later). */
export async function settlePendingBooking(deps: AppDeps, orderId: number): Promise<void> {
  const [facts] = await deps.db.select().from(b2bOrders).where(eq(b2bOrders.orderId, orderId));
  if (facts?.bookingState !== 'PENDING' || !facts.bookingJobId || !facts.carrierCode) return;
  let outcome: FreightBooking;
  try {
    outcome = await freightCarrier(deps, facts.carrierCode).bookingStatus(facts.bookingJobId);
  } catch (e) {
    if (!(e instanceof CourierError)) throw e;
    // the carrier did not answer: the job stays PENDING and is asked again
    outcome = { state: 'PENDING', jobId: facts.bookingJobId };
  }
  await settleBooking(deps, orderId, outcome);
}

/**
 * The job for an attempt whose answer was lost: the carrier is asked for the consignment under
 * the reference the attempt gave it. Found, it is adopted (its LR and box numbers, as a booking
 * answered); not found, the attempt failed and its charge is refunded; both once, under the
 * order's lock. A lookup that gets no answer is asked again later, RECONCILE_TRIES times (unless
 * `requeue` is false: the sweep of stale attempts asks again on its own beat).
 */
export async function reconcileLostBooking(deps: AppDeps, orderId: number, tries = 0, requeue = true): Promise<void> {
  const [facts] = await deps.db.select().from(b2bOrders).where(eq(b2bOrders.orderId, orderId));
  if (facts?.bookingState !== 'PENDING' || facts.bookingJobId || !facts.carrierCode || !facts.bookingReference) return;
  const carrier = freightCarrier(deps, facts.carrierCode);
  let found: Awaited<ReturnType<NonNullable<typeof carrier.findBooking>>>;
  try {
    found = carrier.findBooking ? await carrier.findBooking(facts.bookingReference) : null;
  } catch (e) {
    if (!(e instanceof CourierError)) throw e;
    if (!requeue) return;
    if (tries + 1 < RECONCILE_TRIES)
      await deps.jobs.send(
        B2B_BOOKING_RECONCILE_QUEUE,
        { orderId, tries: tries + 1 },
        { startAfterSeconds: RECONCILE_AFTER_SECONDS },
      );
    else console.warn(`[b2b] booking of order ${orderId} with ${facts.carrierCode} still unknown: ${e.remark}`);
    return;
  }
  await settleBooking(
    deps,
    orderId,
    found
      ? { state: 'BOOKED', ...found }
      : {
          state: 'FAILED',
          reason: `${carrier.name} has no consignment under reference ${facts.bookingReference}: the booking did not reach it; book again`,
        },
  );
}
