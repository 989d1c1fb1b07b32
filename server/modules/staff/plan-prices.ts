import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plans } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { StaffPlanRow } from '../../../src/domain/staff-contract';
import { auditChange, type AuditActor } from '../audit/service';

// Staff set a plan's monthly price (docs/decisions/plan-prices.md: plans.monthly_price is the one
// price charged and shown). The next charge and the plans page use it at once; the audit keeps why.

const toRow = (p: typeof plans.$inferSelect): StaffPlanRow => ({
  code: p.code,
  name: p.name,
  monthlyPrice: p.monthlyPrice,
});

export async function listPlanPrices(db: Db): Promise<StaffPlanRow[]> {
  return (await db.select().from(plans).orderBy(asc(plans.sortOrder))).map(toRow);
}

export async function setPlanPrice(
  db: Db,
  actor: AuditActor,
  code: string,
  input: { monthlyPrice: number; reason: string },
  now: Date,
): Promise<StaffPlanRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(plans).where(eq(plans.code, code.toUpperCase())).for('update');
    if (!before) throw notFound('Plan not found');
    const [after] = await tx
      .update(plans)
      .set({ monthlyPrice: input.monthlyPrice })
      .where(eq(plans.code, before.code))
      .returning();
    await auditChange(
      tx,
      actor,
      {
        action: 'plan.price',
        entityType: 'plan',
        entityId: before.code,
        before: { monthlyPrice: before.monthlyPrice },
        after: { monthlyPrice: after.monthlyPrice },
        reason: input.reason,
      },
      now,
    );
    return toRow(after);
  });
}
