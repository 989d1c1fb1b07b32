import { eq } from 'drizzle-orm';
import type { OrgCaller } from '../../http/router';
import type { AppDeps } from '../../deps';
import type { Tx, Executor } from '../../db/client';
import { orderEvents, orderPaymentModes, orders, organisations } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { advanceRefusal, type AdvanceReceivedVia } from '../../../src/domain/payment-modes';
import { ADVANCE_BUYER_PAGE, type OrderAdvance } from '../../../src/domain/payment-modes-contract';
import { formatAmount } from '../../../src/domain/format';
import { advanceToken } from './token';
import type { BuyerMessageMeta } from '../../messaging/buyer/buyer-message';
import { ownOrder } from '../order-lookup/own-order';
import { ORDER_TYPE } from '../../../src/domain/order-type';

// An order's advance as the seller sees and moves it: the buyer's payment link by SMS and email,
// or "received" when the buyer paid it on the seller's own store. Paid is final: the advance
// never goes back to unpaid, so shipping's check needs no lock to be right.

type Order = typeof orders.$inferSelect;
type OrderMode = typeof orderPaymentModes.$inferSelect;
/** a buyer gets the link at most this many times */
export const MAX_LINK_SENDS = 4;
const NO_ADVANCE = 'This order has no advance to collect';
const rupees = (paise: number) => `₹${formatAmount(paise)}`;

/** The order and its copy of the mode (the order row locked when `lock`); 404 for another seller's or an order without an advance. */
export async function orderWithAdvance(db: Executor, orgId: number, orderId: number, lock = false) {
  const o = await ownOrder(db, orgId, orderId, { type: ORDER_TYPE.FORWARD, lock });
  const [m] = await db.select().from(orderPaymentModes).where(eq(orderPaymentModes.orderId, o.id));
  if (!m) throw notFound('No such order');
  if (o.advancePaise <= 0) throw notFound(NO_ADVANCE);
  return { o, m };
}

export function advanceAnswer(o: Order, m: OrderMode): OrderAdvance {
  const paid = o.advancePaidAt !== null;
  return {
    orderId: o.id,
    modeCode: m.code,
    modeName: m.name,
    advancePaise: o.advancePaise,
    codAmountPaise: o.codAmountPaise,
    paid,
    paidVia: (m.advancePaidVia as AdvanceReceivedVia | null) ?? null,
    paidAt: o.advancePaidAt?.toISOString() ?? null,
    gatewayPaymentId: m.gatewayPaymentId,
    note: m.advanceNote,
    linkSentAt: m.linkSentAt?.toISOString() ?? null,
    shippingRefusal: advanceRefusal(o),
    mayMarkReceived: !paid && o.status === 'RTS',
    maySendLink: !paid && o.status === 'RTS' && m.linkSends < MAX_LINK_SENDS,
  };
}

export async function orderAdvance(deps: AppDeps, orgId: number, orderId: number): Promise<OrderAdvance> {
  const { o, m } = await orderWithAdvance(deps.db, orgId, orderId);
  return advanceAnswer(o, m);
}

/** Marks the advance paid, in the caller's transaction with the order locked; false when it was paid already. */
export async function markAdvancePaid(
  tx: Tx,
  o: Order,
  now: Date,
  paid: { via: AdvanceReceivedVia; note: string; gatewayPaymentId?: string; accountId?: number },
): Promise<boolean> {
  if (o.advancePaidAt) return false;
  await tx.update(orders).set({ advancePaidAt: now, updatedAt: now }).where(eq(orders.id, o.id));
  await tx
    .update(orderPaymentModes)
    .set({
      advancePaidVia: paid.via,
      advancePaidAt: now,
      advanceNote: paid.via === 'SELLER' ? paid.note : null,
      gatewayPaymentId: paid.gatewayPaymentId ?? null,
    })
    .where(eq(orderPaymentModes.orderId, o.id));
  await tx.insert(orderEvents).values({
    orderId: o.id,
    kind: 'ADVANCE_PAID',
    note:
      paid.via === 'GATEWAY'
        ? `Advance of ${rupees(o.advancePaise)} paid online, payment ${paid.gatewayPaymentId}`
        : `Advance of ${rupees(o.advancePaise)} marked received: ${paid.note}`,
    accountId: paid.accountId ?? null,
    at: now,
  });
  return true;
}

/** The seller collected the advance on their own store: recorded with their note; the same again answers as it stands. */
export async function markAdvanceReceived(
  deps: AppDeps,
  caller: OrgCaller,
  orderId: number,
  note: string,
): Promise<OrderAdvance> {
  await deps.db.transaction(async (tx) => {
    const { o } = await orderWithAdvance(tx, caller.orgId, orderId, true);
    if (o.advancePaidAt) return;
    if (o.status !== 'RTS') throw conflict('Only a Ready To Ship order’s advance can be marked received');
    await markAdvancePaid(tx, o, deps.now(), { via: 'SELLER', note, accountId: caller.accountId });
  });
  return orderAdvance(deps, caller.orgId, orderId);
}

/** Sends the buyer the advance payment link by SMS (and email when known); at most MAX_LINK_SENDS times. */
export async function sendAdvanceLink(deps: AppDeps, caller: OrgCaller, orderId: number): Promise<OrderAdvance> {
  const now = deps.now();
  const { o, m } = await deps.db.transaction(async (tx) => {
    const row = await orderWithAdvance(tx, caller.orgId, orderId, true);
    if (row.o.advancePaidAt) throw conflict('The advance is paid already');
    if (row.o.status !== 'RTS') throw conflict('Only a Ready To Ship order’s advance can be asked for');
    if (row.m.linkSends >= MAX_LINK_SENDS)
      throw conflict(`The link was sent ${MAX_LINK_SENDS} times already: please call the buyer`);
    await tx
      .update(orderPaymentModes)
      .set({ linkSentAt: now, linkSends: row.m.linkSends + 1 })
      .where(eq(orderPaymentModes.orderId, orderId));
    return row;
  });
  const [org] = await deps.db
    .select({ name: organisations.companyName })
    .from(organisations)
    .where(eq(organisations.id, caller.orgId));
  const link = `${deps.config.publicUrl}${ADVANCE_BUYER_PAGE(advanceToken(deps.ratingKey, o.id))}`;
  const amount = rupees(o.advancePaise);
  const buyer: BuyerMessageMeta = {
    kind: 'advance_payment',
    orgId: caller.orgId,
    orderId: o.id,
    setting: 'ADVANCE_PAYMENT',
    values: { brand: org.name, buyer: o.buyerName, order: o.orderNumber, amount, link },
  };
  await deps.messenger.sendMany([
    {
      buyer,
      channel: 'SMS',
      recipient: `+91${o.buyerPhone}`,
      subject: '',
      body: `${org.name}: please pay the advance of ${amount} for your order ${o.orderNumber} so we can ship it (${rupees(o.codAmountPaise)} on delivery): ${link}`,
    },
    ...(o.buyerEmail
      ? [
          {
            buyer,
            channel: 'EMAIL' as const,
            recipient: o.buyerEmail,
            subject: `Advance payment for your order ${o.orderNumber}`,
            body: `Hello ${o.buyerName},\n\n${org.name} will ship your order ${o.orderNumber} (${m.name}) once its advance of ${amount} is paid; the rest, ${rupees(o.codAmountPaise)}, is paid on delivery. Pay the advance here:\n${link}\n\nDakiya`,
          },
        ]
      : []),
  ]);
  await deps.db.insert(orderEvents).values({
    orderId: o.id,
    kind: 'ADVANCE_LINK',
    note: `Advance payment link sent by SMS${o.buyerEmail ? ' and email' : ''}`,
    accountId: caller.accountId,
    at: now,
  });
  return orderAdvance(deps, caller.orgId, orderId);
}
