import { and, desc, eq } from 'drizzle-orm';
import type { OrgCaller } from '../../http/router';
import type { AppDeps } from '../../deps';
import type { Tx, Executor } from '../../db/client';
import { fileLinks } from '../files/links';
import { returnQcChecks, returns, shipments } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { RETURN_STATUSES, type ReturnStatus } from '../../../src/domain/order-status';
import { returnAllows, type ReturnAction } from '../../../src/domain/returns';
import type {
  ReturnDetail,
  ReturnShipment,
  ReverseQuote,
  ReverseRateAnswer,
} from '../../../src/domain/returns-contract';
import { GST_PERCENT } from '../../../src/domain/shipping/rates';
import { recommend } from '../../../src/domain/shipping/recommend';
import { formatAmount } from '../../../src/domain/format';
import { carrierNetwork } from '../../carriers/registry';
import { moveMoney } from '../wallet/ledger';
import { bookingPurpose, chargeBooking } from '../shipping/booking-charge';
import { quoteAll } from '../shipping/quotes';
import { sellerCardsAt } from '../pricing/effective-card';
import { NO_SHIPMENT_COVER, parcelOf, partiesOf, recordShipment, toShipmentInfo } from '../shipping/service';
import {
  coverNote,
  coverOf,
  coverParts,
  coverQuoteOf,
  coverTotal,
  NO_COVER,
  type CoverChoice,
  type ShipmentCover,
} from '../shipping/cover-charge';
import { insureAbovePaise } from '../shipping/preferences';
import { keyUsed } from '../booking/booking-claim';
import { runBooking } from '../booking/workflow';
import { assertMayBook } from '../booking/eligibility';
import { transitionOrder } from '../order-status/status';
import { trackingCache } from '../tracking/tracking-cache';
import { tellPickupBooked } from './requests';
import { ownReturn, returnDetail, type Order } from './store';
import { qcChargeOf, qcStep } from '../../../src/domain/shipping/qc-step';
import { pickupPlace } from '../orders/pickup-of';

// A return's reverse pickup: quotes from the couriers that pick up returns (with the doorstep
// check's fee when the return asks for one), booking (wallet charged in the same transaction,
// one booking per idempotency key, concurrent requests booking once, as forward shipping does),
// reassigning, cancelling the shipment (refunded once) and cancelling the return. The pickup may
// carry cover as a forward shipment does: the returned goods insured at the return's value, the
// reverse freight protected against a late delivery back to the seller.

const rupees = (paise: number) => `₹${formatAmount(paise)}`;
const gst = (paise: number) => Math.round((paise * GST_PERCENT) / 100);

/** Every courier's reverse price for the return's parcel, from the buyer's pincode to the return-to one. */
export async function reverseQuotes(deps: AppDeps, o: Order, withQc: boolean): Promise<ReverseRateAnswer> {
  const network = await carrierNetwork(deps);
  const reverse = network.list.filter((a) => a.profile.reverse);
  const base = quoteAll(
    { adapters: new Map(reverse.map((a) => [a.profile.code, a])), list: reverse, hyperlocal: [] },
    pickupPlace(o),
    { pincode: o.shipping.pincode, city: o.shipping.city, state: o.shipping.state },
    { ...parcelOf(o), paymentMethod: 'PPD', codAmountPaise: 0 },
    deps.now(),
    await sellerCardsAt(deps.db, o.orgId, deps.now()),
  );
  const unserviceable = [
    ...base.unserviceable,
    ...network.list
      .filter((a) => !a.profile.reverse)
      .map((a) => ({ carrierCode: a.profile.code, carrierName: a.profile.name, reason: 'Does not pick up returns' })),
  ];
  const quotes: Omit<ReverseQuote, 'tags'>[] = [];
  for (const q of base.quotes) {
    const service = network.adapters.get(q.carrierCode)!.profile.reverse!;
    const qcAvailable = service.qcChargePaise !== null;
    if (withQc && !qcAvailable) {
      unserviceable.push({
        carrierCode: q.carrierCode,
        carrierName: q.carrierName,
        reason: 'Does not check parcels at the door',
      });
      continue;
    }
    const forwardFreight = q.freightPaise;
    const freight = Math.round((forwardFreight * service.ratePercent) / 100);
    const qc = withQc ? service.qcChargePaise! : 0;
    const tax = gst(freight + qc);
    quotes.push({
      ...q,
      freightPaise: freight,
      codChargePaise: 0,
      gstPaise: tax,
      totalPaise: freight + qc + tax,
      rtoChargePaise: 0,
      qcAvailable,
      qcChargePaise: qc,
      steps: [
        `Reverse freight: ${service.ratePercent}% of the forward freight ${rupees(forwardFreight)} = ${rupees(freight)}`,
        ...(qc ? [`Doorstep quality check: ${rupees(qc)}`] : []),
        `GST ${GST_PERCENT}%: ${rupees(tax)}`,
        `Total: ${rupees(freight + qc + tax)}`,
      ],
    });
  }
  const tags = recommend(quotes);
  return {
    ...base,
    quotes: quotes
      .map((q) => ({ ...q, tags: tags.get(q.carrierCode) ?? [] }))
      .sort((a, b) => a.totalPaise - b.totalPaise || a.days - b.days),
    unserviceable,
  };
}

/** The return's reverse quotes, with what insuring the returned goods (the return's value) costs. */
export async function returnQuotes(deps: AppDeps, orgId: number, returnId: number): Promise<ReverseRateAnswer> {
  const { o, r } = await ownReturn(deps.db, orgId, returnId);
  const answer = await reverseQuotes(deps, o, r.qc);
  return { ...answer, cover: coverQuoteOf(o.totalPaise, await insureAbovePaise(deps.db, orgId)) };
}

function refuse(status: ReturnStatus, action: ReturnAction, what: string): never {
  throw conflict(`A return that is ${RETURN_STATUSES[status]} cannot be ${what}`);
}

function check(o: Order, action: ReturnAction, what: string, hasExchange = false) {
  const status = o.status as ReturnStatus;
  if (!returnAllows(status, action, hasExchange)) refuse(status, action, what);
}

/** What the return's status refuses for booking (or reassigning) its pickup; null when nothing. */
function returnStatusRefusal(o: Order, action: ReturnAction, what: string): string | null {
  const status = o.status as ReturnStatus;
  return returnAllows(status, action) ? null : `A return that is ${RETURN_STATUSES[status]} cannot be ${what}`;
}

const PICKUP_WORDS = { noun: 'pickup', verb: 'book it' } as const;

/** The wallet pays the reverse freight and the check, each with its GST, and the pickup's cover, keyed on the AWB. */
async function chargeReverse(tx: Tx, caller: OrgCaller, awb: string, q: ReverseQuote, at: Date, cover: ShipmentCover) {
  const qc = q.qcChargePaise > 0 ? q.qcChargePaise + gst(q.qcChargePaise) : 0;
  await chargeBooking(
    tx,
    caller,
    awb,
    { totalPaise: q.totalPaise + coverTotal(cover), ...PICKUP_WORDS },
    [
      {
        kind: 'SHIPPING_CHARGE',
        amountPaise: q.totalPaise - qc,
        part: 'freight',
        description: `Return pickup with ${q.carrierName} (incl. GST)`,
      },
      {
        kind: 'SHIPPING_CHARGE',
        amountPaise: qc,
        part: 'qc',
        description: `Doorstep quality check with ${q.carrierName} (incl. GST)`,
      },
      ...coverParts(cover, q.carrierName),
    ],
    at,
  );
}

/** What a booked pickup gave the wallet back on cancelling: its price and its cover. */
export const paidFor = (s: typeof shipments.$inferSelect) => s.totalPaise + coverTotal(s);

/** Cancels a booked reverse shipment and refunds `amount` of it (keyed on the AWB: once, whoever asks). */
export async function cancelBooked(
  tx: Tx,
  orgId: number,
  s: typeof shipments.$inferSelect,
  amountPaise: number,
  note: string,
  at: Date,
  accountId: number | null = null,
) {
  await tx.update(shipments).set({ state: 'CANCELLED', cancelledAt: at }).where(eq(shipments.id, s.id));
  if (amountPaise > 0)
    await moveMoney(tx, {
      orgId,
      kind: 'SHIPMENT_REFUND',
      amountPaise,
      externalKey: `shipment:${s.awb}:refund`,
      reference: s.awb,
      description: `Refund: ${note}`,
      createdBy: accountId,
      at,
    });
}

const shipmentOfKey = async (deps: AppDeps, caller: OrgCaller, returnId: number, key: string | null) =>
  (await keyUsed(deps, caller.orgId, returnId, key)) ? returnShipment(deps, caller.orgId, returnId) : null;

type Mode = 'SHIP' | 'REASSIGN';

async function book(
  deps: AppDeps,
  caller: OrgCaller,
  returnId: number,
  carrierCode: string,
  key: string | null,
  mode: Mode,
  choice: CoverChoice,
): Promise<ReturnShipment> {
  // another seller's return is a 404 before anything is claimed
  await ownReturn(deps.db, caller.orgId, returnId);
  let oldAwb: { awb: string; carrierCode: string } | undefined;
  let quote: ReverseQuote;
  let cover: ShipmentCover = NO_SHIPMENT_COVER;
  return runBooking(deps, {
    caller,
    orderId: returnId,
    key,
    busy: 'This return is being booked right now. Please try again in a minute',
    made: () => shipmentOfKey(deps, caller, returnId, key),
    prepare: async () => {
      const { o, r } = await ownReturn(deps.db, caller.orgId, returnId);
      const network = await carrierNetwork(deps);
      const carrier = network.adapters.get(carrierCode);
      if (!carrier) throw badRequest(`Courier: no courier ${carrierCode}`);
      const answer = await reverseQuotes(deps, o, r.qc);
      // a reassignment's old pickup is refunded (with its cover) in the same transaction that
      // charges the new one, which keeps the cover the seller chose
      const old = mode === 'REASSIGN' ? await bookedShipment(deps.db, returnId) : undefined;
      const refund = old ? paidFor(old) : 0;
      const quoted = answer.quotes.find((q) => q.carrierCode === carrierCode);
      const kept = old ? { insured: old.insurancePaise > 0, delayProtection: old.delayProtectionPaise > 0 } : choice;
      cover = quoted
        ? coverOf(kept, o.totalPaise, quoted.freightPaise, await insureAbovePaise(deps.db, caller.orgId))
        : NO_SHIPMENT_COVER;
      const price = quoted ? quoted.totalPaise + coverTotal(cover) : 0;
      quote = (await assertMayBook(deps, deps.db, {
        orgId: caller.orgId,
        kyc: true,
        statusRefusal: returnStatusRefusal(o, ...modeWords[mode]),
        courier: { answer, carrierCode, cannotTake: `${carrier.profile.name} cannot pick up this return` },
        spend: { purpose: bookingPurpose(PICKUP_WORDS), paise: Math.max(0, price - refund) },
      })) as ReverseQuote;
      const checks = r.qc ? await deps.db.select().from(returnQcChecks).where(eq(returnQcChecks.returnId, o.id)) : [];
      return {
        carrier,
        // the shipment keeps the doorstep check's fee among its price's steps
        quote: { ...quote, steps: [...quote.steps, qcStep(quote.qcChargePaise + gst(quote.qcChargePaise))] },
        intent: { kind: 'RETURN' },
        request: {
          orderNumber: o.orderNumber,
          // the buyer's door to the return-to address, as the return order keeps them
          ...partiesOf(o),
          zone: answer.zone,
          weightKg: quote.chargedWeightKg,
          paymentMethod: 'PPD',
          codAmountPaise: 0,
          declaredValuePaise: o.totalPaise,
          reverse: { qcChecks: checks.map((c) => ({ kind: c.kind, expected: c.expected })) },
        },
      };
    },
    record: async (tx, b, now) => {
      const locked = await ownReturn(tx, caller.orgId, returnId, true);
      await assertMayBook(deps, tx, {
        orgId: caller.orgId,
        statusRefusal: returnStatusRefusal(locked.o, ...modeWords[mode]),
      });
      if (mode === 'REASSIGN') {
        const old = await bookedShipment(tx, returnId);
        if (old) {
          await cancelBooked(
            tx,
            caller.orgId,
            old,
            paidFor(old),
            `Reassigned to ${b.carrier.profile.name}`,
            now,
            caller.accountId,
          );
          oldAwb = { awb: old.awb, carrierCode: old.carrierCode };
        }
      }
      const row = await recordShipment(tx, caller, locked.o, b, key, now, null, cover);
      await chargeReverse(tx, caller, row.awb, quote, now, cover);
      if (locked.r.qc)
        await tx
          .update(returnQcChecks)
          .set({ result: 'PENDING', remark: '', checkedAt: null })
          .where(eq(returnQcChecks.returnId, returnId));
      if (locked.r.qc) await tx.update(returns).set({ qcResult: 'PENDING' }).where(eq(returns.orderId, returnId));
      await transitionOrder(tx, locked.o, 'RPS', {
        now,
        accountId: caller.accountId,
        also: { awb: row.awb, carrierCode: row.carrierCode, shipmentBookedAt: now },
        note: `${mode === 'REASSIGN' ? 'Reassigned to' : 'Return pickup booked with'} ${b.carrier.profile.name}, AWB ${row.awb}, ${rupees(row.totalPaise + coverTotal(cover))}${coverNote(cover)}`,
      });
      return row.id;
    },
    announce: async () => {
      trackingCache(deps).forgetOrder(returnId);
      await tellPickupBooked(deps, returnId);
      await cancelAtCourier(deps, oldAwb);
      return returnShipment(deps, caller.orgId, returnId);
    },
  });
}

const modeWords: Record<Mode, [ReturnAction, string]> = {
  SHIP: ['ship', 'booked'],
  REASSIGN: ['reassign', 'reassigned'],
};

export const shipReturn = (
  deps: AppDeps,
  caller: OrgCaller,
  returnId: number,
  carrierCode: string,
  key: string | null,
  choice: CoverChoice,
) => book(deps, caller, returnId, carrierCode, key, 'SHIP', choice);
export const reassignReturn = (
  deps: AppDeps,
  caller: OrgCaller,
  returnId: number,
  carrierCode: string,
  key: string | null,
) => book(deps, caller, returnId, carrierCode, key, 'REASSIGN', NO_COVER);

export async function returnShipment(deps: AppDeps, orgId: number, returnId: number): Promise<ReturnShipment> {
  const { o } = await ownReturn(deps.db, orgId, returnId);
  const [s] = await deps.db
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, o.id))
    .orderBy(desc(shipments.id))
    .limit(1);
  if (!s) throw notFound('This return has no pickup booked');
  return { ...(await toShipmentInfo(deps.db, o, s)), qcChargePaise: qcChargeOf(s.quoteSteps) };
}

/** The return's live (booked) reverse shipment, if any. */
async function bookedShipment(tx: Executor, returnId: number) {
  const [s] = await tx
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, returnId), eq(shipments.state, 'BOOKED')));
  return s as typeof shipments.$inferSelect | undefined;
}

async function cancelAtCourier(deps: AppDeps, s: { awb: string; carrierCode: string } | undefined) {
  if (!s) return;
  const network = await carrierNetwork(deps);
  await network.adapters
    .get(s.carrierCode)
    ?.cancel(s.awb)
    .catch(() => undefined);
}

/** Cancels the booked pickup before the courier has the parcel: refunded in full, the return is Ready For Pickup again. */
export async function cancelReturnShipment(
  deps: AppDeps,
  caller: OrgCaller,
  returnId: number,
): Promise<ReturnShipment> {
  let cancelled: typeof shipments.$inferSelect | undefined;
  await deps.db.transaction(async (tx) => {
    const { o } = await ownReturn(tx, caller.orgId, returnId, true);
    const s = await bookedShipment(tx, o.id);
    if (!s) throw conflict('This return has no pickup booked to cancel');
    check(o, 'cancelShipment', 'cancelled: the courier has the parcel already');
    const now = deps.now();
    await cancelBooked(tx, caller.orgId, s, paidFor(s), `return pickup ${s.awb} cancelled`, now, caller.accountId);
    await transitionOrder(tx, o, 'RFP', {
      now,
      accountId: caller.accountId,
      also: { awb: null, carrierCode: null, shipmentBookedAt: null },
      note: `Return pickup ${s.awb} cancelled; ${rupees(paidFor(s))} refunded to the wallet`,
    });
    cancelled = s;
  });
  trackingCache(deps).forgetOrder(returnId);
  await cancelAtCourier(deps, cancelled);
  return returnShipment(deps, caller.orgId, returnId);
}

/** Cancels the return itself; a booked pickup is cancelled and refunded with it. */
export async function cancelReturn(
  deps: AppDeps,
  caller: OrgCaller,
  returnId: number,
  reason: string,
): Promise<ReturnDetail> {
  let cancelled: typeof shipments.$inferSelect | undefined;
  await deps.db.transaction(async (tx) => {
    const { o } = await ownReturn(tx, caller.orgId, returnId, true);
    check(o, 'cancel', 'cancelled');
    const now = deps.now();
    const s = await bookedShipment(tx, o.id);
    if (s) {
      await cancelBooked(tx, caller.orgId, s, paidFor(s), `return ${o.orderNumber} cancelled`, now, caller.accountId);
      cancelled = s;
    }
    await tx.update(returns).set({ cancelReason: reason }).where(eq(returns.orderId, o.id));
    await transitionOrder(tx, o, 'RCAN', {
      now,
      accountId: caller.accountId,
      note: [`Return cancelled${s ? `; pickup ${s.awb} refunded` : ''}`, reason].filter(Boolean).join(': '),
    });
  });
  trackingCache(deps).forgetOrder(returnId);
  await cancelAtCourier(deps, cancelled);
  return returnDetail(deps.db, caller.orgId, returnId, fileLinks(deps));
}
