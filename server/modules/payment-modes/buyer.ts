import { pathOf } from '../../../src/domain/operation';
import { PAYMENT_PURPOSE } from '../../../src/domain/payment-purpose';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { orderEvents, orderPaymentModes, orders, organisations } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { GatewayName } from '../../payments/gateway';
import { formatAmount } from '../../../src/domain/format';
import {
  ADVANCE_BUYER_PAGE,
  type BuyerAdvancePaymentStart,
  type BuyerAdvanceView,
} from '../../../src/domain/payment-modes-contract';
import { API_WALLET } from '../../../src/domain/wallet-contract';
import { markAdvancePaid } from './advance';
import { orderIdOfAdvanceToken } from './token';

// The buyer's advance page by the link's token: what the order costs, the advance and what is
// left for delivery, and "Pay the advance" through the seller's gateway (the sandbox one here).
// As with COD verification's "pay now", only the gateway's own answer, asked server to server,
// for exactly the advance, marks it paid; the order's lock makes that happen once however often
// the page or a repeat asks, and the gateway's payment id is unique across orders.

const NO_SUCH = 'This link is not valid or has expired';
const CLOSED = 'The seller is not collecting this advance any more: please contact them';

/** PhonePe's rule for merchantTransactionId: letters and digits, under 35. */
const newTransactionId = (orderId: number, now: Date) =>
  `DKYAD${orderId}T${now.getTime().toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;

async function orderOfToken(deps: AppDeps, token: string) {
  const id = orderIdOfAdvanceToken(deps.ratingKey, token);
  if (!id) throw notFound(NO_SUCH);
  const [row] = await deps.db
    .select({ o: orders, m: orderPaymentModes })
    .from(orders)
    .innerJoin(orderPaymentModes, eq(orderPaymentModes.orderId, orders.id))
    .where(eq(orders.id, id));
  if (!row || row.o.advancePaise <= 0) throw notFound(NO_SUCH);
  return row;
}

const gatewayOf = (deps: AppDeps) => deps.payments.gateways[deps.payments.defaultGateway];

export async function buyerAdvanceView(deps: AppDeps, token: string): Promise<BuyerAdvanceView> {
  const { o, m } = await orderOfToken(deps, token);
  const [org] = await deps.db
    .select({ name: organisations.companyName })
    .from(organisations)
    .where(eq(organisations.id, o.orgId));
  const paid = o.advancePaidAt !== null;
  return {
    brandName: org.name,
    orderNumber: o.orderNumber,
    buyerName: o.buyerName,
    modeName: m.name,
    totalPaise: o.totalPaise,
    advancePaise: o.advancePaise,
    codAmountPaise: o.codAmountPaise,
    paid,
    mayPay: !paid && o.status === 'RTS' && !!gatewayOf(deps),
  };
}

export async function startAdvancePayment(deps: AppDeps, token: string): Promise<BuyerAdvancePaymentStart> {
  const { o } = await orderOfToken(deps, token);
  if (o.advancePaidAt) throw conflict('The advance is paid already: thank you');
  const [org] = await deps.db
    .select({ name: organisations.companyName })
    .from(organisations)
    .where(eq(organisations.id, o.orgId));
  if (o.status !== 'RTS') throw conflict(CLOSED);
  const gateway = gatewayOf(deps);
  if (!gateway) throw conflict('Paying online is not available at the moment: please contact the seller');
  const now = deps.now();
  const merchantTransactionId = newTransactionId(o.id, now);
  const base = deps.config.publicUrl;
  const started = await gateway
    .start({
      merchantTransactionId,
      amountPaise: o.advancePaise,
      merchantUserId: `DKYBUYER${o.id}`,
      description: PAYMENT_PURPOSE.advance(o.orderNumber, org.name),
      redirectUrl: `${base}${ADVANCE_BUYER_PAGE(token)}?txn=${merchantTransactionId}`,
      callbackUrl: `${base}${pathOf(API_WALLET.paymentCallback, { gateway: gateway.name })}`,
    })
    .catch(() => {
      throw badRequest('The payment could not start. Please try again in a minute');
    });
  await deps.db
    .update(orderPaymentModes)
    .set({
      paymentTxnId: merchantTransactionId,
      paymentGateway: gateway.name,
      paymentGatewayOrderId: started.gatewayOrderId,
    })
    .where(eq(orderPaymentModes.orderId, o.id));
  return { url: started.url, merchantTransactionId };
}

/** Asks the gateway about the buyer's payment; on success for exactly the advance, the advance is paid (once). */
export async function settleAdvancePayment(deps: AppDeps, orderId: number, merchantTransactionId: string) {
  const [m] = await deps.db.select().from(orderPaymentModes).where(eq(orderPaymentModes.orderId, orderId));
  if (!m || m.paymentTxnId !== merchantTransactionId || !m.paymentGateway) return false;
  const gateway = deps.payments.gateways[m.paymentGateway as GatewayName];
  if (!gateway) return false;
  const answer = await gateway.status(merchantTransactionId, m.paymentGatewayOrderId);
  if (answer.state !== 'SUCCESS' || !answer.gatewayPaymentId) return false;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (o.advancePaidAt) return true;
    if (answer.amountPaise !== o.advancePaise) {
      await tx.insert(orderEvents).values({
        orderId,
        kind: 'ADVANCE_MISMATCH',
        note: `The gateway reported ₹${formatAmount(answer.amountPaise)}, the advance is ₹${formatAmount(o.advancePaise)}: not marked paid`,
        at: now,
      });
      return false;
    }
    return markAdvancePaid(tx, o, now, { via: 'GATEWAY', note: '', gatewayPaymentId: answer.gatewayPaymentId! });
  });
}

export async function checkAdvancePayment(deps: AppDeps, token: string, merchantTransactionId: string) {
  const { o, m } = await orderOfToken(deps, token);
  if (m.paymentTxnId !== merchantTransactionId) throw notFound('No such payment for this order');
  await settleAdvancePayment(deps, o.id, merchantTransactionId);
  return buyerAdvanceView(deps, token);
}
