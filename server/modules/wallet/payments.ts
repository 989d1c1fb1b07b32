import { pathOf } from '../../../src/domain/operation';
import { PAYMENT_PURPOSE } from '../../../src/domain/payment-purpose';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { gatewayEvents, journalEntries, walletPayments } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { GatewayName, PaymentGateway } from '../../payments/gateway';
import { sentence } from '../../../src/domain/format';
import {
  API_WALLET,
  RECHARGE,
  type PaymentResult,
  type PaymentRow,
  type PaymentStart,
  type PaymentState,
} from '../../../src/domain/wallet-contract';
import { COUPON_CAP_REACHED, couponCapReached, couponKey, quoteCoupon } from './coupons';
import { moveMoney } from './ledger';
import { paiseOf, rupeesOf } from '../../../src/domain/money';

// Wallet recharges. The wallet is credited only after the gateway itself, asked server to
// server, says the payment succeeded for exactly our amount; the credit's once-only key is the
// gateway's payment id. The redirect page, the callback and the re-check job all call
// settlePayment, in any order and as often as they like: one credit per payment.

export const RECHECK_QUEUE = 'payment-recheck';
/** a payment the gateway still calls pending after this long is failed */
export const PAYMENT_EXPIRY_MS = 30 * 60 * 1000;

type Payment = typeof walletPayments.$inferSelect;

export function toPaymentRow(p: Payment): PaymentRow {
  return {
    merchantTransactionId: p.merchantTransactionId,
    gateway: p.gateway,
    amountPaise: p.amountPaise,
    bonusPaise: p.bonusPaise,
    couponCode: p.couponCode,
    status: p.status as PaymentState,
    detail: p.detail,
    createdAt: p.createdAt.toISOString(),
    settledAt: p.settledAt?.toISOString() ?? null,
  };
}

export function gatewayOf(deps: AppDeps, name: string): PaymentGateway {
  const gateway = deps.payments.gateways[name as GatewayName];
  if (!gateway) throw badRequest(`The ${name} gateway is not available on this server`);
  return gateway;
}

/** DKY + seller + time + randomness: PhonePe's rule (letters and digits, under 35). */
function newTransactionId(orgId: number, now: Date): string {
  return `DKY${orgId}T${now.getTime().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;
}

export async function startPayment(
  deps: AppDeps,
  caller: { orgId: number; accountId: number },
  input: { rechargeAmount: number; couponCode?: string; gateway?: string },
): Promise<PaymentStart> {
  const amountPaise = paiseOf(input.rechargeAmount);
  if (input.rechargeAmount < RECHARGE.minRupees || input.rechargeAmount > RECHARGE.maxRupees) {
    throw badRequest(
      `rechargeAmount must be between ₹${RECHARGE.minRupees} and ₹${RECHARGE.maxRupees.toLocaleString('en-IN')}`,
    );
  }
  const gateway = gatewayOf(deps, input.gateway ?? deps.payments.defaultGateway);
  const now = deps.now();
  const quote = input.couponCode ? await quoteCoupon(deps.db, caller.orgId, input.couponCode, amountPaise, now) : null;
  const merchantTransactionId = newTransactionId(caller.orgId, now);
  const [payment] = await deps.db
    .insert(walletPayments)
    .values({
      orgId: caller.orgId,
      accountId: caller.accountId,
      gateway: gateway.name,
      merchantTransactionId,
      amountPaise,
      couponCode: quote?.couponCode ?? null,
      bonusPaise: quote?.bonusPaise ?? 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const base = deps.config.publicUrl;
  let started;
  try {
    started = await gateway.start({
      merchantTransactionId,
      amountPaise,
      merchantUserId: `DKYORG${caller.orgId}`,
      description: PAYMENT_PURPOSE.walletRecharge,
      redirectUrl: `${base}/payment/${gateway.name}/redirect?merchantTransactionId=${merchantTransactionId}`,
      callbackUrl: `${base}${pathOf(API_WALLET.paymentCallback, { gateway: gateway.name })}`,
    });
  } catch (e) {
    await deps.db
      .update(walletPayments)
      .set({ status: 'FAILED', detail: (e as Error).message.slice(0, 200), updatedAt: deps.now() })
      .where(eq(walletPayments.id, payment.id));
    throw badRequest('The payment gateway could not start the payment. Please try again in a minute');
  }
  if (started.gatewayOrderId)
    await deps.db
      .update(walletPayments)
      .set({ gatewayOrderId: started.gatewayOrderId })
      .where(eq(walletPayments.id, payment.id));
  await deps.jobs.send(RECHECK_QUEUE, { merchantTransactionId }, { startAfterSeconds: 60 });
  return {
    paymentOrderId: merchantTransactionId,
    merchantTransactionId,
    url: started.url,
    gateway: gateway.name,
    amountPaise,
    bonusPaise: payment.bonusPaise,
  };
}

async function paymentByTxn(deps: AppDeps, merchantTransactionId: string): Promise<Payment | undefined> {
  const [p] = await deps.db
    .select()
    .from(walletPayments)
    .where(eq(walletPayments.merchantTransactionId, merchantTransactionId));
  return p;
}

/**
 * Asks the gateway about one payment and records its answer: SUCCESS for our exact amount
 * credits the wallet (and the coupon bonus) once; FAILED fails it; PENDING leaves it. A payment
 * that succeeded never moves back.
 */
export async function settlePayment(deps: AppDeps, merchantTransactionId: string): Promise<Payment | null> {
  const payment = await paymentByTxn(deps, merchantTransactionId);
  if (!payment) return null;
  if (payment.status === 'SUCCESS' || (payment.status === 'FAILED' && payment.settledAt)) return payment;
  const gateway = deps.payments.gateways[payment.gateway as GatewayName];
  if (!gateway) return payment;
  const answer = await gateway.status(payment.merchantTransactionId, payment.gatewayOrderId);
  const now = deps.now();
  if (answer.state === 'SUCCESS' && answer.amountPaise === payment.amountPaise && answer.gatewayPaymentId) {
    return deps.db.transaction(async (tx) => {
      const credit = await moveMoney(tx, {
        orgId: payment.orgId,
        kind: 'RECHARGE',
        amountPaise: payment.amountPaise,
        externalKey: `${payment.gateway}:${answer.gatewayPaymentId}`,
        at: now,
        reference: payment.merchantTransactionId,
        description: `Wallet recharge via ${payment.gateway === 'phonepe' ? 'PhonePe' : 'Razorpay'}${gateway.sandbox ? ' (sandbox)' : ''}`,
      });
      let bonusPaise = payment.bonusPaise;
      let detail = answer.detail;
      const key = payment.couponCode ? couponKey(payment.couponCode, payment.orgId) : '';
      const capReached =
        !!payment.couponCode &&
        payment.bonusPaise > 0 &&
        !(await tx.select({ id: journalEntries.id }).from(journalEntries).where(eq(journalEntries.externalKey, key)))
          .length &&
        (await couponCapReached(tx, payment.couponCode, { lock: true }));
      if (capReached) {
        // other sellers used up the coupon's cap between this seller's check and this payment
        bonusPaise = 0;
        detail = `Coupon ${payment.couponCode}: ${COUPON_CAP_REACHED.toLowerCase()}, no bonus with this one`.slice(
          0,
          200,
        );
      } else if (payment.couponCode && payment.bonusPaise > 0) {
        const bonus = await moveMoney(tx, {
          orgId: payment.orgId,
          kind: 'COUPON_BONUS',
          amountPaise: payment.bonusPaise,
          externalKey: key,
          at: now,
          reference: payment.merchantTransactionId,
          description: `Coupon ${payment.couponCode} bonus`,
        });
        if (bonus.replayed) {
          // the coupon's one bonus went with another recharge (two started before either settled):
          // this payment records what it really credited
          const [entry] = await tx
            .select({ reference: journalEntries.reference })
            .from(journalEntries)
            .where(eq(journalEntries.externalKey, key));
          if (entry?.reference !== payment.merchantTransactionId) {
            bonusPaise = 0;
            detail =
              `Coupon ${payment.couponCode} was already used with recharge ${entry?.reference ?? ''}: no bonus with this one`.slice(
                0,
                200,
              );
          }
        }
      }
      const [row] = await tx
        .update(walletPayments)
        .set({
          status: 'SUCCESS',
          gatewayPaymentId: answer.gatewayPaymentId,
          creditEntryId: credit.entryId,
          bonusPaise,
          detail,
          settledAt: now,
          updatedAt: now,
        })
        .where(eq(walletPayments.id, payment.id))
        .returning();
      return row;
    });
  }
  if (answer.state === 'SUCCESS') {
    // the gateway's amount is not ours: never credit, flag it for staff
    console.error(
      `[payments] ${payment.merchantTransactionId}: gateway says ${answer.amountPaise} paise, we asked ${payment.amountPaise}`,
    );
    const [row] = await deps.db
      .update(walletPayments)
      .set({
        status: 'FAILED',
        detail: `Amount mismatch: the gateway reported ${answer.amountPaise} paise`,
        settledAt: now,
        updatedAt: now,
      })
      .where(and(eq(walletPayments.id, payment.id), sql`${walletPayments.status} <> 'SUCCESS'`))
      .returning();
    return row ?? (await paymentByTxn(deps, merchantTransactionId))!;
  }
  if (answer.state === 'FAILED') {
    const [row] = await deps.db
      .update(walletPayments)
      .set({ status: 'FAILED', detail: sentence(answer.detail), settledAt: now, updatedAt: now })
      .where(and(eq(walletPayments.id, payment.id), sql`${walletPayments.status} <> 'SUCCESS'`))
      .returning();
    return row ?? (await paymentByTxn(deps, merchantTransactionId))!;
  }
  return payment;
}

/** The payment-result page's call: anonymous, so it answers only success, amount and date. */
export async function paymentResult(
  deps: AppDeps,
  gatewayName: string,
  merchantTransactionId: string,
): Promise<PaymentResult> {
  gatewayOf(deps, gatewayName);
  const payment = await paymentByTxn(deps, merchantTransactionId);
  if (!payment || payment.gateway !== gatewayName) throw notFound('No such payment');
  const settled = (await settlePayment(deps, merchantTransactionId))!;
  return {
    success: settled.status === 'SUCCESS',
    status: settled.status as PaymentState,
    amount: rupeesOf(settled.amountPaise),
    source: 'DAKIYA',
    date: (settled.settledAt ?? settled.updatedAt).toISOString(),
  };
}

/** A gateway's server-to-server call: signature first, each event acted on once, then the gateway is asked. */
export async function gatewayCallback(
  deps: AppDeps,
  gatewayName: string,
  headers: Headers,
  rawBody: string,
): Promise<{ accepted: boolean }> {
  const gateway = gatewayOf(deps, gatewayName);
  const event = gateway.verifyCallback(headers, rawBody);
  if (!event) throw badRequest('The callback signature does not match');
  const [fresh] = await deps.db
    .insert(gatewayEvents)
    .values({
      gateway: gatewayName,
      eventId: event.eventId,
      merchantTransactionId: event.merchantTransactionId,
      receivedAt: deps.now(),
    })
    .onConflictDoNothing()
    .returning({ id: gatewayEvents.id });
  if (fresh) await settlePayment(deps, event.merchantTransactionId);
  return { accepted: true };
}

export async function getPayment(deps: AppDeps, orgId: number, merchantTransactionId: string): Promise<PaymentRow> {
  const payment = await paymentByTxn(deps, merchantTransactionId);
  if (!payment || payment.orgId !== orgId) throw notFound('No such payment');
  return toPaymentRow(payment);
}

/** The seller closed the popup: a pending payment is cancelled (a late success still credits). */
export async function cancelPayment(deps: AppDeps, orgId: number, merchantTransactionId: string): Promise<PaymentRow> {
  const payment = await paymentByTxn(deps, merchantTransactionId);
  if (!payment || payment.orgId !== orgId) throw notFound('No such payment');
  const [row] = await deps.db
    .update(walletPayments)
    .set({ status: 'CANCELLED', detail: 'Transaction cancelled by user', updatedAt: deps.now() })
    .where(and(eq(walletPayments.id, payment.id), eq(walletPayments.status, 'PENDING')))
    .returning();
  return toPaymentRow(row ?? payment);
}

/** The re-check job: asks again until the gateway decides, then stops; expires stale ones. */
export async function recheckPayment(deps: AppDeps, merchantTransactionId: string, attempt: number): Promise<void> {
  const settled = await settlePayment(deps, merchantTransactionId);
  if (!settled || settled.status === 'SUCCESS' || settled.status === 'FAILED') return;
  const age = deps.now().getTime() - settled.createdAt.getTime();
  if (age >= PAYMENT_EXPIRY_MS) {
    await deps.db
      .update(walletPayments)
      .set({
        status: settled.status === 'CANCELLED' ? 'CANCELLED' : 'FAILED',
        detail: settled.status === 'CANCELLED' ? settled.detail : 'The payment was not completed in time',
        settledAt: deps.now(),
        updatedAt: deps.now(),
      })
      .where(and(eq(walletPayments.id, settled.id), sql`${walletPayments.status} in ('PENDING', 'CANCELLED')`));
    return;
  }
  await deps.jobs.send(
    RECHECK_QUEUE,
    { merchantTransactionId, attempt: attempt + 1 },
    { startAfterSeconds: Math.min(300, 60 * 2 ** attempt) },
  );
}
