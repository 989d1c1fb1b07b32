import { pathOf } from '../../../src/domain/operation';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { codVerifications, orders, organisations } from '../../db/schema';
import { PAYMENT_PURPOSE } from '../../../src/domain/payment-purpose';
import { badRequest, conflict } from '../../http/errors';
import type { GatewayName } from '../../payments/gateway';
import { formatAmount } from '../../../src/domain/format';
import { COD_BUYER_PAGE, type BuyerPaymentStart } from '../../../src/domain/cod-verification-contract';
import { API_WALLET } from '../../../src/domain/wallet-contract';
import { recordEvent, setState } from './record';

// "Pay now": the buyer pays the order's amount through the seller's gateway (the sandbox one
// here) and the order becomes prepaid. As with wallet recharges, only the gateway's own answer,
// asked server to server, for exactly the order's amount, switches it; the verification's lock
// makes the switch happen once however often the page, the job or a repeat asks.

type Verification = typeof codVerifications.$inferSelect;

/** PhonePe's rule for merchantTransactionId: letters and digits, under 35. */
const newTransactionId = (orderId: number, now: Date) =>
  `DKYCV${orderId}T${now.getTime().toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;

export async function startBuyerPayment(deps: AppDeps, v: Verification, token: string): Promise<BuyerPaymentStart> {
  if (!v.offerPrepaid) throw conflict('The seller does not offer paying now for this order');
  const gateway = deps.payments.gateways[deps.payments.defaultGateway];
  if (!gateway) throw conflict('Paying now is not available at the moment: please confirm the order instead');
  const [o] = await deps.db.select().from(orders).where(eq(orders.id, v.orderId));
  if (o.codAmountPaise < 100) throw badRequest('This order has no amount to pay');
  const [org] = await deps.db
    .select({ name: organisations.companyName })
    .from(organisations)
    .where(eq(organisations.id, o.orgId));
  const now = deps.now();
  const merchantTransactionId = newTransactionId(o.id, now);
  const base = deps.config.publicUrl;
  const started = await gateway
    .start({
      merchantTransactionId,
      amountPaise: o.codAmountPaise,
      merchantUserId: `DKYBUYER${o.id}`,
      description: PAYMENT_PURPOSE.codPayNow(o.orderNumber, org.name),
      redirectUrl: `${base}${COD_BUYER_PAGE(token)}?txn=${merchantTransactionId}`,
      callbackUrl: `${base}${pathOf(API_WALLET.paymentCallback, { gateway: gateway.name })}`,
    })
    .catch(() => {
      throw badRequest('The payment could not start. Please try again in a minute');
    });
  await deps.db
    .update(codVerifications)
    .set({
      paymentTxnId: merchantTransactionId,
      paymentGateway: gateway.name,
      paymentGatewayOrderId: started.gatewayOrderId,
      updatedAt: now,
    })
    .where(eq(codVerifications.id, v.id));
  return { url: started.url, merchantTransactionId };
}

/** Asks the gateway about the buyer's payment; on success for the order's amount, the order is prepaid. True when switched now or before. */
export async function settleBuyerPayment(
  deps: AppDeps,
  verificationId: number,
  merchantTransactionId: string,
): Promise<boolean> {
  const [v] = await deps.db.select().from(codVerifications).where(eq(codVerifications.id, verificationId));
  if (!v || v.paymentTxnId !== merchantTransactionId || !v.paymentGateway) return false;
  if (v.state === 'SWITCHED') return true;
  const gateway = deps.payments.gateways[v.paymentGateway as GatewayName];
  if (!gateway) return false;
  const answer = await gateway.status(merchantTransactionId, v.paymentGatewayOrderId);
  if (answer.state !== 'SUCCESS' || !answer.gatewayPaymentId) return false;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [o] = await tx.select().from(orders).where(eq(orders.id, v.orderId)).for('update');
    const [locked] = await tx.select().from(codVerifications).where(eq(codVerifications.id, v.id)).for('update');
    if (locked.state === 'SWITCHED') return true;
    if (locked.state !== 'PENDING' || locked.overriddenAt) return false;
    if (answer.amountPaise !== o.codAmountPaise) {
      await recordEvent(
        tx,
        v.id,
        'PAYMENT_MISMATCH',
        now,
        `The gateway reported ₹${formatAmount(answer.amountPaise)}, the order is ₹${formatAmount(o.codAmountPaise)}: not switched`,
      );
      return false;
    }
    await setState(tx, locked, 'SWITCHED', now, { answeredAt: now, gatewayPaymentId: answer.gatewayPaymentId });
    await tx.update(orders).set({ paymentMethod: 'PPD', codAmountPaise: 0, updatedAt: now }).where(eq(orders.id, o.id));
    await recordEvent(
      tx,
      v.id,
      'SWITCHED',
      now,
      `Paid ₹${formatAmount(answer.amountPaise)} online${gateway.sandbox ? ' (sandbox gateway)' : ''}, payment ${answer.gatewayPaymentId}: the order is prepaid now`,
    );
    return true;
  });
}
