import { and, asc, count, eq, gte, like, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons, journalEntries, organisations } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { CouponQuote, CouponRow } from '../../../src/domain/wallet-contract';
import { formatRupees } from '../../../src/domain/format';
import { planOf } from '../../../src/domain/plans';
import { rupeesOf } from '../../../src/domain/money';

export const COUPON_CAP_REACHED = 'This coupon has been used as many times as it may be';
const planName = (code: string) => planOf(code).name;

// Recharge coupons: a bonus credited with the recharge it came with, once per seller. "Once"
// is the ledger's: the bonus entry's external key is coupon:<code>:<seller>.

export const couponKey = (code: string, orgId: number) => `coupon:${code}:${orgId}`;

/** How many sellers have had a coupon's bonus (each once, by the ledger's key). */
export async function couponUses(db: Db, code: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(journalEntries)
    .where(like(journalEntries.externalKey, `coupon:${code.replace(/[\\%_]/g, (ch) => `\\${ch}`)}:%`));
  return row?.n ?? 0;
}

/**
 * True when a coupon's usage cap is reached. Called at quote time, and again when the bonus is
 * credited with the coupon row locked, so two sellers settling at once cannot pass the cap.
 */
export async function couponCapReached(db: Db, code: string, opts: { lock?: boolean } = {}): Promise<boolean> {
  const q = db.select({ usageLimit: coupons.usageLimit }).from(coupons).where(eq(coupons.code, code));
  const [c] = opts.lock ? await q.for('update') : await q;
  if (!c || c.usageLimit === null) return false;
  return (await couponUses(db, code)) >= c.usageLimit;
}

export async function listCoupons(db: Db, now: Date): Promise<CouponRow[]> {
  const rows = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.active, true), lte(coupons.validFrom, now), gte(coupons.validUntil, now)))
    .orderBy(asc(coupons.code));
  return rows.map((c) => ({
    couponCode: c.code,
    description: c.description,
    category: c.category,
    minRecharge: rupeesOf(c.minRechargePaise),
    validUntil: c.validUntil.toISOString(),
  }));
}

/** The bonus a coupon adds to a recharge of amountPaise for this seller, or why it cannot. */
export async function quoteCoupon(
  db: Db,
  orgId: number,
  rawCode: string,
  amountPaise: number,
  now: Date,
): Promise<CouponQuote> {
  const code = rawCode.trim().toUpperCase();
  const [c] = await db.select().from(coupons).where(eq(coupons.code, code));
  if (!c || !c.active || c.category !== 'RECHARGE') throw badRequest('Invalid coupon code');
  if (now < c.validFrom || now > c.validUntil) throw badRequest('This coupon has expired');
  if (amountPaise < c.minRechargePaise)
    throw badRequest(`This coupon needs a recharge of at least ${formatRupees(c.minRechargePaise)}`);
  if (c.subscriptionType || c.billingFrequency) {
    const [org] = await db
      .select({ plan: organisations.subscriptionType, frequency: organisations.subscriptionBillingFrequency })
      .from(organisations)
      .where(eq(organisations.id, orgId));
    if (c.subscriptionType && org?.plan !== c.subscriptionType)
      throw badRequest(`This coupon is for the ${planName(c.subscriptionType)} plan only`);
    if (c.billingFrequency && org?.frequency !== c.billingFrequency)
      throw badRequest(`This coupon is for ${c.billingFrequency === 'YEARLY' ? 'yearly' : 'monthly'} billing only`);
  }
  const [used] = await db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(eq(journalEntries.externalKey, couponKey(code, orgId)));
  if (used) throw badRequest('You have used this coupon already');
  if (await couponCapReached(db, code)) throw badRequest(COUPON_CAP_REACHED);
  const bonusPaise = Math.min(c.maxBonusPaise, c.bonusFlatPaise + Math.floor((amountPaise * c.bonusPercent) / 100));
  return {
    couponCode: code,
    bonusPaise,
    message: `${formatRupees(bonusPaise)} bonus will be added to your wallet with this recharge`,
  };
}
