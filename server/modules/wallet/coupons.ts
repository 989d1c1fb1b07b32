import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons, journalEntries } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { CouponQuote, CouponRow } from '../../../src/domain/wallet-contract';
import { formatRupees } from '../../../src/domain/format';

// Recharge coupons: a bonus credited with the recharge it came with, once per seller. "Once"
// is the ledger's: the bonus entry's external key is coupon:<code>:<seller>.

export const couponKey = (code: string, orgId: number) => `coupon:${code}:${orgId}`;

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
    minRecharge: c.minRechargePaise / 100,
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
  const [used] = await db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(eq(journalEntries.externalKey, couponKey(code, orgId)));
  if (used) throw badRequest('You have used this coupon already');
  const bonusPaise = Math.min(c.maxBonusPaise, c.bonusFlatPaise + Math.floor((amountPaise * c.bonusPercent) / 100));
  return {
    couponCode: code,
    bonusPaise,
    message: `${formatRupees(bonusPaise)} bonus will be added to your wallet with this recharge`,
  };
}
