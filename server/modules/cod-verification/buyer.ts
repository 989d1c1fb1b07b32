import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { codVerifications, orderItems, orders, organisations } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import {
  ANSWERED_ALREADY,
  CANCEL_REASONS,
  SHIPPED_ALREADY,
  type CancelReason,
  type VerificationState,
} from '../../../src/domain/cod-verification';
import type { BuyerPaymentStart, BuyerVerificationView } from '../../../src/domain/cod-verification-contract';
import { allows, type ForwardStatus } from '../../../src/domain/order-status';
import { API } from '../../../src/domain/account-contract';
import { transitionOrder } from '../order-status/status';
import { settleBuyerPayment, startBuyerPayment } from './payment';
import { recordEvent, setState } from './record';
import { verificationIdOfToken } from './token';

// The buyer's page by the link's token: the order as the buyer knows it, and their one answer
// (confirm, cancel with a reason, or pay now). The same answer again is answered as it stands;
// a different one after the first is refused with what was answered.

const NO_SUCH = 'This link is not valid or has expired';

async function verificationOfToken(deps: AppDeps, token: string) {
  const id = verificationIdOfToken(deps.ratingKey, token);
  if (!id) throw notFound(NO_SUCH);
  const [v] = await deps.db.select().from(codVerifications).where(eq(codVerifications.id, id));
  if (!v) throw notFound(NO_SUCH);
  return v;
}

export async function buyerView(deps: AppDeps, token: string): Promise<BuyerVerificationView> {
  const v = await verificationOfToken(deps, token);
  const [o] = await deps.db.select().from(orders).where(eq(orders.id, v.orderId));
  const items = await deps.db
    .select({ name: orderItems.name, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, o.id))
    .orderBy(asc(orderItems.id));
  const [org] = await deps.db
    .select({ name: organisations.companyName, logo: organisations.companyLogoFileId })
    .from(organisations)
    .where(eq(organisations.id, v.orgId));
  const state = v.state as VerificationState;
  const gateway = deps.payments.gateways[deps.payments.defaultGateway];
  return {
    brandName: org.name,
    logoUrl: org.logo ? API.file(org.logo) : null,
    orderNumber: o.orderNumber,
    items,
    amountPaise: state === 'SWITCHED' ? o.totalPaise : o.codAmountPaise,
    paymentMethod: o.paymentMethod as 'PPD' | 'COD',
    addressText: [o.shipping.line1, o.shipping.line2, `${o.shipping.city}, ${o.shipping.state} ${o.shipping.pincode}`]
      .filter(Boolean)
      .join(', '),
    buyerName: o.buyerName,
    state,
    answeredText: state === 'PENDING' ? (v.overriddenAt ? SHIPPED_ALREADY : null) : ANSWERED_ALREADY[state],
    dueAt: v.dueAt.toISOString(),
    offerPrepaid: v.offerPrepaid && !!gateway && state === 'PENDING' && !v.overriddenAt,
  };
}

const ANSWER_STATE = { CONFIRM: 'CONFIRMED', CANCEL: 'CANCELLED' } as const;

export async function buyerAnswer(
  deps: AppDeps,
  token: string,
  body: { answer: 'CONFIRM' | 'CANCEL'; cancelReason?: CancelReason },
): Promise<BuyerVerificationView> {
  const v = await verificationOfToken(deps, token);
  if (body.answer === 'CANCEL' && !body.cancelReason) throw badRequest('cancelReason is required to cancel');
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // the order first, then the verification: the same order a booking locks them in
    const [o] = await tx.select().from(orders).where(eq(orders.id, v.orderId)).for('update');
    const [locked] = await tx.select().from(codVerifications).where(eq(codVerifications.id, v.id)).for('update');
    const state = locked.state as VerificationState;
    if (state === ANSWER_STATE[body.answer]) return; // the same answer again: as it stands
    if (state !== 'PENDING') throw conflict(ANSWERED_ALREADY[state]);
    if (locked.overriddenAt) throw conflict(SHIPPED_ALREADY);
    if (body.answer === 'CONFIRM') {
      await setState(tx, locked, 'CONFIRMED', now, { answeredAt: now });
      await recordEvent(tx, v.id, 'CONFIRMED', now, 'The buyer confirmed the order');
      return;
    }
    if (!allows(o.status as ForwardStatus, 'cancel')) throw conflict(SHIPPED_ALREADY);
    const reason = CANCEL_REASONS[body.cancelReason!];
    await setState(tx, locked, 'CANCELLED', now, { answeredAt: now, cancelReason: reason });
    await transitionOrder(tx, o, 'CAN', { now, note: `Cancelled by the buyer: ${reason}` });
    await recordEvent(tx, v.id, 'CANCELLED', now, `The buyer cancelled: ${reason}`);
  });
  return buyerView(deps, token);
}

export async function buyerPay(deps: AppDeps, token: string): Promise<BuyerPaymentStart> {
  const v = await verificationOfToken(deps, token);
  const state = v.state as VerificationState;
  if (state !== 'PENDING') throw conflict(ANSWERED_ALREADY[state]);
  if (v.overriddenAt) throw conflict(SHIPPED_ALREADY);
  return startBuyerPayment(deps, v, token);
}

export async function buyerPayCheck(deps: AppDeps, token: string, merchantTransactionId: string) {
  const v = await verificationOfToken(deps, token);
  if (v.paymentTxnId !== merchantTransactionId) throw notFound('No such payment for this order');
  await settleBuyerPayment(deps, v.id, merchantTransactionId);
  return buyerView(deps, token);
}
