import { PDF_FONT } from '../../documents/pdf-fonts';
import { and, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db, Tx, Executor } from '../../db/client';
import { downgradeRequests, organisations, pickupAddresses, plans, subscriptions } from '../../db/schema/index';
import { conflict, notFound } from '../../http/errors';
import type { SellerCaller } from '../../http/router';
import { moveMoney } from '../wallet/ledger';
import { withdrawUnusedCredit } from '../wallet/postpaid-plan';
import { walletBalancePaise } from '../wallet/balance';
import { assertCanSpend, spendableWallet } from '../wallet/spendable';
import { topUpPaise } from '../../../src/domain/spendable';
import { splitTax } from '../wallet/invoices';
import { pdfBuffer } from '../../documents/pdf-buffer';
import { forgetSessionStanding } from '../auth/sessions';
import { deactivateBeyondAllowance, liveLogins } from '../team/service';
import {
  BILLING_FREQUENCIES,
  PAID_PLANS,
  PLAN_TABLE,
  isPaidPlan,
  periodEnd,
  planOf,
  subscriptionPrice,
  type BillingFrequency,
  type PaidPlan,
  type PlanCode,
} from '../../../src/domain/plans';
import { formatRupees, formatDate } from '../../../src/domain/format';
import type { DowngradeRow, PlanState, SubscriptionRow, UpgradeAnswer } from '../../../src/domain/team-contract';

// Subscriptions: an upgrade is paid from the wallet through the ledger (a payment by card or UPI
// first recharges the wallet through the payment popup), is in force at once, and has a GST
// invoice. A downgrade waits for the end of the paid period and can be cancelled until then.
// The renewal job renews a paid plan from the wallet at its period's end, applies a pending
// downgrade, or lets the plan expire to Lite (logins beyond Lite's allowance are deactivated,
// nothing is deleted). No refund for the rest of a period (spec section 9).

export const SUBSCRIPTION_SAC = '998599';
export const RENEWAL_QUEUE = 'subscription-renewals';

const iso = (d: Date | string) => new Date(d).toISOString();
const toRow = (r: typeof subscriptions.$inferSelect): SubscriptionRow => ({
  subscriptionId: r.id,
  plan: r.plan,
  billingFrequency: r.billingFrequency,
  kind: r.kind,
  status: r.status,
  periodStart: iso(r.periodStart),
  periodEnd: iso(r.periodEnd),
  amountPaise: r.amountPaise,
  invoiceNumber: r.invoiceNumber,
  createdAt: iso(r.createdAt),
});

async function lockedOrg(tx: Tx, orgId: number) {
  const [org] = await tx.select().from(organisations).where(eq(organisations.id, orgId)).for('update');
  if (!org) throw notFound('No such organisation');
  return org;
}

/** DKYS/<financial year>/<seller>/<n>: the organisation's nth subscription invoice. */
async function nextInvoiceNumber(tx: Tx, orgId: number, at: Date): Promise<string> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(eq(subscriptions.orgId, orgId));
  const ist = new Date(at.getTime() + 5.5 * 3600 * 1000);
  const y = ist.getUTCFullYear();
  const start = ist.getUTCMonth() + 1 >= 4 ? y : y - 1;
  return `DKYS/${start}-${String((start + 1) % 100).padStart(2, '0')}/${orgId}/${Number(row?.n ?? 0) + 1}`;
}

/** A plan's monthly price as staff set it (plans.monthly_price), else the one it started from. */
async function monthlyPriceOf(db: Executor, plan: PaidPlan): Promise<number> {
  const [row] = await db.select({ price: plans.monthlyPrice }).from(plans).where(eq(plans.code, plan));
  return row?.price ?? PLAN_TABLE[plan].monthlyPrice;
}

export async function planState(db: Db, orgId: number): Promise<PlanState> {
  const [org] = await db.select().from(organisations).where(eq(organisations.id, orgId));
  if (!org) throw notFound('No such organisation');
  const wallet = await spendableWallet(db, orgId);
  return {
    subscriptionType: org.subscriptionType,
    subscriptionBillingFrequency: org.subscriptionBillingFrequency,
    subscriptionExpiryDate: org.subscriptionExpiryDate ? iso(org.subscriptionExpiryDate) : null,
    hasPendingDowngradeRequest: org.hasPendingDowngradeRequest,
    previousPaidSubscriptionsBool: org.previousPaidSubscriptions,
    loginsUsed: await liveLogins(db, orgId),
    loginsAllowed: planOf(org.subscriptionType).logins,
    walletBalancePaise: wallet.balancePaise,
    wallet,
    prices: (
      await Promise.all(PAID_PLANS.map(async (plan) => [plan, await monthlyPriceOf(db, plan)] as const))
    ).flatMap(([plan, monthly]) =>
      BILLING_FREQUENCIES.map((billingFrequency) => {
        const p = subscriptionPrice(plan, billingFrequency, monthly);
        // the card or UPI payment the upgrade offers: exactly what lets it go through now
        const topUp = topUpPaise(wallet, p.totalPaise);
        return { plan, billingFrequency, basePaise: p.basePaise, totalPaise: p.totalPaise, topUpPaise: topUp };
      }),
    ),
  };
}

/** Charges one period from the wallet and records it; the caller holds the organisation's lock. */
async function chargePeriod(
  tx: Tx,
  org: { id: number },
  plan: PaidPlan,
  frequency: BillingFrequency,
  start: Date,
  kind: 'UPGRADE' | 'RENEWAL',
  requestKey: string,
  createdBy: number | null,
) {
  const price = subscriptionPrice(plan, frequency, await monthlyPriceOf(tx, plan));
  const end = periodEnd(start, frequency);
  const invoiceNumber = await nextInvoiceNumber(tx, org.id, start);
  const purpose = {
    what: `The ${PLAN_TABLE[plan].name} plan (${frequency === 'YEARLY' ? 'yearly' : 'monthly'})`,
    verb: kind === 'UPGRADE' ? 'upgrade' : 'renew it',
  };
  await assertCanSpend(tx, org.id, price.totalPaise, purpose);
  await moveMoney(tx, {
    orgId: org.id,
    kind: 'SUBSCRIPTION_CHARGE',
    amountPaise: price.totalPaise,
    externalKey: `subscription:${org.id}:${requestKey}`,
    reference: invoiceNumber,
    description: `${PLAN_TABLE[plan].name} plan, ${frequency === 'YEARLY' ? 'a year' : 'a month'} (invoice ${invoiceNumber})`,
    createdBy,
    at: start,
    purpose,
  });
  await tx
    .update(subscriptions)
    .set({ status: 'ENDED' })
    .where(and(eq(subscriptions.orgId, org.id), eq(subscriptions.status, 'ACTIVE')));
  const [row] = await tx
    .insert(subscriptions)
    .values({
      orgId: org.id,
      plan,
      billingFrequency: frequency,
      periodStart: start,
      periodEnd: end,
      amountPaise: price.totalPaise,
      kind,
      invoiceNumber,
      requestKey,
      createdBy,
      createdAt: start,
    })
    .returning();
  await tx
    .update(organisations)
    .set({
      subscriptionType: plan,
      subscriptionBillingFrequency: frequency,
      subscriptionExpiryDate: end,
      previousPaidSubscriptions: true,
    })
    .where(eq(organisations.id, org.id));
  await withdrawUnusedCredit(tx, org.id, plan);
  return row;
}

/** PUT upgrade: a higher plan (or the same plan yearly instead of monthly), paid now from the wallet. */
export async function upgrade(
  deps: AppDeps,
  caller: SellerCaller,
  input: { plan: PaidPlan; billingFrequency: BillingFrequency; requestKey: string },
): Promise<UpgradeAnswer> {
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const org = await lockedOrg(tx, caller.orgId);
    const [seen] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.requestKey, `${caller.orgId}:${input.requestKey}`)));
    if (seen) return seen; // a repeat of the same request acts once
    const current = planOf(org.subscriptionType);
    const target = PLAN_TABLE[input.plan];
    const sameButLonger =
      org.subscriptionType === input.plan &&
      org.subscriptionBillingFrequency === 'MONTHLY' &&
      input.billingFrequency === 'YEARLY';
    if (target.rank < current.rank || (target.rank === current.rank && !sameButLonger))
      throw conflict(
        target.rank === current.rank
          ? `You are on the ${target.name} plan already`
          : `Moving to ${target.name} is a downgrade: request it to take effect at the end of your period`,
      );
    const sub = await chargePeriod(
      tx,
      org,
      input.plan,
      input.billingFrequency,
      now,
      'UPGRADE',
      `${caller.orgId}:${input.requestKey}`,
      caller.accountId,
    );
    // an upgrade replaces a downgrade that was waiting
    await tx
      .update(downgradeRequests)
      .set({ status: 'CANCELLED', decidedAt: now })
      .where(and(eq(downgradeRequests.orgId, org.id), eq(downgradeRequests.status, 'PENDING')));
    await tx.update(organisations).set({ hasPendingDowngradeRequest: false }).where(eq(organisations.id, org.id));
    return sub;
  });
  return { subscription: toRow(row), walletBalancePaise: await walletBalancePaise(deps.db, caller.orgId) };
}

export async function subscriptionHistory(db: Db, orgId: number): Promise<SubscriptionRow[]> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.orgId, orgId))
    .orderBy(desc(subscriptions.periodStart), desc(subscriptions.id));
  return rows.map(toRow);
}

const downgradeRow = (r: typeof downgradeRequests.$inferSelect): DowngradeRow => ({
  downgradeId: r.id,
  fromPlan: r.fromPlan,
  toPlan: r.toPlan,
  effectiveAt: iso(r.effectiveAt),
  status: r.status,
  createdAt: iso(r.createdAt),
});

export async function downgrades(db: Db, orgId: number): Promise<DowngradeRow[]> {
  const rows = await db
    .select()
    .from(downgradeRequests)
    .where(eq(downgradeRequests.orgId, orgId))
    .orderBy(desc(downgradeRequests.id));
  return rows.map(downgradeRow);
}

export async function requestDowngrade(
  deps: AppDeps,
  caller: SellerCaller,
  input: { plan: PlanCode },
): Promise<DowngradeRow> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const org = await lockedOrg(tx, caller.orgId);
    const current = planOf(org.subscriptionType);
    const target = PLAN_TABLE[input.plan];
    if (!isPaidPlan(org.subscriptionType) || !org.subscriptionExpiryDate || target.rank >= current.rank)
      throw conflict(`${target.name} is not below your ${current.name} plan`);
    if (org.hasPendingDowngradeRequest) throw conflict('A downgrade is requested already: cancel it first');
    const [row] = await tx
      .insert(downgradeRequests)
      .values({
        orgId: org.id,
        fromPlan: org.subscriptionType,
        toPlan: input.plan,
        effectiveAt: org.subscriptionExpiryDate,
        createdBy: caller.accountId,
        createdAt: now,
      })
      .returning();
    await tx.update(organisations).set({ hasPendingDowngradeRequest: true }).where(eq(organisations.id, org.id));
    return downgradeRow(row);
  });
}

export async function cancelDowngrade(deps: AppDeps, caller: SellerCaller, downgradeId: number): Promise<DowngradeRow> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await lockedOrg(tx, caller.orgId);
    const [row] = await tx
      .select()
      .from(downgradeRequests)
      .where(and(eq(downgradeRequests.id, downgradeId), eq(downgradeRequests.orgId, caller.orgId)));
    if (!row) throw notFound('No such downgrade request of yours');
    if (row.status !== 'PENDING') throw conflict('This downgrade is not pending any more');
    const [done] = await tx
      .update(downgradeRequests)
      .set({ status: 'CANCELLED', decidedAt: now })
      .where(eq(downgradeRequests.id, downgradeId))
      .returning();
    await tx.update(organisations).set({ hasPendingDowngradeRequest: false }).where(eq(organisations.id, caller.orgId));
    return downgradeRow(done);
  });
}

/** The organisation falls back to Lite: limits apply, extra logins are deactivated, nothing is deleted. */
async function fallBackToLite(tx: Tx, deps: AppDeps, orgId: number): Promise<number[]> {
  await tx
    .update(subscriptions)
    .set({ status: 'ENDED' })
    .where(and(eq(subscriptions.orgId, orgId), eq(subscriptions.status, 'ACTIVE')));
  await tx
    .update(organisations)
    .set({
      subscriptionType: 'LITE',
      subscriptionBillingFrequency: null,
      subscriptionExpiryDate: null,
      hasPendingDowngradeRequest: false,
    })
    .where(eq(organisations.id, orgId));
  await withdrawUnusedCredit(tx, orgId, 'LITE');
  return deactivateBeyondAllowance(tx, deps, orgId, 'LITE');
}

export interface RenewalOutcome {
  orgId: number;
  outcome: 'RENEWED' | 'DOWNGRADED' | 'EXPIRED';
  plan: string;
  deactivated: number[];
}

/** Every paid plan whose period has ended: renew it, apply its downgrade, or let it expire to Lite. */
export async function runSubscriptionRenewals(deps: AppDeps): Promise<RenewalOutcome[]> {
  const now = deps.now();
  const due = await deps.db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(isNotNull(organisations.subscriptionExpiryDate), lte(organisations.subscriptionExpiryDate, now)));
  const out: RenewalOutcome[] = [];
  for (const { id } of due) {
    const outcome = await deps.db.transaction(async (tx): Promise<RenewalOutcome | null> => {
      const org = await lockedOrg(tx, id);
      if (!org.subscriptionExpiryDate || org.subscriptionExpiryDate.getTime() > now.getTime()) return null;
      const [pending] = await tx
        .select()
        .from(downgradeRequests)
        .where(and(eq(downgradeRequests.orgId, id), eq(downgradeRequests.status, 'PENDING')));
      let plan: string = org.subscriptionType;
      if (pending) {
        await tx
          .update(downgradeRequests)
          .set({ status: 'DONE', decidedAt: now })
          .where(eq(downgradeRequests.id, pending.id));
        plan = pending.toPlan;
      }
      const frequency = (org.subscriptionBillingFrequency ?? 'MONTHLY') as BillingFrequency;
      if (isPaidPlan(plan)) {
        const start = org.subscriptionExpiryDate;
        try {
          await tx.transaction(async (sp) => {
            await chargePeriod(
              sp,
              org,
              plan as PaidPlan,
              frequency,
              start,
              'RENEWAL',
              `${id}:renewal:${iso(start)}`,
              null,
            );
          });
          await tx.update(organisations).set({ hasPendingDowngradeRequest: false }).where(eq(organisations.id, id));
          const deactivated = await deactivateBeyondAllowance(tx, deps, id, plan);
          return { orgId: id, outcome: pending ? 'DOWNGRADED' : 'RENEWED', plan, deactivated };
        } catch {
          // the wallet cannot pay: the plan expires
        }
      }
      const deactivated = await fallBackToLite(tx, deps, id);
      return { orgId: id, outcome: pending && plan === 'LITE' ? 'DOWNGRADED' : 'EXPIRED', plan: 'LITE', deactivated };
    });
    if (outcome) {
      for (const accountId of outcome.deactivated) forgetSessionStanding(deps.db, { accountId });
      out.push(outcome);
    }
  }
  return out;
}

export async function invoicePdfOf(deps: AppDeps, orgId: number, subscriptionId: number): Promise<Buffer> {
  const [row] = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.orgId, orgId)));
  if (!row) throw notFound('No such invoice of yours');
  const [org] = await deps.db.select().from(organisations).where(eq(organisations.id, orgId));
  const [primary] = await deps.db
    .select({ state: pickupAddresses.state })
    .from(pickupAddresses)
    .where(and(eq(pickupAddresses.orgId, orgId), eq(pickupAddresses.isPrimary, true)))
    .limit(1);
  const company = deps.config.company;
  const state = primary?.state ?? null;
  const split = splitTax(row.amountPaise, state === company.state);
  const rs = formatRupees;
  return pdfBuffer(
    { size: 'A4', margin: 50, info: { Title: `Dakiya tax invoice ${row.invoiceNumber}`, Author: company.legalName } },
    (doc) => {
      const right = { width: 495, align: 'right' as const };
      const line = (label: string, paise: number, bold = false) => {
        const y = doc.y;
        doc
          .font(bold ? PDF_FONT.bold : PDF_FONT.regular)
          .text(label, 50, y)
          .text(rs(paise), 50, y, right);
      };
      doc.font(PDF_FONT.bold).fontSize(18).text('Tax Invoice');
      doc
        .font(PDF_FONT.regular)
        .fontSize(10)
        .text(`Invoice number ${row.invoiceNumber}`)
        .text(`Date: ${formatDate(row.createdAt)}`);
      doc.moveDown();
      doc.font(PDF_FONT.bold).text('Supplier');
      doc.font(PDF_FONT.regular).text(company.legalName).text(company.address).text(`GSTIN: ${company.gstin}`);
      doc.text(`State: ${company.state}`);
      doc.moveDown();
      doc.font(PDF_FONT.bold).text('Recipient');
      doc.font(PDF_FONT.regular).text(org?.companyName ?? '');
      if (org?.gstin) doc.text(`GSTIN: ${org.gstin}`);
      doc.text(`Place of supply: ${state ?? 'state not on record (no primary pickup address)'}`);
      doc.moveDown();
      doc.font(PDF_FONT.bold).text(`Subscription (SAC ${SUBSCRIPTION_SAC})`);
      doc.font(PDF_FONT.regular);
      const plan = PLAN_TABLE[row.plan as PlanCode]?.name ?? row.plan;
      doc.text(
        `${plan} plan, ${row.billingFrequency === 'YEARLY' ? 'yearly' : 'monthly'}: ${formatDate(row.periodStart)} to ${formatDate(row.periodEnd)}`,
      );
      doc.moveDown(0.5);
      line('Taxable value', split.taxable);
      if (split.igst) line('IGST 18%', split.igst);
      else {
        line('CGST 9%', split.cgst);
        line('SGST 9%', split.sgst);
      }
      line('Total paid from the wallet', row.amountPaise, true);
      doc.moveDown(2);
      doc
        .fontSize(8)
        .fillColor('#666666')
        .text('A computer-generated invoice from Dakiya; no signature is required.', 50);
    },
  );
}
