import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { courierBookings } from '../../db/schema/index';
import { conflict } from '../../http/errors';
import { carrierNetwork } from '../../carriers/registry';
import type { CarrierAdapter, FoundBooking } from '../../carriers/adapter';
import type { CourierQuote } from '../../../src/domain/shipping-contract';

// Every booking asked of a courier is written down, and committed, before the courier is called,
// with a client reference the courier keeps with the booking. The transaction that records the
// shipment marks it RECORDED. A process that dies between the courier's answer and that
// transaction leaves it CALLING: the next request for the order, or the reconciling job, asks the
// courier by the reference and adopts the booking (the order still needs it) or cancels it.

export type Intent = typeof courierBookings.$inferSelect;
export type IntentKind = 'ORDER' | 'PACKAGE' | 'MULTI_PIECE' | 'RETURN';

export interface IntentInput {
  orgId: number;
  orderId: number;
  kind: IntentKind;
  packageId?: number | null;
  accountId: number | null;
  carrierCode: string;
  idempotencyKey: string | null;
  quote?: CourierQuote;
  slot?: { id: string; startsAt: Date; endsAt: Date };
}

/** Writes the booking about to be asked of the courier (committed at once); answers its reference. */
export async function openIntent(
  deps: AppDeps,
  input: IntentInput,
): Promise<{ intentId: number; clientReference: string }> {
  const clientReference = `DK${input.orderId}-${randomBytes(5).toString('hex')}`;
  const [row] = await deps.db
    .insert(courierBookings)
    .values({
      orgId: input.orgId,
      orderId: input.orderId,
      kind: input.kind,
      packageId: input.packageId ?? null,
      accountId: input.accountId,
      carrierCode: input.carrierCode,
      clientRef: clientReference,
      idempotencyKey: input.idempotencyKey,
      quote: input.quote ?? null,
      slot: input.slot
        ? { id: input.slot.id, startsAt: input.slot.startsAt.toISOString(), endsAt: input.slot.endsAt.toISOString() }
        : null,
    })
    .returning({ id: courierBookings.id });
  return { intentId: row.id, clientReference };
}

/**
 * Marks the intent recorded with its AWB, in the transaction that records the shipment. Refused
 * when another request settled it meanwhile (it took this order over from a holder it thought
 * dead): the transaction then rolls back and the caller undoes its booking.
 */
export async function settleRecorded(tx: Tx, intentId: number, awb: string, adopted = false): Promise<void> {
  const [row] = await tx
    .update(courierBookings)
    .set({ state: adopted ? 'ADOPTED' : 'RECORDED', awb, settledAt: sql`now()` })
    .where(and(eq(courierBookings.id, intentId), eq(courierBookings.state, 'CALLING')))
    .returning({ id: courierBookings.id });
  if (!row) throw conflict('This order is being shipped right now. Please try again in a minute');
}

/**
 * After a failed attempt: cancels the courier's booking unless a shipment holds it (another
 * request adopted it), and marks the intent CANCELLED.
 */
export async function undoBooking(
  deps: AppDeps,
  b: { carrier: CarrierAdapter; awb: string; intentId?: number },
): Promise<void> {
  if (b.intentId) {
    const [mine] = await deps.db
      .update(courierBookings)
      .set({ state: 'CANCELLED', awb: b.awb, settledAt: sql`now()` })
      .where(and(eq(courierBookings.id, b.intentId), inArray(courierBookings.state, ['CALLING', 'VOID'])))
      .returning({ id: courierBookings.id });
    if (!mine) return;
  }
  await b.carrier.cancel(b.awb).catch(() => undefined);
}

/** An intent the courier made nothing of (VOID) or whose booking was cancelled (CANCELLED). */
async function settle(deps: AppDeps, intentId: number, state: 'VOID' | 'CANCELLED', awb: string | null) {
  await deps.db
    .update(courierBookings)
    .set({ state, awb, settledAt: sql`now()` })
    .where(and(eq(courierBookings.id, intentId), eq(courierBookings.state, 'CALLING')));
}

/**
 * Settles the order's intents left CALLING by requests that died mid-booking (the caller holds
 * the order's booking claim, so no live request owns them). Each is asked of its courier by its
 * reference: nothing there, VOID; a live booking is offered to `adopt` (it records the shipment
 * and answers it) and cancelled at the courier when adopt declines or fails. Answers what an
 * adoption answered, if one did.
 */
export async function settleOrphans<T>(
  deps: AppDeps,
  orderId: number,
  adopt: (intent: Intent, found: FoundBooking, carrier: CarrierAdapter) => Promise<T | null>,
): Promise<T | null> {
  const open = await deps.db
    .select()
    .from(courierBookings)
    .where(and(eq(courierBookings.orderId, orderId), eq(courierBookings.state, 'CALLING')));
  if (open.length === 0) return null;
  const network = await carrierNetwork(deps);
  let adopted: T | null = null;
  for (const intent of open) {
    const carrier = network.adapters.get(intent.carrierCode);
    if (!carrier) continue;
    const found = await carrier.findBooking(intent.clientRef);
    if (!found) {
      await settle(deps, intent.id, 'VOID', null);
      continue;
    }
    if (found.cancelled) {
      await settle(deps, intent.id, 'CANCELLED', found.awb);
      continue;
    }
    if (adopted === null) {
      adopted = await adopt(intent, found, carrier).catch(() => null);
      if (adopted !== null) continue;
    }
    await undoBooking(deps, { carrier, awb: found.awb, intentId: intent.id });
  }
  return adopted;
}

/** Orders with an intent left CALLING for longer than `olderThanS` (the reconciling job's work). */
export async function ordersWithOrphans(deps: AppDeps, olderThanS: number) {
  return deps.db
    .selectDistinct({ orderId: courierBookings.orderId, orgId: courierBookings.orgId })
    .from(courierBookings)
    .where(
      and(
        eq(courierBookings.state, 'CALLING'),
        sql`${courierBookings.createdAt} < now() - make_interval(secs => ${olderThanS})`,
      ),
    );
}
