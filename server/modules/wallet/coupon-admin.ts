import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { StaffCouponRow } from '../../../src/domain/staff-contract';
import type { CouponCreateInput, CouponUpdateInput } from '../../../src/domain/schemas/staff';
import { auditChange, type AuditActor } from '../audit/service';
import { couponUses } from './coupons';
import { paiseOf, rupeesOf } from '../../../src/domain/money';

// Staff manage recharge coupons: create, edit, switch on or off. Sellers meet them where coupons
// are checked and credited (coupons.ts, payments.ts): plan, billing, least recharge, validity, cap.

type CouponRecord = typeof coupons.$inferSelect;

const dayStart = (day: string) => new Date(`${day}T00:00:00+05:30`);
/** A coupon is valid to the end of its last IST day. */
const dayEnd = (day: string) => new Date(dayStart(day).getTime() + 86_400_000 - 1);
const istDayOf = (at: Date) => new Date(at.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);

async function toRow(db: Db, c: CouponRecord): Promise<StaffCouponRow> {
  return {
    couponCode: c.code,
    description: c.description,
    category: c.category,
    subscriptionType: c.subscriptionType,
    billingFrequency: c.billingFrequency,
    rechargeAmount: rupeesOf(c.minRechargePaise),
    bonusPercent: c.bonusPercent,
    bonusFlat: rupeesOf(c.bonusFlatPaise),
    maxBonus: rupeesOf(c.maxBonusPaise),
    validFrom: istDayOf(c.validFrom),
    validUntil: istDayOf(c.validUntil),
    usageLimit: c.usageLimit,
    used: await couponUses(db, c.code),
    active: c.active,
  };
}

const columnsOf = (input: CouponUpdateInput, now: Date) => ({
  description: input.description,
  category: input.category,
  subscriptionType: input.subscriptionType,
  billingFrequency: input.billingFrequency,
  minRechargePaise: paiseOf(input.rechargeAmount),
  bonusPercent: input.bonusPercent,
  bonusFlatPaise: paiseOf(input.bonusFlat),
  maxBonusPaise: paiseOf(input.maxBonus),
  validFrom: dayStart(input.validFrom),
  validUntil: dayEnd(input.validUntil),
  usageLimit: input.usageLimit,
  updatedAt: now,
});

export async function listAllCoupons(db: Db): Promise<StaffCouponRow[]> {
  const rows = await db.select().from(coupons).orderBy(asc(coupons.code));
  return Promise.all(rows.map((c) => toRow(db, c)));
}

export async function createCoupon(db: Db, actor: AuditActor, input: CouponCreateInput, now: Date) {
  const code = input.couponCode.trim().toUpperCase();
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(coupons)
      .values({ code, ...columnsOf(input, now), createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(`Coupon code ${code} is taken`);
    await auditChange(
      tx,
      actor,
      { action: 'coupon.create', entityType: 'coupon', entityId: code, before: null, after: row },
      now,
    );
    return row;
  });
  return toRow(db, created);
}

async function changeCoupon(
  db: Db,
  actor: AuditActor,
  code: string,
  action: string,
  set: Partial<CouponRecord>,
  now: Date,
  reason: string | null = null,
) {
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.code, code)).for('update');
    if (!before) throw notFound('Coupon not found');
    const [after] = await tx.update(coupons).set(set).where(eq(coupons.code, code)).returning();
    await auditChange(tx, actor, { action, entityType: 'coupon', entityId: code, before, after, reason }, now);
    return after;
  });
  return toRow(db, changed);
}

export const updateCoupon = (db: Db, actor: AuditActor, code: string, input: CouponUpdateInput, now: Date) =>
  changeCoupon(db, actor, code.toUpperCase(), 'coupon.update', columnsOf(input, now), now);

export const setCouponActive = (
  db: Db,
  actor: AuditActor,
  code: string,
  input: { active: boolean; reason: string },
  now: Date,
) =>
  changeCoupon(
    db,
    actor,
    code.toUpperCase(),
    input.active ? 'coupon.activate' : 'coupon.deactivate',
    { active: input.active, updatedAt: now },
    now,
    input.reason,
  );
