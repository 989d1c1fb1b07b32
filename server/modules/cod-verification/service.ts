import { and, asc, eq, lte } from 'drizzle-orm';
import type { OrgCaller } from '../../http/router';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { accounts, codVerificationEvents, codVerifications, orders } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import {
  afterWaitOutcome,
  mayOverride,
  shippingRefusal,
  VERIFICATION_STATES,
  type AfterWaitRule,
  type VerificationStanding,
  type VerificationState,
} from '../../../src/domain/cod-verification';
import type { OrderVerification } from '../../../src/domain/cod-verification-contract';
import { allows, type ForwardStatus } from '../../../src/domain/order-status';
import { transitionOrder } from '../order-status/status';
import { sendVerificationMessages } from './messages';
import { settleBuyerPayment } from './payment';
import { setState, recordEvent } from './record';

// An order's verification as the seller sees and moves it (the timeline, a resend, shipping
// without confirmation), the gate shipping asks, and the job that ends the wait.

type Verification = typeof codVerifications.$inferSelect;
export const EXPIRY_QUEUE = 'cod-verification-expiry';
/** a buyer gets the link at most this many times (the first and three resends) */
export const MAX_MESSAGES = 4;

const standing = (v: Verification): VerificationStanding => ({
  state: v.state as VerificationState,
  appliedRule: v.appliedRule as AfterWaitRule | null,
  overridden: v.overriddenAt !== null,
});

async function verificationOfOrder(db: Executor, orgId: number, orderId: number, lock = false) {
  const q = db
    .select()
    .from(codVerifications)
    .where(and(eq(codVerifications.orderId, orderId), eq(codVerifications.orgId, orgId)));
  const [v] = lock ? await q.for('update') : await q;
  return v;
}

/** Why this order may not ship now (its buyer has not confirmed), or null; read in the booking's transaction. */
export async function verificationRefusal(db: Executor, orgId: number, orderId: number): Promise<string | null> {
  const v = await verificationOfOrder(db, orgId, orderId);
  return v ? shippingRefusal(standing(v)) : null;
}

export async function orderVerification(deps: AppDeps, orgId: number, orderId: number): Promise<OrderVerification> {
  const v = await verificationOfOrder(deps.db, orgId, orderId);
  if (!v) throw notFound('This order needs no COD verification');
  const events = await deps.db
    .select()
    .from(codVerificationEvents)
    .where(eq(codVerificationEvents.verificationId, v.id))
    .orderBy(asc(codVerificationEvents.id));
  const s = standing(v);
  return {
    orderId,
    state: s.state,
    stateText: VERIFICATION_STATES[s.state],
    reasons: v.reasons,
    dueAt: v.dueAt.toISOString(),
    appliedRule: s.appliedRule,
    cancelReason: v.cancelReason,
    overridden: s.overridden,
    shippingRefusal: shippingRefusal(s),
    mayOverride: mayOverride(s),
    mayResend: s.state === 'PENDING' && !s.overridden && v.messagesSent < MAX_MESSAGES,
    messagesSent: v.messagesSent,
    timeline: events.map((e) => ({ kind: e.kind, note: e.note, at: e.at.toISOString() })),
  };
}

export async function resendLink(deps: AppDeps, caller: OrgCaller, orderId: number): Promise<OrderVerification> {
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    const v = await verificationOfOrder(tx, caller.orgId, orderId, true);
    if (!v) throw notFound('This order needs no COD verification');
    if (v.state !== 'PENDING' || v.overriddenAt)
      throw conflict('The buyer’s answer is no longer awaited: nothing to resend');
    if (v.messagesSent >= MAX_MESSAGES)
      throw conflict(`The link was sent ${MAX_MESSAGES} times already: please call the buyer`);
    await tx.update(codVerifications).set({ messagedAt: null, updatedAt: now }).where(eq(codVerifications.id, v.id));
    await recordEvent(tx, v.id, 'RESEND', now, 'Link sent again at the seller’s request', caller.accountId);
    return v.id;
  });
  await sendVerificationMessages(deps, { ids: [id] });
  return orderVerification(deps, caller.orgId, orderId);
}

/** "Ship without confirmation": the seller takes the risk, recorded with who and when. */
export async function overrideVerification(
  deps: AppDeps,
  caller: OrgCaller,
  orderId: number,
): Promise<OrderVerification> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const v = await verificationOfOrder(tx, caller.orgId, orderId, true);
    if (!v) throw notFound('This order needs no COD verification');
    if (!mayOverride(standing(v)))
      throw conflict(
        v.overriddenAt
          ? 'This order may ship without confirmation already'
          : `Nothing to override: the verification is ${VERIFICATION_STATES[v.state as VerificationState].toLowerCase()}`,
      );
    const [who] = await tx
      .select({ first: accounts.firstName, last: accounts.lastName })
      .from(accounts)
      .where(eq(accounts.id, caller.accountId));
    await tx
      .update(codVerifications)
      .set({ overriddenAt: now, overriddenBy: caller.accountId, updatedAt: now })
      .where(eq(codVerifications.id, v.id));
    await recordEvent(
      tx,
      v.id,
      'OVERRIDDEN',
      now,
      `Cleared to ship without the buyer’s confirmation by ${who ? `${who.first} ${who.last}` : 'the seller'}`,
      caller.accountId,
    );
  });
  return orderVerification(deps, caller.orgId, orderId);
}

/** Ends one verification's wait with the rule copied at creation (the caller holds no lock). */
async function expireOne(deps: AppDeps, id: number): Promise<boolean> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [v] = await tx.select().from(codVerifications).where(eq(codVerifications.id, id));
    if (!v) return false;
    // the order first, then the verification: the order a booking and a buyer's answer lock in the same order
    const [o] = await tx.select().from(orders).where(eq(orders.id, v.orderId)).for('update');
    const [locked] = await tx.select().from(codVerifications).where(eq(codVerifications.id, id)).for('update');
    if (!o || locked.state !== 'PENDING' || locked.dueAt > now) return false;
    const rule = locked.afterWait as AfterWaitRule;
    const outcome = afterWaitOutcome(rule);
    await setState(tx, locked, 'EXPIRED', now, { appliedRule: rule });
    let note = outcome.text;
    if (outcome.cancelOrder) {
      if (allows(o.status as ForwardStatus, 'cancel'))
        await transitionOrder(tx, o, 'CAN', {
          now,
          note: 'Cancelled: the buyer did not confirm the COD order in time',
        });
      else note = `No answer; the order is ${o.status} and could not be cancelled`;
    }
    await recordEvent(tx, locked.id, 'EXPIRED', now, note);
    return true;
  });
}

/** The job: a buyer who paid but never came back is settled first; the rest of the due ones expire. */
export async function runVerificationExpiry(deps: AppDeps): Promise<number> {
  const due = await deps.db
    .select({ id: codVerifications.id, paymentTxnId: codVerifications.paymentTxnId })
    .from(codVerifications)
    .where(and(eq(codVerifications.state, 'PENDING'), lte(codVerifications.dueAt, deps.now())))
    .orderBy(asc(codVerifications.dueAt))
    .limit(500);
  let expired = 0;
  for (const d of due) {
    if (d.paymentTxnId && (await settleBuyerPayment(deps, d.id, d.paymentTxnId).catch(() => false))) continue;
    if (await expireOne(deps, d.id)) expired++;
  }
  // unsent links (a CSV upload's orders whose sender did not run) go out on the same beat
  await sendVerificationMessages(deps);
  return expired;
}
